import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Pod, PodTemplateSpec, ReplicationController } from '../../../api/core/v1/pod-types.ts';
import type { OwnerReference } from '../../../api/meta/v1/types.ts';
import type { ReplicaSet } from '../../../api/apps/v1/types.ts';
import { Indexer, type CachedObject } from '../../../client/cache/store.ts';
import { FakeClock } from '../../../client/clock/fake-clock.ts';
import { DelayingQueue } from '../../../client/workqueue/delaying-queue.ts';
import { StatusError } from '../../../machinery/status.ts';
import type { ReferableObject } from '../../../client/record/index.ts';
import type { PodControl } from '../workload/pod-control.ts';
import { podFromTemplate } from '../workload/pod-control.ts';
import { OWNER_CONTROLLER_UID_INDEX, POD_CONTROLLER_INDEX, controllerUidIndexFunc, podControllerIndexFunc } from '../workload/indexes.ts';
import { replicaSetKind, replicationControllerKind, type ReplicaKind } from './replica-kinds.ts';
import { ReplicaManager } from './replica-manager.ts';

const NS = 'ns';
const LABELS = { app: 'web' };
const TEMPLATE: PodTemplateSpec = { metadata: { labels: { ...LABELS, tier: 'front' } }, spec: { containers: [{ name: 'c', image: 'busybox' }] } };

function replicaSet(replicas: number, extra: Partial<ReplicaSet['spec']> = {}): ReplicaSet {
  return {
    apiVersion: 'apps/v1',
    kind: 'ReplicaSet',
    metadata: { name: 'web', namespace: NS, uid: 'rs-uid', generation: 1, resourceVersion: '1' },
    spec: { replicas, selector: { matchLabels: LABELS }, template: TEMPLATE, ...extra },
    status: { replicas: 0 },
  };
}

