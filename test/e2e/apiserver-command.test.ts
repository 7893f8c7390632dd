// The orch-apiserver command line as a user meets it: help, version, and the errors that end
// start-up at once with one line and exit code 1.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:https';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureAdminToken } from '../../src/orchup/admin-token.ts';
import { apiserverComponent } from '../../src/orchup/components.ts';
import { dataDirLayout } from '../../src/orchup/layout.ts';
import { ensurePki } from '../../src/orchup/pki.ts';
import { waitForReady } from '../../src/orchup/readiness.ts';
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

function tempDir(t: { after(fn: () => void): void }): string {
  const dir = mkdtempSync(join(tmpdir(), 'orch-apiserver-cmd-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
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
  const bad = run(['--no-such-option=1'], tempDir(t));
  assert.equal(bad.status, 1);
  assert.match(errorLine(bad.stderr), /no-such-option/);
});

test('a bad value exits 1 with one error line naming the option', (t) => {
  const bad = run(['--secure-port', 'many'], tempDir(t));
  assert.equal(bad.status, 1);
  assert.match(errorLine(bad.stderr), /secure-port/);
});

test('--secure-port 0 is refused: the secure port cannot be switched off', (t) => {
  const zero = run(['--secure-port', '0'], tempDir(t));
  assert.equal(zero.status, 1);
  assert.match(errorLine(zero.stderr), /secure-port/);
});

test('an unreadable certificate file exits 1 naming the file', (t) => {
  const dir = tempDir(t);
  const missing = join(dir, 'missing.crt');
  const result = run(
    ['--data-dir', dir, '--bind-address', '127.0.0.1', '--secure-port', '1', '--tls-cert-file', missing, '--tls-private-key-file', join(dir, 'missing.key')],
    dir,
  );
  assert.equal(result.status, 1);
  assert.match(errorLine(result.stderr), /missing\.(crt|key)/);
});

test('a port already taken exits 1 with a clear message', async (t) => {
  const dir = tempDir(t);
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

interface Daemon {
  url: string;
  call(method: string, path: string, body?: unknown): Promise<{ status: number; body: Record<string, any> }>;
  stop(): Promise<number | null>;
}

/** Starts bin/orch-apiserver on a free port with a CA-signed serving certificate and an admin token. */
async function startDaemon(t: { after(fn: () => Promise<void> | void): void }, extra: string[]): Promise<Daemon> {
  const dir = tempDir(t);
  const layout = dataDirLayout('.orch', dir);
  mkdirSync(layout.root, { recursive: true });
  const token = ensureAdminToken(layout.tokenFile).token;
  const pki = await ensurePki(layout.pkiDir);
  const port = await freePort();
  const { command, args } = apiserverComponent({ layout, pki: pki.files, port, apiserverArgs: extra });
  const child = spawn(command, args, { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    return exited;
  };
  t.after(async () => void (await stop()));
  const url = `https://127.0.0.1:${port}`;
  const ready = new AbortController();
  void exited.then(() => ready.abort(new Error(`orch-apiserver exited:\n${stderr}`)));
  await waitForReady({ server: url, caPem: pki.caPem, token }, { timeoutMs: 20_000, signal: ready.signal });
  const call = (method: string, path: string, body?: unknown) =>
    new Promise<{ status: number; body: Record<string, any> }>((resolve, reject) => {
      const req = request(new URL(path, url), { method, ca: pki.caPem, agent: false, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' } }, (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text.startsWith('{') ? JSON.parse(text) : { text } }));
      });
      req.on('error', reject);
      req.end(body === undefined ? undefined : JSON.stringify(body));
    });
  return { url, call, stop };
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

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
  const daemon = await startDaemon(t, []);
  const created = await daemon.call('POST', '/apis/events.orch.io/v1/namespaces/default/events', EVENT);
  assert.equal(created.status, 201, JSON.stringify(created.body));
  const core = await daemon.call('GET', '/api/v1/namespaces/default/events/composed');
  assert.equal(core.status, 200);
  assert.equal(core.body.message, 'served by the composed daemon');
  assert.equal(core.body.metadata.uid, created.body.metadata.uid);
  const readyz = await daemon.call('GET', '/readyz?verbose');
  assert.equal(readyz.status, 200);
  assert.match(readyz.body.text, /^\[\+\]kvstore ok$/m);
  assert.match(readyz.body.text, /^\[\+\]kvstore-readiness ok$/m);
  assert.equal(await daemon.stop(), 0);
});

test('admission plugins come from the options', async (t) => {
  const daemon = await startDaemon(t, ['--enable-admission-plugins=AlwaysDeny']);
  const denied = await daemon.call('POST', '/apis/events.orch.io/v1/namespaces/default/events', EVENT);
  assert.equal(denied.status, 403);
  assert.match(denied.body.message, /admission control is denying all modifications/);
});

test('on etcd: objects live under --kvstore-prefix and survive a restart', { skip: etcdSkipReason() }, async (t) => {
  const etcd = await startEtcd();
  t.after(() => etcd.stop());
  const flags = [`--kvstore-servers=${etcd.endpoints.join(',')}`, '--kvstore-prefix=/orch-e2e'];
  const first = await startDaemon(t, flags);
  const created = await first.call('POST', '/apis/events.orch.io/v1/namespaces/default/events', EVENT);
  assert.equal(created.status, 201, JSON.stringify(created.body));
  assert.equal(await first.stop(), 0);

  const client = new Etcd3({ hosts: etcd.endpoints });
  const keys = await client.getAll().prefix('/').keys();
  client.close();
  assert.ok(keys.includes('/orch-e2e/events/default/composed'), keys.join('\n'));
  assert.deepEqual(keys.filter((k) => !k.startsWith('/orch-e2e/')), [], 'every key under --kvstore-prefix');

  const second = await startDaemon(t, flags);
  const kept = await second.call('GET', '/apis/events.orch.io/v1/namespaces/default/events/composed');
  assert.equal(kept.status, 200);
  assert.equal(kept.body.metadata.uid, created.body.metadata.uid);
});
