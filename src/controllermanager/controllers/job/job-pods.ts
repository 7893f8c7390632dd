// Reading a job's pods for one sync: the pods it owns (claimed by selector, adopted orphans getting
// the tracking finalizer), those newly finished and not yet counted, how many failures count, and
// the checks of a job against its pods (a FailJob rule matched, restarts past the backoff limit
// for OnFailure pods, the active deadline passed) and the active pods to give up first.
import type { Job } from '../../../api/batch/v1/types.ts';
import { JOB_TRACKING_FINALIZER } from '../../../api/batch/v1/types.ts';
import type { Pod } from '../../../api/core/v1/pod-types.ts';
import { labelSelectorMatches } from '../../../machinery/selectors/label-selector.ts';
import { claimPods, newControllerRef } from '../workload/controller-ref-manager.ts';
import { compareActivePodsForRemoval } from './active-pods-order.ts';
import { jobReference, type JobSyncDeps } from './deps.ts';
import { duplicatedIndexPodsForRemoval } from './indexed-job.ts';
import { hasTrackingFinalizer, isIndexedJob, isJobSuspended, isPodFailed, UNKNOWN_INDEX, validIndex } from './job-state.ts';
import { matchPodFailurePolicy } from './pod-failure-policy.ts';
import type { SyncJobContext } from './sync-context.ts';

export function jobControllerRef(job: Job) {
  return newControllerRef(jobReference(job));
}

/**
 * getPodsForJob: every pod of the namespace is looked at, so that pods whose labels no longer
 * match are released; orphans that match are adopted after a live read of the job.
 */
export async function podsForJob(deps: JobSyncDeps, job: Job): Promise<Pod[]> {
  const ns = job.metadata.namespace ?? '';
  let adoptable: Promise<void> | undefined;
  // One live read per sync: the job must still be this one and not being deleted.
  const canAdopt = () =>
    (adoptable ??= (async () => {
      const fresh = await deps.liveJob(ns, job.metadata.name ?? '');
      if (fresh.metadata.uid !== job.metadata.uid) throw new Error(`original Job ${ns}/${job.metadata.name} is gone: got uid ${fresh.metadata.uid}, wanted ${job.metadata.uid}`);
      if (fresh.metadata.deletionTimestamp) throw new Error(`${ns}/${job.metadata.name} has just been deleted at ${fresh.metadata.deletionTimestamp}`);
    })());
  const claimed = await claimPods(deps.podsInNamespace(ns), {
    owner: jobReference(job),
    matches: (pod) => labelSelectorMatches(job.spec?.selector, pod.metadata.labels),
    podControl: deps.podControl,
    canAdopt,
    finalizers: [JOB_TRACKING_FINALIZER],
  });
  // Adopted pods carry the finalizer from now on.
  return claimed.map((pod) => {
    const adopted = !(pod.metadata.ownerReferences as Array<{ uid?: string }> | undefined)?.some((r) => r.uid === job.metadata.uid);
    if (!adopted || hasTrackingFinalizer(pod)) return pod;
    return { ...pod, metadata: { ...pod.metadata, finalizers: [...(pod.metadata.finalizers ?? []), JOB_TRACKING_FINALIZER] } };
  });
}

/** getValidPodsWithFilter: pods still carrying the finalizer, not in `uncounted`, of a valid index. */
export function validPods(ctx: SyncJobContext, uncounted: ReadonlySet<string> | undefined, filter: (pod: Pod) => boolean): Pod[] {
  return ctx.pods.filter((pod) => {
    const uid = pod.metadata.uid ?? '';
    if (!hasTrackingFinalizer(pod) || uncounted?.has(uid) || ctx.expectedRemovedFinalizers.has(uid)) return false;
    if (isIndexedJob(ctx.job) && validIndex(ctx.job, pod) === UNKNOWN_INDEX) return false;
    return filter(pod);
  });
}

/** The pods newly succeeded and newly failed, not yet in status. */
export function newFinishedPods(ctx: SyncJobContext): [Pod[], Pod[]] {
  const succeeded = validPods(ctx, ctx.uncounted.succeeded, (p) => p.status?.phase === 'Succeeded');
  const failed = validPods(ctx, ctx.uncounted.failed, (p) => isPodFailed(p, ctx.job));
  return [succeeded, failed];
}

/** Failed pods less those the pod failure policy ignores. */
export function countedFailures(job: Job, failed: readonly Pod[]): number {
  if (!job.spec?.podFailurePolicy) return failed.length;
  return failed.filter((p) => matchPodFailurePolicy(job.spec!.podFailurePolicy, p).countFailed).length;
}

/** The message of the first failed pod matching a FailJob rule. */
export function failJobMessage(job: Job, pods: readonly Pod[]): string | undefined {
  if (!job.spec?.podFailurePolicy) return undefined;
  for (const pod of pods) {
    if (!isPodFailed(pod, job)) continue;
    const message = matchPodFailurePolicy(job.spec.podFailurePolicy, pod).failJobMessage;
    if (message !== undefined) return message;
  }
  return undefined;
}

/** pastBackoffLimitOnFailure: OnFailure pods' container restarts reached the backoff limit. */
export function pastBackoffLimitOnFailure(job: Job, pods: readonly Pod[]): boolean {
  if (job.spec?.template?.spec?.restartPolicy !== 'OnFailure') return false;
  let restarts = 0;
  for (const pod of pods) {
    if (pod.status?.phase !== 'Running' && pod.status?.phase !== 'Pending') continue;
    for (const s of [...(pod.status.initContainerStatuses ?? []), ...(pod.status.containerStatuses ?? [])]) restarts += s.restartCount ?? 0;
  }
  const limit = job.spec.backoffLimit ?? 6;
  return limit === 0 ? restarts > 0 : restarts >= limit;
}

export function pastActiveDeadline(job: Job, now: number): boolean {
  const deadline = job.spec?.activeDeadlineSeconds;
  const start = job.status?.startTime;
  if (deadline === undefined || deadline === null || !start || isJobSuspended(job)) return false;
  return now - Date.parse(start) >= deadline * 1000;
}

/**
 * activePodsForRemoval: for Indexed jobs the pods of repeated, unknown or out-of-range indexes,
 * then as many more as needed in the order of compareActivePodsForRemoval.
 */
export function activePodsForRemoval(job: Job, pods: readonly Pod[], atLeast: number): Pod[] {
  let remove: Pod[] = [];
  let left: Pod[] = [...pods];
  if (isIndexedJob(job)) [remove, left] = duplicatedIndexPodsForRemoval(pods, job.spec?.completions ?? 0);
  if (remove.length < atLeast) remove = [...remove, ...left.sort(compareActivePodsForRemoval).slice(0, atLeast - remove.length)];
  return remove;
}
