// syncJob: one pass over a job, as Kubernetes' job controller makes it. Finished jobs and jobs
// another controller manages are left alone. The job's pods are claimed and counted; the job is
// decided finished when a FailJob rule matched, failures passed backoffLimit (or OnFailure
// restarts reached it), the active deadline passed, an Indexed job's failed indexes passed
// maxFailedIndexes or left nothing to run, the success policy was met, or enough pods succeeded;
// a finishing job's active pods are deleted. Otherwise its pods are brought to what it wants and
// its Suspended condition follows spec.suspend (a resumed job starts its deadline again). The
// counts are then tracked into status (track-status.ts).
import type { Job, JobCondition } from '../../../api/batch/v1/types.ts';
import { isPodActive, isPodReady, isPodTerminating } from '../workload/pod-state.ts';
import { ensureConditionStatus, MESSAGE, newCondition, REASON, timeAt } from './conditions.ts';
import { jobReference, type JobSyncDeps } from './deps.ts';
import { calculateFailedIndexes, calculateSucceededIndexes, podsWithDelayedDeletionPerIndex } from './indexed-job.ts';
import { totalIndexes } from './intervals.ts';
import { countedFailures, failJobMessage, newFinishedPods, pastActiveDeadline, pastBackoffLimitOnFailure, podsForJob } from './job-pods.ts';
import { externalManager, findCondition, hasBackoffLimitPerIndex, isIndexedJob, isJobFinished, isJobSuspended } from './job-state.ts';
import { manageJob } from './manage-job.ts';
import { deleteActivePods } from './pod-deletion.ts';
import { matchSuccessPolicy } from './success-policy.ts';
import type { SyncJobContext } from './sync-context.ts';
import { trackJobStatusAndRemoveFinalizers } from './track-status.ts';

/** The interim condition of a job decided to fail: FailureTarget, Failed once its pods are gone. */
function failureCondition(deps: JobSyncDeps, reason: string, message: string): JobCondition {
  return newCondition('FailureTarget', 'True', reason, message, deps.clock.now());
}

/** Decides failure (or success by policy) before any pod is managed. */
function decideFinished(deps: JobSyncDeps, ctx: SyncJobContext, key: string): void {
  const job = ctx.job;
  const now = deps.clock.now();
  const met = findCondition(job.status?.conditions, 'SuccessCriteriaMet');
  if (met?.status === 'True') ctx.finishedCondition = met;
  if (!ctx.finishedCondition) {
    // Once success criteria are met, the pod failure policy no longer applies.
    const target = findCondition(job.status?.conditions, 'FailureTarget');
    if (target?.status === 'True') ctx.finishedCondition = newCondition('Failed', 'True', target.reason ?? '', target.message ?? '', now);
    else {
      const message = failJobMessage(job, ctx.pods);
      if (message !== undefined) ctx.finishedCondition = newCondition('FailureTarget', 'True', REASON.podFailurePolicy, message, now);
    }
  }
  if (!ctx.finishedCondition) {
    if (ctx.failed > (job.spec?.backoffLimit ?? 6) || pastBackoffLimitOnFailure(job, ctx.pods)) {
      ctx.finishedCondition = failureCondition(deps, REASON.backoffLimitExceeded, MESSAGE.backoffLimitExceeded);
    } else if (pastActiveDeadline(job, now)) {
      ctx.finishedCondition = failureCondition(deps, REASON.deadlineExceeded, MESSAGE.deadlineExceeded);
    } else if (job.spec?.activeDeadlineSeconds !== undefined && job.spec.activeDeadlineSeconds !== null && !isJobSuspended(job) && job.status?.startTime) {
      deps.enqueueAfter(key, job.spec.activeDeadlineSeconds * 1000 - (now - Date.parse(job.status.startTime)));
    }
  }
  if (!isIndexedJob(job)) return;
  const completions = job.spec?.completions ?? 0;
  [ctx.prevSucceededIndexes, ctx.succeededIndexes] = calculateSucceededIndexes(job, ctx.pods);
  ctx.succeeded = totalIndexes(ctx.succeededIndexes);
  if (hasBackoffLimitPerIndex(job)) {
    ctx.failedIndexes = calculateFailedIndexes(job, ctx.pods);
    const failedCount = totalIndexes(ctx.failedIndexes);
    if (!ctx.finishedCondition) {
      const max = job.spec?.maxFailedIndexes;
      if (max !== undefined && max !== null && failedCount > max) ctx.finishedCondition = failureCondition(deps, REASON.maxFailedIndexesExceeded, MESSAGE.maxFailedIndexesExceeded);
      else if (failedCount > 0 && failedCount + ctx.succeeded >= completions) ctx.finishedCondition = failureCondition(deps, REASON.failedIndexes, MESSAGE.failedIndexes);
    }
    ctx.podsWithDelayedDeletionPerIndex = podsWithDelayedDeletionPerIndex(ctx);
  }
  if (!ctx.finishedCondition) {
    const message = matchSuccessPolicy(job.spec?.successPolicy, completions, ctx.succeededIndexes);
    if (message !== undefined) ctx.finishedCondition = newCondition('SuccessCriteriaMet', 'True', REASON.successPolicy, message, now);
  }
}

