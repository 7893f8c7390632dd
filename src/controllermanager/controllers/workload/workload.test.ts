import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Pod } from '../../../api/core/v1/pod-types.ts';
import { FakeClock } from '../../../client/clock/fake-clock.ts';
import { ControllerExpectations, EXPECTATIONS_TIMEOUT_MS } from './expectations.ts';
import { deletionCost, podsToDelete, ranksBySharedNode } from './deletion-rank.ts';
import { slowStartBatch } from './slow-start.ts';
import { podFromTemplate, podNamePrefix } from './pod-control.ts';
import { isPodAvailable, nextAvailabilityCheck } from './pod-state.ts';

const NOW = Date.UTC(2026, 10, 22, 5, 0, 0);
const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d+Z$/, 'Z');

function pod(name: string, opts: { node?: string; readySince?: number; created?: number; restarts?: number; uid?: string } = {}): Pod {
  return {
    metadata: { name, uid: opts.uid ?? name, creationTimestamp: iso(opts.created ?? NOW - 86_400_000) },
    spec: { containers: [{ name: 'c' }], nodeName: opts.node ?? 'n1' },
    status: {
      phase: 'Running',
      conditions: [{ type: 'Ready', status: opts.readySince === undefined ? 'False' : 'True', lastTransitionTime: iso(opts.readySince ?? NOW) }],
      containerStatuses: [{ name: 'c', restartCount: opts.restarts ?? 0 } as any],
    },
  };
}

test('expectations: satisfied once every awaited create and delete is seen, or after five minutes', async () => {
  const clock = new FakeClock(NOW);
  const e = new ControllerExpectations(clock);
  assert.equal(e.satisfied('ns/a'), true);
  e.expectCreations('ns/a', 2);
  e.creationObserved('ns/a');
  assert.equal(e.satisfied('ns/a'), false);
  e.creationObserved('ns/a');
  assert.equal(e.satisfied('ns/a'), true);
  e.expectDeletions('ns/a', ['ns/p1', 'ns/p2']);
  e.deletionObserved('ns/a', 'ns/p1');
  e.deletionObserved('ns/a', 'ns/p1');
  e.deletionObserved('ns/a', 'ns/other');
  assert.deepEqual(e.pending('ns/a'), { adds: 0, deletes: 1 });
  await clock.step(EXPECTATIONS_TIMEOUT_MS + 1);
  assert.equal(e.satisfied('ns/a'), true, 'a lost watch event does not stall the owner forever');
});

test('slow start: batches of 1, 2, 4, … until a batch fails', async () => {
  let calls = 0;
  const result = await slowStartBatch(20, 1, async () => {
    calls++;
    if (calls > 5) throw new Error('refused');
  });
  // 1 + 2 + 4: the third batch has two failures, and the batch of 8 is never started.
  assert.equal(calls, 7);
  assert.equal(result.successes, 5);
  assert.equal((result.error as Error).message, 'refused');
  calls = 0;
  assert.deepEqual(await slowStartBatch(5, 1, async () => void calls++), { successes: 5 });
  assert.equal(calls, 5);
});

test('ranking: ready times of about the same age share a bucket and are ordered by uid, not strictly newest first', () => {
  // Ready 10 s and 11 s ago fall in the same power-of-two bucket of nanoseconds.
  const a = pod('a', { readySince: NOW - 11_000, uid: 'a' });
  const b = pod('b', { readySince: NOW - 10_000, uid: 'b' });
  assert.deepEqual(podsToDelete([b, a], [], 1, NOW).map((p) => p.metadata.name), ['a']);
  // An hour apart they do not: the more recently ready goes first.
  const old = pod('old', { readySince: NOW - 3_600_000, uid: 'a-old' });
  const young = pod('young', { readySince: NOW - 10_000, uid: 'z-young' });
  assert.deepEqual(podsToDelete([old, young], [], 1, NOW).map((p) => p.metadata.name), ['young']);
});

test('ranking: more pods of the family on the node go first, then more restarts', () => {
  const crowded = pod('crowded', { node: 'busy', readySince: NOW - 3_600_000 });
  const alone = pod('alone', { node: 'quiet', readySince: NOW - 3_600_000 });
  const related = [crowded, pod('sibling-1', { node: 'busy' }), pod('sibling-2', { node: 'busy' }), alone];
  assert.deepEqual(ranksBySharedNode([crowded, alone], related), [3, 1]);
  assert.deepEqual(podsToDelete([alone, crowded], related, 1, NOW).map((p) => p.metadata.name), ['crowded']);
  const flaky = pod('flaky', { readySince: NOW - 3_600_000, restarts: 4 });
  const steady = pod('steady', { readySince: NOW - 3_600_000 });
  assert.deepEqual(podsToDelete([steady, flaky], [], 1, NOW).map((p) => p.metadata.name), ['flaky']);
});

test('deletion cost: an int32 annotation; anything else counts as 0', () => {
  const withCost = (v: string): Pod => ({ metadata: { annotations: { 'controller.orch.io/pod-deletion-cost': v } } });
  assert.equal(deletionCost(withCost('-7')), -7);
  assert.equal(deletionCost(withCost('+12')), 12);
  assert.equal(deletionCost(withCost('1.5')), 0);
  assert.equal(deletionCost(withCost(' 3')), 0);
  assert.equal(deletionCost(withCost('2147483648')), 0);
  assert.equal(deletionCost({ metadata: {} }), 0);
});

test('pods from a template: labels, annotations and finalizers copied, the prefix <owner>- when valid', () => {
  const ref = { apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'web', uid: 'u', controller: true, blockOwnerDeletion: true };
  const made = podFromTemplate({ metadata: { name: 'ignored', labels: { a: 'b' }, annotations: { x: 'y' }, finalizers: ['f'] }, spec: { containers: [{ name: 'c' }] } }, 'web', ref);
  assert.deepEqual(made.metadata, { generateName: 'web-', labels: { a: 'b' }, annotations: { x: 'y' }, finalizers: ['f'], ownerReferences: [ref] });
  assert.equal(podNamePrefix('Web_Bad'), 'Web_Bad');
});

test('availability: ready for more than minReadySeconds; the next check is when the first waiting pod turns available', () => {
  const p = pod('p', { readySince: NOW - 4000 });
  assert.equal(isPodAvailable(p, 0, NOW), true);
  assert.equal(isPodAvailable(p, 10, NOW), false);
  assert.equal(isPodAvailable(p, 3, NOW), true);
  assert.equal(nextAvailabilityCheck([p, pod('q', { readySince: NOW - 1000 })], 10, NOW, NOW), 6000);
  assert.equal(nextAvailabilityCheck([p], 10, NOW, NOW + 7000), 0, 'already available when measured again');
  assert.equal(nextAvailabilityCheck([pod('n')], 10, NOW, NOW), undefined);
});
