import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Node, Taint } from '../api/core/v1/node-types.ts';
import type { Pod } from '../api/core/v1/pod-types.ts';
import { FakeClock } from '../client/clock/fake-clock.ts';
import { ClusterCache } from './cluster-cache.ts';
import { fitErrorMessage } from './fit-error.ts';
import { requiredNodeAffinityMatches } from '../machinery/scheduling/node-affinity.ts';
import { toleratesTaint as tolerates } from '../machinery/scheduling/taints.ts';
import { podNonZeroRequests, podRequests } from './resources.ts';
import { choosePlacement } from './scheduler.ts';
import { SchedulingQueue } from './scheduling-queue.ts';

function node(name: string, extra: { labels?: Record<string, string>; taints?: Taint[]; unschedulable?: boolean; cpu?: string; pods?: string } = {}): Node {
  return {
    metadata: { name, labels: { 'orch.io/hostname': name, ...extra.labels } },
    spec: { taints: extra.taints, unschedulable: extra.unschedulable },
    status: { allocatable: { cpu: extra.cpu ?? '4', memory: '16Gi', pods: extra.pods ?? '110', 'ephemeral-storage': '100Gi' } },
  };
}

function pod(name: string, spec: Partial<NonNullable<Pod['spec']>> = {}, cpu?: string): Pod {
  return {
    metadata: { name, namespace: 'default', uid: `uid-${name}` },
    spec: { containers: [{ name: 'c', image: 'nginx', ...(cpu ? { resources: { requests: { cpu } } } : {}) }], ...spec },
  };
}

function cluster(...nodes: Node[]): ClusterCache {
  const cache = new ClusterCache();
  for (const n of nodes) cache.setNode(n);
  return cache;
}

test('requests: containers and sidecars summed, the largest init container step, overhead added; defaults for scoring', () => {
  const p = pod('p', {
    initContainers: [
      { name: 'big-init', resources: { requests: { cpu: '3', memory: '1Gi' } } },
      { name: 'sidecar', restartPolicy: 'Always', resources: { requests: { cpu: '200m' } } },
      { name: 'late-init', resources: { requests: { cpu: '2500m' } } },
    ],
    containers: [{ name: 'a', resources: { requests: { cpu: '500m', memory: '256Mi' } } }, { name: 'b', resources: { requests: { cpu: '250m' } } }],
    overhead: { cpu: '100m' },
  });
  assert.deepEqual(podRequests(p), { cpu: 3100, memory: 1024 ** 3 });
  assert.deepEqual(podNonZeroRequests(pod('empty')), { cpu: 100, memory: 200 * 1024 * 1024 });
});

test('tolerations: key, operator, value and effect as Kubernetes matches them', () => {
  const taint = { key: 'dedicated', value: 'gpu', effect: 'NoSchedule' };
  assert.equal(tolerates({ key: 'dedicated', value: 'gpu' }, taint), true);
  assert.equal(tolerates({ key: 'dedicated', value: 'cpu' }, taint), false);
  assert.equal(tolerates({ key: 'dedicated', operator: 'Exists', effect: 'NoSchedule' }, taint), true);
  assert.equal(tolerates({ key: 'dedicated', operator: 'Exists', effect: 'NoExecute' }, taint), false);
  assert.equal(tolerates({ operator: 'Exists' }, taint), true);
  // Validation refuses a keyless Equal toleration; matched anyway, it compares the value as Kubernetes does.
  assert.equal(tolerates({ value: 'gpu' }, taint), true);
});

test('node selector and required affinity: every label, any term, Gt and Lt on integers, fields by name', () => {
  const n = node('n1', { labels: { disk: 'ssd', cores: '8' } });
  assert.equal(requiredNodeAffinityMatches(pod('a', { nodeSelector: { disk: 'ssd' } }).spec, n), true);
  assert.equal(requiredNodeAffinityMatches(pod('a', { nodeSelector: { disk: 'hdd' } }).spec, n), false);
  const affinity = (terms: object[]) => pod('a', { affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: terms as never } } } });
  assert.equal(requiredNodeAffinityMatches(affinity([{ matchExpressions: [{ key: 'cores', operator: 'Gt', values: ['4'] }] }]).spec, n), true);
  assert.equal(requiredNodeAffinityMatches(affinity([{ matchExpressions: [{ key: 'cores', operator: 'Lt', values: ['4'] }] }]).spec, n), false);
  assert.equal(requiredNodeAffinityMatches(affinity([{ matchExpressions: [{ key: 'gpu', operator: 'Exists' }] }, { matchFields: [{ key: 'metadata.name', operator: 'In', values: ['n1'] }] }]).spec, n), true);
  assert.equal(requiredNodeAffinityMatches(affinity([{}]).spec, n), false, 'an empty term matches nothing');
});

