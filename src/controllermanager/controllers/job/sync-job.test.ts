// The job controller's syncs over an in-memory world (testing/harness.ts), every status write
// checked by the API server's own validation: pods made from the template, completion through
// SuccessCriteriaMet, back-off and BackoffLimitExceeded through FailureTarget, Indexed jobs,
// suspend and resume, the pod failure policy, backoffLimitPerIndex, the success policy, the active
// deadline, parallelism lowered, orphans adopted.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { JOB_COMPLETION_INDEX_ANNOTATION, JOB_INDEX_FAILURE_COUNT_ANNOTATION, JOB_TRACKING_FINALIZER } from '../../../api/batch/v1/types.ts';
import { JobHarness, NS } from './testing/harness.ts';

const reasons = (h: JobHarness) => h.events.map((e) => e.reason);

test('a new job gets its pods from the template, with its labels, the tracking finalizer and the job as controller', async () => {
  const h = new JobHarness();
  const job = h.createJob('hello', { parallelism: 2, completions: 3 });
  await h.sync('hello');
  const pods = h.podsOf('hello');
  assert.equal(pods.length, 2);
  for (const pod of pods) {
    assert.match(pod.metadata.name!, /^hello-\d+$/);
    assert.equal(pod.metadata.labels!['batch.orch.io/job-name'], 'hello');
    assert.equal(pod.metadata.labels!['batch.orch.io/controller-uid'], job.metadata.uid);
    assert.deepEqual(pod.metadata.finalizers, [JOB_TRACKING_FINALIZER]);
    assert.deepEqual(pod.metadata.ownerReferences, [{ apiVersion: 'batch/v1', kind: 'Job', name: 'hello', uid: job.metadata.uid, controller: true, blockOwnerDeletion: true }]);
  }
  const status = h.job('hello').status!;
  assert.deepEqual([status.active, status.ready, status.terminating], [2, 0, 0]);
  assert.ok(status.startTime);
  assert.deepEqual(reasons(h), ['SuccessfulCreate', 'SuccessfulCreate']);
  // Expectations met: a second sync creates nothing more.
  await h.sync('hello');
  assert.equal(h.podsOf('hello').length, 2);
});

test('a pod that succeeds is counted through uncountedTerminatedPods; the job gets SuccessCriteriaMet, then Complete', async () => {
  const h = new JobHarness();
  h.createJob('hello');
  await h.sync('hello');
  const [pod] = h.podsOf('hello');
  h.runPod(pod!);
  await h.sync('hello');
  assert.equal(h.job('hello').status!.ready, 1);
  h.clock.step(5000);
  h.finishPod(pod!, 0);
  await h.sync('hello');
  const status = h.job('hello').status!;
  assert.equal(status.succeeded, 1);
  assert.equal(status.active, 0);
  assert.deepEqual(status.uncountedTerminatedPods, {});
  assert.deepEqual(status.conditions!.map((c) => [c.type, c.status, c.reason, c.message]), [
    ['SuccessCriteriaMet', 'True', 'CompletionsReached', 'Reached expected number of succeeded pods'],
    ['Complete', 'True', 'CompletionsReached', 'Reached expected number of succeeded pods'],
  ]);
  assert.equal(status.completionTime, status.conditions![1]!.lastTransitionTime);
  assert.deepEqual(h.podsOf('hello')[0]!.metadata.finalizers, []);
  assert.deepEqual(reasons(h), ['SuccessfulCreate', 'Completed']);
});

