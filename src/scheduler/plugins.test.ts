import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Node } from '../api/core/v1/node-types.ts';
import type { Pod, PodSpec } from '../api/core/v1/pod-types.ts';
import type { PersistentVolume, PersistentVolumeClaim } from '../api/core/v1/volume-types.ts';
import { ClusterCache } from './cluster-cache.ts';
import { staticListers, type ListedObjects } from './listers.ts';
import { choosePlacement, type Placement } from './scheduler.ts';

function node(name: string, labels: Record<string, string> = {}, cpu = '4'): Node {
  return {
    metadata: { name, labels: { 'orch.io/hostname': name, ...labels } },
    spec: {},
    status: { allocatable: { cpu, memory: '16Gi', pods: '110' } },
  };
}

function pod(name: string, labels: Record<string, string> = {}, spec: Partial<PodSpec> = {}, extra: { namespace?: string; cpu?: string } = {}): Pod {
  return {
    metadata: { name, namespace: extra.namespace ?? 'default', uid: `uid-${name}`, labels },
    spec: { containers: [{ name: 'c', image: 'nginx', ...(extra.cpu ? { resources: { requests: { cpu: extra.cpu } } } : {}) }], ...spec },
  };
}

function cluster(nodes: Node[], objects: ListedObjects = {}): ClusterCache {
  const cache = new ClusterCache(staticListers(objects));
  for (const n of nodes) cache.setNode(n);
  return cache;
}

const nodeOf = (p: Placement) => (p.kind === 'fit' ? p.node.name : undefined);
const messageOf = (p: Placement) => (p.kind === 'unschedulable' ? p.message : undefined);
const zone = (z: string) => ({ 'topology.orch.io/zone': z });
const constraintIn = (topologyKey: string) => ({ maxSkew: 1, topologyKey, whenUnsatisfiable: 'DoNotSchedule', labelSelector: { matchLabels: { app: 'web' } } });

test('required anti-affinity keeps pods of a kind apart per zone; when every zone has one, none fits', () => {
  const cache = cluster([node('a', zone('z1')), node('b', zone('z1')), node('c', zone('z2'))]);
  cache.assume(pod('web-1', { app: 'web' }), 'a');
  const anti = { affinity: { podAntiAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [{ labelSelector: { matchLabels: { app: 'web' } }, topologyKey: 'topology.orch.io/zone' }] } } };
  const second = choosePlacement(pod('web-2', { app: 'web' }, anti), cache);
  assert.equal(nodeOf(second), 'c');
  cache.assume(pod('web-2', { app: 'web' }, anti), 'c');
  assert.equal(
    messageOf(choosePlacement(pod('web-3', { app: 'web' }, anti), cache)),
    "0/3 nodes are available: 3 node(s) didn't match pod anti-affinity rules. preemption: 0/3 nodes are available: 3 No preemption victims found for incoming pod..",
  );
  // The placed pod's own anti-affinity also keeps others of its kind away.
  const plain = choosePlacement(pod('web-4', { app: 'web' }), cluster([node('x', zone('z1')), node('y', zone('z1'))]));
  assert.ok(nodeOf(plain));
  const withExisting = cluster([node('x', zone('z1')), node('y', zone('z2'))]);
  withExisting.assume(pod('guard', { app: 'guard' }, { affinity: { podAntiAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [{ labelSelector: { matchLabels: { app: 'web' } }, topologyKey: 'topology.orch.io/zone' }] } } }), 'x');
  assert.equal(nodeOf(choosePlacement(pod('web-5', { app: 'web' }), withExisting)), 'y');
});

test('required affinity: with the pods it names, the first of a self-affine group anywhere, never where the topology label is missing', () => {
  const cache = cluster([node('a', zone('z1')), node('b', zone('z2')), node('nolabel')]);
  const toDb = { affinity: { podAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [{ labelSelector: { matchLabels: { app: 'db' } }, topologyKey: 'topology.orch.io/zone' }] } } };
  assert.equal(
    messageOf(choosePlacement(pod('app', { app: 'web' }, toDb), cache)),
    "0/3 nodes are available: 3 node(s) didn't match pod affinity rules. preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling..",
  );
  // A db pod that selects itself may go first.
  const db = pod('db-1', { app: 'db' }, toDb);
  const first = choosePlacement(db, cache);
  assert.ok(nodeOf(first) === 'a' || nodeOf(first) === 'b');
  cache.assume(db, 'b');
  assert.equal(nodeOf(choosePlacement(pod('app', { app: 'web' }, toDb), cache)), 'b');
});

