// trackJobStatusAndRemoveFinalizers: counting a job's finished pods safely, as Kubernetes' job
// controller does. A finished pod (or, once the job is finishing, any pod) is first written to
// status.uncountedTerminatedPods (an Indexed job's successes go straight to completedIndexes),
// then its tracking finalizer is removed, then it moves from the uncounted lists to the succeeded
// and failed counters; so a pod is counted once even if the controller stops half-way. At most
// 500 pods are handled per sync. The interim FailureTarget or SuccessCriteriaMet condition is
// written before the finalizers go; Failed or Complete (with completionTime) only once nothing is
// left uncounted and no pod is terminating, with the Completed or failure event.
import type { Job, JobStatus } from '../../../api/batch/v1/types.ts';
import type { Pod } from '../../../api/core/v1/pod-types.ts';
import { ensureConditionStatus, isSuccessCriteriaMet, newCondition } from './conditions.ts';
import { jobReference, type JobSyncDeps } from './deps.ts';
import { byCompletionIndex } from './indexed-job.ts';
import { formatIntervals, hasIndex, sortedIndexes, totalIndexes, withIndexes } from './intervals.ts';
import { completionIndex, findCondition, hasBackoffLimitPerIndex, hasTrackingFinalizer, isIndexedJob, isPodFailed, jobKey, UNKNOWN_INDEX } from './job-state.ts';
import { matchPodFailurePolicy } from './pod-failure-policy.ts';
import { removeTrackingFinalizers } from './pod-deletion.ts';
import type { SyncJobContext } from './sync-context.ts';

/** Moves uncounted pods whose finalizer is gone to the counters; whether anything moved. */
export function cleanUncountedPodsWithoutFinalizers(status: JobStatus, withFinalizer: ReadonlySet<string>): boolean {
  const uncounted = (status.uncountedTerminatedPods ??= {});
  let changed = false;
  for (const which of ['succeeded', 'failed'] as const) {
    const before = uncounted[which] ?? [];
    const kept = before.filter((uid) => withFinalizer.has(uid));
    if (kept.length !== before.length) {
      changed = true;
      status[which] = (status[which] ?? 0) + before.length - kept.length;
    }
    if (kept.length) uncounted[which] = kept;
    else delete uncounted[which];
  }
  return changed;
}

/** canRemoveFinalizer. */
function canRemoveFinalizer(ctx: SyncJobContext, pod: Pod, consideredFailed: boolean): boolean {
  if (ctx.job.metadata.deletionTimestamp || ctx.finishedCondition || pod.status?.phase === 'Succeeded') return true;
  if (!consideredFailed) return false;
  if (hasBackoffLimitPerIndex(ctx.job)) {
    const ix = completionIndex(pod);
    // The index's last failure stays until its replacement exists, which carries its count.
    if (ix !== UNKNOWN_INDEX && ctx.podsWithDelayedDeletionPerIndex.get(ix)?.metadata.uid === pod.metadata.uid) return false;
  }
  return true;
}

/** enactJobFinished: sets Complete or Failed when nothing is left to count or terminate. */
function enactJobFinished(deps: JobSyncDeps, ctx: SyncJobContext): boolean {
  const finished = ctx.finishedCondition;
  if (!finished) return false;
  const uncounted = ctx.job.status?.uncountedTerminatedPods;
  if ((uncounted?.succeeded?.length ?? 0) + (uncounted?.failed?.length ?? 0) > 0) return false;
  if (ctx.terminating > 0) return false;
  const status = (ctx.job.status ??= {});
  [status.conditions] = ensureConditionStatus(status.conditions ?? [], finished.type, finished.status, finished.reason ?? '', finished.message ?? '', deps.clock.now());
  if (finished.type === 'Complete') status.completionTime = finished.lastTransitionTime ?? undefined;
  return true;
}

function recordJobFinished(deps: JobSyncDeps, job: Job, finished: NonNullable<SyncJobContext['finishedCondition']>): void {
  const ref = jobReference(job);
  if (finished.type === 'Complete') {
    const completions = job.spec?.completions;
    if (completions !== undefined && completions !== null && (job.status?.succeeded ?? 0) > completions) {
      deps.recorder.eventf(ref, undefined, 'Warning', 'TooManySucceededPods', 'SyncJob', 'Too many succeeded pods running after completion count reached');
    }
    deps.recorder.eventf(ref, undefined, 'Normal', 'Completed', 'SyncJob', 'Job completed');
  } else {
    deps.recorder.eventf(ref, undefined, 'Warning', finished.reason ?? '', 'SyncJob', finished.message ?? '');
  }
}

/**
 * flushUncountedAndRemoveFinalizers: writes status when needed, then removes finalizers, then
 * moves what it could to the counters; returns whether a write is still pending.
 */
async function flushAndRemoveFinalizers(deps: JobSyncDeps, ctx: SyncJobContext, toRemove: Pod[], withFinalizer: Set<string>, needsFlush: boolean): Promise<boolean> {
  if (needsFlush) {
    ctx.job = await deps.updateStatus(ctx.job);
    deps.backoff.update(ctx.newBackoffRecord);
    needsFlush = false;
  }
  let removeError: unknown;
  if (toRemove.length) {
    const { done, error } = await removeTrackingFinalizers(deps, jobKey(ctx.job), toRemove);
    removeError = error;
    toRemove.forEach((pod, i) => done[i] && withFinalizer.delete(pod.metadata.uid ?? ''));
  }
  if (cleanUncountedPodsWithoutFinalizers((ctx.job.status ??= {}), withFinalizer)) needsFlush = true;
  if (removeError !== undefined) {
    // Record what progress there was, then retry the sync.
    if (needsFlush) await deps.updateStatus(ctx.job);
    throw removeError;
  }
  return needsFlush;
}