const quotaRefusal = () => new StatusError({ kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', reason: 'Forbidden', code: 403, message: 'pods "web-x" is forbidden: exceeded quota: q, requested: pods=1, used: pods=2, limited: pods=2' });

class FakePodControl implements PodControl {
  created: Pod[] = [];
  deleted: string[] = [];
  patches: Array<{ name: string; patch: any }> = [];
  createAttempts = 0;
  /** Creates beyond this many fail. */
  allowCreates = Infinity;
  private seq = 0;
  async createPod(namespace: string, template: PodTemplateSpec | undefined, owner: ReferableObject, ref: OwnerReference): Promise<Pod> {
    this.createAttempts++;
    if (this.created.length >= this.allowCreates) throw quotaRefusal();
    const pod = podFromTemplate(template, owner.metadata?.name ?? '', ref);
    pod.metadata = { ...pod.metadata, name: `${pod.metadata.generateName}${++this.seq}`, namespace, uid: `pod-${this.seq}`, resourceVersion: '1' };
    this.created.push(pod);
    return pod;
  }
  async deletePod(_ns: string, name: string): Promise<void> {
    this.deleted.push(name);
  }
  async patchPod(_ns: string, name: string, patch: unknown): Promise<void> {
    this.patches.push({ name, patch });
  }
}

function harness<T extends CachedObject>(kind: ReplicaKind<T>, owner: T) {
  const clock = new FakeClock();
  const owners = new Indexer<T>();
  owners.addIndexer(OWNER_CONTROLLER_UID_INDEX, controllerUidIndexFunc);
  const pods = new Indexer<Pod>();
  pods.addIndexer(POD_CONTROLLER_INDEX, podControllerIndexFunc);
  owners.add(owner);
  const writes: T[] = [];
  const podControl = new FakePodControl();
  const queue = new DelayingQueue<string>(clock);
  const manager = new ReplicaManager<T>({
    kind,
    owners,
    pods,
    podControl,
    queue,
    clock,
    api: {
      get: async () => owners.list()[0]!,
      updateStatus: async (obj) => {
        writes.push(structuredClone(obj));
        const stored = { ...obj, metadata: { ...obj.metadata, resourceVersion: String(Number(obj.metadata?.resourceVersion ?? 0) + 1) } };
        owners.update(stored);
        return stored;
      },
    },
  });
  const handler = manager.podHandler();
  /** The informer shows a pod (created by the controller or anyone). */
  const observe = (pod: Pod) => {
    pods.add(pod);
    handler.onAdd?.(pod, false);
  };
  return { clock, owners, pods, writes, podControl, queue, manager, observe, handler };
}

const running = (pod: Pod, readySince?: number, node = 'n1'): Pod => ({
  ...pod,
  spec: { ...pod.spec!, nodeName: node },
  status: {
    phase: 'Running',
    conditions: [{ type: 'Ready', status: readySince === undefined ? 'False' : 'True', lastTransitionTime: new Date(readySince ?? 0).toISOString().replace(/\.\d+Z$/, 'Z') }],
  },
});

test('a sync creates the missing pods from the template, owned by the replica set, and waits for the informer to show them', async () => {
  const h = harness(replicaSetKind, replicaSet(3));
  await h.manager.sync(`${NS}/web`);
  assert.equal(h.podControl.created.length, 3);
  const pod = h.podControl.created[0]!;
  assert.equal(pod.metadata.generateName, 'web-');
  assert.deepEqual(pod.metadata.labels, { app: 'web', tier: 'front' });
  assert.deepEqual(pod.metadata.ownerReferences, [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'web', uid: 'rs-uid', controller: true, blockOwnerDeletion: true }]);
  assert.deepEqual(pod.spec, TEMPLATE.spec);

  // The cache does not show the pods yet: a second sync must not create more.
  await h.manager.sync(`${NS}/web`);
  assert.equal(h.podControl.created.length, 3);
  assert.deepEqual(h.manager.expectations.pending(`${NS}/web`), { adds: 3, deletes: 0 });
  for (const p of h.podControl.created) h.observe(p);
  assert.equal(h.manager.expectations.satisfied(`${NS}/web`), true);
  await h.manager.sync(`${NS}/web`);
  assert.equal(h.podControl.created.length, 3);
  const status = h.writes.at(-1)!.status!;
  assert.equal(status.replicas, 3);
  assert.equal(status.fullyLabeledReplicas, 3);
  assert.equal(status.readyReplicas, 0);
  assert.equal(status.observedGeneration, 1);
  assert.equal(status.terminatingReplicas, 0);
});

test('create errors: slow-start batches stop at the first failing batch; FailedCreate condition; skipped creates are not awaited', async () => {
  const h = harness(replicaSetKind, replicaSet(10));
  h.podControl.allowCreates = 2;
  await assert.rejects(h.manager.sync(`${NS}/web`), /exceeded quota/);
  // Batches of 1 and 2: the second fails once, and the batch of 4 is never tried.
  assert.equal(h.podControl.createAttempts, 3);
  assert.equal(h.podControl.created.length, 2);
  assert.deepEqual(h.manager.expectations.pending(`${NS}/web`), { adds: 2, deletes: 0 });
  const failure = h.writes.at(-1)!.status!.conditions!.find((c) => c.type === 'ReplicaFailure')!;
  assert.equal(failure.status, 'True');
  assert.equal(failure.reason, 'FailedCreate');
  assert.match(failure.message!, /^pods "web-x" is forbidden: exceeded quota/);

  // Once the creates succeed the condition goes.
  for (const p of h.podControl.created) h.observe(p);
  h.podControl.allowCreates = Infinity;
  await h.manager.sync(`${NS}/web`);
  assert.equal(h.podControl.created.length, 10);
  assert.equal(h.writes.at(-1)!.status!.conditions, undefined);
});

test('too many pods: unscheduled, then not ready, then more recently ready pods go first; deletions are awaited by pod', async () => {
  const now = Date.UTC(2026, 10, 22, 5, 0, 0);
  const h = harness(replicaSetKind, replicaSet(2));
  const ref = [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'web', uid: 'rs-uid', controller: true, blockOwnerDeletion: true }];
  const mk = (name: string): Pod => ({ metadata: { name, namespace: NS, uid: name, labels: { ...LABELS }, ownerReferences: ref, resourceVersion: '1', creationTimestamp: '2026-11-01T00:00:00Z' }, spec: { containers: [] } });
  h.observe(running(mk('old-ready'), now - 3600_000));
  h.observe(running(mk('new-ready'), now - 10_000));
  h.observe(running(mk('not-ready')));
  h.observe(mk('unscheduled'));
  h.observe(running(mk('oldest-ready'), now - 86_400_000));
  await h.manager.sync(`${NS}/web`);
  assert.deepEqual(h.podControl.deleted, ['unscheduled', 'not-ready', 'new-ready']);
  assert.deepEqual(h.manager.expectations.pending(`${NS}/web`), { adds: 0, deletes: 3 });
  // Seeing one pod twice (deletion timestamp, then gone) counts once.
  const going = { ...h.pods.get(`${NS}/not-ready`)!, metadata: { ...h.pods.get(`${NS}/not-ready`)!.metadata, deletionTimestamp: '2026-11-22T05:00:00Z', resourceVersion: '2' } };
  h.handler.onUpdate?.(h.pods.get(`${NS}/not-ready`)!, going);
  h.handler.onDelete?.(going);
  assert.deepEqual(h.manager.expectations.pending(`${NS}/web`), { adds: 0, deletes: 2 });
});

