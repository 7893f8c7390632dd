// manageJob: bringing a job's active pods to what it wants, as Kubernetes' job controller does. A
// suspended job loses all of them; otherwise the job wants its parallelism (no more than the
// completions left; with no completions set, once one pod succeeded, just those running). Too
// many pods (or an Indexed job's repeated ones) are deleted first, and nothing is created in the
// same sync. Too few are created after the back-off since the last failures has passed, in
// batches of 1, 2, 4… that stop at the first batch with an error; an Indexed job's pods take the
// first indexes without a pod, success or failure, and with backoffLimitPerIndex each index waits
// out its own back-off. A pod being terminated is not replaced until it is gone when only failed
// pods are replaced.
import type { Job } from '../../../api/batch/v1/types.ts';
import { JOB_TRACKING_FINALIZER } from '../../../api/batch/v1/types.ts';
import type { Pod, PodTemplateSpec } from '../../../api/core/v1/pod-types.ts';
import { isNamespaceTerminating } from '../workload/pod-control.ts';
import { podKey } from '../workload/pod-state.ts';
import { SLOW_START_INITIAL_BATCH } from '../workload/slow-start.ts';
import { remainingBackoff, remainingBackoffForIndex } from './backoff.ts';
import { jobReference, type JobSyncDeps } from './deps.ts';
import { addIndexFailureCountAnnotations } from './index-failures.ts';
import { addCompletionIndex, addCompletionIndexEnv, firstPendingIndexes, podGenerateNameWithIndex } from './indexed-job.ts';
import { activePodsForRemoval, jobControllerRef } from './job-pods.ts';
import { deleteJobPods } from './pod-deletion.ts';
import { hasBackoffLimitPerIndex, isIndexedJob, isJobSuspended, jobKey, onlyReplaceFailedPods, UNKNOWN_INDEX } from './job-state.ts';
import type { SyncJobContext } from './sync-context.ts';

export interface ManageResult {
  active: number;
  error?: unknown;
}

/** Queues the job again after `delayMs`, never sooner than the batch period. */
function requeueAfterBackoff(deps: JobSyncDeps, key: string, delayMs: number): void {
  deps.enqueueAfter(key, Math.max(delayMs, deps.timings.syncBatchPeriodMs));
}

async function deletePods(deps: JobSyncDeps, job: Job, ctx: SyncJobContext, pods: Pod[], active: number): Promise<ManageResult> {
  const key = jobKey(job);
  deps.expectations.expectDeletions(key, pods.map(podKey));
  const { deleted, deletedReady, error } = await deleteJobPods(deps, job, key, pods);
  ctx.terminating += deleted;
  ctx.ready -= deletedReady;
  return { active: active - deleted, error };
}

/** The first of the indexes whose back-off has passed, or the shortest wait when none has. */
function indexesReadyNow(deps: JobSyncDeps, indexes: number[], ctx: SyncJobContext): [number[], number] {
  const now = deps.clock.now();
  const ready: number[] = [];
  let minWait: number | undefined;
  for (const ix of indexes) {
    const wait = remainingBackoffForIndex(now, deps.timings.podFailureBackoffMs, deps.timings.maxPodFailureBackoffMs, ctx.podsWithDelayedDeletionPerIndex.get(ix));
    if (wait === 0) ready.push(ix);
    else if (minWait === undefined || wait < minWait) minWait = wait;
  }
  return ready.length ? [ready, 0] : [ready, minWait ?? 0];
}

