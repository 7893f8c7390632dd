// One pass over a cron job, as Kubernetes' cron job controller (v2) makes it. Its jobs (those whose
// controller reference names it) are reconciled with status.active: finished jobs leave the list
// (SawCompletedJob), lastSuccessfulTime follows the latest completion, jobs gone missing leave it
// (MissingJob), unknown running ones are reported (UnexpectedJob); finished jobs beyond the history
// limits are deleted, oldest first. Then, unless the cron job is being deleted, suspended, or its
// time zone or schedule is unusable, the most recent unmet schedule time is run: not when it is
// past startingDeadlineSeconds (MissSchedule), already run, or a job still runs under Forbid
// (JobAlreadyActive); under Replace the running jobs are deleted first. The job created is added to
// status.active and lastScheduleTime set. The result says when to look again.
import type { CronJob, Job } from '../../../api/batch/v1/types.ts';
import type { ObjectReference } from '../../../api/meta/v1/types.ts';
import { formatTime } from '../../../api/meta/v1/time.ts';
import { isAlreadyExists, isNotFound } from '../../../machinery/status.ts';
import { ScheduleError, type CronSchedule } from '../../../machinery/cron/cron-schedule.ts';
import { klog } from '../../../component-base/logs/klog.ts';
import { isNamespaceTerminating } from '../workload/pod-control.ts';
import { controllerRefOf } from '../workload/pod-state.ts';
import { finishedConditionType, isJobSucceeded } from '../job/job-state.ts';
import type { CronJobSyncDeps } from './deps.ts';
import { cronJobReference, jobFromTemplate, jobNameFor } from './job-from-template.ts';
import { cronJobSchedule, loadableTimeZone, nextScheduleDelay, unmetScheduleTime } from './schedule-times.ts';

const log = klog('controllermanager/cronjob');

export interface SyncResult {
  /** Look at the cron job again after this long. */
  requeueAfterMs?: number;
  /** status changed and must be written. */
  updateStatus: boolean;
}

const keyOf = (cj: CronJob) => `${cj.metadata.namespace}/${cj.metadata.name}`;
const timeMs = (t: string | null | undefined) => (t ? Date.parse(t) : undefined);
const timeAt = (ms: number) => formatTime(BigInt(ms) * 1000n) ?? '';

function inActiveList(cj: CronJob, uid: string | undefined): boolean {
  return (cj.status?.active ?? []).some((ref) => ref.uid === uid);
}

function deleteFromActiveList(cj: CronJob, uid: string | undefined): void {
  const status = (cj.status ??= {});
  status.active = (status.active ?? []).filter((ref) => ref.uid !== uid);
}

/** The reference status.active keeps (reference.GetReference of the job). */
export function jobReference(job: Job): ObjectReference {
  return { kind: 'Job', namespace: job.metadata.namespace, name: job.metadata.name, uid: job.metadata.uid, apiVersion: 'batch/v1', resourceVersion: job.metadata.resourceVersion };
}

/** The jobs whose controller reference names the cron job (by name, as Kubernetes matches them). */
export function jobsOf(deps: CronJobSyncDeps, cj: CronJob): Job[] {
  return deps.jobsInNamespace(cj.metadata.namespace ?? '').filter((job) => controllerRefOf(job)?.name === cj.metadata.name);
}

/** Deletes a job, its pods in the background, and its reference in status.active. */
async function deleteJob(deps: CronJobSyncDeps, cj: CronJob, job: Job): Promise<boolean> {
  const ref = cronJobReference(cj);
  try {
    await deps.deleteJob(job.metadata.namespace ?? '', job.metadata.name ?? '');
  } catch (err) {
    deps.recorder.eventf(ref, undefined, 'Warning', 'FailedDelete', 'DeleteJob', `Deleted job: ${(err as Error).message}`);
    log.error('Error deleting job from cronjob', { job: `${job.metadata.namespace}/${job.metadata.name}`, cronjob: keyOf(cj), err: (err as Error).message });
    return false;
  }
  deleteFromActiveList(cj, job.metadata.uid);
  deps.recorder.eventf(ref, undefined, 'Normal', 'SuccessfulDelete', 'DeleteJob', `Deleted job ${job.metadata.name}`);
  return true;
}

