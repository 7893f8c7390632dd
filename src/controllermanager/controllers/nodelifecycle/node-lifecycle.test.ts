import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Lease } from '../../../api/coordination/v1/types.ts';
import type { Node } from '../../../api/core/v1/node-types.ts';
import { FakeClock } from '../../../client/clock/fake-clock.ts';
import { judgeNodeHealth, MESSAGE_STATUS_UNKNOWN, type HealthTiming } from './node-health.ts';
import { noScheduleTaintChanges, swappedTaints } from './node-taints.ts';
import { podMarkedNotReady } from './pod-readiness.ts';
import { ZoneTaintQueue } from './zone-taint-queue.ts';
import { computeZoneState, zoneKey, zoneTaintRate } from './zones.ts';

const T0 = Date.UTC(2026, 0, 1);
const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d+Z$/, 'Z');
const timing = (now: number): HealthTiming => ({ now, nowTime: iso(now), monitorGracePeriodMs: 40_000, startupGracePeriodMs: 60_000 });
const readyNode = (heartbeat: number): Node => ({
  metadata: { name: 'n1', creationTimestamp: iso(T0) },
  status: { conditions: [
    { type: 'Ready', status: 'True', reason: 'NodeAgentReady', lastHeartbeatTime: iso(heartbeat), lastTransitionTime: iso(T0) },
    { type: 'MemoryPressure', status: 'False', lastHeartbeatTime: iso(heartbeat), lastTransitionTime: iso(T0) },
  ] },
});
const lease = (renew: number): Lease => ({ metadata: { name: 'n1' }, spec: { renewTime: new Date(renew).toISOString().replace('Z', '000Z') } });

test('a node that stops posting goes Unknown after the grace period; a renewed lease keeps it alive', () => {
  let v = judgeNodeHealth(readyNode(T0), undefined, lease(T0), timing(T0));
  assert.equal(v.statusToWrite, undefined);
  // The status is not posted again but the lease moves on: alive.
  v = judgeNodeHealth(readyNode(T0), v.health, lease(T0 + 30_000), timing(T0 + 30_000));
  v = judgeNodeHealth(readyNode(T0), v.health, lease(T0 + 30_000), timing(T0 + 60_000));
  assert.equal(v.statusToWrite, undefined, '30 s since the last sign of life is within 40 s');
  v = judgeNodeHealth(readyNode(T0), v.health, lease(T0 + 30_000), timing(T0 + 70_001));
  const ready = v.statusToWrite?.conditions?.find((c) => c.type === 'Ready');
  assert.deepEqual([ready?.status, ready?.reason, ready?.message, ready?.lastTransitionTime], ['Unknown', 'NodeStatusUnknown', MESSAGE_STATUS_UNKNOWN, iso(T0 + 70_001)]);
  assert.equal(v.statusToWrite?.conditions?.find((c) => c.type === 'MemoryPressure')?.status, 'Unknown');
  assert.equal(v.observedReady.status, 'True');
  assert.equal(v.currentReady?.status, 'Unknown');
});

test('a node that never posted status is judged from its creation with the startup grace period', () => {
  const bare: Node = { metadata: { name: 'n1', creationTimestamp: iso(T0) }, status: {} };
  assert.equal(judgeNodeHealth(bare, undefined, undefined, timing(T0 + 59_000)).statusToWrite, undefined);
  const v = judgeNodeHealth(bare, undefined, undefined, timing(T0 + 61_000));
  assert.deepEqual(v.statusToWrite?.conditions?.map((c) => [c.type, c.status, c.reason]), [
    ['Ready', 'Unknown', 'NodeStatusNeverUpdated'], ['MemoryPressure', 'Unknown', 'NodeStatusNeverUpdated'],
    ['DiskPressure', 'Unknown', 'NodeStatusNeverUpdated'], ['PIDPressure', 'Unknown', 'NodeStatusNeverUpdated'],
  ]);
});

test('zones: keys from topology labels, states from Ready conditions, rates from states', () => {
  assert.equal(zoneKey({ metadata: { labels: { 'topology.orch.io/zone': 'a', 'topology.orch.io/region': 'r' } } }), 'r:\x00:a');
  assert.equal(zoneKey({ metadata: {} }), '');
  const c = (status: string) => ({ type: 'Ready', status });
  assert.equal(computeZoneState([c('Unknown'), c('False')], 0.55).state, 'FullDisruption');
  assert.equal(computeZoneState([c('True'), c('Unknown'), c('Unknown')], 0.55).state, 'Normal', 'two not ready are never partial');
  assert.equal(computeZoneState([c('True'), c('Unknown'), c('Unknown'), c('False')], 0.55).state, 'PartialDisruption');
  const rates = { evictionRate: 0.1, secondaryEvictionRate: 0.01, largeClusterThreshold: 50 };
  assert.equal(zoneTaintRate('PartialDisruption', 10, rates), 0);
  assert.equal(zoneTaintRate('PartialDisruption', 51, rates), 0.01);
  assert.equal(zoneTaintRate('FullDisruption', 10, rates), 0.1);
});

test('the zone queue taints one node per token and not at all at rate 0', async () => {
  const clock = new FakeClock();
  const q = new ZoneTaintQueue(clock, 1);
  const tainted: string[] = [];
  const taint = async (n: string) => (tainted.push(n), { done: true });
  assert.equal(q.add('a', 'u'), true);
  assert.equal(q.add('b', 'u'), true);
  await q.tryTaint(taint);
  assert.deepEqual(tainted, ['a']);
  assert.equal(q.add('a', 'u'), false, 'a tainted node stays known until removed');
  await clock.step(1000);
  await q.tryTaint(taint);
  assert.deepEqual(tainted, ['a', 'b']);
  q.remove('a');
  q.add('a', 'u');
  q.setRate(0);
  await clock.step(5000);
  await q.tryTaint(taint);
  assert.deepEqual(tainted, ['a', 'b']);
});

test('NoSchedule taints follow conditions; a swap replaces by key and effect', () => {
  const node: Node = {
    metadata: { name: 'n' },
    spec: { unschedulable: true, taints: [{ key: 'node.orch.io/not-ready', effect: 'NoSchedule' }, { key: 'mine', effect: 'NoSchedule' }] },
    status: { conditions: [{ type: 'Ready', status: 'Unknown' }, { type: 'DiskPressure', status: 'True' }] },
  };
  assert.deepEqual(noScheduleTaintChanges(node), {
    add: [{ key: 'node.orch.io/unreachable', effect: 'NoSchedule' }, { key: 'node.orch.io/disk-pressure', effect: 'NoSchedule' }, { key: 'node.orch.io/unschedulable', effect: 'NoSchedule' }],
    remove: [{ key: 'node.orch.io/not-ready', effect: 'NoSchedule' }],
  });
  assert.deepEqual(swappedTaints([{ key: 'a', effect: 'NoExecute', value: 'x' }, { key: 'b', effect: 'NoExecute' }], [{ key: 'a', effect: 'NoExecute' }], [{ key: 'b', effect: 'NoExecute' }]), [{ key: 'a', effect: 'NoExecute' }]);
});

test('pods are marked not ready once, moving the transition time', () => {
  const pod = { metadata: { name: 'p' }, status: { conditions: [{ type: 'Ready', status: 'True', lastTransitionTime: iso(T0) }] } };
  const marked = podMarkedNotReady(pod, iso(T0 + 1000))!;
  assert.deepEqual(marked.status?.conditions, [{ type: 'Ready', status: 'False', lastTransitionTime: iso(T0 + 1000) }]);
  assert.equal(podMarkedNotReady(marked, iso(T0 + 2000)), undefined);
});
