// Discovery lists subresources as Kubernetes does: `<plural>/<subresource>` entries in each
// group-version's APIResourceList, and a `subresources` list on the resource in aggregated
// discovery, each with its own verbs.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startCoreApiserver, type CoreApiserver } from '../support/core-apiserver.ts';

let s: CoreApiserver;
before(async () => {
  s = await startCoreApiserver();
});
after(() => s.stop());

test('/api/v1 lists namespaces/status, namespaces/finalize and resourcequotas/status with their verbs', async () => {
  const r = await s.call('GET', '/api/v1');
  assert.equal(r.status, 200);
  const byName = new Map(r.body.resources.map((x: { name: string }) => [x.name, x]));
  assert.deepEqual(byName.get('namespaces/status'), { name: 'namespaces/status', singularName: '', namespaced: false, kind: 'Namespace', verbs: ['get', 'patch', 'update'] });
  assert.deepEqual((byName.get('namespaces/finalize') as { verbs: string[] }).verbs, ['update']);
  assert.deepEqual(byName.get('resourcequotas/status'), { name: 'resourcequotas/status', singularName: '', namespaced: true, kind: 'ResourceQuota', verbs: ['get', 'patch', 'update'] });
  assert.equal(byName.has('configmaps/status'), false, 'only subresources that exist are listed');
});

test('aggregated discovery carries the subresources on their resource', async () => {
  const r = await s.call('GET', '/api', undefined, { accept: 'application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList' });
  assert.equal(r.status, 200);
  const resources = r.body.items[0].versions[0].resources as { resource: string; subresources?: unknown[] }[];
  const namespaces = resources.find((x) => x.resource === 'namespaces')!;
  assert.deepEqual(namespaces.subresources, [
    { subresource: 'status', responseKind: { group: '', version: 'v1', kind: 'Namespace' }, verbs: ['get', 'patch', 'update'] },
    { subresource: 'finalize', responseKind: { group: '', version: 'v1', kind: 'Namespace' }, verbs: ['update'] },
  ]);
  assert.equal(resources.find((x) => x.resource === 'configmaps')!.subresources, undefined);
});