test('failed pods are replaced after the back-off (10 s, then 20 s), and the job fails past backoffLimit', async () => {
  const h = new JobHarness();
  h.createJob('flaky', { backoffLimit: 2 });
  await h.sync('flaky');
  h.finishPod(h.podsOf('flaky')[0]!, 1);
  await h.sync('flaky');
  assert.equal(h.job('flaky').status!.failed, 1);
  assert.equal(h.podsOf('flaky').length, 1, 'no replacement during the back-off');
  assert.deepEqual(h.queued.at(-1), { key: `${NS}/flaky`, delayMs: 10_000 });

  await h.clock.step(10_000);
  await h.sync('flaky');
  assert.equal(h.podsOf('flaky').length, 2);
  h.finishPod(h.podsOf('flaky').find((p) => p.status?.phase === 'Pending')!, 1);
  await h.sync('flaky');
  assert.equal(h.job('flaky').status!.failed, 2);
  assert.equal(h.queued.at(-1)!.delayMs, 20_000);
  await h.clock.step(20_000);
  await h.sync('flaky');
  h.finishPod(h.podsOf('flaky').find((p) => p.status?.phase === 'Pending')!, 1);
  await h.sync('flaky');
  const status = h.job('flaky').status!;
  assert.equal(status.failed, 3);
  assert.deepEqual(status.conditions!.map((c) => [c.type, c.reason, c.message]), [
    ['FailureTarget', 'BackoffLimitExceeded', 'Job has reached the specified backoff limit'],
    ['Failed', 'BackoffLimitExceeded', 'Job has reached the specified backoff limit'],
  ]);
  assert.equal(status.completionTime, undefined);
  assert.deepEqual(h.events.at(-1), { type: 'Warning', reason: 'BackoffLimitExceeded', note: 'Job has reached the specified backoff limit' });
});

test('Indexed: each pod carries its index (annotation, label, hostname, name, JOB_COMPLETION_INDEX); completedIndexes grows', async () => {
  const h = new JobHarness();
  h.createJob('idx', { completionMode: 'Indexed', completions: 4, parallelism: 2 });
  await h.sync('idx');
  const pods = h.podsOf('idx').sort((a, b) => a.metadata.name!.localeCompare(b.metadata.name!));
  assert.deepEqual(pods.map((p) => p.metadata.annotations![JOB_COMPLETION_INDEX_ANNOTATION]), ['0', '1']);
  assert.deepEqual(pods.map((p) => p.metadata.labels![JOB_COMPLETION_INDEX_ANNOTATION]), ['0', '1']);
  assert.deepEqual(pods.map((p) => p.spec!.hostname), ['idx-0', 'idx-1']);
  assert.match(pods[0]!.metadata.name!, /^idx-0-\d+$/);
  assert.deepEqual(pods[0]!.spec!.containers[0]!.env, [{ name: 'JOB_COMPLETION_INDEX', valueFrom: { fieldRef: { fieldPath: "metadata.labels['batch.orch.io/job-completion-index']" } } }]);
  h.finishPod(pods[1]!, 0);
  await h.sync('idx');
  assert.equal(h.job('idx').status!.completedIndexes, '1');
  assert.equal(h.job('idx').status!.succeeded, 1);
  await h.sync('idx');
  const indexes = h.podsOf('idx').filter((p) => p.status?.phase === 'Pending').map((p) => p.metadata.annotations![JOB_COMPLETION_INDEX_ANNOTATION]).sort();
  assert.deepEqual(indexes, ['0', '2']);
  for (const pod of h.podsOf('idx').filter((p) => p.status?.phase === 'Pending')) h.finishPod(pod, 0);
  await h.sync('idx');
  assert.equal(h.job('idx').status!.completedIndexes, '0-2');
  await h.sync('idx');
  h.finishPod(h.podsOf('idx').find((p) => p.status?.phase === 'Pending')!, 0);
  await h.sync('idx');
  assert.equal(h.job('idx').status!.completedIndexes, '0-3');
  assert.equal(h.condition('idx', 'Complete')?.status, 'True');
});

test('suspend deletes the pods (finalizer first, so they are not counted) and sets Suspended; resume starts the clock again', async () => {
  const h = new JobHarness();
  h.createJob('s', { parallelism: 2, completions: 2 });
  await h.sync('s');
  const startedAt = h.job('s').status!.startTime;
  h.updateSpec('s', { suspend: true });
  await h.clock.step(60_000);
  await h.sync('s');
  assert.equal(h.podsOf('s').length, 0);
  let status = h.job('s').status!;
  assert.deepEqual([status.active, status.failed ?? 0], [0, 0]);
  assert.deepEqual(status.conditions!.map((c) => [c.type, c.status, c.reason, c.message]), [['Suspended', 'True', 'JobSuspended', 'Job suspended']]);
  assert.ok(reasons(h).includes('Suspended'));
  h.updateSpec('s', { suspend: false });
  await h.sync('s');
  status = h.job('s').status!;
  assert.deepEqual(status.conditions!.map((c) => [c.type, c.status, c.reason]), [['Suspended', 'False', 'JobResumed']]);
  assert.notEqual(status.startTime, startedAt);
  assert.equal(h.podsOf('s').length, 2);
  assert.ok(reasons(h).includes('Resumed'));
});

