// The job controller end to end: orch-apiserver as `orch up` runs it, orch-scheduler and
// orch-nodeagent with a simulated node running the pods (they exit after the agent's one-second
// run, with the exit code their nodeagent.orch.io/exit-code annotation names), and the real
// orch-controller-manager running the job and service account controllers as their service
// accounts, with the garbage collector. kubectl create job reaches Complete; a job whose pods fail
// reaches Failed with BackoffLimitExceeded after one 10 s back-off; an Indexed job completes every
// index; kubectl patch of spec.suspend deletes the pods and sets Suspended, and resuming runs them
// again; kubectl delete job takes its running pods with it (their tracking finalizer removed).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { StorageDaemon } from '../support/daemon.ts';
import { kubectlSkip, type Kubectl } from '../support/kubectl.ts';
import type { SpawnedControllerManager } from '../../src/controllermanager/testing/spawn.ts';
import { controllerWaiter } from '../support/controller-manager.ts';
import { startControllerCluster, type ControllerCluster } from '../support/controller-cluster.ts';

const NS = 'jobs';
const JOBS = `/apis/batch/v1/namespaces/${NS}/jobs`;
const PODS = `/api/v1/namespaces/${NS}/pods`;
let daemon: StorageDaemon;
let cm: SpawnedControllerManager;
let kubectl: Kubectl;
let cluster: ControllerCluster | undefined;

before(async () => {
  cluster = await startControllerCluster({
    name: 'job',
    namespace: NS,
    flags: [
      '--controllers=job-controller,garbage-collector-controller,serviceaccount-controller',
      '--use-service-account-credentials', '--concurrent-job-syncs=2', '-v=2',
    ],
    readyLog: /Job controller synced/,
    nodes: 1,
  });
  ({ daemon, cm, kubectl } = cluster);
});
after(async () => {
  await cluster?.stop();
});

const waitFor = controllerWaiter(() => cm, 30_000);

async function job(name: string): Promise<Record<string, any>> {
  const r = await daemon.call('GET', `${JOBS}/${name}`);
  assert.equal(r.status, 200, r.text);
  return r.body;
}

async function podsOf(name: string): Promise<Array<Record<string, any>>> {
  const r = await daemon.call('GET', `${PODS}?labelSelector=${encodeURIComponent(`batch.orch.io/job-name=${name}`)}`);
  return r.body.items;
}

async function eventReasons(name: string): Promise<string[]> {
  const r = await daemon.call('GET', `/apis/events.orch.io/v1/namespaces/${NS}/events?fieldSelector=regarding.name=${name}`);
  return (r.body.items as Array<{ reason: string; reportingController: string }>).filter((e) => e.reportingController === 'orch.io/job-controller').map((e) => e.reason);
}

const conditionTrue = (j: Record<string, any>, type: string) => (j.status?.conditions ?? []).some((c: { type: string; status: string }) => c.type === type && c.status === 'True');

test('kubectl create job: the pod runs and succeeds, the job reaches Complete', { skip: kubectlSkip }, async (t) => {
  const started = Date.now();
  const created = await kubectl.run(['create', 'job', 'hello', '--image=busybox']);
  assert.equal(created.code, 0, created.stderr);
  const waited = await kubectl.run(['wait', '--for=condition=complete', 'job/hello', '--timeout=30s']);
  assert.equal(waited.code, 0, waited.stderr + cm.stderr().slice(-2000));
  t.diagnostic(`Complete ${Date.now() - started} ms after kubectl create job`);
  const done = await job('hello');
  assert.deepEqual(done.status.conditions.map((c: { type: string; reason: string }) => [c.type, c.reason]), [['SuccessCriteriaMet', 'CompletionsReached'], ['Complete', 'CompletionsReached']]);
  assert.deepEqual([done.status.succeeded, done.status.active ?? 0, done.status.ready, done.status.terminating], [1, 0, 0, 0]);
  assert.ok(done.status.completionTime && done.status.startTime);
  const [pod] = await podsOf('hello');
  assert.equal(pod.status.phase, 'Succeeded');
  assert.deepEqual(pod.metadata.finalizers ?? [], [], 'the tracking finalizer is gone once counted');
  assert.equal(pod.metadata.ownerReferences[0].kind, 'Job');
  const table = await kubectl.run(['get', 'job', 'hello']);
  assert.match(table.stdout, /hello\s+Complete\s+1\/1\s+\d+s/);
  await waitFor('the SuccessfulCreate and Completed events', async () => ((await eventReasons('hello')).sort().join() === 'Completed,SuccessfulCreate' ? true : undefined));
});

