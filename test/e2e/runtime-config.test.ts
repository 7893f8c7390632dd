// --runtime-config on the orch-apiserver daemon as shipped: a group version switched off is gone
// from discovery (legacy and aggregated) and OpenAPI, and its paths answer 404, while the rest
// of the API is served as before.
import { test, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { daemonDir, startDaemon as startOrchApiserver } from '../support/daemon.ts';

/** The real daemon with these extra flags, ready; get() reads as the admin, answers parsed. */
async function startDaemon(t: TestContext, flags: string[]) {
  const daemon = await startOrchApiserver(t, daemonDir(t), flags);
  const get = (path: string, headers: Record<string, string> = {}) => daemon.send('GET', path, { headers });
  return { get };
}

const AGGREGATED = { accept: 'application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList' };

test('--runtime-config=events.orch.io/v1=false removes events.orch.io and keeps the core events', async (t) => {
  const { get } = await startDaemon(t, ['--runtime-config=events.orch.io/v1=false']);

  const groups = (await get('/apis')).body.groups.map((g: any) => g.name);
  assert.ok(!groups.includes('events.orch.io'), `groups: ${groups}`);
  assert.ok(groups.includes('rbac.authorization.orch.io'), 'other groups stay');
  const aggregated = (await get('/apis', AGGREGATED)).body.items.map((g: any) => g.metadata.name);
  assert.ok(!aggregated.includes('events.orch.io'));
  assert.ok(aggregated.includes('coordination.orch.io'));

  assert.equal((await get('/apis/events.orch.io')).status, 404);
  assert.equal((await get('/apis/events.orch.io/v1')).status, 404);
  assert.equal((await get('/apis/events.orch.io/v1/events')).status, 404);
  const item = await get('/apis/events.orch.io/v1/namespaces/default/events/x');
  assert.equal(item.status, 404);
  assert.equal(item.body.kind, 'Status');

  const openapi = (await get('/openapi/v2')).body;
  assert.ok(!Object.keys(openapi.paths).some((p) => p.startsWith('/apis/events.orch.io/')));
  assert.ok(Object.keys(openapi.paths).some((p) => p.startsWith('/api/v1/namespaces/{namespace}/events')));
  const v3 = Object.keys((await get('/openapi/v3')).body.paths);
  assert.ok(!v3.includes('apis/events.orch.io/v1'), `v3: ${v3}`);
  assert.ok(v3.includes('api/v1') && v3.includes('apis/coordination.orch.io/v1'), `v3: ${v3}`);
  assert.equal((await get('/openapi/v3/apis/events.orch.io/v1')).status, 404);

  // Core events are still served, over the same storage.
  const core = (await get('/api/v1')).body.resources.map((r: any) => r.name);
  assert.ok(core.includes('events'));
  assert.equal((await get('/api/v1/namespaces/default/events')).status, 200);
});

test('--runtime-config=api/all=false,v1=true serves the core group alone', async (t) => {
  const { get } = await startDaemon(t, ['--runtime-config=api/all=false,v1=true']);
  assert.deepEqual((await get('/apis')).body.groups, []);
  assert.deepEqual((await get('/apis', AGGREGATED)).body.items, []);
  const core = (await get('/api/v1')).body.resources.map((r: any) => r.name);
  for (const name of ['namespaces', 'secrets', 'configmaps', 'events', 'serviceaccounts']) assert.ok(core.includes(name), name);
  assert.equal((await get('/api/v1/namespaces')).status, 200);
  for (const path of ['/apis/rbac.authorization.orch.io/v1/clusterroles', '/apis/coordination.orch.io/v1/leases', '/apis/events.orch.io/v1/events', '/apis/rbac.authorization.k8s.io/v1/clusterroles']) {
    assert.equal((await get(path)).status, 404, path);
  }
  const paths = Object.keys((await get('/openapi/v2')).body.paths);
  assert.ok(paths.length > 0 && paths.every((p) => p.startsWith('/api/')), 'only core paths in OpenAPI');
});