/** The Suspended condition after a sync that managed pods; whether it changed. */
function updateSuspendedCondition(deps: JobSyncDeps, job: Job): boolean {
  const status = (job.status ??= {});
  const now = deps.clock.now();
  if (isJobSuspended(job)) {
    const [conditions, changed] = ensureConditionStatus(status.conditions ?? [], 'Suspended', 'True', 'JobSuspended', 'Job suspended', now);
    status.conditions = conditions;
    if (changed) deps.recorder.eventf(jobReference(job), undefined, 'Normal', 'Suspended', 'SyncJob', 'Job suspended');
    return changed;
  }
  const [conditions, changed] = ensureConditionStatus(status.conditions ?? [], 'Suspended', 'False', 'JobResumed', 'Job resumed', now);
  status.conditions = conditions;
  if (changed) {
    deps.recorder.eventf(jobReference(job), undefined, 'Normal', 'Resumed', 'SyncJob', 'Job resumed');
    // The active deadline counts the time a job runs without a break.
    status.startTime = timeAt(now);
  }
  return changed;
}

export async function syncJob(deps: JobSyncDeps, key: string): Promise<void> {
  const slash = key.indexOf('/');
  const ns = slash < 0 ? '' : key.slice(0, slash);
  const name = slash < 0 ? key : key.slice(slash + 1);
  if (!ns || !name) throw new Error(`invalid job key ${JSON.stringify(key)}: either namespace or name is missing`);
  const cached = deps.cachedJob(key);
  if (!cached) {
    deps.expectations.delete(key);
    deps.finalizerExpectations.delete(key);
    deps.backoff.remove(key);
    return;
  }
  if (externalManager(cached)) return;
  const job: Job = structuredClone(cached);
  if (isJobFinished(job)) {
    deps.backoff.remove(key);
    return;
  }
  const mode = job.spec?.completionMode;
  if (mode !== undefined && mode !== null && mode !== 'NonIndexed' && mode !== 'Indexed') {
    deps.recorder.eventf(jobReference(job), undefined, 'Warning', 'UnknownCompletionMode', 'SyncJob', 'Skipped Job sync because completion mode is unknown');
    return;
  }
  const status = (job.status ??= {});
  status.uncountedTerminatedPods ??= {};

  // Checked before the pods are read: a pod that appears after this is seen by the next sync.
  const satisfied = deps.expectations.satisfied(key);
  const pods = await podsForJob(deps, job);
  const activePods = pods.filter(isPodActive);
  const ctx: SyncJobContext = {
    job,
    pods,
    activePods,
    succeeded: 0,
    failed: 0,
    prevSucceededIndexes: [],
    succeededIndexes: [],
    newBackoffRecord: { key, failuresAfterLastSuccess: 0 },
    expectedRemovedFinalizers: deps.finalizerExpectations.expectedUids(key),
    uncounted: { succeeded: new Set(status.uncountedTerminatedPods.succeeded ?? []), failed: new Set(status.uncountedTerminatedPods.failed ?? []) },
    podsWithDelayedDeletionPerIndex: new Map(),
    terminating: pods.filter(isPodTerminating).length,
    ready: activePods.filter(isPodReady).length,
  };
  let active = activePods.length;
  const [newSucceeded, newFailed] = newFinishedPods(ctx);
  ctx.succeeded = (status.succeeded ?? 0) + newSucceeded.length + ctx.uncounted.succeeded.size;
  ctx.failed = (status.failed ?? 0) + countedFailures(job, newFailed) + ctx.uncounted.failed.size;
  if (!status.startTime && !isJobSuspended(job)) status.startTime = timeAt(deps.clock.now());
  ctx.newBackoffRecord = deps.backoff.newRecord(key, newSucceeded, newFailed);

  decideFinished(deps, ctx, key);

  let suspendChanged = false;
  let manageError: unknown;
  if (ctx.finishedCondition) {
    const { deleted, deletedReady, error } = await deleteActivePods(deps, job, activePods);
    // Not finished yet while pods may remain, or pods may exist that the cache does not show yet.
    if (deleted !== active || !satisfied) ctx.finishedCondition = undefined;
    active -= deleted;
    ctx.terminating += deleted;
    ctx.ready -= deletedReady;
    manageError = error;
  } else {
    let managed = false;
    if (satisfied && !job.metadata.deletionTimestamp) {
      const result = await manageJob(deps, job, ctx);
      active = result.active;
      manageError = result.error;
      managed = true;
    }
    const completions = job.spec?.completions;
    const complete = completions === undefined || completions === null ? ctx.succeeded > 0 && active === 0 : ctx.succeeded >= completions && active === 0;
    if (complete) ctx.finishedCondition = newCondition('SuccessCriteriaMet', 'True', REASON.completionsReached, MESSAGE.completionsReached, deps.clock.now());
    else if (managed) suspendChanged = updateSuspendedCondition(deps, job);
  }

  const needsStatusUpdate = suspendChanged || active !== (status.active ?? 0) || ctx.ready !== status.ready || ctx.terminating !== status.terminating;
  status.active = active;
  status.ready = ctx.ready;
  status.terminating = ctx.terminating;
  await trackJobStatusAndRemoveFinalizers(deps, ctx, needsStatusUpdate);
  if (manageError !== undefined) throw manageError;
}
