// Indexed jobs' bookkeeping, as Kubernetes' job controller keeps it: the indexes succeeded and
// failed (those in status plus pods newly finished that still carry the tracking finalizer), the
// first indexes that need a pod, the active pods of a repeated, unknown or out-of-range index to
// give up, the failed pod of each index kept until its replacement exists, and what a new pod of
// an index carries (annotation and label, hostname, a name prefix, JOB_COMPLETION_INDEX).
import type { Job } from '../../../api/batch/v1/types.ts';
import { JOB_COMPLETION_INDEX_ANNOTATION } from '../../../api/batch/v1/types.ts';
import type { Pod, PodTemplateSpec } from '../../../api/core/v1/pod-types.ts';
import { isPodTerminating } from '../workload/pod-state.ts';
import { compareActivePodsForRemoval } from './active-pods-order.ts';
import { podFinishedTime } from './backoff.ts';
import { indexAbsoluteFailureCount, indexFailureCount } from './index-failures.ts';
import { hasIndex, mergeIntervals, parseIntervals, sortedIndexes, withIndexes, type Interval } from './intervals.ts';
import { completionIndex, hasTrackingFinalizer, isPodFailed, onlyReplaceFailedPods, UNKNOWN_INDEX, validIndex } from './job-state.ts';
import { matchPodFailurePolicy } from './pod-failure-policy.ts';
import type { SyncJobContext } from './sync-context.ts';

const COMPLETION_INDEX_ENV = 'JOB_COMPLETION_INDEX';
/** A generated name's prefix may be 63 characters less the 5 random ones. */
const MAX_GENERATED_NAME_LENGTH = 58;

const completionsOf = (job: Job) => job.spec?.completions ?? 0;

/** The succeeded indexes in status, and with the newly succeeded pods' indexes added. */
export function calculateSucceededIndexes(job: Job, pods: readonly Pod[]): [Interval[], Interval[]] {
  const prev = parseIntervals(job.status?.completedIndexes, completionsOf(job));
  const fresh = pods.filter((p) => p.status?.phase === 'Succeeded' && hasTrackingFinalizer(p)).map((p) => validIndex(job, p)).filter((ix) => ix !== UNKNOWN_INDEX);
  return [prev, withIndexes(prev, sortedIndexes(fresh))];
}

/** isIndexFailed: a FailIndex rule matched, or a counted failure reached backoffLimitPerIndex. */
export function isIndexFailed(job: Job, pod: Pod): boolean {
  if (!isPodFailed(pod, job)) return false;
  let counted = true;
  if (job.spec?.podFailurePolicy) {
    const match = matchPodFailurePolicy(job.spec.podFailurePolicy, pod);
    if (match.action === 'FailIndex') return true;
    counted = match.countFailed;
  }
  return counted && indexFailureCount(pod) >= (job.spec?.backoffLimitPerIndex ?? 0);
}

/** The failed indexes in status, with the indexes of pods newly failed for good added. */
export function calculateFailedIndexes(job: Job, pods: readonly Pod[]): Interval[] {
  const prev = job.status?.failedIndexes !== undefined ? parseIntervals(job.status.failedIndexes ?? '', completionsOf(job)) : [];
  const fresh = pods.filter((p) => hasTrackingFinalizer(p) && validIndex(job, p) !== UNKNOWN_INDEX && isIndexFailed(job, p)).map((p) => completionIndex(p));
  return withIndexes(prev, sortedIndexes(fresh));
}

function indexesOf(pods: readonly Pod[]): number[] {
  return sortedIndexes(pods.map(completionIndex).filter((ix) => ix !== UNKNOWN_INDEX));
}

/** firstPendingIndexes: up to `count` indexes below completions with no pod, success or failure. */
export function firstPendingIndexes(ctx: SyncJobContext, count: number, completions: number): number[] {
  if (count === 0) return [];
  let taken = withIndexes(ctx.succeededIndexes, indexesOf(ctx.activePods));
  if (onlyReplaceFailedPods(ctx.job)) taken = withIndexes(taken, indexesOf(ctx.pods.filter(isPodTerminating)));
  if (ctx.failedIndexes) taken = mergeIntervals(taken, ctx.failedIndexes);
  const result: number[] = [];
  let candidate = 0;
  for (const iv of taken) {
    for (; candidate < completions && result.length < count && candidate < iv.first; candidate++) result.push(candidate);
    if (candidate < iv.last + 1) candidate = iv.last + 1;
  }
  for (; candidate < completions && result.length < count; candidate++) result.push(candidate);
  return result;
}