/** byJobStartTime: started before not started, earlier first, then by name. */
function byStartTime(a: Job, b: Job): number {
  const as = timeMs(a.status?.startTime);
  const bs = timeMs(b.status?.startTime);
  if (as === undefined && bs !== undefined) return 1;
  if (as !== undefined && bs === undefined) return -1;
  if (as === bs) return (a.metadata.name ?? '') < (b.metadata.name ?? '') ? -1 : (a.metadata.name ?? '') > (b.metadata.name ?? '') ? 1 : 0;
  return as! - bs!;
}

async function removeOldestJobs(deps: CronJobSyncDeps, cj: CronJob, jobs: Job[], limit: number): Promise<boolean> {
  const excess = jobs.length - limit;
  if (excess <= 0) return false;
  log.info('Cleaning up jobs from CronJob list', { cronjob: keyOf(cj), deleting: excess, jobs: jobs.length }, 4);
  let changed = false;
  for (const job of [...jobs].sort(byStartTime).slice(0, excess)) if (await deleteJob(deps, cj, job)) changed = true;
  return changed;
}

/** cleanupFinishedJobs: keeps successfulJobsHistoryLimit complete and failedJobsHistoryLimit failed jobs. */
export async function cleanupFinishedJobs(deps: CronJobSyncDeps, cj: CronJob, jobs: Job[]): Promise<boolean> {
  const successLimit = cj.spec?.successfulJobsHistoryLimit;
  const failedLimit = cj.spec?.failedJobsHistoryLimit;
  if ((successLimit === undefined || successLimit === null) && (failedLimit === undefined || failedLimit === null)) return false;
  const succeeded = jobs.filter((j) => finishedConditionType(j) === 'Complete');
  const failed = jobs.filter((j) => finishedConditionType(j) === 'Failed');
  let changed = false;
  if (successLimit !== undefined && successLimit !== null && (await removeOldestJobs(deps, cj, succeeded, successLimit))) changed = true;
  if (failedLimit !== undefined && failedLimit !== null && (await removeOldestJobs(deps, cj, failed, failedLimit))) changed = true;
  return changed;
}