test('a job created suspended has no start time and no pods', async () => {
  const h = new JobHarness();
  h.createJob('later', { suspend: true });
  await h.sync('later');
  assert.equal(h.podsOf('later').length, 0);
  assert.equal(h.job('later').status!.startTime, undefined);
  assert.equal(h.condition('later', 'Suspended')?.status, 'True');
});

test('pod failure policy: FailJob on an exit code fails the job with the rule\'s message; Ignore does not count against backoffLimit', async () => {
  const h = new JobHarness();
  const policy = { rules: [{ action: 'Ignore', onExitCodes: { operator: 'In', values: [3] } }, { action: 'FailJob', onExitCodes: { containerName: 'main', operator: 'In', values: [42] } }] };
  h.createJob('pfp', { backoffLimit: 0, podFailurePolicy: policy });
  assert.equal(h.job('pfp').spec!.podReplacementPolicy, 'Failed');
  await h.sync('pfp');
  h.finishPod(h.podsOf('pfp')[0]!, 3);
  await h.sync('pfp');
  assert.equal(h.job('pfp').status!.failed ?? 0, 0, 'an ignored failure is not counted');
  // It still counts for the back-off before its replacement.
  await h.clock.step(10_000);
  await h.sync('pfp');
  assert.equal(h.podsOf('pfp').filter((p) => p.status?.phase === 'Pending').length, 1);
  const [second] = h.podsOf('pfp').filter((p) => p.status?.phase === 'Pending');
  h.finishPod(second!, 42);
  await h.sync('pfp');
  const failed = h.condition('pfp', 'Failed');
  assert.equal(failed?.reason, 'PodFailurePolicy');
  assert.equal(failed?.message, `Container main for pod ${NS}/${second!.metadata.name} failed with exit code 42 matching FailJob rule at index 1`);
  assert.equal(h.condition('pfp', 'FailureTarget')?.reason, 'PodFailurePolicy');
});

test('pod failure policy on a pod condition (DisruptionTarget Ignore)', async () => {
  const h = new JobHarness();
  h.createJob('dis', { backoffLimit: 0, podFailurePolicy: { rules: [{ action: 'Ignore', onPodConditions: [{ type: 'DisruptionTarget', status: 'True' }] }] } });
  await h.sync('dis');
  h.finishPod(h.podsOf('dis')[0]!, 137, [{ type: 'DisruptionTarget', status: 'True' }]);
  await h.sync('dis');
  assert.equal(h.condition('dis', 'Failed'), undefined);
  await h.clock.step(10_000);
  await h.sync('dis');
  assert.equal(h.podsOf('dis').filter((p) => p.status?.phase === 'Pending').length, 1);
});

test('backoffLimitPerIndex: an index fails after its own limit, the count carried by annotations; maxFailedIndexes fails the job', async () => {
  const h = new JobHarness();
  h.createJob('per', { completionMode: 'Indexed', completions: 3, parallelism: 3, backoffLimitPerIndex: 1, maxFailedIndexes: 1 });
  await h.sync('per');
  const first = (ix: string) => h.podsOf('per').find((p) => p.metadata.annotations![JOB_COMPLETION_INDEX_ANNOTATION] === ix && p.status?.phase === 'Pending')!;
  assert.equal(first('0').metadata.annotations![JOB_INDEX_FAILURE_COUNT_ANNOTATION], '0');
  h.finishPod(first('0'), 1);
  await h.sync('per');
  // The failed pod stays (with its finalizer) until index 0 has a new pod; that waits out the back-off.
  await h.clock.step(10_000);
  await h.sync('per');
  assert.equal(first('0').metadata.annotations![JOB_INDEX_FAILURE_COUNT_ANNOTATION], '1');
  h.finishPod(first('0'), 1);
  await h.sync('per');
  assert.equal(h.job('per').status!.failedIndexes, '0');
  h.finishPod(first('1'), 1);
  await h.sync('per');
  await h.clock.step(10_000);
  await h.sync('per');
  h.finishPod(first('1'), 1);
  await h.sync('per');
  assert.equal(h.condition('per', 'FailureTarget')?.reason, 'MaxFailedIndexesExceeded');
  // Index 2's pod is deleted; once it is gone the job is Failed.
  await h.sync('per');
  assert.equal(h.condition('per', 'Failed')?.message, 'Job has exceeded the specified maximal number of failed indexes');
  assert.equal(h.job('per').status!.failedIndexes, '0,1');
});

