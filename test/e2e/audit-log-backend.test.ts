// The log backend on disk: rotation by size with gzip, maxbackup and maxage; blocking-strict
// refusing requests whose event cannot be written while blocking lets them through; batch mode;
// truncation of oversized events.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { join } from 'node:path';
import { startTestApiserver, apiRequest, makeTempDir, type TestApiserver, type TestValues } from '../support/apiserver.ts';
import { auditTestApi, waitForLines } from '../../src/apiserver/audit/testing/audit-test-api.ts';

const servers: TestApiserver[] = [];
after(async () => {
  for (const s of servers) await s.stop();
});

function policy(dir: string, level: string): string {
  const file = join(dir, 'policy.yaml');
  writeFileSync(file, `apiVersion: audit.k8s.io/v1\nkind: Policy\nrules:\n  - level: ${level}\n    resources: [{ group: "", resources: ["configmaps", "services"] }]\n`);
  return file;
}

async function start(dir: string, level: string, values: TestValues): Promise<TestApiserver> {
  const s = await startTestApiserver({ 'audit-policy-file': policy(dir, level), ...values }, { apiHandler: auditTestApi });
  servers.push(s);
  return s;
}

const ROTATED = /^audit-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}\.\d{3}\.log\.gz$/;

test('rotation at maxsize moves the file to a timestamped gzip; maxbackup and maxage remove old files', async () => {
  const dir = makeTempDir('orch-audit-rotate-');
  const logFile = join(dir, 'audit.log');
  // A rotated file older than maxage, named as a rotation would name it.
  writeFileSync(join(dir, 'audit-2020-01-01T00-00-00.000.log'), '{}\n');
  const s = await start(dir, 'Request', {
    'audit-log-path': logFile,
    'audit-log-maxsize': 1,
    'audit-log-maxbackup': 2,
    'audit-log-maxage': 30,
    'audit-log-compress': true,
  });
  const payload = 'x'.repeat(300 * 1024);
  for (let i = 0; i < 10; i++) {
    const body = JSON.stringify({ kind: 'ConfigMap', apiVersion: 'v1', metadata: { name: `c${i}` }, data: { payload } });
    assert.equal((await apiRequest(s, '/api/v1/namespaces/default/configmaps', { method: 'POST', token: s.token, body })).status, 201);
  }
  // Compression runs in the background after a rotation.
  const deadline = Date.now() + 5000;
  let rotated: string[] = [];
  while (Date.now() < deadline) {
    const names = readdirSync(dir).filter((n) => n !== 'audit.log' && n !== 'policy.yaml');
    rotated = names.filter((n) => ROTATED.test(n));
    if (rotated.length === 2 && names.length === 2) break;
    await new Promise((r) => setTimeout(r, 20));
  }
  assert.deepEqual(readdirSync(dir).filter((n) => n !== 'audit.log' && n !== 'policy.yaml').sort(), rotated.sort(), 'only maxbackup gzipped files remain; the old one is gone');
  assert.equal(rotated.length, 2);
  assert.ok(statSync(logFile).size <= 1024 * 1024, 'the live file stays under maxsize');
  for (const name of rotated) {
    const lines = gunzipSync(readFileSync(join(dir, name))).toString().split('\n').filter(Boolean);
    assert.ok(lines.length >= 1);
    for (const line of lines) assert.equal(JSON.parse(line).kind, 'Event');
    assert.ok(statSync(join(dir, name)).size < 64 * 1024, 'compressed');
  }
  // Every event is in one of the three files, none lost: 10 requests x 2 stages, minus those of removed backups.
  const live = readFileSync(logFile, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l));
  assert.ok(live.every((e) => e.stage === 'RequestReceived' || e.requestObject.data.payload.length === payload.length));
});

