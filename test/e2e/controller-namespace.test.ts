// The namespace controller end to end: the real orch-controller-manager (only the namespace
// controller, no leader election) against the composed API server. Deleting a namespace empties it
// of every namespaced resource, then the namespace goes; content held by a finalizer keeps it
// Terminating, with the conditions saying why, until the finalizer is removed.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as delay } from 'node:timers/promises';
import { startCoreApiserver, type CoreApiserver } from '../support/core-apiserver.ts';
import { makeTempDir } from '../support/apiserver.ts';
import { type SpawnedControllerManager } from '../../src/controllermanager/testing/spawn.ts';
import { controllerWaiter, startControllers, stopControllers } from '../support/controller-manager.ts';
import { testEvent } from '../support/events-apiserver.ts';

let s: CoreApiserver;
let cm: SpawnedControllerManager;

before(async () => {
  s = await startCoreApiserver();
  ({ cm } = await startControllers(s, makeTempDir('orch-ns-ctrl-'), ['--controllers=namespace-controller', '--namespace-sync-period=1s', '--concurrent-namespace-syncs=2', '-v=4'], /Namespace controller synced/));
});
after(async () => {
  await stopControllers(cm);
  await s?.stop();
});

async function create(path: string, body: unknown): Promise<void> {
  const r = await s.call('POST', path, body);
  assert.equal(r.status, 201, `${path}: ${JSON.stringify(r.body)}`);
}

const waitFor = controllerWaiter(() => cm);

const gone = (path: string) => async () => ((await s.call('GET', path)).status === 404 ? true : undefined);

function contentPaths(ns: string): Record<string, string> {
  return {
    configmap: `/api/v1/namespaces/${ns}/configmaps/cm1`,
    secret: `/api/v1/namespaces/${ns}/secrets/s1`,
    serviceaccount: `/api/v1/namespaces/${ns}/serviceaccounts/sa1`,
    lease: `/apis/coordination.orch.io/v1/namespaces/${ns}/leases/l1`,
    coreEvent: `/api/v1/namespaces/${ns}/events/e-core`,
    event: `/apis/events.orch.io/v1/namespaces/${ns}/events/e-new`,
    role: `/apis/rbac.authorization.orch.io/v1/namespaces/${ns}/roles/r1`,
    rolebinding: `/apis/rbac.authorization.orch.io/v1/namespaces/${ns}/rolebindings/rb1`,
  };
}

async function fill(ns: string): Promise<void> {
  await create(`/api/v1/namespaces/${ns}/configmaps`, { metadata: { name: 'cm1' }, data: { a: 'b' } });
  await create(`/api/v1/namespaces/${ns}/secrets`, { metadata: { name: 's1' }, stringData: { k: 'v' } });
  await create(`/api/v1/namespaces/${ns}/serviceaccounts`, { metadata: { name: 'sa1' } });
  await create(`/apis/coordination.orch.io/v1/namespaces/${ns}/leases`, { metadata: { name: 'l1' }, spec: { holderIdentity: 'x' } });
  await create(`/api/v1/namespaces/${ns}/events`, {
    metadata: { name: 'e-core' }, involvedObject: { kind: 'ConfigMap', namespace: ns, name: 'cm1' }, reason: 'Tested', message: 'hi', type: 'Normal', source: { component: 'test' },
  });
  await create(`/apis/events.orch.io/v1/namespaces/${ns}/events`, testEvent('e-new', 'hello', ns));
  await create(`/apis/rbac.authorization.orch.io/v1/namespaces/${ns}/roles`, { metadata: { name: 'r1' }, rules: [{ apiGroups: [''], resources: ['configmaps'], verbs: ['get'] }] });
  await create(`/apis/rbac.authorization.orch.io/v1/namespaces/${ns}/rolebindings`, {
    metadata: { name: 'rb1' }, roleRef: { apiGroup: 'rbac.authorization.orch.io', kind: 'Role', name: 'r1' }, subjects: [{ kind: 'User', name: 'alice', apiGroup: 'rbac.authorization.orch.io' }],
  });
}

