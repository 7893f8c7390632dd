// The garbage collector end to end: the real orch-controller-manager (only the garbage-collector
// controller, no leader election) against the composed API server, with config maps owning config
// maps. Background, foreground and orphan propagation, and the owner-gone cases Kubernetes treats
// alike: an owner deleted, an owner that never existed, and a same-named owner with another uid.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as delay } from 'node:timers/promises';
import { startCoreApiserver, type CoreApiserver } from '../support/core-apiserver.ts';
import { makeTempDir } from '../support/apiserver.ts';
import { spawnControllerManager, type SpawnedControllerManager } from '../../src/controllermanager/testing/spawn.ts';
import { controllerWaiter, startControllers, stopControllers } from '../support/controller-manager.ts';

let s: CoreApiserver;
let cm: SpawnedControllerManager;
let orchconfig: string;
const NS = 'gc';
const CMS = `/api/v1/namespaces/${NS}/configmaps`;

before(async () => {
  s = await startCoreApiserver();
  const r = await s.call('POST', '/api/v1/namespaces', { metadata: { name: NS } });
  assert.equal(r.status, 201);
  ({ cm, orchconfig } = await startControllers(s, makeTempDir('orch-gc-'), ['--controllers=garbage-collector-controller', '--concurrent-gc-syncs=4', '-v=2'], /Garbage collector synced/));
});
after(async () => {
  await stopControllers(cm);
  await s?.stop();
});

interface Ref {
  name: string;
  uid: string;
  blockOwnerDeletion?: boolean;
}

async function configMap(name: string, opts: { owners?: Ref[]; finalizers?: string[] } = {}): Promise<{ name: string; uid: string }> {
  const ownerReferences = opts.owners?.map((o) => ({ apiVersion: 'v1', kind: 'ConfigMap', name: o.name, uid: o.uid, ...(o.blockOwnerDeletion === undefined ? {} : { blockOwnerDeletion: o.blockOwnerDeletion }) }));
  const r = await s.call('POST', CMS, { metadata: { name, ownerReferences, finalizers: opts.finalizers } });
  assert.equal(r.status, 201, JSON.stringify(r.body));
  return { name, uid: r.body.metadata.uid };
}

const get = (name: string) => s.call('GET', `${CMS}/${name}`);

const waitFor = controllerWaiter(() => cm, 10_000);

const waitGone = (name: string) => waitFor(`${name} to be deleted`, async () => ((await get(name)).status === 404 ? true : undefined));

test('background: deleting an owner deletes its dependents; a dependent with another live owner only loses the reference', async (t) => {
  const owner = await configMap('bg-owner');
  const keeper = await configMap('bg-keeper');
  await configMap('bg-dep1', { owners: [owner] });
  await configMap('bg-dep2', { owners: [owner] });
  await configMap('bg-shared', { owners: [owner, keeper] });
  await delay(300); // the graph sees the dependents before the owner goes
  const started = Date.now();
  assert.equal((await s.call('DELETE', `${CMS}/bg-owner`)).status, 200);
  await waitGone('bg-dep1');
  await waitGone('bg-dep2');
  t.diagnostic(`dependents gone ${Date.now() - started} ms after the owner`);
  const shared = await waitFor('bg-shared to lose its reference', async () => {
    const r = await get('bg-shared');
    return r.body.metadata?.ownerReferences?.length === 1 ? r.body : undefined;
  });
  assert.equal(shared.metadata.ownerReferences[0].uid, keeper.uid);
  assert.equal(shared.metadata.deletionTimestamp, undefined);
  assert.equal((await get('bg-keeper')).status, 200);
});

test('a dependent whose owner never existed, or whose owner name now has another uid, is collected; a live owner keeps its dependent', async () => {
  await configMap('ghost-dep', { owners: [{ name: 'never-was', uid: '00000000-0000-0000-0000-000000000001' }] });
  const current = await configMap('renamed-owner');
  await configMap('stale-dep', { owners: [{ name: 'renamed-owner', uid: '00000000-0000-0000-0000-000000000002' }] });
  const liveOwner = await configMap('live-owner');
  await configMap('live-dep', { owners: [liveOwner] });
  await waitGone('ghost-dep');
  await waitGone('stale-dep');
  assert.equal((await get('renamed-owner')).body.metadata.uid, current.uid, 'the same-named owner is not touched');
  await delay(500);
  const dep = await get('live-dep');
  assert.equal(dep.status, 200);
  assert.equal(dep.body.metadata.ownerReferences.length, 1);
});

