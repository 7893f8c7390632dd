// The job controller's pure rules: index intervals in their text form, the pod failure policy's
// matches and messages, the success policy, the back-off arithmetic and finish times, and the
// order in which active pods are given up.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Pod } from '../../../api/core/v1/pod-types.ts';
import { compareActivePodsForRemoval } from './active-pods-order.ts';
import { BackoffStore, podFinishedTime, remainingBackoff } from './backoff.ts';
import { formatIntervals, hasIndex, mergeIntervals, parseIntervals, totalIndexes, withIndexes } from './intervals.ts';
import { matchPodFailurePolicy } from './pod-failure-policy.ts';
import { matchSuccessPolicy } from './success-policy.ts';

function pod(name: string, extra: Partial<Pod> & { exit?: number; container?: string; finishedAt?: string } = {}): Pod {
  const { exit, container = 'main', finishedAt, ...rest } = extra;
  return {
    metadata: { name, namespace: 'ns', uid: name, creationTimestamp: '2026-11-22T05:00:00Z' },
    spec: { containers: [] },
    status: exit === undefined ? { phase: 'Running' } : { phase: 'Failed', containerStatuses: [{ name: container, ready: false, restartCount: 0, image: '', imageID: '', state: { terminated: { exitCode: exit, finishedAt } } }] },
    ...rest,
  } as Pod;
}

test('index intervals: parsed leniently, merged, written with neighbours as pairs', () => {
  assert.deepEqual(parseIntervals('0,2-4,9', 5), [{ first: 0, last: 0 }, { first: 2, last: 4 }]);
  assert.deepEqual(parseIntervals('1,x,2-3', 10), [{ first: 1, last: 3 }]);
  assert.equal(formatIntervals(withIndexes(parseIntervals('1,5-7', 10), [2, 3, 9])), '1-3,5-7,9');
  assert.equal(formatIntervals(withIndexes([], [4, 5])), '4,5');
  assert.equal(formatIntervals(mergeIntervals(parseIntervals('0-2', 10), parseIntervals('1-4,6', 10))), '0-4,6');
  assert.equal(totalIndexes(parseIntervals('0-2,5', 10)), 4);
  assert.ok(hasIndex(parseIntervals('0-2,5', 10), 5) && !hasIndex(parseIntervals('0-2,5', 10), 4));
});

test('pod failure policy: first matching rule; exit codes of terminated containers (not 0), then init containers; pod conditions', () => {
  const policy = {
    rules: [
      { action: 'Ignore', onPodConditions: [{ type: 'DisruptionTarget', status: 'True' }] },
      { action: 'FailIndex', onExitCodes: { operator: 'In', values: [7] } },
      { action: 'Count', onExitCodes: { containerName: 'side', operator: 'In', values: [1] } },
      { action: 'FailJob', onExitCodes: { operator: 'NotIn', values: [1, 2] } },
    ],
  };
  assert.deepEqual(matchPodFailurePolicy(policy, pod('a', { exit: 7 })), { countFailed: true, action: 'FailIndex' });
  assert.deepEqual(matchPodFailurePolicy(policy, pod('b', { exit: 1 })), { countFailed: true });
  assert.deepEqual(matchPodFailurePolicy(policy, pod('c', { exit: 1, container: 'side' })), { countFailed: true, action: 'Count' });
  assert.deepEqual(matchPodFailurePolicy(policy, pod('d', { exit: 9 })), { countFailed: true, action: 'FailJob', failJobMessage: 'Container main for pod ns/d failed with exit code 9 matching FailJob rule at index 3' });
  const disrupted = pod('e', { exit: 9 });
  disrupted.status!.conditions = [{ type: 'DisruptionTarget', status: 'True' }];
  assert.deepEqual(matchPodFailurePolicy(policy, disrupted), { countFailed: false, action: 'Ignore' });
  const fail = { rules: [{ action: 'FailJob', onPodConditions: [{ type: 'ConfigIssue', status: 'True' }] }] };
  const config = pod('f', { exit: 0 });
  config.status!.conditions = [{ type: 'ConfigIssue', status: 'True' }];
  assert.equal(matchPodFailurePolicy(fail, config).failJobMessage, 'Pod ns/f has condition ConfigIssue matching FailJob rule at index 0');
  assert.deepEqual(matchPodFailurePolicy(undefined, config), { countFailed: true });
});

