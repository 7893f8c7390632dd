import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ControllerRevision, StatefulSet, StatefulSetStatus } from '../../../api/apps/v1/types.ts';
import type { Pod } from '../../../api/core/v1/pod-types.ts';
import type { PersistentVolumeClaim } from '../../../api/core/v1/volume-types.ts';
import type { LabelSelector } from '../../../api/meta/v1/types.ts';
import { FakeClock } from '../../../client/clock/fake-clock.ts';
import type { EventRecorder } from '../../../client/record/index.ts';
import { labelSelectorMatches } from '../../../machinery/selectors/label-selector.ts';
import type { History } from '../history/controller-history.ts';
import { controllerRevisionName, hashControllerRevision, type ParentObject } from '../history/revisions.ts';
import { StatefulPodControl, type ObjectManager } from './stateful-pod-control.ts';
import { StatefulSetControl } from './stateful-set-control.ts';

const NS = 'ns';

function statefulSet(spec: Partial<NonNullable<StatefulSet['spec']>> = {}): StatefulSet {
  return {
    apiVersion: 'apps/v1',
    kind: 'StatefulSet',
    metadata: { name: 'web', namespace: NS, uid: 'set-uid', generation: 1 },
    spec: {
      replicas: 3,
      serviceName: 'web',
      selector: { matchLabels: { app: 'web' } },
      template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'c', image: 'nginx:1' }] } },
      podManagementPolicy: 'OrderedReady',
      updateStrategy: { type: 'RollingUpdate', rollingUpdate: { partition: 0 } },
      revisionHistoryLimit: 10,
      volumeClaimTemplates: [{ metadata: { name: 'data' }, spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } } }],
      ...spec,
    },
    status: { replicas: 0 },
  };
}

/** Pods and claims in memory, as the caches would hold them once the server answered. */
class Objects implements ObjectManager {
  pods = new Map<string, Pod>();
  claims = new Map<string, PersistentVolumeClaim>();
  deleted: string[] = [];
  private seq = 0;
  async createPod(pod: Pod) {
    this.pods.set(pod.metadata.name!, { ...structuredClone(pod), metadata: { ...structuredClone(pod.metadata), uid: `pod-${++this.seq}`, resourceVersion: '1' }, status: { phase: 'Pending' } });
  }
  getPod(_ns: string, name: string) {
    return this.pods.get(name);
  }
  async updatePod(pod: Pod) {
    this.pods.set(pod.metadata.name!, structuredClone(pod));
  }
  async deletePod(pod: Pod) {
    this.deleted.push(pod.metadata.name!);
    this.pods.delete(pod.metadata.name!);
  }
  async createClaim(claim: PersistentVolumeClaim) {
    this.claims.set(claim.metadata.name!, { ...structuredClone(claim), metadata: { ...structuredClone(claim.metadata), uid: `claim-${++this.seq}` } });
  }
  getClaim(_ns: string, name: string) {
    return this.claims.get(name);
  }
  async updateClaim(claim: PersistentVolumeClaim) {
    this.claims.set(claim.metadata.name!, structuredClone(claim));
  }
  markReady(name: string) {
    const pod = this.pods.get(name)!;
    pod.status = { phase: 'Running', conditions: [{ type: 'Ready', status: 'True', lastTransitionTime: '2026-01-01T00:00:00Z' }] };
  }
  names() {
    return [...this.pods.keys()].sort();
  }
}

class MemoryHistory implements History {
  revisions = new Map<string, ControllerRevision>();
  list(parent: ParentObject, selector: LabelSelector | undefined | null) {
    return [...this.revisions.values()].filter((r) => labelSelectorMatches(selector ?? undefined, r.metadata.labels) && r.metadata.namespace === parent.metadata.namespace);
  }
  async create(parent: ParentObject, revision: ControllerRevision, collision: { count: number }) {
    const name = controllerRevisionName(parent.metadata.name!, hashControllerRevision(revision, collision.count));
    const stored = { ...structuredClone(revision), metadata: { ...structuredClone(revision.metadata), name, uid: `rev-${name}` } };
    this.revisions.set(name, stored);
    return stored;
  }
  async updateRevision(revision: ControllerRevision, newRevision: number) {
    const stored = { ...structuredClone(revision), revision: newRevision };
    this.revisions.set(revision.metadata.name!, stored);
    return stored;
  }
  async delete(revision: ControllerRevision) {
    this.revisions.delete(revision.metadata.name!);
  }
  async adopt(_p: ParentObject, _k: unknown, revision: ControllerRevision) {
    return revision;
  }
}

