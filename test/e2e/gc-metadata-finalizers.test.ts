// Garbage-collection metadata on every resource: finalizers hold a deleted object with a
// deletionTimestamp until the last one is removed; propagation policies are recorded as the
// orphan and foregroundDeletion finalizers; ownerReferences are validated.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startCoreApiserver, type CoreApiserver } from '../support/core-apiserver.ts';

let s: CoreApiserver;
before(async () => {
  s = await startCoreApiserver();
});
after(() => s.stop());

const CMS = '/api/v1/namespaces/default/configmaps';
const MERGE = { 'content-type': 'application/merge-patch+json' };
const cm = (name: string, meta: Record<string, unknown> = {}) => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, ...meta }, data: { k: 'v' } });

test('an object with finalizers is only marked on delete; removing the last finalizer deletes it', async () => {
  await s.call('POST', CMS, cm('held', { finalizers: ['example.com/hold', 'example.com/second'] }));
  const del = await s.call('DELETE', `${CMS}/held`);
  assert.equal(del.status, 200);
  assert.equal(del.body.kind, 'ConfigMap');
  assert.ok(del.body.metadata.deletionTimestamp);
  assert.equal(del.body.metadata.deletionGracePeriodSeconds, 0);
  assert.equal(del.body.metadata.generation, 2);

  const stillThere = await s.call('GET', `${CMS}/held`);
  assert.equal(stillThere.status, 200);
  assert.equal(stillThere.body.metadata.deletionTimestamp, del.body.metadata.deletionTimestamp);

  const added = await s.call('PATCH', `${CMS}/held`, { metadata: { finalizers: ['example.com/hold', 'example.com/second', 'example.com/new'] } }, MERGE);
  assert.equal(added.status, 422);
  assert.match(added.body.message, /metadata\.finalizers: Forbidden: no new finalizers can be added if the object is being deleted, found new finalizers \["example\.com\/new"\]/);

  const cleared = await s.call('PATCH', `${CMS}/held`, { metadata: { deletionTimestamp: null } }, MERGE);
  assert.equal(cleared.status, 200);
  assert.ok(cleared.body.metadata.deletionTimestamp, 'an update cannot clear deletionTimestamp');

  const one = await s.call('PATCH', `${CMS}/held`, { metadata: { finalizers: ['example.com/second'] } }, MERGE);
  assert.equal(one.status, 200);
  assert.equal((await s.call('GET', `${CMS}/held`)).status, 200);
  const last = await s.call('PATCH', `${CMS}/held`, { metadata: { finalizers: null } }, MERGE);
  assert.equal(last.status, 200);
  assert.equal((await s.call('GET', `${CMS}/held`)).status, 404);
});

test('propagationPolicy Orphan and Foreground are recorded as finalizers; Background deletes at once', async () => {
  await s.call('POST', CMS, cm('orphan-me'));
  const orphan = await s.call('DELETE', `${CMS}/orphan-me`, { propagationPolicy: 'Orphan' });
  assert.equal(orphan.status, 200);
  assert.deepEqual(orphan.body.metadata.finalizers, ['orphan']);
  assert.ok(orphan.body.metadata.deletionTimestamp);

  await s.call('POST', CMS, cm('fg'));
  const fg = await s.call('DELETE', `${CMS}/fg?propagationPolicy=Foreground`);
  assert.deepEqual(fg.body.metadata.finalizers, ['foregroundDeletion']);

  // A later delete with another policy switches the collector's finalizer.
  const switched = await s.call('DELETE', `${CMS}/fg`, { propagationPolicy: 'Orphan' });
  assert.deepEqual(switched.body.metadata.finalizers, ['orphan']);

  await s.call('POST', CMS, cm('bg', { finalizers: ['orphan'] }));
  const bg = await s.call('DELETE', `${CMS}/bg`, { propagationPolicy: 'Background' });
  assert.equal(bg.body.kind, 'Status', 'Background drops the orphan finalizer, leaving nothing to wait for');
  assert.equal((await s.call('GET', `${CMS}/bg`)).status, 404);

  await s.call('POST', CMS, cm('legacy'));
  const legacy = await s.call('DELETE', `${CMS}/legacy`, { orphanDependents: false, kind: 'DeleteOptions', apiVersion: 'v1' });
  assert.equal(legacy.status, 200);
  assert.equal(legacy.body.kind, 'Status');
});