test('blocking-strict refuses a request with 500 when its event cannot be written; blocking serves it and counts the error', async () => {
  const dir = makeTempDir('orch-audit-strict-');
  const strict = await start(dir, 'Metadata', { 'audit-log-path': '/dev/full', 'audit-log-mode': 'blocking-strict' });
  const refused = await apiRequest(strict, '/api/v1/namespaces/default/services/web', { token: strict.token });
  assert.equal(refused.status, 500);
  assert.equal(refused.body, 'Internal Server Error: &#34;/api/v1/namespaces/default/services/web&#34;: failed to store audit event\n');
  assert.ok(refused.headers['audit-id']);
  const strictMetrics = (await apiRequest(strict, '/metrics', { token: strict.token })).body;
  assert.match(strictMetrics, /^apiserver_audit_requests_rejected_total 1$/m);
  assert.match(strictMetrics, /^apiserver_audit_error_total\{plugin="log"\} 1$/m);
  const unaudited = await apiRequest(strict, '/version', { token: strict.token });
  assert.equal(unaudited.status, 200, 'requests the policy does not audit are served');

  const blocking = await start(dir, 'Metadata', { 'audit-log-path': '/dev/full', 'audit-log-mode': 'blocking' });
  const served = await apiRequest(blocking, '/api/v1/namespaces/default/services/web', { token: blocking.token });
  assert.equal(served.status, 200);
  const metrics = (await apiRequest(blocking, '/metrics', { token: blocking.token })).body;
  assert.match(metrics, /^apiserver_audit_error_total\{plugin="log"\} 2$/m, 'both stages failed to write');
  assert.match(metrics, /^apiserver_audit_requests_rejected_total 0$/m);
});

test('a log path that cannot be created fails start-up naming the flag', async () => {
  const dir = makeTempDir('orch-audit-badpath-');
  writeFileSync(join(dir, 'file'), '');
  await assert.rejects(start(dir, 'Metadata', { 'audit-log-path': join(dir, 'file', 'audit.log') }), /^Error: --audit-log-path: cannot open audit log file .*: (ENOTDIR|EEXIST)$/);
});

test('batch mode writes events in batches after max wait', async () => {
  const dir = makeTempDir('orch-audit-batch-');
  const logFile = join(dir, 'audit.log');
  const s = await start(dir, 'Metadata', { 'audit-log-path': logFile, 'audit-log-mode': 'batch', 'audit-log-batch-max-size': 100, 'audit-log-batch-max-wait': 150 });
  const res = await apiRequest(s, '/api/v1/namespaces/default/services/web', { token: s.token });
  assert.equal(res.status, 200);
  assert.equal((await waitForLines(logFile, 1, 50)).length, 0, 'the unfilled batch waits');
  const lines = await waitForLines(logFile, 2, 3000);
  assert.deepEqual(lines.map((l) => JSON.parse(l).stage), ['RequestReceived', 'ResponseComplete']);
});

test('truncation drops the objects of an oversized event, then drops what is still too large', async () => {
  const dir = makeTempDir('orch-audit-truncate-');
  const logFile = join(dir, 'audit.log');
  const s = await start(dir, 'RequestResponse', { 'audit-log-path': logFile, 'audit-log-truncate-enabled': true, 'audit-log-truncate-max-event-size': 2048, 'audit-log-truncate-max-batch-size': 4096 });
  const body = JSON.stringify({ kind: 'ConfigMap', apiVersion: 'v1', metadata: { name: 'big' }, data: { payload: 'y'.repeat(4000) } });
  const res = await apiRequest(s, '/api/v1/namespaces/default/configmaps', { method: 'POST', token: s.token, body });
  assert.equal(res.status, 201);
  const [received, complete] = (await waitForLines(logFile, 2)).map((l) => JSON.parse(l));
  assert.equal(received.annotations, undefined, 'small enough as it is');
  assert.equal(complete.requestObject, undefined);
  assert.equal(complete.responseObject, undefined);
  assert.equal(complete.annotations['audit.orch.io/truncated'], 'true');

  const longURI = `/api/v1/namespaces/default/services/${'n'.repeat(3000)}`;
  const dropped = await apiRequest(s, longURI, { token: s.token });
  assert.equal(dropped.status, 200);
  const metrics = (await apiRequest(s, '/metrics', { token: s.token })).body;
  assert.match(metrics, /^apiserver_audit_error_total\{plugin="truncate"\} 2$/m);
  assert.equal((await waitForLines(logFile, 2)).length, 2, 'nothing of the oversized request was written');
});