test('affinity terms reach other namespaces by name or by namespace selector', () => {
  const objects: ListedObjects = { namespaces: [{ metadata: { name: 'data', labels: { team: 'storage' } } }, { metadata: { name: 'default' } }] };
  const cache = cluster([node('a', zone('z1')), node('b', zone('z2'))], objects);
  cache.assume(pod('db', { app: 'db' }, {}, { namespace: 'data' }), 'a');
  const term = (t: object) => ({ affinity: { podAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [{ labelSelector: { matchLabels: { app: 'db' } }, topologyKey: 'topology.orch.io/zone', ...t }] } } });
  assert.equal(nodeOf(choosePlacement(pod('by-name', {}, term({ namespaces: ['data'] })), cache)), 'a');
  assert.equal(nodeOf(choosePlacement(pod('by-selector', {}, term({ namespaceSelector: { matchLabels: { team: 'storage' } } })), cache)), 'a');
  assert.equal(nodeOf(choosePlacement(pod('own-namespace', {}, term({})), cache)), undefined, 'no db pod in its own namespace');
});

test('preferred pod affinity and anti-affinity steer the choice', () => {
  const cache = cluster([node('a', zone('z1')), node('b', zone('z2'))]);
  cache.assume(pod('cache', { app: 'cache' }), 'b');
  const near = { affinity: { podAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [{ weight: 100, podAffinityTerm: { labelSelector: { matchLabels: { app: 'cache' } }, topologyKey: 'topology.orch.io/zone' } }] } } };
  assert.equal(nodeOf(choosePlacement(pod('near', {}, near), cache)), 'b');
  const far = { affinity: { podAntiAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [{ weight: 100, podAffinityTerm: { labelSelector: { matchLabels: { app: 'cache' } }, topologyKey: 'topology.orch.io/zone' } }] } } };
  assert.equal(nodeOf(choosePlacement(pod('far', {}, far), cache)), 'a');
});

test('topology spread: DoNotSchedule keeps the skew, minDomains counts missing domains as empty, policies choose the nodes counted', () => {
  const spread = (c: object) => ({ topologySpreadConstraints: [{ maxSkew: 1, topologyKey: 'topology.orch.io/zone', whenUnsatisfiable: 'DoNotSchedule', labelSelector: { matchLabels: { app: 'web' } }, ...c }] });
  const cache = cluster([node('a', zone('z1')), node('b', zone('z2'))]);
  cache.assume(pod('w1', { app: 'web' }), 'a');
  assert.equal(nodeOf(choosePlacement(pod('w2', { app: 'web' }, spread({})), cache)), 'b');
  cache.assume(pod('w2', { app: 'web' }), 'a');
  // z1 holds 2, z2 none: only z2 keeps the skew at most 1.
  assert.equal(nodeOf(choosePlacement(pod('w3', { app: 'web' }, spread({})), cache)), 'b');
  const onlyA = cluster([node('a', zone('z1')), node('b', zone('z2'))]);
  onlyA.assume(pod('w1', { app: 'web' }), 'b');
  // With minDomains 3 and two zones, the minimum is taken as 0: a zone with one pod is full.
  assert.equal(
    messageOf(choosePlacement(pod('w2', { app: 'web' }, { ...spread({ minDomains: 3 }), nodeSelector: { 'orch.io/hostname': 'b' } }), onlyA)),
    "0/2 nodes are available: 1 node(s) didn't match Pod's node affinity/selector, 1 node(s) didn't match pod topology spread constraints. preemption: 0/2 nodes are available: 1 No preemption victims found for incoming pod, 1 Preemption is not helpful for scheduling..",
  );
  // nodeAffinityPolicy Ignore counts zone z1 (empty) even though the pod may not go there.
  assert.equal(
    messageOf(choosePlacement(pod('w3', { app: 'web' }, { ...spread({ nodeAffinityPolicy: 'Ignore' }), nodeSelector: { 'orch.io/hostname': 'b' } }), onlyA))?.includes("didn't match pod topology spread constraints"),
    true,
  );
  assert.equal(nodeOf(choosePlacement(pod('w4', { app: 'web' }, { ...spread({}), nodeSelector: { 'orch.io/hostname': 'b' } }), onlyA)), 'b', 'Honor: only z2 counts');
  const missing = cluster([node('a'), node('b', zone('z2'))]);
  const zoned = pod('w', { app: 'web' }, { topologySpreadConstraints: [constraintIn('topology.orch.io/zone')], nodeSelector: { 'orch.io/hostname': 'a' } });
  assert.match(messageOf(choosePlacement(zoned, missing)) ?? '', /missing required label/);
});

