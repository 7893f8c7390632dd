// --runtime-config on the orch-apiserver daemon as shipped: a group version switched off is gone
// from discovery (legacy and aggregated) and OpenAPI, and its paths answer 404, while the rest
// of the API is served as before.
import { test, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { setTimeout as delay } from 'node:timers/promises';
import { apiRequest, makeTempDir, sharedCertDirectory } from '../support/apiserver.ts';

const DAEMON = fileURLToPath(new URL('../../src/cmd/orch-apiserver.ts', import.meta.url));

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** The real daemon with these extra flags, ready, stopped when the test ends. */
async function startDaemon(t: TestContext, flags: string[]) {
  const token = randomBytes(16).toString('hex');
  const tokenFile = join(makeTempDir('orch-rc-tokens-'), 'tokens.csv');
  writeFileSync(tokenFile, `${token},admin,admin-uid,"system:masters"\n`);
  const certDir = await sharedCertDirectory();
  const port = await freePort();
  const args = [`--data-dir=${makeTempDir('orch-rc-data-')}`, `--cert-dir=${certDir}`, `--token-auth-file=${tokenFile}`, '--bind-address=127.0.0.1', `--secure-port=${port}`, ...flags];
  const child = spawn(process.execPath, [DAEMON, ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  t.after(async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  });
  const server = { url: `https://127.0.0.1:${port}`, caFile: join(certDir, 'apiserver.crt') };
  const get = (path: string, headers: Record<string, string> = {}) => apiRequest(server, path, { token, headers });
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`orch-apiserver exited:\n${stderr}`);
    const ready = await get('/readyz').catch(() => undefined);
    if (ready?.status === 200) break;
    if (i > 400) throw new Error(`orch-apiserver not ready:\n${stderr}`);
    await delay(50);
  }
  return { get, stderr: () => stderr };
}

const AGGREGATED = { accept: 'application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList' };

test('--runtime-config=events.orch.io/v1=false removes events.orch.io and keeps the core events', async (t) => {
  const { get } = await startDaemon(t, ['--runtime-config=events.orch.io/v1=false']);

  const groups = (await get('/apis')).json().groups.map((g: any) => g.name);
  assert.ok(!groups.includes('events.orch.io'), `groups: ${groups}`);
  assert.ok(groups.includes('rbac.authorization.orch.io'), 'other groups stay');
  const aggregated = (await get('/apis', AGGREGATED)).json().items.map((g: any) => g.metadata.name);
  assert.ok(!aggregated.includes('events.orch.io'));
  assert.ok(aggregated.includes('coordination.orch.io'));

  assert.equal((await get('/apis/events.orch.io')).status, 404);
  assert.equal((await get('/apis/events.orch.io/v1')).status, 404);
  assert.equal((await get('/apis/events.orch.io/v1/events')).status, 404);
  const item = await get('/apis/events.orch.io/v1/namespaces/default/events/x');
  assert.equal(item.status, 404);
  assert.equal(item.json().kind, 'Status');

  const openapi = (await get('/openapi/v2')).json();
  assert.ok(!Object.keys(openapi.paths).some((p) => p.startsWith('/apis/events.orch.io/')));
  assert.ok(Object.keys(openapi.paths).some((p) => p.startsWith('/api/v1/namespaces/{namespace}/events')));
  const v3 = Object.keys((await get('/openapi/v3')).json().paths);
  assert.ok(!v3.includes('apis/events.orch.io/v1'), `v3: ${v3}`);
  assert.ok(v3.includes('api/v1') && v3.includes('apis/coordination.orch.io/v1'), `v3: ${v3}`);
  assert.equal((await get('/openapi/v3/apis/events.orch.io/v1')).status, 404);

  // Core events are still served, over the same storage.
  const core = (await get('/api/v1')).json().resources.map((r: any) => r.name);
  assert.ok(core.includes('events'));
  assert.equal((await get('/api/v1/namespaces/default/events')).status, 200);
});

test('--runtime-config=api/all=false,v1=true serves the core group alone', async (t) => {
  const { get } = await startDaemon(t, ['--runtime-config=api/all=false,v1=true']);
  assert.deepEqual((await get('/apis')).json().groups, []);
  assert.deepEqual((await get('/apis', AGGREGATED)).json().items, []);
  const core = (await get('/api/v1')).json().resources.map((r: any) => r.name);
  for (const name of ['namespaces', 'secrets', 'configmaps', 'events', 'serviceaccounts']) assert.ok(core.includes(name), name);
  assert.equal((await get('/api/v1/namespaces')).status, 200);
  for (const path of ['/apis/rbac.authorization.orch.io/v1/clusterroles', '/apis/coordination.orch.io/v1/leases', '/apis/events.orch.io/v1/events', '/apis/rbac.authorization.k8s.io/v1/clusterroles']) {
    assert.equal((await get(path)).status, 404, path);
  }
  const paths = Object.keys((await get('/openapi/v2')).json().paths);
  assert.ok(paths.length > 0 && paths.every((p) => p.startsWith('/api/')), 'only core paths in OpenAPI');
});
