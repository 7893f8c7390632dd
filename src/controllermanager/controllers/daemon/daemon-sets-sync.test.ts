import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ControllerRevision, DaemonSet } from '../../../api/apps/v1/types.ts';
import type { Node } from '../../../api/core/v1/node-types.ts';
import type { Pod, PodTemplateSpec } from '../../../api/core/v1/pod-types.ts';
import type { OwnerReference } from '../../../api/meta/v1/types.ts';
import { Indexer } from '../../../client/cache/store.ts';
import { FakeClock } from '../../../client/clock/fake-clock.ts';
import type { EventRecorder, ReferableObject } from '../../../client/record/index.ts';
import { StatusError } from '../../../machinery/status.ts';
import { ControllerExpectations } from '../workload/expectations.ts';
import { podFromTemplate, type PodControl } from '../workload/pod-control.ts';
import type { DaemonApi } from './daemon-api.ts';
import { DaemonSetsSync } from './daemon-sets-sync.ts';
import { FailedPodsBackoff } from './failed-pods-backoff.ts';
import { nodeShouldRunDaemonPod } from './node-should-run.ts';

const NS = 'kube';
const KEY = `${NS}/agent`;

function daemonSet(spec: Partial<NonNullable<DaemonSet['spec']>> = {}): DaemonSet {
  return {
    apiVersion: 'apps/v1',
    kind: 'DaemonSet',
    metadata: { name: 'agent', namespace: NS, uid: 'ds-uid', generation: 1, annotations: { 'deprecated.daemonset.template.generation': '1' } },
    spec: {
      selector: { matchLabels: { app: 'agent' } },
      template: { metadata: { labels: { app: 'agent' } }, spec: { containers: [{ name: 'c', image: 'agent:1' }] } },
      updateStrategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 1, maxSurge: 0 } },
      revisionHistoryLimit: 10,
      ...spec,
    },
    status: { currentNumberScheduled: 0, numberMisscheduled: 0, desiredNumberScheduled: 0, numberReady: 0 },
  };
}

const node = (name: string, extra: Partial<Node['spec']> = {}, labels: Record<string, string> = {}): Node => ({ metadata: { name, labels: { 'kubernetes.io/hostname': name, ...labels } }, spec: { ...extra } });

class Cluster implements PodControl, DaemonApi {
  sets = new Indexer<DaemonSet>();
  pods = new Indexer<Pod>();
  nodes = new Indexer<Node>();
  revisions = new Indexer<ControllerRevision>();
  events: string[] = [];
  deleted: string[] = [];
  private seq = 0;
  history = {
    adopt: async (_p: unknown, _k: unknown, r: ControllerRevision) => r,
    release: async (_p: unknown, r: ControllerRevision) => r,
  } as unknown as DaemonApi['history'];