test('the deletion cost annotation outranks readiness time', async () => {
  const now = Date.UTC(2026, 10, 22, 5, 0, 0);
  const h = harness(replicaSetKind, replicaSet(1));
  const ref = [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'web', uid: 'rs-uid', controller: true, blockOwnerDeletion: true }];
  const mk = (name: string, cost?: string): Pod => ({ metadata: { name, namespace: NS, uid: name, labels: { ...LABELS }, ownerReferences: ref, resourceVersion: '1', ...(cost ? { annotations: { 'controller.orch.io/pod-deletion-cost': cost } } : {}) }, spec: { containers: [] } });
  h.observe(running(mk('young-dear', '100'), now - 1000));
  h.observe(running(mk('old-cheap', '-5'), now - 86_400_000));
  await h.manager.sync(`${NS}/web`);
  assert.deepEqual(h.podControl.deleted, ['old-cheap']);
});

test('matching orphans are adopted, children the selector no longer matches are released, other controllers\' pods are left', async () => {
  const h = harness(replicaSetKind, replicaSet(2));
  const mine = [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'web', uid: 'rs-uid', controller: true, blockOwnerDeletion: true }];
  const theirs = [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'other', uid: 'other-uid', controller: true }];
  h.observe({ metadata: { name: 'orphan', namespace: NS, uid: 'o1', labels: { ...LABELS }, resourceVersion: '1' }, spec: { containers: [] } });
  h.observe({ metadata: { name: 'relabelled', namespace: NS, uid: 'r1', labels: { app: 'db' }, ownerReferences: mine, resourceVersion: '1' }, spec: { containers: [] } });
  h.observe({ metadata: { name: 'foreign', namespace: NS, uid: 'f1', labels: { ...LABELS }, ownerReferences: theirs, resourceVersion: '1' }, spec: { containers: [] } });
  h.observe({ metadata: { name: 'orphan-going', namespace: NS, uid: 'g1', labels: { ...LABELS }, deletionTimestamp: '2026-11-22T05:00:00Z', resourceVersion: '1' }, spec: { containers: [] } });
  await h.manager.sync(`${NS}/web`);
  const byName = Object.fromEntries(h.podControl.patches.map((p) => [p.name, p.patch]));
  assert.deepEqual(Object.keys(byName).sort(), ['orphan', 'relabelled']);
  assert.deepEqual(byName.orphan, { metadata: { ownerReferences: mine, uid: 'o1' } });
  assert.deepEqual(byName.relabelled, { metadata: { ownerReferences: [{ $patch: 'delete', uid: 'rs-uid' }], uid: 'r1' } });
  // The adopted orphan counts: one pod more is created for two replicas.
  assert.equal(h.podControl.created.length, 1);
});