export async function manageJob(deps: JobSyncDeps, job: Job, ctx: SyncJobContext): Promise<ManageResult> {
  const key = jobKey(job);
  let active = ctx.activePods.length;
  const spec = job.spec!;
  const parallelism = spec.parallelism ?? 1;

  if (isJobSuspended(job)) return deletePods(deps, job, ctx, activePodsForRemoval(job, ctx.activePods, active), active);

  let wantActive: number;
  if (spec.completions === undefined || spec.completions === null) wantActive = ctx.succeeded > 0 ? active : parallelism;
  else wantActive = Math.max(0, Math.min(spec.completions - ctx.succeeded, parallelism));

  const toDelete = activePodsForRemoval(job, ctx.activePods, Math.max(0, active - wantActive)).slice(0, deps.timings.maxPodCreateDeletePerSync);
  // Deletion takes the whole sync: no creations in the same one.
  if (toDelete.length) return deletePods(deps, job, ctx, toDelete, active);

  const terminating = onlyReplaceFailedPods(job) ? ctx.terminating : 0;
  let diff = wantActive - terminating - active;
  if (diff <= 0) return { active };

  if (!hasBackoffLimitPerIndex(job)) {
    const record = ctx.newBackoffRecord;
    const wait = remainingBackoff(deps.clock.now(), deps.timings.podFailureBackoffMs, deps.timings.maxPodFailureBackoffMs, record.failuresAfterLastSuccess, record.lastFailureTime);
    // Kubernetes reports no active pods while it waits; the pods still running are kept in the count here.
    if (wait > 0) {
      requeueAfterBackoff(deps, key, wait);
      return { active };
    }
  }
  diff = Math.min(diff, deps.timings.maxPodCreateDeletePerSync);

  let indexes: number[] = [];
  if (isIndexedJob(job)) {
    indexes = firstPendingIndexes(ctx, diff, spec.completions ?? 0);
    if (hasBackoffLimitPerIndex(job)) {
      const [readyNow, wait] = indexesReadyNow(deps, indexes, ctx);
      if (wait > 0) {
        requeueAfterBackoff(deps, key, wait);
        return { active };
      }
      indexes = readyNow;
    }
    diff = indexes.length;
  }

  deps.expectations.expectCreations(key, diff);
  active += diff;
  const template: PodTemplateSpec = structuredClone(spec.template ?? {});
  if (isIndexedJob(job)) addCompletionIndexEnv(template);
  const meta = (template.metadata ??= {});
  if (!(meta.finalizers ?? []).includes(JOB_TRACKING_FINALIZER)) meta.finalizers = [...(meta.finalizers ?? []), JOB_TRACKING_FINALIZER];

  let error: unknown;
  const createOne = async (index: number) => {
    let podTemplate = template;
    let generateName: string | undefined;
    if (index !== UNKNOWN_INDEX) {
      podTemplate = structuredClone(template);
      addCompletionIndex(podTemplate, index);
      podTemplate.spec = { ...(podTemplate.spec ?? {}), hostname: `${job.metadata.name}-${index}` } as PodTemplateSpec['spec'];
      generateName = podGenerateNameWithIndex(job.metadata.name ?? '', index);
      if (hasBackoffLimitPerIndex(job)) addIndexFailureCountAnnotations((podTemplate.metadata!.annotations ??= {}), job, ctx.podsWithDelayedDeletionPerIndex.get(index));
    }
    try {
      await deps.podControl.createPod(job.metadata.namespace ?? '', podTemplate, jobReference(job), jobControllerRef(job), generateName);
    } catch (err) {
      // A namespace being torn down refuses every creation: not an error of this job.
      if (isNamespaceTerminating(err)) return;
      deps.expectations.creationObserved(key);
      active--;
      error ??= err;
    }
  };

  for (let batch = Math.min(diff, SLOW_START_INITIAL_BATCH); diff > 0; batch = Math.min(2 * batch, diff)) {
    const hadError = error !== undefined;
    await Promise.all(Array.from({ length: batch }, () => createOne(indexes.length ? indexes.shift()! : UNKNOWN_INDEX)));
    const skipped = diff - batch;
    if (!hadError && error !== undefined && skipped > 0) {
      // The pods never attempted will not be seen either; a later sync tries again.
      active -= skipped;
      for (let i = 0; i < skipped; i++) deps.expectations.creationObserved(key);
      break;
    }
    diff -= batch;
  }
  return { active, error };
}
