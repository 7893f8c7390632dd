import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Deployment, ReplicaSet, StatefulSet } from '../../../api/apps/v1/types.ts';
import type { Pod, ReplicationController } from '../../../api/core/v1/pod-types.ts';
import type { PodDisruptionBudget } from '../../../api/policy/v1/types.ts';
import { Indexer } from '../../../client/cache/store.ts';
import { FakeClock } from '../../../client/clock/fake-clock.ts';
import type { EventRecorder } from '../../../client/record/index.ts';
import { DisruptionSync } from './disruption-sync.ts';
import type { ScaleReader } from './expected-pods.ts';
import { goSelectorString } from './selector-string.ts';

const NS = 'ns';

function budget(spec: PodDisruptionBudget['spec']): PodDisruptionBudget {
  return { apiVersion: 'policy/v1', kind: 'PodDisruptionBudget', metadata: { name: 'pdb', namespace: NS, generation: 1 }, spec: { selector: { matchLabels: { app: 'web' } }, ...spec }, status: { disruptionsAllowed: 0, currentHealthy: 0, desiredHealthy: 0, expectedPods: 0 } };
}

function pod(name: string, ready: boolean, owner?: { kind: string; name: string; uid: string; apiVersion?: string }): Pod {
  return {
    metadata: { name, namespace: NS, labels: { app: 'web' }, ...(owner ? { ownerReferences: [{ apiVersion: owner.apiVersion ?? 'apps/v1', kind: owner.kind, name: owner.name, uid: owner.uid, controller: true }] } : {}) },
    spec: { containers: [] },
    status: { phase: 'Running', conditions: [{ type: 'Ready', status: ready ? 'True' : 'False' }] },
  };
}

function harness(pdb: PodDisruptionBudget, pods: Pod[], scales: ScaleReader = { scaleOf: async () => undefined }) {
  const clock = new FakeClock(Date.UTC(2026, 0, 1, 0, 0, 0));
  const budgets = new Indexer<PodDisruptionBudget>();
  budgets.add(pdb);
  const podIndex = new Indexer<Pod>();
  for (const p of pods) podIndex.add(p);
  const caches = { replicationControllers: new Indexer<ReplicationController>(), replicaSets: new Indexer<ReplicaSet>(), deployments: new Indexer<Deployment>(), statefulSets: new Indexer<StatefulSet>() };
  const events: string[] = [];
  const rechecks: number[] = [];
  const written: PodDisruptionBudget[] = [];
  const podWrites: Pod[] = [];
  const recorder: EventRecorder = { eventf: (_r, _rel, type, reason, _a, note) => void events.push(`${type} ${reason} ${note}`) };
  const sync = new DisruptionSync({
    budgets, pods: podIndex, caches, scales, recorder, clock,
    writeStatus: async (b) => {
      written.push(b);
      budgets.update(b);
    },
    writePodStatus: async (p) => {
      podWrites.push(p);
      podIndex.update(p);
    },
    recheckAfter: (_key, ms) => void rechecks.push(ms),
  });
  return { sync, clock, caches, events, rechecks, written, podWrites, podIndex, status: () => budgets.get(`${NS}/pdb`)!.status! };
}

test('minAvailable as a number: the selected pods are expected, ready ones above it may be disrupted', async () => {
  const h = harness(budget({ minAvailable: 2 }), [pod('a', true), pod('b', true), pod('c', true), pod('d', false)]);
  await h.sync.sync(`${NS}/pdb`);
  const s = h.status();
  assert.equal(s.expectedPods, 4);
  assert.equal(s.currentHealthy, 3);
  assert.equal(s.desiredHealthy, 2);
  assert.equal(s.disruptionsAllowed, 1);
  assert.equal(s.observedGeneration, 1);
  assert.deepEqual(s.conditions, [{ type: 'DisruptionAllowed', status: 'True', reason: 'SufficientPods', message: '', observedGeneration: 1, lastTransitionTime: '2026-01-01T00:00:00Z' }]);
  await h.sync.sync(`${NS}/pdb`);
  assert.equal(h.written.length, 1, 'an unchanged status is not written again');
  h.podIndex.update(pod('a', false));
  await h.sync.sync(`${NS}/pdb`);
  assert.equal(h.status().disruptionsAllowed, 0);
  assert.equal(h.status().conditions![0]!.reason, 'InsufficientPods');
});

test('maxUnavailable counts the scale of the pods\' controllers: deployments through their replica sets, stateful sets', async () => {
  const pods = [pod('a', true, { kind: 'ReplicaSet', name: 'web-1', uid: 'rs1' }), pod('b', true, { kind: 'ReplicaSet', name: 'web-1', uid: 'rs1' }), pod('c', true, { kind: 'StatefulSet', name: 'db', uid: 'ss1' })];
  const h = harness(budget({ maxUnavailable: '50%' }), pods);
  h.caches.deployments.add({ metadata: { name: 'web', namespace: NS, uid: 'd1' }, spec: { replicas: 4 } });
  h.caches.replicaSets.add({ metadata: { name: 'web-1', namespace: NS, uid: 'rs1', ownerReferences: [{ apiVersion: 'apps/v1', kind: 'Deployment', name: 'web', uid: 'd1', controller: true }] }, spec: { replicas: 2 } });
  h.caches.statefulSets.add({ metadata: { name: 'db', namespace: NS, uid: 'ss1' }, spec: { replicas: 2 } });
  await h.sync.sync(`${NS}/pdb`);
  // 4 (the deployment) + 2 (the stateful set) expected; 50% of 6 may be unavailable.
  assert.equal(h.status().expectedPods, 6);
  assert.equal(h.status().desiredHealthy, 3);
  assert.equal(h.status().disruptionsAllowed, 0);
});

