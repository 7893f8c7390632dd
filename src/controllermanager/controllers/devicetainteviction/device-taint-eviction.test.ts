// Device taint eviction decisions: which taints evict a claim and when, which pods that reaches,
// and the EvictionInProgress condition's wording.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Pod } from '../../../api/core/v1/pod-types.ts';
import type { ResourceClaim, ResourceSlice } from '../../../api/resource/v1/types.ts';
import type { DeviceTaintRule } from '../../../api/resource/v1alpha3/types.ts';
import { claimEviction, currentDevices, podEviction } from './eviction-times.ts';
import { ruleCondition } from './rule-condition.ts';

const T0 = Date.parse('2026-01-01T00:00:00Z');
const slice = (generation: number, devices: ResourceSlice['spec']['devices'], name = `s${generation}`): ResourceSlice =>
  ({ metadata: { name }, spec: { driver: 'd', pool: { name: 'p', generation, resourceSliceCount: 1 }, devices } });
const rule = (name: string, effect: string, selector: Record<string, string> | undefined, generation = 1): DeviceTaintRule =>
  ({ metadata: { name, uid: `uid-${name}`, generation }, spec: { deviceSelector: selector, taint: { key: 'k', effect, timeAdded: '2026-01-01T00:00:00Z' } } });
const claim = (device: string, tolerations?: unknown[]): ResourceClaim =>
  ({ metadata: { name: 'c', namespace: 'ns' }, spec: {}, status: { allocation: { devices: { results: [{ request: 'r', driver: 'd', pool: 'p', device, tolerations: tolerations as never }] } }, reservedFor: [{ resource: 'pods', name: 'pod', uid: 'pod-uid' }] } } as ResourceClaim);

test('only the newest generation of a pool counts', () => {
  const devices = currentDevices([slice(1, [{ name: 'old', taints: [{ key: 'k', effect: 'NoExecute' }] }]), slice(2, [{ name: 'new' }])]);
  assert.deepEqual([...devices.keys()], ['d/p/new']);
});

test('taints from rules and slices, with tolerations', () => {
  const devices = currentDevices([slice(1, [{ name: 'a', taints: [{ key: 'k', effect: 'NoExecute', timeAdded: '2026-01-01T00:00:10Z' }, { key: 'k', effect: 'NoSchedule' }] }, { name: 'b' }])]);
  assert.deepEqual(claimEviction(claim('a'), devices, [], T0), { when: T0 + 10_000, reasons: ['slice:d/p/a#0'], rules: [] });
  assert.equal(claimEviction(claim('b'), devices, [], T0), undefined);
  // Rules: NoExecute only, a selector needed, every field set must match.
  assert.equal(claimEviction(claim('b'), devices, [rule('r', 'NoSchedule', { device: 'b' })], T0), undefined);
  assert.equal(claimEviction(claim('b'), devices, [rule('r', 'NoExecute', undefined)], T0), undefined);
  assert.equal(claimEviction(claim('b'), devices, [rule('r', 'NoExecute', { device: 'b', pool: 'other' })], T0), undefined);
  assert.deepEqual(claimEviction(claim('b'), devices, [rule('r', 'NoExecute', { driver: 'd' })], T0), { when: T0, reasons: ['r'], rules: ['r'] });
  // Tolerated for 30 s (the shortest), for ever (no seconds), or not at all (effect must be NoExecute).
  const r = [rule('r', 'NoExecute', { device: 'b' })];
  assert.equal(claimEviction(claim('b', [{ operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 60 }, { key: 'k', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 30 }]), devices, r, T0)?.when, T0 + 30_000);
  assert.equal(claimEviction(claim('b', [{ operator: 'Exists', effect: 'NoExecute' }]), devices, r, T0), undefined);
  assert.equal(claimEviction(claim('b', [{ operator: 'Exists' }]), devices, r, T0)?.when, T0);
  assert.equal(claimEviction(claim('b', [{ operator: 'Exists', effect: 'NoExecute', tolerationSeconds: -5 }]), devices, r, T0)?.when, T0);
});

test('a pod is evicted only when scheduled and reserved in an allocated claim', () => {
  const c = claim('b');
  const pod = { metadata: { name: 'pod', namespace: 'ns', uid: 'pod-uid' }, spec: { nodeName: 'n', containers: [], resourceClaims: [{ name: 'x', resourceClaimName: 'c' }] } } as unknown as Pod;
  const ev = () => ({ when: T0, reasons: ['r'], rules: ['r'] });
  assert.deepEqual(podEviction(pod, ev, () => c), { when: T0, reasons: ['r'], rules: ['r'] });
  assert.equal(podEviction({ ...pod, spec: { ...pod.spec!, nodeName: undefined } } as Pod, ev, () => c), undefined);
  assert.equal(podEviction({ ...pod, metadata: { ...pod.metadata, uid: 'other' } }, ev, () => c), undefined);
});

test('the EvictionInProgress condition as Kubernetes words it', () => {
  const r = rule('r', 'NoExecute', { device: 'b' }, 3);
  assert.deepEqual(ruleCondition(r, { pendingPods: 2, pendingNamespaces: 1, evictedPods: 1 }), { type: 'EvictionInProgress', status: 'True', reason: 'PodsPendingEviction', message: '2 pods need to be evicted in 1 namespace. 1 pod evicted since starting the controller.', observedGeneration: 3 });
  assert.deepEqual(ruleCondition(r, { pendingPods: 0, pendingNamespaces: 0, evictedPods: 2 }).reason, 'Completed');
  assert.deepEqual(ruleCondition(r, { pendingPods: 0, pendingNamespaces: 0, evictedPods: 0 }), { type: 'EvictionInProgress', status: 'False', reason: 'NotStarted', message: '', observedGeneration: 3 });
  assert.equal(ruleCondition(rule('r', 'None', {}), { pendingPods: 1, pendingNamespaces: 1, evictedPods: 0, sliceDevices: 2, allocatedDevices: 1 }).message,
    '2 published devices selected. 1 allocated device selected. 1 pod would be evicted in 1 namespace if the effect was NoExecute. This information will not be updated again. Recreate the DeviceTaintRule to trigger an update.');
  assert.deepEqual(ruleCondition(rule('r', 'NoSchedule', {}), { pendingPods: 0, pendingNamespaces: 0, evictedPods: 0 }), { type: 'EvictionInProgress', status: 'False', reason: 'OtherEffect', message: 'Eviction only happens for the NoExecute effect.', observedGeneration: 1 });
});