interface Harness {
  objects: Objects;
  history: MemoryHistory;
  events: string[];
  control: StatefulSetControl;
  /** Runs one sync with the pods held now, and stores the status written. */
  sync(set: StatefulSet): Promise<StatefulSetStatus | undefined>;
}

function harness(): Harness {
  const objects = new Objects();
  const history = new MemoryHistory();
  const events: string[] = [];
  const recorder: EventRecorder = { eventf: (_r, _rel, type, reason, _action, note) => void events.push(`${type} ${reason} ${note}`) };
  const control = new StatefulSetControl(new StatefulPodControl(objects, recorder), history, {
    async updateStatus(set, status) {
      set.status = status;
    },
  }, new FakeClock());
  return {
    objects,
    history,
    events,
    control,
    async sync(set) {
      const status = await control.updateStatefulSet(set, [...objects.pods.values()]);
      if (status) set.status = status;
      return status;
    },
  };
}

test('OrderedReady creates one pod at a time with its claim, waiting for Running and Ready', async () => {
  const h = harness();
  const set = statefulSet();
  await h.sync(set);
  assert.deepEqual(h.objects.names(), ['web-0']);
  assert.deepEqual([...h.objects.claims.keys()], ['data-web-0']);
  const pod = h.objects.pods.get('web-0')!;
  assert.equal(pod.metadata.labels!['statefulset.orch.io/pod-name'], 'web-0');
  assert.equal(pod.metadata.labels!['apps.orch.io/pod-index'], '0');
  assert.equal(pod.spec!.hostname, 'web-0');
  assert.equal(pod.spec!.subdomain, 'web');
  assert.deepEqual(pod.spec!.volumes, [{ name: 'data', persistentVolumeClaim: { claimName: 'data-web-0' } }]);
  assert.deepEqual((pod.metadata.ownerReferences as any[])[0], { apiVersion: 'apps/v1', kind: 'StatefulSet', name: 'web', uid: 'set-uid', controller: true, blockOwnerDeletion: true });
  assert.equal(h.objects.claims.get('data-web-0')!.metadata.labels!.app, 'web');
  assert.deepEqual(h.events, ['Normal SuccessfulCreate create Claim data-web-0 Pod web-0 in StatefulSet web success', 'Normal SuccessfulCreate create Pod web-0 in StatefulSet web successful']);

  await h.sync(set);
  assert.deepEqual(h.objects.names(), ['web-0'], 'web-1 waits while web-0 is Pending');
  h.objects.markReady('web-0');
  await h.sync(set);
  assert.deepEqual(h.objects.names(), ['web-0', 'web-1']);
  h.objects.markReady('web-1');
  await h.sync(set);
  h.objects.markReady('web-2');
  const status = await h.sync(set);
  assert.equal(status!.replicas, 3);
  assert.equal(status!.readyReplicas, 3);
  assert.equal(status!.availableReplicas, 3);
  assert.equal(status!.currentReplicas, 3);
  assert.equal(status!.updatedReplicas, 3);
  assert.equal(status!.currentRevision, status!.updateRevision);
  assert.equal(status!.collisionCount, 0);
  assert.equal(status!.observedGeneration, 1);
  const revision = h.objects.pods.get('web-2')!.metadata.labels!['controller-revision-hash'];
  assert.equal(revision, status!.updateRevision);
  assert.match(revision!, /^web-[bcdfghjklmnpqrstvwxz2456789]+$/);
  assert.equal(h.history.revisions.get(revision!)!.metadata.labels!['controller-revision-hash'], revision!.slice('web-'.length));
});

test('Parallel creates every pod at once; ordinals start at spec.ordinals.start', async () => {
  const h = harness();
  const set = statefulSet({ podManagementPolicy: 'Parallel', ordinals: { start: 5 } });
  await h.sync(set);
  assert.deepEqual(h.objects.names(), ['web-5', 'web-6', 'web-7']);
  assert.deepEqual([...h.objects.claims.keys()].sort(), ['data-web-5', 'data-web-6', 'data-web-7']);
});

test('scaling down deletes from the highest ordinal, one at a time under OrderedReady', async () => {
  const h = harness();
  const set = statefulSet({ podManagementPolicy: 'Parallel' });
  await h.sync(set);
  for (const name of h.objects.names()) h.objects.markReady(name);
  set.spec!.podManagementPolicy = 'OrderedReady';
  set.spec!.replicas = 1;
  await h.sync(set);
  assert.deepEqual(h.objects.deleted, ['web-2']);
  await h.sync(set);
  assert.deepEqual(h.objects.deleted, ['web-2', 'web-1']);
  assert.deepEqual([...h.objects.claims.keys()].sort(), ['data-web-0', 'data-web-1', 'data-web-2'], 'Retain keeps the claims');
});

