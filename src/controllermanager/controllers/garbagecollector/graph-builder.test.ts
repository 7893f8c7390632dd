import { test } from 'node:test';
import assert from 'node:assert/strict';
import { WorkQueue } from '../../../client/workqueue/queue.ts';
import { GraphBuilder } from './graph-builder.ts';
import { diffOwners, type GraphNode } from './graph.ts';

const CM = { apiVersion: 'v1', kind: 'ConfigMap' };

function cm(name: string, uid: string, meta: Record<string, unknown> = {}) {
  return { metadata: { name, namespace: 'ns', uid, ...meta } };
}

function setup() {
  const del = new WorkQueue<GraphNode>();
  const orphan = new WorkQueue<GraphNode>();
  const builder = new GraphBuilder(del, orphan);
  // Everything queued, by name, in queue order.
  const drain = async (q: WorkQueue<GraphNode>) => {
    const names: string[] = [];
    while (q.len() > 0) {
      const r = await q.get();
      if (r.shutdown) break;
      names.push(r.item.identity.name);
      q.done(r.item);
    }
    return names;
  };
  return { builder, drainDelete: () => drain(del), drainOrphan: () => drain(orphan) };
}

const ref = (name: string, uid: string, extra: Record<string, unknown> = {}) => ({ apiVersion: 'v1', kind: 'ConfigMap', name, uid, ...extra });

test('a dependent naming an unseen owner creates a virtual owner and queues it to be checked', async () => {
  const { builder, drainDelete } = setup();
  builder.observe(cm('dep', 'u-dep', { ownerReferences: [ref('owner', 'u-owner')] }), CM);
  const owner = builder.graph.get('u-owner')!;
  assert.equal(owner.virtual, true);
  assert.equal(owner.identity.namespace, 'ns');
  assert.deepEqual([...owner.dependents].map((d) => d.identity.name), ['dep']);
  assert.deepEqual(await drainDelete(), ['owner']);
});

test('observing the owner makes the virtual node real; deleting it queues its dependents', async () => {
  const { builder, drainDelete } = setup();
  builder.observe(cm('dep', 'u-dep', { ownerReferences: [ref('owner', 'u-owner')] }), CM);
  builder.observe(cm('owner', 'u-owner'), CM);
  assert.equal(builder.graph.get('u-owner')!.virtual, false);
  await drainDelete();
  builder.forget(cm('owner', 'u-owner'));
  assert.equal(builder.graph.get('u-owner'), undefined);
  assert.deepEqual(await drainDelete(), ['dep']);
});

test('an owner being deleted in the foreground queues its dependents and itself; with orphan it is queued to orphan', async () => {
  const { builder, drainDelete, drainOrphan } = setup();
  builder.observe(cm('owner', 'u-owner'), CM);
  builder.observe(cm('dep', 'u-dep', { ownerReferences: [ref('owner', 'u-owner', { blockOwnerDeletion: true })] }), CM);
  builder.observe(cm('owner', 'u-owner', { deletionTimestamp: 'now', finalizers: ['foregroundDeletion'] }), CM);
  const owner = builder.graph.get('u-owner')!;
  assert.equal(owner.deletingDependents, true);
  assert.deepEqual(owner.blockingDependents().map((d) => d.identity.name), ['dep']);
  assert.deepEqual((await drainDelete()).sort(), ['dep', 'owner']);
  builder.observe(cm('other', 'u-other', { deletionTimestamp: 'now', finalizers: ['orphan'] }), CM);
  assert.deepEqual(await drainOrphan(), ['other']);
});

test('dropping a blocking reference queues an owner waiting for its dependents', async () => {
  const { builder, drainDelete } = setup();
  builder.observe(cm('owner', 'u-owner', { deletionTimestamp: 'now', finalizers: ['foregroundDeletion'] }), CM);
  builder.observe(cm('dep', 'u-dep', { ownerReferences: [ref('owner', 'u-owner', { blockOwnerDeletion: true })] }), CM);
  await drainDelete();
  builder.observe(cm('dep', 'u-dep', { ownerReferences: [] }), CM);
  assert.deepEqual(await drainDelete(), ['owner']);
  assert.equal(builder.graph.get('u-owner')!.dependents.size, 0);
});

test('absent() removes a node only if it is still the one in the graph', () => {
  const { builder } = setup();
  builder.observe(cm('a', 'u-a'), CM);
  const a = builder.graph.get('u-a')!;
  builder.forget(cm('a', 'u-a'));
  builder.observe(cm('a', 'u-a'), CM);
  builder.absent(a);
  assert.ok(builder.graph.get('u-a'), 'a newer node for the uid is kept');
});

test('objects without a uid are ignored', () => {
  const { builder } = setup();
  builder.observe({ metadata: { name: 'x' } }, CM);
  assert.equal(builder.graph.size, 0);
});

test('diffOwners finds added, removed and changed references', () => {
  const d = diffOwners([ref('a', '1'), ref('b', '2')], [ref('b', '2', { blockOwnerDeletion: true }), ref('c', '3')]);
  assert.deepEqual(d.added.map((o) => o.uid), ['3']);
  assert.deepEqual(d.removed.map((o) => o.uid), ['1']);
  assert.deepEqual(d.changed.map((c) => c.now.uid), ['2']);
});