  async createPod(namespace: string, template: PodTemplateSpec | undefined, owner: ReferableObject, ref: OwnerReference): Promise<Pod> {
    const pod = podFromTemplate(template, owner.metadata?.name ?? '', ref);
    const n = ++this.seq;
    pod.metadata = { ...pod.metadata, name: `${pod.metadata.generateName}${n}`, namespace, uid: `pod-${n}`, resourceVersion: '1', creationTimestamp: `2026-01-01T00:00:${String(n).padStart(2, '0')}Z` };
    pod.status = { phase: 'Pending' };
    this.pods.add(pod);
    return pod;
  }
  async deletePod(namespace: string, name: string): Promise<void> {
    this.deleted.push(name);
    const pod = this.pods.get(`${namespace}/${name}`);
    if (!pod) throw new StatusError({ kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', reason: 'NotFound', code: 404, message: 'gone' });
    this.pods.delete(pod);
  }
  async patchPod(): Promise<void> {}
  async getDaemonSet(ns: string, name: string) {
    return structuredClone(this.sets.get(`${ns}/${name}`)!);
  }
  async updateDaemonSetStatus(ds: DaemonSet) {
    this.sets.update(structuredClone(ds));
    return ds;
  }
  async createRevision(r: ControllerRevision) {
    const stored = { ...structuredClone(r), metadata: { ...structuredClone(r.metadata), uid: `rev-${r.metadata.name}` } };
    this.revisions.add(stored);
    return stored;
  }
  async getRevision(ns: string, name: string) {
    return this.revisions.get(`${ns}/${name}`)!;
  }
  async updateRevision(r: ControllerRevision) {
    this.revisions.update(structuredClone(r));
    return r;
  }
  async deleteRevision(ns: string, name: string) {
    this.revisions.delete(this.revisions.get(`${ns}/${name}`)!);
  }
  daemonPods(): Pod[] {
    return this.pods.list().filter((p) => !p.metadata.deletionTimestamp).sort((a, b) => a.metadata.name!.localeCompare(b.metadata.name!));
  }
  /** Binds every pod to the node its affinity names and makes it running and ready. */
  runAll(): void {
    for (const pod of this.pods.list()) {
      const nodeName = pod.spec!.affinity!.nodeAffinity!.requiredDuringSchedulingIgnoredDuringExecution!.nodeSelectorTerms[0]!.matchFields![0]!.values![0]!;
      this.pods.update({ ...pod, spec: { ...pod.spec!, nodeName }, status: { phase: 'Running', conditions: [{ type: 'Ready', status: 'True', lastTransitionTime: '2026-01-01T00:00:00Z' }] } });
    }
  }
}

function harness(ds: DaemonSet, nodes: Node[]) {
  const cluster = new Cluster();
  cluster.sets.add(ds);
  for (const n of nodes) cluster.nodes.add(n);
  const clock = new FakeClock();
  const expectations = new ControllerExpectations(clock);
  const recorder: EventRecorder = { eventf: (_r, _rel, type, reason, _a, note) => void cluster.events.push(`${type} ${reason} ${note}`) };
  const syncer = new DaemonSetsSync({
    sets: cluster.sets, pods: cluster.pods, nodes: cluster.nodes, revisions: cluster.revisions,
    api: cluster, podControl: cluster, recorder, expectations, backoff: new FailedPodsBackoff(clock), clock,
    enqueueAfter: () => undefined,
  });
  /** A sync once the informer has shown everything written before it. */
  const sync = async () => {
    expectations.delete(KEY);
    await syncer.sync(KEY);
  };
  return { cluster, sync, status: () => cluster.sets.get(KEY)!.status! };
}

test('a node runs the daemon pod when its selector, affinity and taints allow it', () => {
  const ds = daemonSet({ template: { metadata: { labels: { app: 'agent' } }, spec: { containers: [{ name: 'c', image: 'i' }], nodeSelector: { disk: 'ssd' } } } });
  assert.deepEqual(nodeShouldRunDaemonPod(node('a', {}, { disk: 'ssd' }), ds), { shouldRun: true, shouldContinueRunning: true });
  assert.deepEqual(nodeShouldRunDaemonPod(node('b'), ds), { shouldRun: false, shouldContinueRunning: false });
  const plain = daemonSet();
  // The tolerations every daemon pod gets: node problems and cordoning do not keep it off.
  for (const key of ['node.orch.io/not-ready', 'node.orch.io/unreachable']) {
    assert.equal(nodeShouldRunDaemonPod(node('n', { taints: [{ key, effect: 'NoExecute' }] }), plain).shouldRun, true, key);
  }
  for (const key of ['node.orch.io/unschedulable', 'node.orch.io/memory-pressure', 'node.orch.io/disk-pressure', 'node.orch.io/pid-pressure']) {
    assert.equal(nodeShouldRunDaemonPod(node('n', { taints: [{ key, effect: 'NoSchedule' }] }), plain).shouldRun, true, key);
  }
  assert.equal(nodeShouldRunDaemonPod(node('n', { taints: [{ key: 'node.orch.io/network-unavailable', effect: 'NoSchedule' }] }), plain).shouldRun, false, 'only host-network pods tolerate it');
  assert.deepEqual(nodeShouldRunDaemonPod(node('n', { taints: [{ key: 'dedicated', value: 'db', effect: 'NoSchedule' }] }), plain), { shouldRun: false, shouldContinueRunning: true });
  assert.deepEqual(nodeShouldRunDaemonPod(node('n', { taints: [{ key: 'dedicated', value: 'db', effect: 'NoExecute' }] }), plain), { shouldRun: false, shouldContinueRunning: false });
  const affinity = daemonSet({ template: { metadata: { labels: { app: 'agent' } }, spec: { containers: [{ name: 'c', image: 'i' }], affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'zone', operator: 'In', values: ['z1'] }] }] } } } } } });
  assert.equal(nodeShouldRunDaemonPod(node('a', {}, { zone: 'z1' }), affinity).shouldRun, true);
  assert.equal(nodeShouldRunDaemonPod(node('b', {}, { zone: 'z2' }), affinity).shouldRun, false);
});

