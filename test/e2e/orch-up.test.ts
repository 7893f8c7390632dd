// `orch up` end to end: from an empty directory to a control plane kubectl can talk to, shut down
// by SIGTERM, and started again on the same data.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:https';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { eventually } from '../support/daemon.ts';
import { freePort } from '../support/free-port.ts';

const ORCH = fileURLToPath(new URL('../../bin/orch', import.meta.url));
const KUBECTL = ['/usr/bin/kubectl', '/usr/local/bin/kubectl'].find((p) => existsSync(p));

interface Running {
  child: ChildProcess;
  stdout(): string;
  stderr(): string;
  exit: Promise<number | null>;
}

function startOrch(cwd: string, args: string[]): Running {
  const child = spawn(ORCH, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (err += c.toString()));
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, stdout: () => out, stderr: () => err, exit };
}

/** Resolves with the two lines `orch up` prints once ready; rejects if it exits first. */
async function untilUp(run: Running, timeoutMs = 30_000): Promise<{ server: string; dataDir: string; kubeconfig: string }> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const match = /orch is up: (\S+) \(data in (.+)\)\n\s+KUBECONFIG=(\S+) kubectl get --raw \/readyz\n/.exec(run.stdout());
    if (match) return { server: match[1]!, dataDir: match[2]!, kubeconfig: match[3]! };
    if (run.child.exitCode !== null) throw new Error(`orch up exited with ${run.child.exitCode}:\n${run.stderr()}`);
    if (Date.now() > deadline) throw new Error(`orch up not up after ${timeoutMs}ms:\n${run.stderr()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function stop(run: Running): Promise<number | null> {
  if (run.child.exitCode === null) run.child.kill('SIGTERM');
  const timer = setTimeout(() => run.child.kill('SIGKILL'), 20_000);
  try {
    return await run.exit;
  } finally {
    clearTimeout(timer);
  }
}

function kubectl(kubeconfig: string, args: string[], input?: string): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(KUBECTL!, ['--kubeconfig', kubeconfig, ...args], { input, encoding: 'utf8', timeout: 30_000 });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** A GET of a page of the server, without credentials, trusting the orchconfig's CA. */
function fetchText(kubeconfig: string, path: string): Promise<{ status: number; text: string }> {
  const config = parse(readFileSync(kubeconfig, 'utf8'));
  const ca = Buffer.from(config.clusters[0].cluster['certificate-authority-data'], 'base64');
  return new Promise((resolve, reject) => {
    const req = request(new URL(path, config.clusters[0].cluster.server), { ca, agent: false }, (res) => {
      let text = '';
      res.on('data', (c: Buffer) => (text += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** One request to the API with the admin token from the orchconfig file, trusting its CA. */
function api(kubeconfig: string, method: string, path: string, body?: unknown, token?: string): Promise<{ status: number; body: Record<string, any> }> {
  const config = parse(readFileSync(kubeconfig, 'utf8'));
  const server = new URL(path, config.clusters[0].cluster.server);
  const ca = Buffer.from(config.clusters[0].cluster['certificate-authority-data'], 'base64');
  return new Promise((resolve, reject) => {
    const req = request(server, { method, ca, agent: false, headers: { authorization: `Bearer ${token ?? config.users[0].user.token}`, 'content-type': 'application/json' } }, (res) => {
      let text = '';
      res.on('data', (c: Buffer) => (text += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text || '{}') }));
    });
    req.on('error', reject);
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

const EVENT = {
  apiVersion: 'events.orch.io/v1',
  kind: 'Event',
  metadata: { name: 'orch-up-test', namespace: 'default' },
  eventTime: '2026-01-01T00:00:00.000000Z',
  reportingController: 'example.com/orch-up-test',
  reportingInstance: 'orch-up-test-1',
  action: 'Testing',
  reason: 'Started',
  type: 'Normal',
  note: 'kept across restarts',
  regarding: { kind: 'Pod', name: 'p', namespace: 'default' },
};

function adminCredentials(dataDir: string): { token: string; ca: string; serviceAccountKey: string; orchconfig: string } {
  return {
    token: readFileSync(join(dataDir, 'tokens.csv'), 'utf8'),
    ca: readFileSync(join(dataDir, 'pki', 'ca.crt'), 'utf8'),
    serviceAccountKey: readFileSync(join(dataDir, 'pki', 'sa.key'), 'utf8'),
    orchconfig: readFileSync(join(dataDir, 'orchconfig'), 'utf8'),
  };
}

test('orch up: first start, kubectl, SIGTERM, and a second start on the same data', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'orch-up-'));
  const runs: Running[] = [];
  t.after(async () => {
    // SIGTERM, not SIGKILL: orch up must get the chance to stop the children it started.
    for (const run of runs) if (run.child.exitCode === null) await stop(run);
    rmSync(dir, { recursive: true, force: true });
  });
  const port = await freePort();

  const first = startOrch(dir, ['up', '--port', String(port)]);
  runs.push(first);
  const up = await untilUp(first);
  assert.equal(up.server, `https://127.0.0.1:${port}`);
  assert.equal(up.dataDir, join(dir, '.orch'));
  assert.equal(up.kubeconfig, join(dir, '.orch', 'orchconfig'));
  assert.match(first.stdout(), /\n  pods are simulated: node orch-node-1 run no containers/, 'orch up says plainly that its one node is simulated');
  const browser = /\n  in a browser: (\S+) \(sign in with the admin token, the first field of (\S+)\)\n/.exec(first.stdout());
  assert.ok(browser, first.stdout());
  assert.equal(browser[1], `${up.server}/ui/`);
  assert.equal(browser[2], join(up.dataDir, 'tokens.csv'));
  const page = await fetchText(up.kubeconfig, '/ui/');
  assert.equal(page.status, 200);
  assert.match(page.text, /<title>[^<]*orch/i);
  // A fresh cluster offers a default storage class, provisioned by the simulated provisioner.
  const standard = await api(up.kubeconfig, 'GET', '/apis/storage.k8s.io/v1/storageclasses/standard');
  assert.equal(standard.status, 200);
  assert.equal(standard.body.metadata.annotations['storageclass.orch.io/is-default-class'], 'true');
  assert.equal(standard.body.provisioner, 'orch.io/simulated');
  assert.equal(standard.body.volumeBindingMode, 'WaitForFirstConsumer');

  const config = parse(readFileSync(up.kubeconfig, 'utf8'));
  assert.equal(config['current-context'], 'orch');
  assert.equal(config.clusters[0].cluster.server, up.server);
  const token = readFileSync(join(up.dataDir, 'tokens.csv'), 'utf8').split(',')[0];
  assert.equal(config.users[0].user.token, token);
  assert.match(readFileSync(join(up.dataDir, 'tokens.csv'), 'utf8'), /^[\w-]+,orch-admin,orch-admin,"system:masters"\n$/);

  if (KUBECTL) {
    const readyz = kubectl(up.kubeconfig, ['get', '--raw', '/readyz']);
    assert.equal(readyz.stdout.trim(), 'ok', readyz.stderr);
  } else {
    t.diagnostic('kubectl not installed: skipped the kubectl get --raw /readyz check');
  }

  // One orch up per data directory.
  const rival = spawnSync(ORCH, ['up', '--port', String(await freePort())], { cwd: dir, encoding: 'utf8', timeout: 20_000 });
  assert.equal(rival.status, 1);
  assert.match(rival.stderr, new RegExp(`^Error: ${up.dataDir} is in use by another orch up \\(pid ${first.child.pid}\\)`));

  // The controller manager starts once the apiserver is ready and takes its leader lease.
  const lease = await eventually('the controller manager holds its leader lease', async () => {
    const r = await api(up.kubeconfig, 'GET', '/apis/coordination.orch.io/v1/namespaces/orch-system/leases/orch-controller-manager');
    return r.status === 200 && r.body.spec?.holderIdentity ? r.body : undefined;
  }, 10_000);
  assert.match(lease.spec.holderIdentity, /_[0-9a-f-]{36}$/);

  const created = await api(up.kubeconfig, 'POST', '/apis/events.orch.io/v1/namespaces/default/events', EVENT);
  assert.equal(created.status, 201, JSON.stringify(created.body));

  // Service account tokens are signed with the key orch up made, and verified by the apiserver.
  const account = await api(up.kubeconfig, 'POST', '/api/v1/namespaces/default/serviceaccounts', { metadata: { name: 'robot' } });
  assert.equal(account.status, 201, JSON.stringify(account.body));
  const tokenRequest = await api(up.kubeconfig, 'POST', '/api/v1/namespaces/default/serviceaccounts/robot/token', {
    apiVersion: 'authentication.k8s.io/v1',
    kind: 'TokenRequest',
    spec: {},
  });
  assert.equal(tokenRequest.status, 201, JSON.stringify(tokenRequest.body));
  const robotToken: string = tokenRequest.body.status.token;
  const asRobot = await api(up.kubeconfig, 'GET', '/apis/events.orch.io/v1/namespaces/default/events', undefined, robotToken);
  assert.equal(asRobot.status, 403, 'the service account token authenticates, and RBAC grants it nothing');
  assert.match(asRobot.body.message, /User "system:serviceaccount:default:robot" cannot list resource "events"/);
  const forged = await api(up.kubeconfig, 'GET', '/apis/events.orch.io/v1/namespaces/default/events', undefined, robotToken.slice(0, -4) + 'AAAA');
  assert.equal(forged.status, 401, 'a token with a broken signature does not');

  const before = adminCredentials(up.dataDir);
  assert.equal(await stop(first), 0, first.stderr());

  const second = startOrch(dir, ['up', '--port', String(port)]);
  runs.push(second);
  const again = await untilUp(second);
  assert.equal(again.kubeconfig, up.kubeconfig);
  assert.deepEqual(adminCredentials(up.dataDir), before, 'token, CA, service account key and orchconfig are reused');
  const kept = await api(up.kubeconfig, 'GET', '/apis/events.orch.io/v1/namespaces/default/events/orch-up-test');
  assert.equal(kept.status, 200, JSON.stringify(kept.body));
  assert.equal(kept.body.metadata.uid, created.body.metadata.uid);
  assert.equal(kept.body.note, 'kept across restarts');
  const robotAgain = await api(up.kubeconfig, 'GET', '/apis/events.orch.io/v1/namespaces/default/events', undefined, robotToken);
  assert.equal(robotAgain.status, 403, 'a token issued before the restart still authenticates');
  if (KUBECTL) {
    const readyz = kubectl(up.kubeconfig, ['get', '--raw', '/readyz']);
    assert.equal(readyz.stdout.trim(), 'ok', readyz.stderr);
    const listed = kubectl(up.kubeconfig, ['get', 'events.events.orch.io', '-n', 'default', '-o', 'name']);
    // The controllers record events of their own in default (a node registered, namespaces' service accounts).
    assert.ok(listed.stdout.trim().split('\n').includes('event.events.orch.io/orch-up-test'), listed.stdout + listed.stderr);
  }
  assert.equal(await stop(second), 0, second.stderr());
});