test('a job whose pods fail is retried after the 10 s back-off, then fails with BackoffLimitExceeded', { skip: kubectlSkip }, async (t) => {
  const manifest = [
    'apiVersion: batch/v1', 'kind: Job', 'metadata: {name: flaky}',
    'spec:', '  backoffLimit: 1',
    '  template:',
    '    metadata: {annotations: {nodeagent.orch.io/exit-code: "3", nodeagent.orch.io/run-seconds: "0.2"}}',
    '    spec: {restartPolicy: Never, containers: [{name: main, image: busybox}]}',
    '',
  ].join('\n');
  const started = Date.now();
  const applied = await kubectl.run(['apply', '-f', kubectl.file('flaky.yaml', manifest)]);
  assert.equal(applied.code, 0, applied.stderr);
  const waited = await kubectl.run(['wait', '--for=condition=failed', 'job/flaky', '--timeout=45s']);
  assert.equal(waited.code, 0, waited.stderr + cm.stderr().slice(-2000));
  const elapsed = Date.now() - started;
  t.diagnostic(`Failed ${elapsed} ms after apply`);
  assert.ok(elapsed >= 10_000, 'the second pod waited out the back-off');
  const failed = await job('flaky');
  assert.deepEqual(failed.status.conditions.map((c: { type: string; reason: string; message: string }) => [c.type, c.reason, c.message]), [
    ['FailureTarget', 'BackoffLimitExceeded', 'Job has reached the specified backoff limit'],
    ['Failed', 'BackoffLimitExceeded', 'Job has reached the specified backoff limit'],
  ]);
  assert.equal(failed.status.failed, 2);
  assert.equal(failed.status.completionTime, undefined);
  const pods = await podsOf('flaky');
  assert.equal(pods.length, 2);
  assert.ok(pods.every((p) => p.status.phase === 'Failed' && p.status.containerStatuses[0].state.terminated.exitCode === 3));
  const [first, second] = pods.sort((a, b) => Date.parse(a.metadata.creationTimestamp) - Date.parse(b.metadata.creationTimestamp));
  const firstEnded = Date.parse(first!.status.containerStatuses[0].state.terminated.finishedAt);
  assert.ok(Date.parse(second!.metadata.creationTimestamp) - firstEnded >= 9_000, 'replaced only after the back-off');
  const table = await kubectl.run(['get', 'job', 'flaky']);
  assert.match(table.stdout, /flaky\s+Failed\s+0\/1/);
  await waitFor('the BackoffLimitExceeded event', async () => ((await eventReasons('flaky')).includes('BackoffLimitExceeded') ? true : undefined));
});