export const byCompletionIndex = (a: Pod, b: Pod) => completionIndex(a) - completionIndex(b);

/**
 * Active pods to give up because of their index: all without one or beyond completions, and all
 * but the one to keep (the last in removal order) of a repeated index. Returns [remove, keep].
 */
export function duplicatedIndexPodsForRemoval(pods: readonly Pod[], completions: number): [Pod[], Pod[]] {
  const sorted = [...pods].sort(byCompletionIndex);
  const remove: Pod[] = [];
  const keep: Pod[] = [];
  let group: Pod[] = [];
  let groupIndex = UNKNOWN_INDEX;
  const flush = () => {
    if (group.length === 0) return;
    if (groupIndex === UNKNOWN_INDEX) remove.push(...group);
    else {
      const ordered = [...group].sort(compareActivePodsForRemoval);
      remove.push(...ordered.slice(0, -1));
      keep.push(ordered[ordered.length - 1]!);
    }
  };
  for (const [i, pod] of sorted.entries()) {
    const ix = completionIndex(pod);
    if (ix >= completions) {
      flush();
      group = [];
      remove.push(...sorted.slice(i));
      return [remove, keep];
    }
    if (ix !== groupIndex) {
      flush();
      group = [];
      groupIndex = ix;
    }
    group.push(pod);
  }
  flush();
  return [remove, keep];
}

/**
 * For each index without a success, failure or active pod, its latest failed pod still counted
 * by the finalizer: it stays until its replacement carries its failure count.
 */
export function podsWithDelayedDeletionPerIndex(ctx: SyncJobContext): Map<number, Pod> {
  const active = new Set(indexesOf(ctx.activePods));
  const delayed = new Map<number, Pod>();
  for (const pod of ctx.pods) {
    const uid = pod.metadata.uid ?? '';
    if (!hasTrackingFinalizer(pod) || ctx.expectedRemovedFinalizers.has(uid)) continue;
    const ix = validIndex(ctx.job, pod);
    if (ix === UNKNOWN_INDEX || !isPodFailed(pod, ctx.job)) continue;
    if (hasIndex(ctx.succeededIndexes, ix) || hasIndex(ctx.failedIndexes, ix) || active.has(ix)) continue;
    const last = delayed.get(ix);
    if (!last || (indexAbsoluteFailureCount(last) <= indexAbsoluteFailureCount(pod) && !(podFinishedTime(pod) < podFinishedTime(last)))) delayed.set(ix, pod);
  }
  return delayed;
}

/** JOB_COMPLETION_INDEX from the pod's index label in every container that lacks it. */
export function addCompletionIndexEnv(template: PodTemplateSpec): void {
  const spec = template.spec;
  if (!spec) return;
  for (const container of [...(spec.initContainers ?? []), ...(spec.containers ?? [])]) {
    const env = (container.env ??= []);
    if (env.some((v) => v.name === COMPLETION_INDEX_ENV)) continue;
    env.push({ name: COMPLETION_INDEX_ENV, valueFrom: { fieldRef: { fieldPath: `metadata.labels['${JOB_COMPLETION_INDEX_ANNOTATION}']` } } });
  }
}

/** The index as annotation and label of a pod template. */
export function addCompletionIndex(template: PodTemplateSpec, index: number): void {
  const meta = (template.metadata ??= {});
  (meta.annotations ??= {})[JOB_COMPLETION_INDEX_ANNOTATION] = String(index);
  (meta.labels ??= {})[JOB_COMPLETION_INDEX_ANNOTATION] = String(index);
}

/** `<job>-<index>-`, the job's name cut so the prefix fits a generated name. */
export function podGenerateNameWithIndex(jobName: string, index: number): string {
  const suffix = `-${index}-`;
  const prefix = `${jobName}${suffix}`;
  return prefix.length > MAX_GENERATED_NAME_LENGTH ? `${prefix.slice(0, MAX_GENERATED_NAME_LENGTH - suffix.length)}${suffix}` : prefix;
}