test('topology spread: matchLabelKeys narrow the count to the pod\'s own revision; ScheduleAnyway and the defaults only score', () => {
  const cache = cluster([node('a'), node('b')]);
  cache.assume(pod('old-1', { app: 'web', rev: '1' }), 'a');
  cache.assume(pod('old-2', { app: 'web', rev: '1' }), 'a');
  cache.assume(pod('new-1', { app: 'web', rev: '2' }), 'b');
  const constraint = { maxSkew: 1, topologyKey: 'orch.io/hostname', whenUnsatisfiable: 'DoNotSchedule', labelSelector: { matchLabels: { app: 'web' } } };
  assert.equal(nodeOf(choosePlacement(pod('new-2', { app: 'web', rev: '2' }, { topologySpreadConstraints: [{ ...constraint, matchLabelKeys: ['rev'] }] }), cache)), 'a');
  assert.equal(nodeOf(choosePlacement(pod('new-2', { app: 'web', rev: '2' }, { topologySpreadConstraints: [constraint] }), cache)), 'b');
  // Defaults: pods of a replica set spread by hostname even when the emptier node is busier otherwise.
  const rs = { metadata: { name: 'web-abc', namespace: 'default' }, spec: { selector: { matchLabels: { app: 'web' } } } };
  const spreadCache = cluster([node('a'), node('b')], { replicaSets: [rs as never] });
  const owned = (name: string) => ({ ...pod(name, { app: 'web' }), metadata: { ...pod(name, { app: 'web' }).metadata, ownerReferences: [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'web-abc', uid: 'rs', controller: true }] } });
  spreadCache.assume(owned('w1'), 'a');
  spreadCache.assume(owned('w2'), 'a');
  spreadCache.assume(pod('other-1', { app: 'other' }), 'b');
  spreadCache.assume(pod('other-2', { app: 'other' }), 'b');
  spreadCache.assume(pod('other-3', { app: 'other' }), 'b');
  assert.equal(nodeOf(choosePlacement(owned('w3'), spreadCache)), 'b');
  assert.equal(nodeOf(choosePlacement(pod('loose', { app: 'web' }), spreadCache)), 'a', 'no owner, no service: no default spread, fewer pods wins');
});

test('preemption: the lowest-priority pods that make room, a budget broken only when unavoidable, Never respected', () => {
  const cache = cluster([node('a', {}, '2'), node('b', {}, '2')], { disruptionBudgets: [] });
  cache.assume(pod('low-a', { app: 'x' }, { priority: 10 }, { cpu: '1500m' }), 'a');
  cache.assume(pod('mid-b', { app: 'y' }, { priority: 50 }, { cpu: '1500m' }), 'b');
  const high = pod('high', {}, { priority: 100 }, { cpu: '1' });
  const placed = choosePlacement(high, cache);
  assert.equal(placed.kind, 'unschedulable');
  if (placed.kind !== 'unschedulable') return;
  assert.equal(placed.message, '0/2 nodes are available: 2 Insufficient cpu.');
  assert.equal(placed.preemption?.nodeName, 'a', 'the node whose victim has the lower priority');
  assert.deepEqual(placed.preemption?.victims.map((v) => v.metadata.name), ['low-a']);
  const never = choosePlacement(pod('polite', {}, { priority: 100, preemptionPolicy: 'Never' }, { cpu: '1' }), cache);
  assert.equal(messageOf(never), '0/2 nodes are available: 2 Insufficient cpu. preemption: not eligible due to preemptionPolicy=Never..');
  assert.equal(never.kind === 'unschedulable' && never.preemption, undefined);
  // A budget that allows no disruption on a's pod: b's pod of equal priority goes instead.
  const budgets = cluster([node('a', {}, '2'), node('b', {}, '2')], {
    disruptionBudgets: [{ metadata: { name: 'x', namespace: 'default' }, spec: { selector: { matchLabels: { app: 'x' } } }, status: { disruptionsAllowed: 0, currentHealthy: 1, desiredHealthy: 1, expectedPods: 1 } }],
  });
  budgets.assume(pod('low-a', { app: 'x' }, { priority: 10 }, { cpu: '1500m' }), 'a');
  budgets.assume(pod('low-b', { app: 'y' }, { priority: 10 }, { cpu: '1500m' }), 'b');
  const chosen = choosePlacement(high, budgets);
  assert.equal(chosen.kind === 'unschedulable' && chosen.preemption?.nodeName, 'b');
  // Room kept for the nominated pod: a lower-priority pod does not take it.
  cache.nominate({ ...high, status: { nominatedNodeName: 'a' } }, 'a');
  cache.forget(pod('low-a'));
  cache.updatePod({ ...pod('low-a', { app: 'x' }, { priority: 10 }, { cpu: '1500m' }), metadata: { ...pod('low-a').metadata, deletionTimestamp: '2025-01-01T00:00:00Z' } });
  const sneaky = choosePlacement(pod('sneaky', {}, { priority: 1 }, { cpu: '1500m' }), cache);
  assert.equal(sneaky.kind, 'unschedulable');
});