test('deleting a namespace removes its events, config maps, secrets, leases, service accounts and RBAC, then the namespace', async (t) => {
  await create('/api/v1/namespaces', { metadata: { name: 'doomed' } });
  await fill('doomed');
  const paths = contentPaths('doomed');
  for (const [what, path] of Object.entries(paths)) assert.equal((await s.call('GET', path)).status, 200, what);
  const started = Date.now();
  const del = await s.call('DELETE', '/api/v1/namespaces/doomed');
  assert.equal(del.body.status.phase, 'Terminating');
  await waitFor('the namespace to go', gone('/api/v1/namespaces/doomed'));
  t.diagnostic(`namespace gone after ${Date.now() - started} ms`);
  for (const [what, path] of Object.entries(paths)) assert.equal((await s.call('GET', path)).status, 404, `${what} should be gone`);
  // The same name can be used again, empty.
  await create('/api/v1/namespaces', { metadata: { name: 'doomed' } });
  assert.equal((await s.call('GET', paths.configmap!)).status, 404);
  assert.equal((await s.call('DELETE', '/api/v1/namespaces/doomed')).status, 200);
  await waitFor('the re-created namespace to go', gone('/api/v1/namespaces/doomed'));
});

test('a namespace that is not being deleted keeps its content', async () => {
  await create('/api/v1/namespaces', { metadata: { name: 'kept' } });
  await create('/api/v1/namespaces/kept/configmaps', { metadata: { name: 'cm1' } });
  await delay(1500); // more than a sync period
  assert.equal((await s.call('GET', '/api/v1/namespaces/kept/configmaps/cm1')).status, 200);
  const ns = await s.call('GET', '/api/v1/namespaces/kept');
  assert.equal(ns.body.status.phase, 'Active');
  assert.equal(ns.body.status.conditions, undefined);
});

test('an object with a custom finalizer holds the namespace in Terminating until the finalizer is removed', async (t) => {
  await create('/api/v1/namespaces', { metadata: { name: 'held' } });
  await create('/api/v1/namespaces/held/configmaps', { metadata: { name: 'pinned', finalizers: ['example.com/hold'] } });
  await create('/api/v1/namespaces/held/secrets', { metadata: { name: 'loose' } });
  await s.call('DELETE', '/api/v1/namespaces/held');

  const conditionsOf = (ns: any) => Object.fromEntries((ns.status?.conditions ?? []).map((c: any) => [c.type, c]));
  const ns = await waitFor('the finalizer conditions', async () => {
    const r = await s.call('GET', '/api/v1/namespaces/held');
    return conditionsOf(r.body)['NamespaceFinalizersRemaining']?.status === 'True' ? r.body : undefined;
  });
  const c = conditionsOf(ns);
  assert.equal(ns.status.phase, 'Terminating');
  assert.deepEqual(ns.spec.finalizers, ['orch']);
  assert.equal(c.NamespaceFinalizersRemaining.reason, 'SomeFinalizersRemain');
  assert.equal(c.NamespaceFinalizersRemaining.message, 'Some content in the namespace has finalizers remaining: example.com/hold in 1 resource instances');
  assert.equal(c.NamespaceContentRemaining.status, 'True');
  assert.equal(c.NamespaceContentRemaining.reason, 'SomeResourcesRemain');
  assert.equal(c.NamespaceContentRemaining.message, 'Some resources are remaining: configmaps has 1 resource instances');
  assert.equal(c.NamespaceDeletionDiscoveryFailure.status, 'False');
  assert.equal(c.NamespaceDeletionDiscoveryFailure.reason, 'ResourcesDiscovered');
  assert.equal(c.NamespaceDeletionContentFailure.status, 'False');
  assert.ok(c.NamespaceContentRemaining.lastTransitionTime);
  // Everything without a finalizer is already gone; the pinned object is only marked.
  assert.equal((await s.call('GET', '/api/v1/namespaces/held/secrets/loose')).status, 404);
  const pinned = await s.call('GET', '/api/v1/namespaces/held/configmaps/pinned');
  assert.ok(pinned.body.metadata.deletionTimestamp);

  // Still held a while later.
  await delay(1500);
  assert.equal((await s.call('GET', '/api/v1/namespaces/held')).status, 200);

  const released = Date.now();
  const patch = await s.call('PATCH', '/api/v1/namespaces/held/configmaps/pinned', { metadata: { finalizers: null } }, { 'content-type': 'application/merge-patch+json' });
  assert.equal(patch.status, 200, JSON.stringify(patch.body));
  await waitFor('the namespace to go once released', gone('/api/v1/namespaces/held'));
  t.diagnostic(`namespace gone ${Date.now() - released} ms after the finalizer was removed`);
});
