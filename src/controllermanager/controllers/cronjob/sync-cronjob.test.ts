// The cron job controller's syncs over an in-memory API and a fake clock: a job each minute with
// its name, annotation and owner, the requeue for the next time, completed jobs leaving
// status.active and setting lastSuccessfulTime, Forbid, Replace and Allow, the starting deadline,
// too many missed times, time zones, suspend, history limits and jobs gone missing.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { CronJob, Job } from '../../../api/batch/v1/types.ts';
import { FakeClock } from '../../../client/clock/fake-clock.ts';
import { StatusError } from '../../../machinery/status.ts';
import type { CronJobSyncDeps } from './deps.ts';
import { syncCronJobKey } from './sync-cronjob.ts';

const NS = 'ns';
const START = Date.parse('2026-11-22T05:00:30Z');
const minutes = (iso: string) => Math.floor(Date.parse(iso) / 60_000);

function apiError(code: number, reason: 'NotFound' | 'AlreadyExists', message: string): StatusError {
  return new StatusError({ kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', reason, code, message });
}

class CronHarness {
  readonly clock = new FakeClock(START);
  readonly cronJobs = new Map<string, CronJob>();
  readonly jobs = new Map<string, Job>();
  readonly events: Array<{ type: string; reason: string; note: string }> = [];
  private seq = 0;
  readonly deps: CronJobSyncDeps = {
    clock: this.clock,
    recorder: { eventf: (_r, _rel, type, reason, _a, note) => this.events.push({ type, reason, note }) },
    cachedCronJob: (key) => this.cronJobs.get(key),
    jobsInNamespace: (ns) => [...this.jobs.values()].filter((j) => j.metadata.namespace === ns),
    liveCronJob: async (ns, name) => structuredClone(this.cronJobs.get(`${ns}/${name}`)!),
    liveJob: async (ns, name) => {
      const job = this.jobs.get(`${ns}/${name}`);
      if (!job) throw apiError(404, 'NotFound', `jobs.batch "${name}" not found`);
      return structuredClone(job);
    },
    createJob: async (ns, job) => {
      const key = `${ns}/${job.metadata.name}`;
      if (this.jobs.has(key)) throw apiError(409, 'AlreadyExists', `jobs.batch "${job.metadata.name}" already exists`);
      const stored: Job = { ...structuredClone(job), metadata: { ...job.metadata, namespace: ns, uid: `job-${++this.seq}`, resourceVersion: '1', creationTimestamp: new Date(this.clock.now()).toISOString().replace(/\.\d+Z$/, 'Z') } };
      this.jobs.set(key, stored);
      return structuredClone(stored);
    },
    deleteJob: async (ns, name) => {
      if (!this.jobs.delete(`${ns}/${name}`)) throw apiError(404, 'NotFound', `jobs.batch "${name}" not found`);
    },
    updateStatus: async (cj) => {
      const key = `${cj.metadata.namespace}/${cj.metadata.name}`;
      const stored = { ...structuredClone(this.cronJobs.get(key)!), status: structuredClone(cj.status ?? {}) };
      this.cronJobs.set(key, stored);
      return stored;
    },
  };

  cronJob(name: string, spec: Partial<NonNullable<CronJob['spec']>> = {}, created = START): CronJob {
    const cj: CronJob = {
      apiVersion: 'batch/v1',
      kind: 'CronJob',
      metadata: { name, namespace: NS, uid: `uid-${name}`, resourceVersion: '1', creationTimestamp: new Date(created).toISOString().replace(/\.\d+Z$/, 'Z') },
      spec: {
        schedule: '* * * * *',
        concurrencyPolicy: 'Allow',
        suspend: false,
        successfulJobsHistoryLimit: 3,
        failedJobsHistoryLimit: 1,
        jobTemplate: { metadata: { labels: { app: name }, annotations: { note: 'x' } }, spec: { template: { spec: { restartPolicy: 'OnFailure', containers: [{ name: 'c', image: 'busybox' }] } } } },
        ...spec,
      } as CronJob['spec'],
      status: {},
    };
    this.cronJobs.set(`${NS}/${name}`, cj);
    return cj;
  }

  status(name: string) {
    return this.cronJobs.get(`${NS}/${name}`)!.status!;
  }

  jobsOf(name: string): Job[] {
    return [...this.jobs.values()].filter((j) => (j.metadata.ownerReferences as Array<{ name: string }> | undefined)?.[0]?.name === name);
  }

  /** Moves the clock to `iso` and syncs, returning the requeue delay. */
  async syncAt(name: string, iso?: string): Promise<number | undefined> {
    if (iso) await this.clock.step(Date.parse(iso) - this.clock.now());
    return syncCronJobKey(this.deps, `${NS}/${name}`);
  }

  finish(job: Job, type: 'Complete' | 'Failed', at: string): void {
    const stored = this.jobs.get(`${NS}/${job.metadata.name}`)!;
    stored.status = {
      startTime: stored.metadata.creationTimestamp,
      ...(type === 'Complete' ? { completionTime: at } : {}),
      conditions: [{ type, status: 'True', lastTransitionTime: at }],
    };
    stored.metadata.resourceVersion = '2';
  }
}

test('every minute: no job before the first time (requeued for it), then one job named by its minute with the scheduled timestamp', async () => {
  const h = new CronHarness();
  h.cronJob('tick');
  assert.equal(await h.syncAt('tick'), 30_100);
  assert.equal(h.jobsOf('tick').length, 0);
  assert.equal(await h.syncAt('tick', '2026-11-22T05:01:00.100Z'), 60_000);
  const [job] = h.jobsOf('tick');
  assert.equal(job!.metadata.name, `tick-${minutes('2026-11-22T05:01:00Z')}`);
  assert.deepEqual(job!.metadata.labels, { app: 'tick' });
  assert.deepEqual(job!.metadata.annotations, { note: 'x', 'batch.orch.io/cronjob-scheduled-timestamp': '2026-11-22T05:01:00Z' });
  assert.deepEqual(job!.metadata.ownerReferences, [{ apiVersion: 'batch/v1', kind: 'CronJob', name: 'tick', uid: 'uid-tick', controller: true, blockOwnerDeletion: true }]);
  assert.equal(job!.spec!.template.spec!.restartPolicy, 'OnFailure');
  const status = h.status('tick');
  assert.equal(status.lastScheduleTime, '2026-11-22T05:01:00Z');
  assert.deepEqual(status.active, [{ kind: 'Job', namespace: NS, name: job!.metadata.name, uid: job!.metadata.uid, apiVersion: 'batch/v1', resourceVersion: '1' }]);
  assert.deepEqual(h.events, [{ type: 'Normal', reason: 'SuccessfulCreate', note: `Created job ${job!.metadata.name}` }]);
  // The same minute again: already processed.
  await h.syncAt('tick', '2026-11-22T05:01:20Z');
  assert.equal(h.jobsOf('tick').length, 1);
});

test('a completed job leaves status.active (SawCompletedJob) and then sets lastSuccessfulTime', async () => {
  const h = new CronHarness();
  h.cronJob('tick');
  await h.syncAt('tick', '2026-11-22T05:01:00.100Z');
  const [job] = h.jobsOf('tick');
  h.finish(job!, 'Complete', '2026-11-22T05:01:05Z');
  await h.syncAt('tick', '2026-11-22T05:01:06Z');
  assert.deepEqual(h.status('tick').active, []);
  assert.deepEqual(h.events.at(-1), { type: 'Normal', reason: 'SawCompletedJob', note: `Saw completed job: ${job!.metadata.name}, status: Complete` });
  await h.syncAt('tick', '2026-11-22T05:01:07Z');
  assert.equal(h.status('tick').lastSuccessfulTime, '2026-11-22T05:01:05Z');
});

test('concurrency: Forbid skips while a job runs; Replace deletes it first; Allow runs both', async () => {
  for (const [policy, expected] of [['Forbid', 1], ['Replace', 1], ['Allow', 2]] as const) {
    const h = new CronHarness();
    h.cronJob('c', { concurrencyPolicy: policy });
    await h.syncAt('c', '2026-11-22T05:01:00.100Z');
    const [first] = h.jobsOf('c');
    await h.syncAt('c', '2026-11-22T05:02:00.100Z');
    const names = h.jobsOf('c').map((j) => j.metadata.name);
    assert.equal(names.length, expected, policy);
    if (policy === 'Forbid') {
      assert.deepEqual(names, [first!.metadata.name]);
      assert.deepEqual(h.events.at(-1), { type: 'Normal', reason: 'JobAlreadyActive', note: 'Not starting job because prior execution is running and concurrency policy is Forbid' });
    }
    if (policy === 'Replace') {
      assert.deepEqual(names, [`c-${minutes('2026-11-22T05:02:00Z')}`]);
      assert.ok(h.events.some((e) => e.reason === 'SuccessfulDelete' && e.note === `Deleted job ${first!.metadata.name}`));
      assert.equal(h.status('c').active!.length, 1);
    }
    if (policy === 'Allow') assert.equal(h.status('c').active!.length, 2);
  }
});

test('missed schedules: the most recent one runs; more than 100 missed warns TooManyMissedTimes', async () => {
  const h = new CronHarness();
  h.cronJob('late', {}, Date.parse('2026-11-22T01:00:30Z'));
  await h.syncAt('late');
  assert.deepEqual(h.jobsOf('late').map((j) => j.metadata.name), [`late-${minutes('2026-11-22T05:00:00Z')}`]);
  assert.deepEqual(h.events[0], { type: 'Warning', reason: 'TooManyMissedTimes', note: 'too many missed start times. Set or decrease .spec.startingDeadlineSeconds or check clock skew' });
});

test('startingDeadlineSeconds: a time older than the deadline is not run, one within it is', async () => {
  const h = new CronHarness();
  h.cronJob('deadline', { startingDeadlineSeconds: 10 });
  await h.syncAt('deadline', '2026-11-22T05:01:30Z');
  assert.equal(h.jobsOf('deadline').length, 0);
  await h.syncAt('deadline', '2026-11-22T05:02:05Z');
  assert.deepEqual(h.jobsOf('deadline').map((j) => j.metadata.name), [`deadline-${minutes('2026-11-22T05:02:00Z')}`]);
});

test('a time zone: the schedule is read there and the scheduled timestamp written with its offset', async () => {
  const h = new CronHarness();
  h.cronJob('zoned', { schedule: '31 10 * * *', timeZone: 'Asia/Kolkata' });
  assert.equal(await h.syncAt('zoned'), 30_100);
  await h.syncAt('zoned', '2026-11-22T05:01:00.100Z');
  const [job] = h.jobsOf('zoned');
  assert.equal(job!.metadata.annotations!['batch.orch.io/cronjob-scheduled-timestamp'], '2026-11-22T10:31:00+05:30');
  assert.equal(h.status('zoned').lastScheduleTime, '2026-11-22T05:01:00Z');
});

test('a suspended cron job makes no jobs', async () => {
  const h = new CronHarness();
  h.cronJob('paused', { suspend: true });
  assert.equal(await h.syncAt('paused', '2026-11-22T05:05:00Z'), undefined);
  assert.equal(h.jobsOf('paused').length, 0);
});

test('history limits: the oldest finished jobs beyond them are deleted', async () => {
  const h = new CronHarness();
  h.cronJob('hist', { successfulJobsHistoryLimit: 1, failedJobsHistoryLimit: 0 });
  for (const minute of ['01', '02', '03']) {
    await h.syncAt('hist', `2026-11-22T05:${minute}:00.100Z`);
    const job = h.jobsOf('hist').find((j) => !j.status?.conditions)!;
    h.finish(job, minute === '02' ? 'Failed' : 'Complete', `2026-11-22T05:${minute}:10Z`);
  }
  await h.syncAt('hist', '2026-11-22T05:03:20Z');
  assert.deepEqual(h.jobsOf('hist').map((j) => j.metadata.name), [`hist-${minutes('2026-11-22T05:03:00Z')}`]);
  assert.equal(h.events.filter((e) => e.reason === 'SuccessfulDelete').length, 2);
});

test('an active job gone from the server leaves status.active (MissingJob)', async () => {
  const h = new CronHarness();
  h.cronJob('lost');
  await h.syncAt('lost', '2026-11-22T05:01:00.100Z');
  const [job] = h.jobsOf('lost');
  h.jobs.delete(`${NS}/${job!.metadata.name}`);
  await h.syncAt('lost', '2026-11-22T05:01:10Z');
  assert.deepEqual(h.status('lost').active, []);
  assert.deepEqual(h.events.at(-1), { type: 'Normal', reason: 'MissingJob', note: `Active job went missing: ${job!.metadata.name}` });
});

test('a job already made for the time (status lost) is taken into status.active again', async () => {
  const h = new CronHarness();
  h.cronJob('again');
  await h.syncAt('again', '2026-11-22T05:01:00.100Z');
  // The status write was lost.
  h.cronJobs.get(`${NS}/again`)!.status = {};
  h.jobs.get(`${NS}/again-${minutes('2026-11-22T05:01:00Z')}`)!.metadata.uid = 'job-1';
  await h.syncAt('again', '2026-11-22T05:01:01Z');
  assert.equal(h.jobsOf('again').length, 1);
  assert.equal(h.status('again').active![0]!.name, `again-${minutes('2026-11-22T05:01:00Z')}`);
  assert.ok(h.events.some((e) => e.reason === 'UnexpectedJob'));
});