test('success policy: all of the listed indexes, or at least succeededCount of them, or a count alone', () => {
  const succeeded = parseIntervals('0-2,5', 10);
  assert.equal(matchSuccessPolicy({ rules: [{ succeededIndexes: '0,5' }] }, 10, succeeded), 'Matched rules at index 0');
  assert.equal(matchSuccessPolicy({ rules: [{ succeededIndexes: '3-9' }] }, 10, succeeded), undefined);
  assert.equal(matchSuccessPolicy({ rules: [{ succeededIndexes: '3-9' }, { succeededIndexes: '4-9', succeededCount: 1 }] }, 10, succeeded), 'Matched rules at index 1');
  assert.equal(matchSuccessPolicy({ rules: [{ succeededCount: 5 }, { succeededCount: 4 }] }, 10, succeeded), 'Matched rules at index 1');
  assert.equal(matchSuccessPolicy({ rules: [{ succeededCount: 1 }] }, 10, []), undefined);
});

test('back-off: 10 s doubled per failure after the first, capped, less the time since the last failure', () => {
  const now = Date.parse('2026-11-22T05:00:30Z');
  const last = Date.parse('2026-11-22T05:00:25Z');
  assert.equal(remainingBackoff(now, 10_000, 600_000, 0, undefined), 0);
  assert.equal(remainingBackoff(now, 10_000, 600_000, 1, last), 5000);
  assert.equal(remainingBackoff(now, 10_000, 600_000, 3, last), 35_000);
  assert.equal(remainingBackoff(now, 10_000, 600_000, 20, last), 595_000);
  assert.equal(remainingBackoff(now, 10_000, 600_000, 1, Date.parse('2026-11-22T05:00:00Z')), 0);
});

test('back-off record: failures after the last success count; a success resets it', () => {
  const store = new BackoffStore();
  const failedAt = (name: string, t: string) => pod(name, { exit: 1, finishedAt: t });
  const succeededAt = (name: string, t: string) => ({ ...pod(name), status: { phase: 'Succeeded', containerStatuses: [{ name: 'main', ready: false, restartCount: 0, image: '', imageID: '', state: { terminated: { exitCode: 0, finishedAt: t } } }] } }) as Pod;
  let record = store.newRecord('ns/j', [], [failedAt('a', '2026-11-22T05:00:10Z'), failedAt('b', '2026-11-22T05:00:05Z')]);
  assert.deepEqual(record, { key: 'ns/j', failuresAfterLastSuccess: 2, lastFailureTime: Date.parse('2026-11-22T05:00:10Z') });
  store.update(record);
  record = store.newRecord('ns/j', [succeededAt('c', '2026-11-22T05:00:20Z')], [failedAt('d', '2026-11-22T05:00:15Z'), failedAt('e', '2026-11-22T05:00:30Z')]);
  assert.deepEqual(record, { key: 'ns/j', failuresAfterLastSuccess: 1, lastFailureTime: Date.parse('2026-11-22T05:00:30Z') });
});

test('a pod\'s finish time: its containers, else when it stopped being ready, else its deletion less the grace period, else its creation', () => {
  assert.equal(podFinishedTime(pod('a', { exit: 1, finishedAt: '2026-11-22T05:01:00Z' })), Date.parse('2026-11-22T05:01:00Z'));
  const notReady = pod('b');
  notReady.status!.conditions = [{ type: 'Ready', status: 'False', lastTransitionTime: '2026-11-22T05:02:00Z' }];
  assert.equal(podFinishedTime(notReady), Date.parse('2026-11-22T05:02:00Z'));
  const deleted = pod('c');
  deleted.metadata.deletionTimestamp = '2026-11-22T05:03:30Z';
  deleted.metadata.deletionGracePeriodSeconds = 30;
  assert.equal(podFinishedTime(deleted), Date.parse('2026-11-22T05:03:00Z'));
  assert.equal(podFinishedTime(pod('d')), Date.parse('2026-11-22T05:00:00Z'));
});

test('active pods given up first: unscheduled, then pending, then not ready, then ready most recently', () => {
  const unscheduled = { ...pod('u'), spec: { containers: [] }, status: { phase: 'Pending' } } as Pod;
  const pending = { ...pod('p'), spec: { containers: [], nodeName: 'n' }, status: { phase: 'Pending' } } as Pod;
  const notReady = { ...pod('r0'), spec: { containers: [], nodeName: 'n' }, status: { phase: 'Running', conditions: [{ type: 'Ready', status: 'False' }] } } as Pod;
  const readyLong = { ...pod('r1'), spec: { containers: [], nodeName: 'n' }, status: { phase: 'Running', conditions: [{ type: 'Ready', status: 'True', lastTransitionTime: '2026-11-22T05:00:00Z' }] } } as Pod;
  const readyNew = { ...pod('r2'), spec: { containers: [], nodeName: 'n' }, status: { phase: 'Running', conditions: [{ type: 'Ready', status: 'True', lastTransitionTime: '2026-11-22T06:00:00Z' }] } } as Pod;
  const order = [readyLong, readyNew, notReady, pending, unscheduled].sort(compareActivePodsForRemoval).map((p) => p.metadata.name);
  assert.deepEqual(order, ['u', 'p', 'r0', 'r2', 'r1']);
});