test('a marked object is answered with 202 when orphanDependents=false leaves finalizers pending', async () => {
  await s.call('POST', CMS, cm('accepted', { finalizers: ['example.com/hold'] }));
  const r = await s.call('DELETE', `${CMS}/accepted`, { orphanDependents: false });
  assert.equal(r.status, 202);
  assert.deepEqual(r.body.metadata.finalizers, ['example.com/hold']);
});

test('bad delete options are refused with 422', async () => {
  await s.call('POST', CMS, cm('opts'));
  const bad = await s.call('DELETE', `${CMS}/opts`, { propagationPolicy: 'Sometimes' });
  assert.equal(bad.status, 422);
  assert.match(bad.body.message, /propagationPolicy: Unsupported value: "Sometimes": supported values: "Foreground", "Background", "Orphan", "nil"/);
  const both = await s.call('DELETE', `${CMS}/opts`, { propagationPolicy: 'Orphan', orphanDependents: true });
  assert.equal(both.status, 422);
  assert.match(both.body.message, /orphanDependents and deletionPropagation cannot be both set/);
  assert.equal((await s.call('GET', `${CMS}/opts`)).status, 200);
});

test('dryRun delete reports the marking without writing it', async () => {
  await s.call('POST', CMS, cm('dry', { finalizers: ['example.com/hold'] }));
  const r = await s.call('DELETE', `${CMS}/dry?dryRun=All`);
  assert.equal(r.status, 200);
  assert.ok(r.body.metadata.deletionTimestamp);
  assert.equal((await s.call('GET', `${CMS}/dry`)).body.metadata.deletionTimestamp, undefined);
});

test('a collection delete marks the items with finalizers and removes the others', async () => {
  await s.call('POST', '/api/v1/namespaces', { metadata: { name: 'coll' } });
  const base = '/api/v1/namespaces/coll/configmaps';
  await s.call('POST', base, cm('a', { finalizers: ['example.com/hold'] }));
  await s.call('POST', base, cm('b'));
  const r = await s.call('DELETE', base);
  assert.equal(r.status, 200);
  const left = (await s.call('GET', base)).body.items;
  assert.deepEqual(left.map((x: any) => x.metadata.name), ['a']);
  assert.ok(left[0].metadata.deletionTimestamp);
});

test('ownerReferences are validated as Kubernetes validates them', async () => {
  const owner = { apiVersion: 'v1', kind: 'ConfigMap', name: 'parent', uid: '6f1c7f5e-0000-4000-8000-000000000001' };
  const ok = await s.call('POST', CMS, cm('child', { ownerReferences: [{ ...owner, controller: true, blockOwnerDeletion: true }] }));
  assert.equal(ok.status, 201, JSON.stringify(ok.body));

  const missing = await s.call('POST', CMS, cm('child2', { ownerReferences: [{ kind: 'ConfigMap' }] }));
  assert.equal(missing.status, 422);
  const fields = missing.body.details.causes.map((c: any) => c.field).sort();
  assert.deepEqual(fields, ['metadata.ownerReferences.apiVersion', 'metadata.ownerReferences.name', 'metadata.ownerReferences.uid']);

  const two = await s.call('POST', CMS, cm('child3', { ownerReferences: [{ ...owner, controller: true }, { ...owner, name: 'other', uid: 'u2', controller: true }] }));
  assert.equal(two.status, 422);
  assert.match(two.body.message, /Only one reference can have Controller set to true\. Found "true" in references for ConfigMap\/parent and ConfigMap\/other/);

  const both = await s.call('POST', CMS, cm('child4', { finalizers: ['orphan', 'foregroundDeletion'] }));
  assert.equal(both.status, 422);
  assert.match(both.body.message, /finalizer orphan and foregroundDeletion cannot be both set/);
});
