// Every x.orch.io group is served under Kubernetes' name x.k8s.io too: the same objects, each read
// back with the apiVersion of its path, watches through either name, both names in discovery and
// OpenAPI; --kubernetes-group-names=false turns the second names off.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { daemonDir, deferredHooks, startDaemon, type StorageDaemon } from '../support/daemon.ts';

let s: StorageDaemon;
let off: StorageDaemon;
const hooks = deferredHooks();
before(async () => {
  [s, off] = await Promise.all([startDaemon(hooks, daemonDir(hooks), []), startDaemon(hooks, daemonDir(hooks), ['--kubernetes-group-names=false'])]);
});
after(() => hooks.run());

const json = { 'content-type': 'application/json' };

test('an object written under one name is read under the other, with that path\'s apiVersion', async () => {
  const lease = { metadata: { name: 'twin' }, spec: { holderIdentity: 'a' } };
  const created = await s.send('POST', '/apis/coordination.k8s.io/v1/namespaces/default/leases', { body: lease, headers: json });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  assert.equal((created.body as any).apiVersion, 'coordination.k8s.io/v1');
  const viaOrch = await s.send('GET', '/apis/coordination.orch.io/v1/namespaces/default/leases/twin');
  assert.equal(viaOrch.status, 200);
  assert.equal((viaOrch.body as any).apiVersion, 'coordination.orch.io/v1');
  assert.equal((viaOrch.body as any).metadata.uid, (created.body as any).metadata.uid);
  const list = await s.send('GET', '/apis/rbac.authorization.k8s.io/v1/clusterroles');
  assert.equal(list.status, 200);
  assert.equal((list.body as any).apiVersion, 'rbac.authorization.k8s.io/v1');
  assert.equal((list.body as any).items[0].apiVersion, 'rbac.authorization.k8s.io/v1');
});

test('discovery and OpenAPI list both names; apps and batch have one name', async () => {
  const groups = ((await s.send('GET', '/apis')).body as any).groups.map((g: any) => g.name) as string[];
  for (const g of ['authentication', 'coordination', 'events', 'rbac.authorization', 'flowcontrol.apiserver', 'admissionregistration']) {
    assert.ok(groups.includes(`${g}.orch.io`) && groups.includes(`${g}.k8s.io`), g);
  }
  assert.ok(!groups.some((g) => g === 'apps.k8s.io' || g === 'batch.k8s.io'));
  const index = (await s.send('GET', '/openapi/v3')).body as any;
  assert.ok(index.paths['apis/coordination.k8s.io/v1'], 'an OpenAPI v3 document for the Kubernetes name');
  const doc = (await s.send('GET', index.paths['apis/coordination.k8s.io/v1'].serverRelativeURL)).body as any;
  const lease = Object.values(doc.components.schemas).find((d: any) => (d['x-kubernetes-group-version-kind'] ?? []).some((g: any) => g.group === 'coordination.k8s.io' && g.kind === 'Lease'));
  assert.ok(lease, 'the Lease definition names the Kubernetes group too');
});

test('with --kubernetes-group-names=false only the orch.io names are served', async () => {
  const groups = ((await off.send('GET', '/apis')).body as any).groups.map((g: any) => g.name) as string[];
  assert.ok(groups.includes('coordination.orch.io'));
  assert.ok(!groups.some((g) => g.endsWith('.k8s.io')), groups.join(','));
  assert.equal((await off.send('GET', '/apis/coordination.k8s.io/v1/namespaces/default/leases')).status, 404);
});