export async function trackJobStatusAndRemoveFinalizers(deps: JobSyncDeps, ctx: SyncJobContext, needsFlushIn: boolean): Promise<void> {
  let needsFlush = needsFlushIn;
  const job = ctx.job;
  const status = (job.status ??= {});
  const indexed = isIndexedJob(job);
  const completions = job.spec?.completions ?? 0;
  const uncountedStatus = (status.uncountedTerminatedPods ??= {});
  // Completed indexes are added in order.
  if (indexed) ctx.pods.sort(byCompletionIndex);
  const withFinalizer = new Set(ctx.pods.filter((p) => hasTrackingFinalizer(p) && !ctx.expectedRemovedFinalizers.has(p.metadata.uid ?? '')).map((p) => p.metadata.uid ?? ''));
  if (cleanUncountedPodsWithoutFinalizers(status, withFinalizer)) needsFlush = true;

  const toRemove: Pod[] = [];
  const newSucceededIndexes: number[] = [];
  let reachedMaxUncounted = false;
  for (const pod of ctx.pods) {
    const uid = pod.metadata.uid ?? '';
    // Handled by an earlier sync.
    if (!hasTrackingFinalizer(pod) || ctx.expectedRemovedFinalizers.has(uid)) continue;
    const consideredFailed = isPodFailed(pod, job);
    if (!canRemoveFinalizer(ctx, pod, consideredFailed)) continue;
    toRemove.push(pod);
    if (pod.status?.phase === 'Succeeded' && !ctx.uncounted.failed.has(uid)) {
      if (indexed) {
        // The index is enough not to count a success twice.
        const ix = completionIndex(pod);
        if (ix !== UNKNOWN_INDEX && ix < completions && !hasIndex(ctx.prevSucceededIndexes, ix)) {
          newSucceededIndexes.push(ix);
          needsFlush = true;
        }
      } else if (!ctx.uncounted.succeeded.has(uid)) {
        needsFlush = true;
        (uncountedStatus.succeeded ??= []).push(uid);
      }
    } else if (consideredFailed || (ctx.finishedCondition && !isSuccessCriteriaMet(ctx.finishedCondition))) {
      // A job finishing in failure counts every pod not succeeded as failed.
      const ix = completionIndex(pod);
      if (!ctx.uncounted.failed.has(uid) && (!indexed || (ix !== UNKNOWN_INDEX && ix < completions))) {
        if (matchPodFailurePolicy(job.spec?.podFailurePolicy, pod).countFailed) {
          needsFlush = true;
          (uncountedStatus.failed ??= []).push(uid);
        }
      }
    }
    if (newSucceededIndexes.length + (uncountedStatus.succeeded?.length ?? 0) + (uncountedStatus.failed?.length ?? 0) >= deps.timings.maxUncountedPods) {
      // Keep status small and leave other jobs their turn; the writes below queue this job again.
      reachedMaxUncounted = true;
      break;
    }
  }
  if (indexed) {
    ctx.succeededIndexes = withIndexes(ctx.succeededIndexes, sortedIndexes(newSucceededIndexes));
    const completed = formatIntervals(ctx.succeededIndexes);
    if (completed !== (status.completedIndexes ?? '')) needsFlush = true;
    status.succeeded = totalIndexes(ctx.succeededIndexes);
    if (completed) status.completedIndexes = completed;
    else delete status.completedIndexes;
    const failed = ctx.failedIndexes ? formatIntervals(ctx.failedIndexes) : undefined;
    if (failed !== status.failedIndexes) {
      if (failed === undefined) delete status.failedIndexes;
      else status.failedIndexes = failed;
      needsFlush = true;
    }
  }
  const now = deps.clock.now();
  if (ctx.finishedCondition?.type === 'FailureTarget') {
    // The interim condition is written before the finalizers go; Failed follows once they have.
    status.conditions = [...(status.conditions ?? []), ctx.finishedCondition];
    needsFlush = true;
    ctx.finishedCondition = newCondition('Failed', 'True', ctx.finishedCondition.reason ?? '', ctx.finishedCondition.message ?? '', now);
  }
  if (isSuccessCriteriaMet(ctx.finishedCondition)) {
    const existing = findCondition(status.conditions, 'SuccessCriteriaMet');
    if (existing?.status !== 'True') {
      status.conditions = [...(status.conditions ?? []), ctx.finishedCondition!];
      needsFlush = true;
    }
    ctx.finishedCondition = newCondition('Complete', 'True', ctx.finishedCondition!.reason ?? '', ctx.finishedCondition!.message ?? '', now);
  }
  needsFlush = await flushAndRemoveFinalizers(deps, ctx, toRemove, withFinalizer, needsFlush);
  const finished = !reachedMaxUncounted && enactJobFinished(deps, ctx);
  if (finished) needsFlush = true;
  if (needsFlush) {
    ctx.job = await deps.updateStatus(ctx.job);
    if (finished) recordJobFinished(deps, ctx.job, ctx.finishedCondition!);
  }
}