test('orch up on a port already taken says the apiserver died and exits non-zero', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'orch-up-taken-'));
  // Connections are dropped at once: the port is taken, but nothing answers on it.
  const blocker: Server = createServer((socket) => socket.destroy());
  await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
  t.after(async () => {
    await new Promise<void>((resolve) => blocker.close(() => resolve()));
    rmSync(dir, { recursive: true, force: true });
  });
  const port = (blocker.address() as { port: number }).port;
  const run = startOrch(dir, ['up', '--port', String(port)]);
  const code = await run.exit;
  assert.notEqual(code, 0);
  assert.match(run.stderr(), /orch: orch-apiserver exited with code 1/);
  assert.doesNotMatch(run.stdout(), /orch is up/);
});

test('orch up with a bad flag exits 1 naming it, before creating anything', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'orch-up-bad-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const result = spawnSync(ORCH, ['up', '--port', 'http'], { cwd: dir, encoding: 'utf8' });
  assert.equal(result.status, 1);
  assert.match(result.stderr.split('\n')[0] ?? '', /^Error: invalid argument "http" for "--port" flag/);
  assert.equal(existsSync(join(dir, '.orch')), false);
});

test('orch --help, orch up --help and orch version', () => {
  const help = spawnSync(ORCH, ['--help'], { encoding: 'utf8' });
  assert.equal(help.status, 0);
  assert.match(help.stdout, /^\s+up\s+Start the control plane/m);
  assert.match(help.stdout, /^\s+version\s+/m);

  const upHelp = spawnSync(ORCH, ['up', '--help'], { encoding: 'utf8' });
  assert.equal(upHelp.status, 0);
  assert.match(upHelp.stdout, /--data-dir string/);
  assert.match(upHelp.stdout, /--port int/);

  const version = spawnSync(ORCH, ['version'], { encoding: 'utf8' });
  assert.equal(version.status, 0);
  assert.match(version.stdout, /v1\.\d+\.\d+/);

  const unknown = spawnSync(ORCH, ['upp'], { encoding: 'utf8' });
  assert.equal(unknown.status, 1);
  assert.match(unknown.stderr, /^Error: unknown command "upp" for "orch"/);
});
