// The cron job controller end to end: orch-apiserver as `orch up` runs it, orch-scheduler and
// orch-nodeagent with a simulated node running the pods, and the real orch-controller-manager
// running the cronjob, job, garbage collector and service account controllers as their service
// accounts. A cron job every minute whose last run is two minutes old (as after the controller
// was down) runs its latest missed minute at once: job <name>-<minutes since the epoch> with its
// scheduled timestamp, which the job controller completes, and which the cron job then reports as
// its last successful run; an @every cron job runs on its own when its time comes; a suspended one
// does not.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as delay } from 'node:timers/promises';
import type { StorageDaemon } from '../support/daemon.ts';
import { kubectlSkip, type Kubectl } from '../support/kubectl.ts';
import type { SpawnedControllerManager } from '../../src/controllermanager/testing/spawn.ts';
import { controllerWaiter } from '../support/controller-manager.ts';
import { startControllerCluster, type ControllerCluster } from '../support/controller-cluster.ts';

const NS = 'cron';
const CRONJOBS = `/apis/batch/v1/namespaces/${NS}/cronjobs`;
const JOBS = `/apis/batch/v1/namespaces/${NS}/jobs`;
let daemon: StorageDaemon;
let cm: SpawnedControllerManager;
let kubectl: Kubectl;
let cluster: ControllerCluster | undefined;

before(async () => {
  cluster = await startControllerCluster({
    name: 'cronjob',
    namespace: NS,
    flags: [
      '--controllers=cronjob-controller,job-controller,garbage-collector-controller,serviceaccount-controller',
      '--use-service-account-credentials', '-v=2',
    ],
    readyLog: /Cron job controller synced/,
    nodes: 1,
  });
  ({ daemon, cm, kubectl } = cluster);
  await cm.waitForLog(/Job controller synced/);
});
after(async () => {
  await cluster?.stop();
});

const waitFor = controllerWaiter(() => cm, 30_000);

async function cronJob(name: string): Promise<Record<string, any>> {
  const r = await daemon.call('GET', `${CRONJOBS}/${name}`);
  assert.equal(r.status, 200, r.text);
  return r.body;
}

async function jobsOf(name: string): Promise<Array<Record<string, any>>> {
  const items: Array<Record<string, any>> = (await daemon.call('GET', JOBS)).body.items;
  return items.filter((j) => j.metadata.ownerReferences?.[0]?.name === name);
}

const wholeMinute = (ms: number) => new Date(Math.floor(ms / 60_000) * 60_000).toISOString().replace('.000Z', 'Z');

test('a cron job every minute, last run two minutes ago: its latest minute runs at once, completes, and is reported', { skip: kubectlSkip }, async (t) => {
  const created = await kubectl.run(['create', 'cronjob', 'tick', '--image=busybox', '--schedule=* * * * *']);
  assert.equal(created.code, 0, created.stderr);
  // As if the controller had been down: the last run two minutes back.
  const lastRun = wholeMinute(Date.now() - 120_000);
  const started = Date.now();
  const patched = await kubectl.run(['patch', 'cronjob', 'tick', '--subresource=status', '--type=merge', '-p', JSON.stringify({ status: { lastScheduleTime: lastRun } })]);
  assert.equal(patched.code, 0, patched.stderr);
  const [job] = await waitFor('the missed run\'s job', async () => {
    const jobs = await jobsOf('tick');
    return jobs.length ? jobs : undefined;
  });
  t.diagnostic(`job created ${Date.now() - started} ms after the status patch`);
  const scheduled = Date.parse(job!.metadata.annotations['batch.orch.io/cronjob-scheduled-timestamp']);
  assert.ok(scheduled > Date.parse(lastRun) && scheduled <= Date.now(), 'the latest minute since the last run');
  assert.equal(job!.metadata.name, `tick-${scheduled / 60_000}`);
  assert.deepEqual(job!.metadata.ownerReferences.map((r: Record<string, unknown>) => [r.kind, r.name, r.controller, r.blockOwnerDeletion]), [['CronJob', 'tick', true, true]]);
  assert.equal(job!.spec.template.spec.containers[0].image, 'busybox');

  await waitFor('lastScheduleTime to be the run\'s time', async () => ((await cronJob('tick')).status.lastScheduleTime === new Date(scheduled).toISOString().replace('.000Z', 'Z') ? true : undefined));
  const done = await waitFor('the run to complete and be reported', async () => {
    const cj = await cronJob('tick');
    return cj.status.lastSuccessfulTime && !(cj.status.active ?? []).length ? cj : undefined;
  });
  const completed = (await daemon.call('GET', `${JOBS}/${job!.metadata.name}`)).body;
  assert.equal(done.status.lastSuccessfulTime, completed.status.completionTime);
  const table = await kubectl.run(['get', 'cronjob', 'tick']);
  assert.match(table.stdout, /tick\s+\* \* \* \* \*\s+<none>\s+False\s+0\s+\d+s\s+\d+s/);
  const events = await kubectl.run(['get', 'events', '--field-selector', 'involvedObject.name=tick', '-o', 'jsonpath={range .items[*]}{.reason} {.message}{"\\n"}{end}']);
  assert.match(events.stdout, new RegExp(`SuccessfulCreate Created job ${job!.metadata.name}`));
  assert.match(events.stdout, new RegExp(`SawCompletedJob Saw completed job: ${job!.metadata.name}, status: Complete`));
});

test('an @every 3s cron job runs on its own once its time comes; suspended, it makes no more jobs', async () => {
  const body = {
    metadata: { name: 'often' },
    spec: { schedule: '@every 3s', concurrencyPolicy: 'Forbid', jobTemplate: { spec: { template: { spec: { restartPolicy: 'Never', containers: [{ name: 'c', image: 'busybox' }] } } } } },
  };
  const created = await daemon.call('POST', CRONJOBS, body);
  assert.equal(created.status, 201, created.text);
  const createdAt = Date.parse(created.body.metadata.creationTimestamp);
  const [job] = await waitFor('the first job', async () => {
    const jobs = await jobsOf('often');
    return jobs.length ? jobs : undefined;
  }, 15_000);
  const scheduled = Date.parse(job!.metadata.annotations['batch.orch.io/cronjob-scheduled-timestamp']);
  assert.ok(scheduled >= createdAt + 3000 && scheduled <= createdAt + 4000, `${scheduled - createdAt} ms after creation`);
  assert.equal(job!.metadata.name, `often-${Math.floor(scheduled / 60_000)}`);
  const suspended = await daemon.send('PATCH', `${CRONJOBS}/often`, { body: { spec: { suspend: true } }, headers: { 'content-type': 'application/merge-patch+json' } });
  assert.equal(suspended.status, 200, suspended.text);
  const count = (await jobsOf('often')).length;
  await delay(4000);
  assert.equal((await jobsOf('often')).length, count, 'no job while suspended');
});
