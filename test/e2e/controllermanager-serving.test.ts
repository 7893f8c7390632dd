// The real orch-controller-manager against a real API server: HTTPS on --secure-port with health,
// metrics and profiling behind the always-allow paths; --secure-port=0; start-up errors and
// warnings; controllers waiting for their API; clean exit on SIGTERM.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeTempDir, startTestApiserver, type TestApiserver } from '../support/apiserver.ts';
import { openEventsBackend, type EventsBackend } from '../support/events-apiserver.ts';
import { freePort, httpsGet, spawnControllerManager, writeOrchconfig, type SpawnedControllerManager } from '../../src/controllermanager/testing/spawn.ts';

let backend: EventsBackend;
let server: TestApiserver;
let orchconfig: string;
const children: SpawnedControllerManager[] = [];

before(async () => {
  backend = await openEventsBackend();
  server = await startTestApiserver({}, { apiHandler: backend.apiHandler });
  orchconfig = writeOrchconfig(makeTempDir('orch-cm-'), server);
});
after(async () => {
  for (const c of children) c.kill('SIGKILL');
  await server.stop();
  await backend.close();
});

function start(args: string[]): SpawnedControllerManager {
  const c = spawnControllerManager([`--orchconfig=${orchconfig}`, '--bind-address=127.0.0.1', ...args]);
  children.push(c);
  return c;
}

async function stopCleanly(c: SpawnedControllerManager): Promise<void> {
  c.kill('SIGTERM');
  assert.equal(await c.exited, 0, c.stderr());
}

test('HTTPS serves health to anyone; everything else is forbidden without authorization configuration', async () => {
  const port = await freePort();
  const certDir = makeTempDir('orch-cm-certs-');
  const cm = start([`--secure-port=${port}`, `--cert-dir=${certDir}`, '--leader-elect=false']);
  await cm.waitForLog(/Serving securely/);
  const ca = readFileSync(join(certDir, 'orch-controller-manager.crt'));
  for (const path of ['/healthz', '/readyz', '/livez']) {
    const r = await httpsGet(port, path, ca);
    assert.deepEqual([r.status, r.body], [200, 'ok'], path);
  }
  const verbose = await httpsGet(port, '/healthz?verbose', ca);
  assert.equal(verbose.body, '[+]ping ok\n[+]log ok\nhealthz check passed\n');
  const metrics = await httpsGet(port, '/metrics', ca);
  assert.equal(metrics.status, 403);
  assert.deepEqual(JSON.parse(metrics.body), {
    kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure',
    message: 'forbidden: User "system:anonymous" cannot get path "/metrics"', reason: 'Forbidden', code: 403,
  });
  assert.equal((await httpsGet(port, '/debug/pprof/', ca)).status, 403);
  assert.equal((await httpsGet(port, '/healthz/ping', ca)).status, 403, 'only the listed paths themselves are allowed');
  await stopCleanly(cm);
});

test('--authorization-always-allow-paths opens metrics and profiling; prefixes end in *', async () => {
  const port = await freePort();
  const cm = start([`--secure-port=${port}`, '--leader-elect=false', '--authorization-always-allow-paths=/healthz,/healthz/*,/metrics,/debug/pprof/*']);
  await cm.waitForLog(/Serving securely/);
  const metrics = await httpsGet(port, '/metrics');
  assert.equal(metrics.status, 200);
  assert.match(metrics.body, /^# HELP process_cpu_user_seconds_total/m);
  assert.equal((await httpsGet(port, '/healthz/ping')).body, 'ok');
  assert.match((await httpsGet(port, '/debug/pprof/')).body, /Types of profiles available/);
  assert.equal((await httpsGet(port, '/readyz')).status, 403, '/readyz is no longer on the list');
  await stopCleanly(cm);
});

test('with leader election the leaderElection check is listed; a candidate that cannot lead is healthy', async () => {
  const port = await freePort();
  const cm = start([`--secure-port=${port}`, '--leader-elect-retry-period=200ms']);
  await cm.waitForLog(/Serving securely/);
  await cm.waitForLog(/Leader election identity.* identity="[^"_]+_[0-9a-f-]{36}"/);
  const r = await httpsGet(port, '/healthz?verbose');
  assert.equal(r.body, '[+]ping ok\n[+]log ok\n[+]leaderElection ok\nhealthz check passed\n');
  await stopCleanly(cm);
});

test('--secure-port=0 serves no HTTPS at all', async () => {
  const cm = start(['--secure-port=0', '--leader-elect=false']);
  await cm.waitForLog(/--secure-port is 0: HTTPS is not served/);
  assert.doesNotMatch(cm.stderr(), /Serving securely/);
  await stopCleanly(cm);
});

test('a self-signed certificate without --cert-dir is kept in memory', async () => {
  const port = await freePort();
  const cm = start([`--secure-port=${port}`, '--leader-elect=false']);
  await cm.waitForLog(/Serving securely/);
  assert.equal((await httpsGet(port, '/livez')).status, 200);
  assert.equal(existsSync('orch-controller-manager.crt'), false);
  await stopCleanly(cm);
});

test('enabled controllers whose API is not served say so once', async () => {
  // A written controller and a seam; the events-only server serves neither's API.
  const cm = start(['--secure-port=0', '--leader-elect=false', '--controllers=validatingadmissionpolicy-status-controller,device-taint-eviction-controller', '--concurrent-device-taint-eviction-syncs=3']);
  await cm.waitForLog(/Started controllers" count=2/);
  await cm.waitForLog(/waiting for its API.*device-taint-eviction-controller/);
  await cm.waitForLog(/waiting for its API.*validatingadmissionpolicy-status-controller/);
  const log = cm.stderr();
  assert.equal(log.match(/Controller is waiting for its API: the server does not serve it yet" controller="validatingadmissionpolicy-status-controller" needs="validatingadmissionpolicies.admissionregistration.orch.io\/v1"/g)?.length, 1, log);
  assert.equal(log.match(/waiting for its API: the server does not serve it yet" controller="device-taint-eviction-controller"/g)?.length, 1, log);
  // Every option of the manager is implemented now: none warns.
  assert.doesNotMatch(log, /is accepted but not implemented yet/);
  await stopCleanly(cm);
});

test('start-up errors exit 1 with one line naming the option', async () => {
  const bad = spawnControllerManager(['--leader-elect-resource-lock=endpoints']);
  children.push(bad);
  assert.equal(await bad.exited, 1);
  assert.equal(bad.stderr(), 'Error: --leader-elect-resource-lock "endpoints" is not supported: only "leases" is\n');
  const noServer = spawnControllerManager(['--secure-port=0']);
  children.push(noServer);
  assert.equal(await noServer.exited, 1);
  assert.match(noServer.stderr(), /Error: neither --orchconfig nor --master was specified/);
});