test('an Indexed job runs one pod per index (its hostname, label and JOB_COMPLETION_INDEX) and completes every index', { skip: kubectlSkip }, async () => {
  const manifest = [
    'apiVersion: batch/v1', 'kind: Job', 'metadata: {name: idx}',
    'spec:', '  completionMode: Indexed', '  completions: 3', '  parallelism: 3',
    '  template:', '    spec: {restartPolicy: Never, containers: [{name: main, image: busybox}]}', '',
  ].join('\n');
  const applied = await kubectl.run(['apply', '-f', kubectl.file('idx.yaml', manifest)]);
  assert.equal(applied.code, 0, applied.stderr);
  const done = await waitFor('the Indexed job to complete', async () => {
    const j = await job('idx');
    return conditionTrue(j, 'Complete') ? j : undefined;
  });
  assert.equal(done.status.completedIndexes, '0-2');
  assert.equal(done.status.succeeded, 3);
  const pods = (await podsOf('idx')).sort((a, b) => a.spec.hostname.localeCompare(b.spec.hostname));
  assert.deepEqual(pods.map((p) => p.spec.hostname), ['idx-0', 'idx-1', 'idx-2']);
  assert.deepEqual(pods.map((p) => p.metadata.labels['batch.orch.io/job-completion-index']), ['0', '1', '2']);
  assert.deepEqual(pods.map((p) => p.metadata.annotations['batch.orch.io/job-completion-index']), ['0', '1', '2']);
  assert.ok(pods.every((p, i) => p.metadata.name.startsWith(`idx-${i}-`)));
  assert.deepEqual(pods[0]!.spec.containers[0].env, [{ name: 'JOB_COMPLETION_INDEX', valueFrom: { fieldRef: { apiVersion: 'v1', fieldPath: "metadata.labels['batch.orch.io/job-completion-index']" } } }]);
});

test('kubectl patch suspend: the running pods are deleted and the job is Suspended; resumed, it runs again', { skip: kubectlSkip }, async () => {
  const manifest = [
    'apiVersion: batch/v1', 'kind: Job', 'metadata: {name: sleepy}',
    'spec:', '  parallelism: 2', '  completions: 2',
    '  template:',
    '    metadata: {annotations: {nodeagent.orch.io/run-seconds: "600"}}',
    '    spec: {restartPolicy: Never, terminationGracePeriodSeconds: 1, containers: [{name: main, image: busybox}]}', '',
  ].join('\n');
  assert.equal((await kubectl.run(['apply', '-f', kubectl.file('sleepy.yaml', manifest)])).code, 0);
  await waitFor('two ready pods', async () => {
    const j = await job('sleepy');
    return j.status?.ready === 2 ? true : undefined;
  });
  const patched = await kubectl.run(['patch', 'job', 'sleepy', '--type=merge', '-p', '{"spec":{"suspend":true}}']);
  assert.equal(patched.code, 0, patched.stderr);
  const suspended = await waitFor('the pods to go and the job to be Suspended', async () => {
    const j = await job('sleepy');
    return conditionTrue(j, 'Suspended') && (await podsOf('sleepy')).length === 0 && (j.status.active ?? 0) === 0 ? j : undefined;
  });
  assert.equal(suspended.status.failed ?? 0, 0, 'pods of a suspended job are not failures');
  const table = await kubectl.run(['get', 'job', 'sleepy']);
  assert.match(table.stdout, /sleepy\s+Suspended\s+0\/2/);
  assert.equal((await kubectl.run(['patch', 'job', 'sleepy', '--type=merge', '-p', '{"spec":{"suspend":false}}'])).code, 0);
  const resumed = await waitFor('the job to run again', async () => {
    const j = await job('sleepy');
    return j.status?.active === 2 ? j : undefined;
  });
  const condition = resumed.status.conditions.find((c: { type: string }) => c.type === 'Suspended');
  assert.deepEqual([condition.status, condition.reason], ['False', 'JobResumed']);
  // Events are written in the background.
  await waitFor('the Suspended and Resumed events', async () => {
    const reasons = await eventReasons('sleepy');
    return reasons.includes('Suspended') && reasons.includes('Resumed') ? true : undefined;
  });
});

test('kubectl delete job: the garbage collector deletes its running pods and the job controller lets their finalizer go', { skip: kubectlSkip }, async () => {
  await waitFor('the resumed pods to run', async () => ((await job('sleepy')).status?.ready === 2 ? true : undefined));
  const deleted = await kubectl.run(['delete', 'job', 'sleepy', '--timeout=30s']);
  assert.equal(deleted.code, 0, deleted.stderr);
  await waitFor('the pods to go', async () => ((await podsOf('sleepy')).length === 0 ? true : undefined));
});