test('volume binding: missing and immediate claims wait; WaitForFirstConsumer claims find a local volume or a class that provisions there', () => {
  const claim = (name: string, storageClassName: string, volumeName?: string): PersistentVolumeClaim => ({
    metadata: { name, namespace: 'default', uid: `claim-${name}` },
    spec: { storageClassName, accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } }, ...(volumeName ? { volumeName } : {}) },
  });
  const local = (name: string, nodeName: string, phase = 'Available'): PersistentVolume => ({
    metadata: { name },
    spec: { storageClassName: 'local', capacity: { storage: '5Gi' }, accessModes: ['ReadWriteOnce'], nodeAffinity: { required: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'orch.io/hostname', operator: 'In', values: [nodeName] }] }] } } },
    status: { phase },
  });
  const objects: ListedObjects = {
    storageClasses: [
      { metadata: { name: 'immediate' }, provisioner: 'orch.io/simulated' },
      { metadata: { name: 'wait' }, provisioner: 'orch.io/simulated', volumeBindingMode: 'WaitForFirstConsumer', allowedTopologies: [{ matchLabelExpressions: [{ key: 'orch.io/hostname', values: ['b'] }] }] },
      { metadata: { name: 'local' }, provisioner: 'orch.io/no-provisioner', volumeBindingMode: 'WaitForFirstConsumer' },
    ],
    claims: [claim('imm', 'immediate'), claim('wffc', 'wait'), claim('loc', 'local'), claim('bound', 'local', 'pv-a')],
    volumes: [local('pv-a', 'a'), local('pv-c', 'c')],
  };
  const cache = cluster([node('a'), node('b'), node('c')], objects);
  const using = (name: string, claimName: string) => pod(name, {}, { volumes: [{ name: 'data', persistentVolumeClaim: { claimName } }] });
  assert.equal(messageOf(choosePlacement(using('p', 'nope'), cache)), '0/3 nodes are available: persistentvolumeclaim "nope" not found. preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling..');
  assert.equal(messageOf(choosePlacement(using('p', 'imm'), cache)), '0/3 nodes are available: pod has unbound immediate PersistentVolumeClaims. preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling..');
  const provisioned = choosePlacement(using('p', 'wffc'), cache);
  assert.equal(nodeOf(provisioned), 'b', 'the class provisions only on b');
  assert.deepEqual(provisioned.kind === 'fit' && provisioned.state.volumes?.bindingsFor('b')?.provision.map((c) => c.metadata.name), ['wffc']);
  const staticLocal = choosePlacement(using('p', 'loc'), cache);
  assert.ok(nodeOf(staticLocal) === 'a' || nodeOf(staticLocal) === 'c');
  assert.equal(staticLocal.kind === 'fit' && staticLocal.state.volumes?.bindingsFor(nodeOf(staticLocal)!)?.promised[0]?.volume.metadata.name, `pv-${nodeOf(staticLocal)}`);
  assert.equal(nodeOf(choosePlacement(using('p', 'bound'), cache)), 'a');
  const conflict = cluster([node('b')], objects);
  assert.equal(messageOf(choosePlacement(using('p', 'bound'), conflict)), '0/1 nodes are available: 1 node(s) had volume node affinity conflict. preemption: 0/1 nodes are available: 1 Preemption is not helpful for scheduling..');
  assert.equal(messageOf(choosePlacement(using('p', 'loc'), conflict)), "0/1 nodes are available: 1 node(s) didn't find available persistent volumes to bind. preemption: 0/1 nodes are available: 1 Preemption is not helpful for scheduling..");
});