test('a controller the caches lack is sized through its scale subresource; none found fails safe', async () => {
  const owner = { apiVersion: 'example.com/v1', kind: 'Widget', name: 'w', uid: 'w1' };
  const h = harness(budget({ minAvailable: '50%' }), [pod('a', true, owner), pod('b', true, owner)], { scaleOf: async (ref) => (ref.uid === 'w1' ? { uid: 'w1', scale: 2 } : undefined) });
  await h.sync.sync(`${NS}/pdb`);
  assert.equal(h.status().expectedPods, 2);
  assert.equal(h.status().desiredHealthy, 1);
  assert.equal(h.status().disruptionsAllowed, 1);

  const lost = harness(budget({ maxUnavailable: 1 }), [pod('a', true, { kind: 'ReplicaSet', name: 'gone', uid: 'x' })]);
  await lost.sync.sync(`${NS}/pdb`);
  assert.equal(lost.status().disruptionsAllowed, 0);
  assert.deepEqual(lost.status().conditions!.map((c) => [c.status, c.reason, c.message]), [['False', 'SyncFailed', 'found no controllers for pod "a"']]);
  assert.deepEqual(lost.events, ['Warning CalculateExpectedPodCountFailed Failed to calculate the number of expected pods: found no controllers for pod "a"']);
});

test('unmanaged pods are reported; no pods is a NoPods event and no disruption', async () => {
  const h = harness(budget({ maxUnavailable: 1 }), [pod('a', true)]);
  await h.sync.sync(`${NS}/pdb`);
  assert.equal(h.status().disruptionsAllowed, 0, 'nothing expected, nothing allowed');
  assert.match(h.events[0]!, /^Warning UnmanagedPods Pods selected by this PodDisruptionBudget \(selector: &LabelSelector\{MatchLabels:map\[string\]string\{app: web,\},MatchExpressions:\[\]LabelSelectorRequirement\{\},\}\) were found to be unmanaged/);
  const empty = harness(budget({ minAvailable: 1 }), []);
  await empty.sync.sync(`${NS}/pdb`);
  assert.deepEqual(empty.events, ['Normal NoPods No matching pods found']);
});

test('a disrupted pod is not counted healthy until it is deleted; stale entries are dropped after two minutes', async () => {
  const pdb = budget({ minAvailable: 1 });
  pdb.status = { ...pdb.status!, disruptedPods: { a: '2026-01-01T00:00:00Z' } };
  const h = harness(pdb, [pod('a', true), pod('b', true)]);
  await h.sync.sync(`${NS}/pdb`);
  assert.equal(h.status().currentHealthy, 1);
  assert.equal(h.status().disruptionsAllowed, 0);
  assert.deepEqual(h.status().disruptedPods, { a: '2026-01-01T00:00:00Z' });
  assert.deepEqual(h.rechecks, [120_000]);
  await h.clock.step(121_000);
  await h.sync.sync(`${NS}/pdb`);
  assert.equal(h.status().disruptedPods, undefined);
  assert.equal(h.status().currentHealthy, 2);
  assert.equal(h.status().disruptionsAllowed, 1);
  assert.ok(h.events.includes(`Warning NotDeleted Pod was expected by PDB ${NS}/${NS} to be deleted but it wasn't`));
});

test('a stale DisruptionTarget condition is set to False after two minutes', async () => {
  const target = pod('a', true);
  target.status!.conditions!.push({ type: 'DisruptionTarget', status: 'True', reason: 'EvictionByEvictionAPI', lastTransitionTime: '2026-01-01T00:00:00Z' });
  const h = harness(budget({ minAvailable: 1 }), [target]);
  assert.equal(h.sync.staleDisruptionIn(target), 120_000);
  assert.equal(await h.sync.syncStalePod(`${NS}/a`), 120_000);
  await h.clock.step(120_000);
  assert.equal(await h.sync.syncStalePod(`${NS}/a`), undefined);
  const condition = h.podWrites[0]!.status!.conditions!.find((c) => c.type === 'DisruptionTarget')!;
  assert.equal(condition.status, 'False');
  assert.equal(condition.reason, undefined);
});

test('a selector prints as Go prints a LabelSelector', () => {
  assert.equal(goSelectorString({ matchExpressions: [{ key: 'tier', operator: 'In', values: ['a', 'b'] }] }), '&LabelSelector{MatchLabels:map[string]string{},MatchExpressions:[]LabelSelectorRequirement{LabelSelectorRequirement{Key:tier,Operator:In,Values:[a b],},},}');
});