test('FailedScheduling messages: each reason with its node count, sorted, in Kubernetes\' words', () => {
  const cache = cluster(
    node('a', { cpu: '1' }),
    node('b', { taints: [{ key: 'dedicated', value: 'gpu', effect: 'NoSchedule' }] }),
    node('c', { taints: [{ key: 'node.orch.io/not-ready', effect: 'NoSchedule' }] }),
    node('d', { unschedulable: true }),
  );
  const placed = choosePlacement(pod('p', {}, '2'), cache);
  assert.deepEqual(placed, {
    kind: 'unschedulable',
    message: '0/4 nodes are available: 1 Insufficient cpu, 1 node(s) had untolerated taint {dedicated: gpu}, 1 node(s) had untolerated taint {node.orch.io/not-ready: }, 1 node(s) were unschedulable. preemption: 0/4 nodes are available: 1 No preemption victims found for incoming pod, 3 Preemption is not helpful for scheduling..',
  });
  assert.equal(fitErrorMessage(0, new Map()), 'no nodes available to schedule pods');
  const full = cluster(node('x', { pods: '1' }));
  full.assume(pod('first'), 'x');
  assert.deepEqual(choosePlacement(pod('second'), full), { kind: 'unschedulable', message: '0/1 nodes are available: 1 Too many pods. preemption: 0/1 nodes are available: 1 No preemption victims found for incoming pod..' });
});

test('pods spread: the least allocated node first, then the one with fewest pods, assumed pods counted at once', () => {
  const cache = cluster(node('a'), node('b'), node('c'));
  const chosen: string[] = [];
  for (let i = 0; i < 6; i++) {
    const p = pod(`p${i}`);
    const placement = choosePlacement(p, cache);
    assert.equal(placement.kind, 'fit');
    if (placement.kind !== 'fit') return;
    chosen.push(placement.node.name);
    cache.assume(p, placement.node.name);
  }
  assert.deepEqual(chosen.sort(), ['a', 'a', 'b', 'b', 'c', 'c']);
  // A big request goes where there is room for it.
  cache.assume(pod('hog-a', {}, '3500m'), 'a');
  cache.assume(pod('hog-b', {}, '3500m'), 'b');
  const big = choosePlacement(pod('big', {}, '1'), cache);
  assert.equal(big.kind === 'fit' && big.node.name, 'c');
  // A forgotten assumption frees its room; a finished pod does too.
  cache.forget(pod('hog-a', {}, '3500m'));
  assert.equal(cache.nodes.get('a')!.requested.cpu, 0);
  cache.updatePod({ ...pod('hog-b', { nodeName: 'b' }, '3500m'), status: { phase: 'Succeeded' } });
  assert.equal(cache.nodes.get('b')!.requested.cpu, 0);
});

test('host ports: a node where the port is taken does not fit', () => {
  const cache = cluster(node('a'));
  const withPort = (name: string) => pod(name, { containers: [{ name: 'c', ports: [{ containerPort: 80, hostPort: 8080 }] }] });
  cache.assume(withPort('one'), 'a');
  assert.deepEqual(choosePlacement(withPort('two'), cache), { kind: 'unschedulable', message: "0/1 nodes are available: 1 node(s) didn't have free ports for the requested pod ports. preemption: 0/1 nodes are available: 1 No preemption victims found for incoming pod.." });
});

test('the queue: priority first, unschedulable pods wait for a change and serve their back-off', async () => {
  const clock = new FakeClock();
  const queue = new SchedulingQueue({ clock, initialBackoffMs: 1000, maxBackoffMs: 10_000, maxUnschedulableMs: 60_000 });
  queue.addOrUpdate(pod('low'));
  queue.addOrUpdate(pod('high', { priority: 100 }));
  const first = await queue.pop();
  assert.equal(first?.pod.metadata.name, 'high');
  queue.parkUnschedulable(first!);
  const second = await queue.pop();
  assert.equal(second?.pod.metadata.name, 'low');
  queue.done(second!);
  let next: string | undefined;
  void queue.pop().then((q) => (next = q?.pod.metadata.name));
  queue.moveAllUnschedulable();
  await clock.step(500);
  assert.equal(next, undefined, 'still backing off');
  await clock.step(500);
  assert.equal(next, 'high');
  queue.close();
});

test('the queue: an unschedulable pod is tried again after the longest wait even without a change', async () => {
  const clock = new FakeClock();
  const queue = new SchedulingQueue({ clock, initialBackoffMs: 1000, maxBackoffMs: 10_000, maxUnschedulableMs: 60_000 });
  queue.addOrUpdate(pod('p'));
  queue.parkUnschedulable((await queue.pop())!);
  let next: string | undefined;
  void queue.pop().then((q) => (next = q?.pod.metadata.name));
  await clock.step(30_000);
  queue.flushLongUnschedulable();
  await clock.step(0);
  assert.equal(next, undefined);
  await clock.step(30_000);
  queue.flushLongUnschedulable();
  await clock.step(0);
  assert.equal(next, 'p');
  queue.close();
});
