import { test } from 'node:test';
import assert from 'node:assert/strict';
import { updatedConditions, type DeletionOutcome } from './deletion-conditions.ts';

const clean = (): DeletionOutcome => ({ discoveryErrors: [], contentErrors: [], remainingByResource: new Map(), remainingByFinalizer: new Map() });

test('a clean pass sets every condition False with its success reason', () => {
  const c = updatedConditions([], clean(), 'T1')!;
  assert.deepEqual(c.map((x) => [x.type, x.status, x.reason]), [
    ['NamespaceDeletionDiscoveryFailure', 'False', 'ResourcesDiscovered'],
    ['NamespaceDeletionContentFailure', 'False', 'ContentDeleted'],
    ['NamespaceContentRemaining', 'False', 'ContentRemoved'],
    ['NamespaceFinalizersRemaining', 'False', 'ContentHasNoFinalizers'],
  ]);
  assert.ok(c.every((x) => x.lastTransitionTime === 'T1'));
});

test('remaining content and finalizers are counted in sorted, Kubernetes-worded messages', () => {
  const o = clean();
  o.remainingByResource.set('leases.coordination.orch.io', 2).set('configmaps', 1);
  o.remainingByFinalizer.set('example.com/b', 1).set('example.com/a', 2);
  const c = Object.fromEntries(updatedConditions([], o, 'T1')!.map((x) => [x.type, x]));
  assert.equal(c['NamespaceContentRemaining']!.message, 'Some resources are remaining: configmaps has 1 resource instances, leases.coordination.orch.io has 2 resource instances');
  assert.equal(c['NamespaceFinalizersRemaining']!.message, 'Some content in the namespace has finalizers remaining: example.com/a in 2 resource instances, example.com/b in 1 resource instances');
});

test('failures are True with their reasons and counts', () => {
  const o = clean();
  o.discoveryErrors.push('apps/v1: boom');
  o.contentErrors.push('secrets: denied', 'leases.coordination.orch.io: denied');
  const c = Object.fromEntries(updatedConditions([], o, 'T1')!.map((x) => [x.type, x]));
  assert.equal(c['NamespaceDeletionDiscoveryFailure']!.reason, 'DiscoveryFailed');
  assert.equal(c['NamespaceDeletionDiscoveryFailure']!.message, 'Discovery failed for some groups, 1 failing: apps/v1: boom');
  assert.equal(c['NamespaceDeletionContentFailure']!.status, 'True');
  assert.equal(c['NamespaceDeletionContentFailure']!.message, 'Failed to delete all resource types, 2 remaining: secrets: denied, leases.coordination.orch.io: denied');
});

test('an unchanged outcome needs no write; a status change moves lastTransitionTime; other conditions are kept', () => {
  const first = updatedConditions([{ type: 'Other', status: 'True' }], clean(), 'T1')!;
  assert.equal(updatedConditions(first, clean(), 'T2'), undefined);
  const o = clean();
  o.remainingByResource.set('configmaps', 1);
  const next = Object.fromEntries(updatedConditions(first, o, 'T2')!.map((x) => [x.type, x]));
  assert.equal(next['NamespaceContentRemaining']!.lastTransitionTime, 'T2');
  assert.equal(next['NamespaceDeletionDiscoveryFailure']!.lastTransitionTime, 'T1');
  assert.deepEqual(next['Other'], { type: 'Other', status: 'True' });
});