test('success policy: the job succeeds once the rule is met, its other pods deleted', async () => {
  const h = new JobHarness();
  h.createJob('leader', { completionMode: 'Indexed', completions: 3, parallelism: 3, successPolicy: { rules: [{ succeededIndexes: '0' }] } });
  await h.sync('leader');
  const leader = h.podsOf('leader').find((p) => p.metadata.annotations![JOB_COMPLETION_INDEX_ANNOTATION] === '0')!;
  h.finishPod(leader, 0);
  await h.sync('leader');
  assert.deepEqual([h.condition('leader', 'SuccessCriteriaMet')?.reason, h.condition('leader', 'SuccessCriteriaMet')?.message], ['SuccessPolicy', 'Matched rules at index 0']);
  assert.equal(h.condition('leader', 'Complete'), undefined, 'not Complete while pods terminate');
  await h.sync('leader');
  const complete = h.condition('leader', 'Complete');
  assert.deepEqual([complete?.reason, complete?.message], ['SuccessPolicy', 'Matched rules at index 0']);
  assert.equal(h.job('leader').status!.active, 0);
  assert.equal(h.job('leader').status!.succeeded, 1);
});

test('activeDeadlineSeconds: past it, the job fails with DeadlineExceeded and its pods are deleted', async () => {
  const h = new JobHarness();
  h.createJob('slow', { activeDeadlineSeconds: 30 });
  await h.sync('slow');
  assert.deepEqual(h.queued.at(-1), { key: `${NS}/slow`, delayMs: 30_000 });
  h.runPod(h.podsOf('slow')[0]!);
  await h.clock.step(30_000);
  await h.sync('slow');
  assert.equal(h.condition('slow', 'FailureTarget')?.reason, 'DeadlineExceeded');
  await h.sync('slow');
  const failed = h.condition('slow', 'Failed');
  assert.deepEqual([failed?.reason, failed?.message], ['DeadlineExceeded', 'Job was active longer than specified deadline']);
  assert.equal(h.podsOf('slow').length, 0);
  assert.deepEqual([h.job('slow').status!.active, h.job('slow').status!.failed, h.job('slow').status!.terminating], [0, 1, 0]);
});

test('lowering parallelism deletes the pods given up first (unscheduled before running)', async () => {
  const h = new JobHarness();
  h.createJob('wide', { parallelism: 3, completions: 10 });
  await h.sync('wide');
  const [a, b] = h.podsOf('wide');
  h.runPod(a!);
  h.runPod(b!);
  h.updateSpec('wide', { parallelism: 2 });
  await h.sync('wide');
  const left = h.podsOf('wide');
  assert.equal(left.length, 2);
  assert.ok(left.every((p) => p.spec?.nodeName === 'node-1'));
  assert.equal(h.job('wide').status!.failed ?? 0, 0, 'a pod given up is not a failure');
});

test('an orphan pod matching the selector is adopted and gets the tracking finalizer', async () => {
  const h = new JobHarness();
  const job = h.createJob('adopt');
  const labels = job.spec!.template.metadata!.labels!;
  h.pods.set(`${NS}/stray`, { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'stray', namespace: NS, uid: 'stray-uid', labels: { ...labels } }, spec: { containers: [] }, status: { phase: 'Running' } });
  await h.sync('adopt');
  const stray = h.pods.get(`${NS}/stray`)!;
  assert.equal((stray.metadata.ownerReferences as Array<{ uid: string }>)[0]!.uid, job.metadata.uid);
  assert.deepEqual(stray.metadata.finalizers, [JOB_TRACKING_FINALIZER]);
  assert.equal(h.podsOf('adopt').length, 1, 'the adopted pod counts: none created');
});

test('jobs managed by another controller and finished jobs are left alone', async () => {
  const h = new JobHarness();
  h.createJob('theirs', { managedBy: 'example.com/queue' });
  await h.sync('theirs');
  assert.equal(h.podsOf('theirs').length, 0);
  await h.sync('gone');
});