/** Go's RFC1123Z in UTC, as the MissSchedule event writes the time. */
function rfc1123z(ms: number): string {
  const d = new Date(ms);
  const days = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${days[d.getUTCDay()]}, ${pad(d.getUTCDate())} ${months[d.getUTCMonth()]} ${d.getUTCFullYear()} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())} +0000`;
}

/** Reconciles status.active with the jobs seen; returns the cron job to go on with and whether status changed. */
async function reconcileJobs(deps: CronJobSyncDeps, cronJob: CronJob, jobs: Job[]): Promise<[CronJob, boolean]> {
  let cj = cronJob;
  let updateStatus = false;
  const ref = cronJobReference(cronJob);
  const children = new Set<string>();
  for (const job of jobs) {
    const uid = job.metadata.uid ?? '';
    children.add(uid);
    const found = inActiveList(cj, uid);
    const finished = finishedConditionType(job);
    if (!found && !finished) {
      // Our status may just lag the job we made: a live read tells.
      const fresh = await deps.liveCronJob(cj.metadata.namespace ?? '', cj.metadata.name ?? '');
      if (inActiveList(fresh, uid)) {
        cj = fresh;
        continue;
      }
      deps.recorder.eventf(ref, undefined, 'Warning', 'UnexpectedJob', 'SyncCronJob', `Saw a job that the controller did not create or forgot: ${job.metadata.name}`);
    } else if (found && finished) {
      deleteFromActiveList(cj, uid);
      deps.recorder.eventf(ref, undefined, 'Normal', 'SawCompletedJob', 'SyncCronJob', `Saw completed job: ${job.metadata.name}, status: ${finished}`);
      updateStatus = true;
    } else if (isJobSucceeded(job)) {
      // A job need not be active for its success to count.
      const status = (cj.status ??= {});
      if (!status.lastSuccessfulTime) {
        status.lastSuccessfulTime = job.status?.completionTime;
        updateStatus = true;
      }
      const completed = timeMs(job.status?.completionTime);
      if (completed !== undefined && completed > (timeMs(status.lastSuccessfulTime) ?? -Infinity)) {
        status.lastSuccessfulTime = job.status!.completionTime;
        updateStatus = true;
      }
    }
  }
  // A job gone from the cache may only be slow to show: the server decides.
  for (const active of [...(cj.status?.active ?? [])]) {
    if (children.has(active.uid ?? '')) continue;
    try {
      await deps.liveJob(active.namespace ?? '', active.name ?? '');
    } catch (err) {
      if (!isNotFound(err)) throw err;
      deps.recorder.eventf(ref, undefined, 'Normal', 'MissingJob', 'SyncCronJob', `Active job went missing: ${active.name}`);
      deleteFromActiveList(cj, active.uid);
      updateStatus = true;
    }
  }
  return [cj, updateStatus];
}

/**
 * syncCronJob: fills `out` (whether status changed, when to look again); throws what should be
 * retried with back-off, `out` still saying whether status must be written.
 */
export async function syncCronJob(deps: CronJobSyncDeps, cronJob: CronJob, jobs: Job[], out: SyncResult): Promise<void> {
  const now = deps.clock.now();
  const ref = cronJobReference(cronJob);
  const [cj, reconciled] = await reconcileJobs(deps, cronJob, jobs);
  out.updateStatus ||= reconciled;
  if (cj.metadata.deletionTimestamp) return;
  const zone = cj.spec?.timeZone;
  if (zone !== undefined && zone !== null && !loadableTimeZone(zone)) {
    log.info('Not starting job because timeZone is invalid', { cronjob: keyOf(cj), timeZone: zone }, 4);
    deps.recorder.eventf(ref, undefined, 'Warning', 'UnknownTimeZone', 'SyncCronJob', `invalid timeZone: ${JSON.stringify(zone)}: unknown time zone ${zone}`);
    return;
  }
  if (cj.spec?.suspend) {
    log.info('Not starting job because the cron is suspended', { cronjob: keyOf(cj) }, 4);
    return;
  }
  let schedule: CronSchedule;
  try {
    schedule = cronJobSchedule(cj, (s) =>
      deps.recorder.eventf(ref, undefined, 'Warning', 'UnsupportedSchedule', 'SyncCronJob', `CRON_TZ or TZ used in schedule ${JSON.stringify(s)} is not officially supported, see https://kubernetes.io/docs/concepts/workloads/controllers/cron-jobs/ for more details`));
  } catch (err) {
    if (!(err instanceof ScheduleError)) throw err;
    // A user's error: nothing to do until the spec changes.
    deps.recorder.eventf(ref, undefined, 'Warning', 'UnparseableSchedule', 'SyncCronJob', `unparseable schedule: ${JSON.stringify(cj.spec?.schedule ?? '')} : ${err.message}`);
    return;
  }
  const unmet = unmetScheduleTime(cj, now, schedule);
  if (unmet.tooManyMissed) {
    deps.recorder.eventf(ref, undefined, 'Warning', 'TooManyMissedTimes', 'SyncCronJob', 'too many missed start times. Set or decrease .spec.startingDeadlineSeconds or check clock skew');
    log.info('too many missed times', { cronjob: keyOf(cj) });
  }
  if (unmet.error !== undefined && unmet.scheduledTime === undefined) {
    deps.recorder.eventf(ref, undefined, 'Warning', 'InvalidSchedule', 'SyncCronJob', `invalid schedule: ${cj.spec?.schedule ?? ''} : ${unmet.error}`);
    return;
  }
  const requeue = () => {
    out.requeueAfterMs = nextScheduleDelay(cj, now, schedule);
  };
  const scheduledTime = unmet.scheduledTime;
  // Only when the queue was filled after a restart: otherwise the queue wakes the sync at a scheduled time.
  if (scheduledTime === undefined) return requeue();

  const deadline = cj.spec?.startingDeadlineSeconds;
  if (deadline !== undefined && deadline !== null && scheduledTime + deadline * 1000 < now) {
    deps.recorder.eventf(ref, undefined, 'Warning', 'MissSchedule', 'SyncCronJob', `Missed scheduled time to start a job: ${rfc1123z(scheduledTime)}`);
    return requeue();
  }
  const name = jobNameFor(cj, scheduledTime);
  const lastSchedule = timeMs(cj.status?.lastScheduleTime);
  if ((cj.status?.active ?? []).some((a) => a.name === name && a.namespace === cj.metadata.namespace) || lastSchedule === scheduledTime) {
    log.info('Not starting job because the scheduled time is already processed', { cronjob: keyOf(cj), schedule: timeAt(scheduledTime) }, 4);
    return requeue();
  }
  const policy = cj.spec?.concurrencyPolicy;
  if (policy === 'Forbid' && (cj.status?.active ?? []).length > 0) {
    deps.recorder.eventf(ref, undefined, 'Normal', 'JobAlreadyActive', 'SyncCronJob', 'Not starting job because prior execution is running and concurrency policy is Forbid');
    return requeue();
  }
  const ns = cj.metadata.namespace ?? '';
  if (policy === 'Replace') {
    for (const active of [...(cj.status?.active ?? [])]) {
      let job: Job;
      try {
        job = await deps.liveJob(active.namespace ?? '', active.name ?? '');
      } catch (err) {
        deps.recorder.eventf(ref, undefined, 'Warning', 'FailedGet', 'SyncCronJob', `Get job: ${(err as Error).message}`);
        throw err;
      }
      if (!(await deleteJob(deps, cj, job))) throw new Error(`could not replace job ${job.metadata.namespace}/${job.metadata.name}`);
      out.updateStatus = true;
    }
  }

  let created: Job;
  let alreadyExisted = false;
  try {
    created = await deps.createJob(ns, jobFromTemplate(cj, scheduledTime));
  } catch (err) {
    // Every create fails in a namespace being deleted.
    if (isNamespaceTerminating(err)) throw err;
    if (!isAlreadyExists(err)) {
      deps.recorder.eventf(ref, undefined, 'Warning', 'FailedCreate', 'SyncCronJob', `Error creating job: ${(err as Error).message}`);
      throw err;
    }
    // Made before (and the status write lost), or by someone else.
    alreadyExisted = true;
    created = await deps.liveJob(ns, name);
    if (controllerRefOf(created)?.uid !== cj.metadata.uid) return;
    if (inActiveList(cj, created.metadata.uid)) return;
  }
  if (alreadyExisted) log.info('Job already exists', { cronjob: keyOf(cj), job: `${ns}/${name}` });
  else {
    log.info('Created Job', { cronjob: keyOf(cj), job: `${ns}/${created.metadata.name}` }, 4);
    deps.recorder.eventf(ref, undefined, 'Normal', 'SuccessfulCreate', 'CreateJob', `Created job ${created.metadata.name}`);
  }
  const status = (cj.status ??= {});
  status.active = [...(status.active ?? []), jobReference(created)];
  status.lastScheduleTime = timeAt(scheduledTime);
  out.updateStatus = true;
  requeue();
}

/** sync: cleanup, syncCronJob, one status write; the result's delay, or nothing to requeue. */
export async function syncCronJobKey(deps: CronJobSyncDeps, key: string): Promise<number | undefined> {
  const cached = deps.cachedCronJob(key);
  if (!cached) return undefined;
  const jobs = jobsOf(deps, cached);
  // All changes go into one copy and one write.
  const copy = structuredClone(cached);
  const cleaned = await cleanupFinishedJobs(deps, copy, jobs);
  const result: SyncResult = { updateStatus: false };
  let syncError: unknown;
  try {
    await syncCronJob(deps, copy, jobs, result);
  } catch (err) {
    syncError = err;
    log.info('Error reconciling cronjob', { cronjob: key, err: (err as Error).message }, 2);
  }
  if (cleaned || result.updateStatus) await deps.updateStatus(copy);
  if (result.requeueAfterMs !== undefined) return result.requeueAfterMs;
  if (syncError !== undefined) throw syncError;
  return undefined;
}