test('a sync makes one pod per node, pinned by node affinity, with the daemon tolerations and the revision labels', async () => {
  const h = harness(daemonSet(), [node('n1'), node('n2'), node('n3', { taints: [{ key: 'dedicated', effect: 'NoSchedule' }] })]);
  await h.sync();
  const pods = h.cluster.daemonPods();
  assert.equal(pods.length, 2);
  const pod = pods[0]!;
  assert.equal(pod.spec!.nodeName, undefined, 'the scheduler binds it');
  assert.deepEqual(pod.spec!.affinity, { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchFields: [{ key: 'metadata.name', operator: 'In', values: ['n1'] }] }] } } });
  assert.deepEqual(pod.spec!.tolerations!.map((t) => `${t.key}:${t.effect}`), [
    'node.orch.io/not-ready:NoExecute', 'node.orch.io/unreachable:NoExecute', 'node.orch.io/disk-pressure:NoSchedule',
    'node.orch.io/memory-pressure:NoSchedule', 'node.orch.io/pid-pressure:NoSchedule', 'node.orch.io/unschedulable:NoSchedule',
  ]);
  const revision = h.cluster.revisions.list()[0]!;
  const hash = revision.metadata.labels!['controller-revision-hash']!;
  assert.equal(revision.metadata.name, `agent-${hash}`);
  assert.equal(revision.revision, 1);
  assert.deepEqual(pod.metadata.labels, { app: 'agent', 'pod-template-generation': '1', 'controller-revision-hash': hash });
  assert.equal(pod.metadata.generateName, 'agent-');
  assert.deepEqual(h.status(), { currentNumberScheduled: 2, numberMisscheduled: 0, desiredNumberScheduled: 2, numberReady: 0, updatedNumberScheduled: 2, numberAvailable: 0, numberUnavailable: 2, observedGeneration: 1 });
  assert.deepEqual(h.cluster.events, []);

  h.cluster.runAll();
  await h.sync();
  assert.equal(h.status().numberReady, 2);
  assert.equal(h.status().numberAvailable, 2);
  assert.equal(h.status().numberUnavailable, 0);
});

test('a new node gets a pod; a pod meant for a node that is gone is deleted', async () => {
  const h = harness(daemonSet(), [node('n1')]);
  await h.sync();
  assert.equal(h.cluster.daemonPods().length, 1);
  h.cluster.nodes.add(node('n2'));
  await h.sync();
  assert.equal(h.cluster.daemonPods().length, 2);
  h.cluster.nodes.delete(node('n2'));
  await h.sync();
  assert.deepEqual(h.cluster.deleted, ['agent-2']);
  assert.equal(h.status().desiredNumberScheduled, 1);
});

test('a node that no longer fits loses its pod; a NoSchedule taint keeps a running pod, NoExecute evicts it', async () => {
  const h = harness(daemonSet(), [node('n1'), node('n2')]);
  await h.sync();
  h.cluster.runAll();
  h.cluster.nodes.update(node('n1', { taints: [{ key: 'dedicated', effect: 'NoSchedule' }] }));
  await h.sync();
  assert.deepEqual(h.cluster.deleted, []);
  assert.equal(h.status().numberMisscheduled, 1);
  h.cluster.nodes.update(node('n1', { taints: [{ key: 'dedicated', effect: 'NoExecute' }] }));
  await h.sync();
  assert.deepEqual(h.cluster.deleted, ['agent-1']);
});