test('foreground: the owner waits with foregroundDeletion until its blocking dependents are gone, then goes', async () => {
  const owner = await configMap('fg-owner');
  await configMap('fg-blocker', { owners: [{ ...owner, blockOwnerDeletion: true }], finalizers: ['example.com/hold'] });
  await configMap('fg-plain', { owners: [owner] });
  await delay(300);
  const del = await s.call('DELETE', `${CMS}/fg-owner`, { propagationPolicy: 'Foreground' });
  assert.equal(del.status, 200);
  // Dependents are deleted; the blocker is only marked, its own finalizer holding it.
  await waitGone('fg-plain');
  const blocker = await waitFor('fg-blocker to be marked', async () => {
    const r = await get('fg-blocker');
    return r.body.metadata?.deletionTimestamp ? r.body : undefined;
  });
  assert.deepEqual(blocker.metadata.finalizers, ['example.com/hold']);
  await delay(500);
  const held = await get('fg-owner');
  assert.equal(held.status, 200, 'the owner waits for its blocking dependent');
  assert.ok(held.body.metadata.deletionTimestamp);
  assert.deepEqual(held.body.metadata.finalizers, ['foregroundDeletion']);

  const patch = await s.call('PATCH', `${CMS}/fg-blocker`, { metadata: { finalizers: null } }, { 'content-type': 'application/merge-patch+json' });
  assert.equal(patch.status, 200);
  await waitGone('fg-blocker');
  await waitGone('fg-owner');
});

test('foreground with no dependents: the finalizer is removed and the owner goes', async () => {
  await configMap('fg-alone');
  assert.equal((await s.call('DELETE', `${CMS}/fg-alone`, { propagationPolicy: 'Foreground' })).status, 200);
  await waitGone('fg-alone');
});

test('orphan: the dependents lose their reference to the owner and stay; the orphan finalizer is removed and the owner goes', async () => {
  const owner = await configMap('or-owner');
  const other = await configMap('or-other');
  await configMap('or-dep1', { owners: [owner] });
  await configMap('or-dep2', { owners: [owner, other] });
  await delay(300);
  const del = await s.call('DELETE', `${CMS}/or-owner`, { propagationPolicy: 'Orphan' });
  assert.equal(del.status, 200);
  assert.deepEqual(del.body.metadata.finalizers, ['orphan']);
  await waitGone('or-owner');
  const dep1 = await get('or-dep1');
  assert.equal(dep1.status, 200);
  assert.deepEqual(dep1.body.metadata.ownerReferences ?? [], []);
  const dep2 = await get('or-dep2');
  assert.equal(dep2.status, 200);
  assert.deepEqual(dep2.body.metadata.ownerReferences.map((r: Ref) => r.uid), [other.uid]);
  // Orphans stay: nothing collects them later.
  await delay(500);
  assert.equal((await get('or-dep1')).status, 200);
});

test('cluster-scoped owners are looked up without a namespace; a cluster-scoped object naming a namespaced owner is never collected for it', async () => {
  const CR = '/apis/rbac.authorization.orch.io/v1/clusterroles';
  const mk = async (name: string, ownerReferences?: unknown[]) => {
    const r = await s.call('POST', CR, { metadata: { name, ownerReferences }, rules: [] });
    assert.equal(r.status, 201, JSON.stringify(r.body));
    return r.body.metadata.uid as string;
  };
  const ownerUid = await mk('gc-cr-owner');
  await mk('gc-cr-dep', [{ apiVersion: 'rbac.authorization.orch.io/v1', kind: 'ClusterRole', name: 'gc-cr-owner', uid: ownerUid }]);
  await mk('gc-cr-invalid', [{ apiVersion: 'v1', kind: 'ConfigMap', name: 'nowhere', uid: '00000000-0000-0000-0000-000000000003' }]);
  await delay(500);
  assert.equal((await s.call('GET', `${CR}/gc-cr-dep`)).status, 200, 'a live cluster-scoped owner keeps its dependent');
  assert.equal((await s.call('DELETE', `${CR}/gc-cr-owner`)).status, 200);
  await waitFor('gc-cr-dep to be deleted', async () => ((await s.call('GET', `${CR}/gc-cr-dep`)).status === 404 ? true : undefined));
  const invalid = await s.call('GET', `${CR}/gc-cr-invalid`);
  assert.equal(invalid.status, 200);
  assert.equal(invalid.body.metadata.deletionTimestamp, undefined);
});

test('with --enable-garbage-collector=false the controller does not run', async () => {
  const off = spawnControllerManager([`--orchconfig=${orchconfig}`, '--secure-port=0', '--leader-elect=false', '--controllers=garbage-collector-controller', '--enable-garbage-collector=false']);
  try {
    await off.waitForLog(/Garbage collector is disabled/);
    assert.doesNotMatch(off.stderr(), /Garbage collector synced/);
  } finally {
    off.kill('SIGTERM');
    assert.equal(await off.exited, 0);
  }
});
