import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Pod } from '../../../api/core/v1/pod-types.ts';
import { compareForCollection, markFailedPatch, orphanDisruptionCondition, terminatedPodsToDelete, unknownNodes, unscheduledTerminatingPods } from './pod-gc-decisions.ts';

const pod = (name: string, phase: string, created: string, extra: Partial<Pod['status']> = {}, node?: string): Pod => ({
  metadata: { name, namespace: 'ns', uid: `uid-${name}`, creationTimestamp: created },
  spec: { containers: [], ...(node ? { nodeName: node } : {}) },
  status: { phase, ...extra },
});

test('finished pods beyond the threshold go, evicted first, then the oldest, then by name', () => {
  const pods = [
    pod('running', 'Running', '2026-01-01T00:00:00Z'),
    pod('new-done', 'Succeeded', '2026-01-05T00:00:00Z'),
    pod('old-failed', 'Failed', '2026-01-02T00:00:00Z'),
    pod('b-same', 'Succeeded', '2026-01-03T00:00:00Z'),
    pod('a-same', 'Succeeded', '2026-01-03T00:00:00Z'),
    pod('evicted', 'Failed', '2026-01-09T00:00:00Z', { reason: 'Evicted' }),
    pod('pending', 'Pending', '2026-01-01T00:00:00Z'),
    pod('unknown', 'Unknown', '2026-01-01T00:00:00Z'),
  ];
  assert.deepEqual(terminatedPodsToDelete(pods, 2).map((p) => p.metadata.name), ['evicted', 'old-failed', 'a-same']);
  assert.deepEqual(terminatedPodsToDelete(pods, 5), []);
  assert.deepEqual(terminatedPodsToDelete(pods, 0), [], 'a threshold of 0 turns collection of finished pods off');
  assert.equal(compareForCollection(pods[3]!, pods[4]!) > 0, true);
});

test('a pod with no phase counts as finished, as Kubernetes reads it', () => {
  const phaseless: Pod = { metadata: { name: 'p', creationTimestamp: '2026-01-01T00:00:00Z' }, spec: { containers: [] } };
  assert.deepEqual(terminatedPodsToDelete([phaseless], 0), []);
  assert.equal(terminatedPodsToDelete([phaseless, phaseless], 1).length, 1);
});

test('nodes missing from the cache, and unscheduled pods being deleted', () => {
  const pods = [pod('a', 'Running', '2026-01-01T00:00:00Z', {}, 'n1'), pod('b', 'Running', '2026-01-01T00:00:00Z', {}, 'gone'), pod('c', 'Pending', '2026-01-01T00:00:00Z')];
  assert.deepEqual([...unknownNodes(pods, new Set(['n1']))], ['gone']);
  const going = { ...pods[2]!, metadata: { ...pods[2]!.metadata, deletionTimestamp: '2026-01-02T00:00:00Z' } };
  const boundGoing = { ...pods[0]!, metadata: { ...pods[0]!.metadata, deletionTimestamp: '2026-01-02T00:00:00Z' } };
  assert.deepEqual(unscheduledTerminatingPods([...pods, going, boundGoing]).map((p) => p.metadata.name), ['c']);
});

test('a pod not finished is marked Failed by a uid-guarded status patch; an orphan also gets DisruptionTarget', () => {
  const running = pod('a', 'Running', '2026-01-01T00:00:00Z', { conditions: [{ type: 'Ready', status: 'True' }] }, 'gone');
  assert.deepEqual(markFailedPatch(running), { metadata: { uid: 'uid-a' }, status: { phase: 'Failed' } });
  const condition = orphanDisruptionCondition('2026-01-02T00:00:00Z');
  assert.deepEqual(markFailedPatch(running, condition), {
    metadata: { uid: 'uid-a' },
    status: { phase: 'Failed', conditions: [{ type: 'DisruptionTarget', status: 'True', lastTransitionTime: '2026-01-02T00:00:00Z', reason: 'DeletionByPodGC', message: 'PodGC: node no longer exists' }] },
  });
  assert.equal(markFailedPatch(pod('d', 'Succeeded', '2026-01-01T00:00:00Z')), undefined);
  // A DisruptionTarget already True keeps its transition time.
  const disrupted = pod('e', 'Running', '2026-01-01T00:00:00Z', { conditions: [{ type: 'DisruptionTarget', status: 'True', lastTransitionTime: '2026-01-01T12:00:00Z' }] });
  assert.equal((markFailedPatch(disrupted, condition) as any).status.conditions[0].lastTransitionTime, '2026-01-01T12:00:00Z');
});
