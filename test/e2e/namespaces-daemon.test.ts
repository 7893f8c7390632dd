// The orch-apiserver daemon as shipped: after start-up the four system namespaces, the identity
// lease and the authentication info config map exist, and NamespaceLifecycle is on by default.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:https';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureAdminToken } from '../../src/orchup/admin-token.ts';
import { apiserverComponent } from '../../src/orchup/components.ts';
import { dataDirLayout } from '../../src/orchup/layout.ts';
import { ensurePki } from '../../src/orchup/pki.ts';
import { waitForReady } from '../../src/orchup/readiness.ts';

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

test('the daemon creates the system namespaces, the identity lease and extension-apiserver-authentication', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'orch-ns-daemon-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const layout = dataDirLayout('.orch', dir);
  mkdirSync(layout.root, { recursive: true });
  const token = ensureAdminToken(layout.tokenFile).token;
  const pki = await ensurePki(layout.pkiDir);
  const port = await freePort();
  const { command, args } = apiserverComponent({ layout, pki: pki.files, port, apiserverArgs: ['--client-ca-file', pki.files.caCertFile] });
  const child = spawn(command, args, { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  t.after(async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  });
  const url = `https://127.0.0.1:${port}`;
  const ready = new AbortController();
  void exited.then(() => ready.abort(new Error(`orch-apiserver exited:\n${stderr}`)));
  await waitForReady({ server: url, caPem: pki.caPem, token }, { timeoutMs: 20_000, signal: ready.signal });
  const get = (path: string, method = 'GET') =>
    new Promise<{ status: number; body: any }>((resolve, reject) => {
      const req = request(new URL(path, url), { method, ca: pki.caPem, agent: false, headers: { authorization: `Bearer ${token}` } }, (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
      });
      req.on('error', reject);
      req.end();
    });

  const names = (await get('/api/v1/namespaces')).body.items.map((n: any) => n.metadata.name).sort();
  assert.deepEqual(names, ['default', 'orch-node-lease', 'orch-public', 'orch-system']);
  const leases = await get('/apis/coordination.orch.io/v1/namespaces/orch-system/leases?labelSelector=apiserver.orch.io%2Fidentity%3Dorch-apiserver');
  assert.equal(leases.body.items.length, 1);
  const cm = await get('/api/v1/namespaces/orch-system/configmaps/extension-apiserver-authentication');
  assert.equal(cm.status, 200);
  assert.match(cm.body.data['client-ca-file'] ?? '', /BEGIN CERTIFICATE/);
  const refused = await get('/api/v1/namespaces/default', 'DELETE');
  assert.equal(refused.status, 403);
});