test('a rolling update replaces pods from the highest ordinal down to the partition, one at a time', async () => {
  const h = harness();
  const set = statefulSet({ podManagementPolicy: 'Parallel', updateStrategy: { type: 'RollingUpdate', rollingUpdate: { partition: 1 } } });
  await h.sync(set);
  for (const name of h.objects.names()) h.objects.markReady(name);
  const first = (await h.sync(set))!.currentRevision;
  set.spec!.template!.spec!.containers[0]!.image = 'nginx:2';
  set.metadata.generation = 2;
  const status = await h.sync(set);
  assert.notEqual(status!.updateRevision, first);
  assert.equal(status!.currentRevision, first);
  assert.deepEqual(h.objects.deleted, ['web-2'], 'one pod at a time (maxUnavailable 1)');
  await h.sync(set);
  const recreated = h.objects.pods.get('web-2')!;
  assert.equal(recreated.spec!.containers[0]!.image, 'nginx:2');
  assert.equal(recreated.metadata.labels!['controller-revision-hash'], status!.updateRevision);
  h.objects.markReady('web-2');
  await h.sync(set);
  assert.deepEqual(h.objects.deleted, ['web-2', 'web-1']);
  await h.sync(set);
  h.objects.markReady('web-1');
  await h.sync(set);
  await h.sync(set);
  assert.deepEqual(h.objects.deleted, ['web-2', 'web-1'], 'the partition keeps web-0 at the old revision');
  assert.equal(h.objects.pods.get('web-0')!.spec!.containers[0]!.image, 'nginx:1');
  assert.equal(set.status!.updatedReplicas, 2);
  assert.equal(set.status!.currentReplicas, 1);
  assert.equal(h.history.revisions.size, 2);
});

test('maxUnavailable lets a rolling update delete several pods at once; OnDelete deletes none', async () => {
  const h = harness();
  const set = statefulSet({ podManagementPolicy: 'Parallel', replicas: 4, updateStrategy: { type: 'RollingUpdate', rollingUpdate: { partition: 0, maxUnavailable: '50%' } } });
  await h.sync(set);
  for (const name of h.objects.names()) h.objects.markReady(name);
  set.spec!.template!.spec!.containers[0]!.image = 'nginx:2';
  await h.sync(set);
  assert.deepEqual(h.objects.deleted, ['web-3', 'web-2']);

  const onDelete = harness();
  const other = statefulSet({ podManagementPolicy: 'Parallel', updateStrategy: { type: 'OnDelete' } });
  await onDelete.sync(other);
  for (const name of onDelete.objects.names()) onDelete.objects.markReady(name);
  other.spec!.template!.spec!.containers[0]!.image = 'nginx:2';
  await onDelete.sync(other);
  assert.deepEqual(onDelete.objects.deleted, []);
});

test('the retention policy puts the set or the pod on the claims as their controller', async () => {
  const h = harness();
  const set = statefulSet({ podManagementPolicy: 'Parallel', replicas: 2, persistentVolumeClaimRetentionPolicy: { whenDeleted: 'Delete', whenScaled: 'Delete' } });
  await h.sync(set);
  for (const name of h.objects.names()) h.objects.markReady(name);
  await h.sync(set);
  const owners = (claim: string) => ((h.objects.claims.get(claim)!.metadata.ownerReferences ?? []) as any[]).map((r) => `${r.kind}/${r.name}`);
  assert.deepEqual(owners('data-web-0'), ['StatefulSet/web']);
  set.spec!.replicas = 1;
  await h.sync(set);
  assert.deepEqual(owners('data-web-1'), ['Pod/web-1'], 'a scaled-down pod owns its claim, so the claim goes with it');
  assert.deepEqual(h.objects.deleted, ['web-1']);
});

test('a failed pod is deleted so it is made again', async () => {
  const h = harness();
  const set = statefulSet({ replicas: 1 });
  await h.sync(set);
  h.objects.pods.get('web-0')!.status = { phase: 'Failed' };
  await h.sync(set);
  assert.deepEqual(h.objects.deleted, ['web-0']);
  await h.sync(set);
  assert.deepEqual(h.objects.names(), ['web-0']);
  assert.ok(h.events.includes('Normal SuccessfulDelete delete Pod web-0 in StatefulSet web successful'));
});
