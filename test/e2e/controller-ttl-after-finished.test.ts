// The ttl-after-finished controller end to end: orch-apiserver as `orch up` runs it and the real
// orch-controller-manager running it (as its own service account) with the garbage collector.
// Jobs are finished as the job controller would finish them, through jobs/status. A finished job
// goes ttlSecondsAfterFinished after its Complete or Failed condition, with its pods (Foreground);
// a job not finished, or finished with a long TTL, stays; shortening the TTL of a finished job
// with kubectl patch deletes it.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as delay } from 'node:timers/promises';
import { makeTempDir } from '../support/apiserver.ts';
import { deferredHooks, startDaemon, type StorageDaemon } from '../support/daemon.ts';
import { kubectlFor, kubectlSkip, type Kubectl } from '../support/kubectl.ts';
import type { SpawnedControllerManager } from '../../src/controllermanager/testing/spawn.ts';
import { controllerWaiter, startControllers, stopControllers } from '../support/controller-manager.ts';

const NS = 'ttl';
const JOBS = `/apis/batch/v1/namespaces/${NS}/jobs`;
let daemon: StorageDaemon;
let cm: SpawnedControllerManager;
let kubectl: Kubectl;
const hooks = deferredHooks();

before(async () => {
  const dir = makeTempDir('orch-ttl-');
  daemon = await startDaemon(hooks, dir, []);
  ({ cm } = await startControllers(daemon, dir, [
    '--controllers=ttl-after-finished-controller,garbage-collector-controller',
    '--use-service-account-credentials', '--concurrent-ttl-after-finished-syncs=2', '-v=4',
  ], /TTL after finished controller synced/));
  assert.equal((await daemon.call('POST', '/api/v1/namespaces', { metadata: { name: NS } })).status, 201);
  assert.equal((await daemon.call('POST', `/api/v1/namespaces/${NS}/serviceaccounts`, { metadata: { name: 'default' } })).status, 201);
  kubectl = kubectlFor(daemon, NS);
});
after(async () => {
  kubectl?.close();
  await stopControllers(cm);
  await hooks.run();
});

const waitFor = controllerWaiter(() => cm, 15_000);
const rfc3339 = (ms: number) => new Date(ms).toISOString().replace(/\.\d+Z$/, 'Z');

async function createJob(name: string, ttl?: number): Promise<string> {
  const r = await daemon.call('POST', JOBS, {
    metadata: { name },
    spec: { ...(ttl === undefined ? {} : { ttlSecondsAfterFinished: ttl }), template: { spec: { restartPolicy: 'Never', containers: [{ name: 'c', image: 'busybox' }] } } },
  });
  assert.equal(r.status, 201, r.text);
  return r.body.metadata.uid;
}

/** Finishes the job as the job controller would: succeeded, SuccessCriteriaMet, then Complete. */
async function complete(name: string, at = Date.now()): Promise<void> {
  const t = rfc3339(at);
  const r = await daemon.send('PATCH', `${JOBS}/${name}/status`, {
    body: { status: { startTime: rfc3339(at - 5000), completionTime: t, succeeded: 1, conditions: [
      { type: 'SuccessCriteriaMet', status: 'True', lastProbeTime: t, lastTransitionTime: t, reason: 'CompletionsReached', message: 'Reached expected number of succeeded pods' },
      { type: 'Complete', status: 'True', lastProbeTime: t, lastTransitionTime: t, reason: 'CompletionsReached', message: 'Reached expected number of succeeded pods' },
    ] } },
    headers: { 'content-type': 'application/merge-patch+json' },
  });
  assert.equal(r.status, 200, r.text);
}

const gone = (path: string) => waitFor(`${path} to be deleted`, async () => ((await daemon.call('GET', path)).status === 404 ? true : undefined));

test('a finished job goes ttlSecondsAfterFinished after it finished, with its pods', async (t) => {
  const uid = await createJob('short', 2);
  const pod = await daemon.call('POST', `/api/v1/namespaces/${NS}/pods`, {
    metadata: { name: 'short-pod', ownerReferences: [{ apiVersion: 'batch/v1', kind: 'Job', name: 'short', uid, controller: true, blockOwnerDeletion: true }] },
    spec: { restartPolicy: 'Never', containers: [{ name: 'c', image: 'busybox' }] },
  });
  assert.equal(pod.status, 201, pod.text);
  const finished = Math.floor(Date.now() / 1000) * 1000;
  await complete('short', finished);
  await delay(1000);
  assert.equal((await daemon.call('GET', `${JOBS}/short`)).status, 200, 'the TTL has not run out yet');
  await gone(`${JOBS}/short`);
  t.diagnostic(`deleted ${Date.now() - finished} ms after it finished (TTL 2 s)`);
  await gone(`/api/v1/namespaces/${NS}/pods/short-pod`);
  assert.match(cm.stderr(), /"Cleaning up Job" job="ttl\/short"/);
});

test('a job past its TTL when the controller sees it goes at once; unfinished jobs and long TTLs stay', async () => {
  await createJob('long-done', 3600);
  await complete('long-done');
  await createJob('running', 0);
  await createJob('no-ttl');
  await complete('no-ttl', Date.now() - 3_600_000);
  await createJob('stale', 5);
  await complete('stale', Date.now() - 60_000);
  await gone(`${JOBS}/stale`);
  await delay(500);
  for (const name of ['long-done', 'running', 'no-ttl']) assert.equal((await daemon.call('GET', `${JOBS}/${name}`)).status, 200, name);
});

test('kubectl patch shortening a finished job\'s TTL deletes it', { skip: kubectlSkip }, async () => {
  const patched = await kubectl.run(['patch', 'job', 'long-done', '--type=merge', '-p', '{"spec":{"ttlSecondsAfterFinished":0}}']);
  assert.equal(patched.code, 0, patched.stderr);
  await gone(`${JOBS}/long-done`);
});