test('RollingUpdate with maxUnavailable 1 replaces one pod at a time; OnDelete replaces none', async () => {
  const h = harness(daemonSet(), [node('n1'), node('n2'), node('n3')]);
  await h.sync();
  h.cluster.runAll();
  const ds = h.cluster.sets.get(KEY)!;
  h.cluster.sets.update({ ...ds, metadata: { ...ds.metadata, generation: 2, annotations: { 'deprecated.daemonset.template.generation': '2' } }, spec: { ...ds.spec!, template: { metadata: { labels: { app: 'agent' } }, spec: { containers: [{ name: 'c', image: 'agent:2' }] } } } });
  await h.sync();
  assert.equal(h.cluster.deleted.length, 1, 'one old pod deleted');
  assert.equal(h.cluster.revisions.list().length, 2);
  await h.sync();
  const fresh = h.cluster.daemonPods().filter((p) => p.spec!.containers[0]!.image === 'agent:2');
  assert.equal(fresh.length, 1, 'its replacement made at the new revision');
  assert.equal(h.cluster.deleted.length, 1, 'no more while the replacement is unavailable');
  assert.equal(h.status().updatedNumberScheduled, 1);

  const onDelete = harness(daemonSet({ updateStrategy: { type: 'OnDelete' } }), [node('n1')]);
  await onDelete.sync();
  onDelete.cluster.runAll();
  const other = onDelete.cluster.sets.get(KEY)!;
  onDelete.cluster.sets.update({ ...other, spec: { ...other.spec!, template: { metadata: { labels: { app: 'agent' } }, spec: { containers: [{ name: 'c', image: 'agent:2' }] } } } });
  await onDelete.sync();
  assert.deepEqual(onDelete.cluster.deleted, []);
});

test('maxSurge makes the new pod beside the old one, which goes once the new one is available', async () => {
  const h = harness(daemonSet({ updateStrategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 0, maxSurge: 1 } } }), [node('n1'), node('n2')]);
  await h.sync();
  h.cluster.runAll();
  const ds = h.cluster.sets.get(KEY)!;
  h.cluster.sets.update({ ...ds, metadata: { ...ds.metadata, annotations: { 'deprecated.daemonset.template.generation': '2' } }, spec: { ...ds.spec!, template: { metadata: { labels: { app: 'agent' } }, spec: { containers: [{ name: 'c', image: 'agent:2' }] } } } });
  await h.sync();
  assert.equal(h.cluster.daemonPods().length, 3, 'one surge pod');
  assert.deepEqual(h.cluster.deleted, []);
  h.cluster.runAll();
  await h.sync();
  assert.equal(h.cluster.deleted.length, 1, 'the old pod goes once its replacement is available');
});

test('a failed pod is deleted with a FailedDaemonPod event', async () => {
  const h = harness(daemonSet(), [node('n1')]);
  await h.sync();
  const pod = h.cluster.daemonPods()[0]!;
  h.cluster.pods.update({ ...pod, spec: { ...pod.spec!, nodeName: 'n1' }, status: { phase: 'Failed' } });
  await h.sync();
  assert.deepEqual(h.cluster.deleted, [pod.metadata.name]);
  assert.deepEqual(h.cluster.events, [`Warning FailedDaemonPod Found failed daemon pod ${NS}/${pod.metadata.name} on node n1, will try to kill it`]);
});

test('an empty selector is refused with a SelectingAll event', async () => {
  const h = harness(daemonSet({ selector: {} }), [node('n1')]);
  await h.sync();
  assert.equal(h.cluster.daemonPods().length, 0);
  assert.deepEqual(h.cluster.events, ['Warning SelectingAll This daemon set is selecting all pods. A non-empty selector is required.']);
});
