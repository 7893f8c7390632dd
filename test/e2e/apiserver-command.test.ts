// The orch-apiserver command line as a user meets it: help, version, and the errors that end
// start-up at once with one line and exit code 1.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { daemonDir, startDaemon } from '../support/daemon.ts';
import { etcdSkipReason, startEtcd } from '../support/etcd.ts';
import { Etcd3 } from 'etcd3';

const APISERVER = fileURLToPath(new URL('../../bin/orch-apiserver', import.meta.url));

function run(args: string[], cwd?: string): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(APISERVER, args, { cwd, encoding: 'utf8', timeout: 30_000 });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** The error line of a failed start: exactly one line starting with `Error: `. */
function errorLine(stderr: string): string {
  const lines = stderr.split('\n').filter((l) => l.startsWith('Error: '));
  assert.equal(lines.length, 1, `want one Error: line, got:\n${stderr}`);
  return lines[0]!;
}

test('--help exits 0 and prints the options by group', () => {
  const help = run(['--help']);
  assert.equal(help.status, 0, help.stderr);
  for (const group of ['Serving and network options', 'Storage options', 'Authentication options', 'Versioning']) {
    assert.match(help.stdout, new RegExp(`^${group}:?$`, 'm'), group);
  }
  assert.match(help.stdout, /--secure-port int/);
  assert.match(help.stdout, /--kvstore-servers strings/);
  assert.equal(run(['-h']).status, 0);
});

test('--version prints the version, --version=raw the build information', () => {
  const plain = run(['--version']);
  assert.equal(plain.status, 0, plain.stderr);
  assert.match(plain.stdout.trim(), /^orch v1\.\d+\.\d+$/);
  const raw = run(['--version=raw']);
  assert.equal(raw.status, 0, raw.stderr);
  assert.match(raw.stdout.trim(), /^version\.Info\{Major:"1", Minor:"\d+", .*GitVersion:"v1\.\d+\.\d+"/);
});

test('an unknown option exits 1 with one error line naming it', (t) => {
  const bad = run(['--no-such-option=1'], daemonDir(t));
  assert.equal(bad.status, 1);
  assert.match(errorLine(bad.stderr), /no-such-option/);
});

test('a bad value exits 1 with one error line naming the option', (t) => {
  const bad = run(['--secure-port', 'many'], daemonDir(t));
  assert.equal(bad.status, 1);
  assert.match(errorLine(bad.stderr), /secure-port/);
});

test('--secure-port 0 is refused: the secure port cannot be switched off', (t) => {
  const zero = run(['--secure-port', '0'], daemonDir(t));
  assert.equal(zero.status, 1);
  assert.match(errorLine(zero.stderr), /secure-port/);
});

test('an unreadable certificate file exits 1 naming the file', (t) => {
  const dir = daemonDir(t);
  const missing = join(dir, 'missing.crt');
  const result = run(
    ['--data-dir', dir, '--bind-address', '127.0.0.1', '--secure-port', '1', '--tls-cert-file', missing, '--tls-private-key-file', join(dir, 'missing.key')],
    dir,
  );
  assert.equal(result.status, 1);
  assert.match(errorLine(result.stderr), /missing\.(crt|key)/);
});

test('a port already taken exits 1 with a clear message', async (t) => {
  const dir = daemonDir(t);
  const blocker: Server = createServer();
  await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
  t.after(() => new Promise<void>((resolve) => blocker.close(() => resolve())));
  const port = (blocker.address() as { port: number }).port;
  // Asynchronous spawn: the blocker must keep accepting while the apiserver tries to bind.
  const child = spawn(APISERVER, ['--data-dir', dir, '--cert-dir', join(dir, 'pki'), '--bind-address', '127.0.0.1', '--secure-port', String(port)], {
    cwd: dir,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
  const code = await new Promise<number | null>((resolve) => child.once('exit', (c) => resolve(c)));
  clearTimeout(timer);
  assert.equal(code, 1, stderr);
  assert.match(errorLine(stderr), new RegExp(`127\\.0\\.0\\.1:${port}.*(already in use|in use)`));
});

// --- the daemon as composed: storage, resources, admission ---

const EVENT = {
  apiVersion: 'events.orch.io/v1',
  kind: 'Event',
  metadata: { name: 'composed', namespace: 'default' },
  eventTime: '2026-01-01T00:00:00.000000Z',
  reportingController: 'example.com/e2e',
  reportingInstance: 'e2e-1',
  action: 'Testing',
  reason: 'Started',
  type: 'Normal',
  note: 'served by the composed daemon',
  regarding: { kind: 'Pod', name: 'p', namespace: 'default' },
};

test('the daemon serves Events on both API paths, with storage checks in /readyz', async (t) => {
  const daemon = await startDaemon(t, daemonDir(t), []);
  const created = await daemon.call('POST', '/apis/events.orch.io/v1/namespaces/default/events', EVENT);
  assert.equal(created.status, 201, JSON.stringify(created.body));
  const core = await daemon.call('GET', '/api/v1/namespaces/default/events/composed');
  assert.equal(core.status, 200);
  assert.equal(core.body.message, 'served by the composed daemon');
  assert.equal(core.body.metadata.uid, created.body.metadata.uid);
  const readyz = await daemon.call('GET', '/readyz?verbose');
  assert.equal(readyz.status, 200);
  assert.match(readyz.text, /^\[\+\]kvstore ok$/m);
  assert.match(readyz.text, /^\[\+\]kvstore-readiness ok$/m);
  assert.equal(await daemon.stop(), 0);
});

test('admission plugins come from the options', async (t) => {
  const daemon = await startDaemon(t, daemonDir(t), ['--enable-admission-plugins=AlwaysDeny']);
  const denied = await daemon.call('POST', '/apis/events.orch.io/v1/namespaces/default/events', EVENT);
  assert.equal(denied.status, 403);
  assert.match(denied.body.message, /admission control is denying all modifications/);
});

test('on etcd: objects live under --kvstore-prefix and survive a restart', { skip: etcdSkipReason() }, async (t) => {
  const etcd = await startEtcd();
  t.after(() => etcd.stop());
  const flags = [`--kvstore-servers=${etcd.endpoints.join(',')}`, '--kvstore-prefix=/orch-e2e'];
  const first = await startDaemon(t, daemonDir(t), flags);
  const created = await first.call('POST', '/apis/events.orch.io/v1/namespaces/default/events', EVENT);
  assert.equal(created.status, 201, JSON.stringify(created.body));
  assert.equal(await first.stop(), 0);

  const client = new Etcd3({ hosts: etcd.endpoints });
  const keys = await client.getAll().prefix('/').keys();
  client.close();
  assert.ok(keys.includes('/orch-e2e/events/default/composed'), keys.join('\n'));
  assert.deepEqual(keys.filter((k) => !k.startsWith('/orch-e2e/')), [], 'every key under --kvstore-prefix');

  const second = await startDaemon(t, daemonDir(t), flags);
  const kept = await second.call('GET', '/apis/events.orch.io/v1/namespaces/default/events/composed');
  assert.equal(kept.status, 200);
  assert.equal(kept.body.metadata.uid, created.body.metadata.uid);
});