test('an owner being deleted adopts nothing and creates nothing', async () => {
  const rs = replicaSet(2);
  rs.metadata.deletionTimestamp = '2026-11-22T05:00:00Z';
  const h = harness(replicaSetKind, rs);
  h.observe({ metadata: { name: 'orphan', namespace: NS, uid: 'o1', labels: { ...LABELS }, resourceVersion: '1' }, spec: { containers: [] } });
  await h.manager.sync(`${NS}/web`);
  assert.deepEqual(h.podControl.patches, []);
  assert.equal(h.podControl.created.length, 0);
});

test('availableReplicas waits minReadySeconds, and the owner is looked at again when a pod should turn available', async () => {
  const h = harness(replicaSetKind, replicaSet(1, { minReadySeconds: 10 }));
  const ref = [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'web', uid: 'rs-uid', controller: true, blockOwnerDeletion: true }];
  const readyAt = Math.floor(h.clock.now() / 1000) * 1000 - 4000;
  h.observe(running({ metadata: { name: 'p', namespace: NS, uid: 'p', labels: { ...LABELS }, ownerReferences: ref, resourceVersion: '1' }, spec: { containers: [] } }, readyAt));
  await h.manager.sync(`${NS}/web`);
  let status = h.writes.at(-1)!.status!;
  assert.equal(status.readyReplicas, 1);
  assert.equal(status.availableReplicas, 0);
  // Drain what the pod event queued; the requeue comes after the remaining 6 s.
  while (h.queue.len() > 0) {
    const { item } = await h.queue.get();
    h.queue.done(item!);
  }
  assert.equal(h.queue.waitingCount(), 1);
  await h.clock.step(6100);
  assert.equal(h.queue.len(), 1);
  await h.manager.sync(`${NS}/web`);
  status = h.writes.at(-1)!.status!;
  assert.equal(status.availableReplicas, 1);
});

test('a replication controller is served by the same code: its selector map selects, its status has no terminatingReplicas', async () => {
  const rc: ReplicationController = {
    apiVersion: 'v1',
    kind: 'ReplicationController',
    metadata: { name: 'web', namespace: NS, uid: 'rc-uid', generation: 2, resourceVersion: '1' },
    spec: { replicas: 2, selector: { ...LABELS }, template: TEMPLATE },
    status: { replicas: 0 },
  };
  const h = harness(replicationControllerKind, rc);
  h.observe({ metadata: { name: 'orphan', namespace: NS, uid: 'o1', labels: { ...LABELS }, resourceVersion: '1' }, spec: { containers: [] } });
  await h.manager.sync(`${NS}/web`);
  assert.equal(h.podControl.patches[0]!.patch.metadata.ownerReferences[0].kind, 'ReplicationController');
  assert.equal(h.podControl.patches[0]!.patch.metadata.ownerReferences[0].apiVersion, 'v1');
  assert.equal(h.podControl.created.length, 1);
  const written = h.writes.at(-1)!;
  assert.deepEqual(written.spec!.selector, LABELS, 'the RC is written back in its own shape');
  assert.equal(written.status!.observedGeneration, 2);
  assert.equal('terminatingReplicas' in written.status!, false);
});

test('a pod event wakes its controller, and an orphan wakes the owners whose selector matches it', async () => {
  const h = harness(replicaSetKind, replicaSet(1));
  h.observe({ metadata: { name: 'stranger', namespace: NS, uid: 's', labels: { app: 'other' }, resourceVersion: '1' }, spec: { containers: [] } });
  assert.equal(h.queue.len(), 0);
  h.observe({ metadata: { name: 'orphan', namespace: NS, uid: 'o', labels: { ...LABELS }, resourceVersion: '1' }, spec: { containers: [] } });
  assert.equal(h.queue.len(), 1);
});
