// What the job controller reads from a job and its pods: whether the job is finished (Complete or
// Failed True), suspended, Indexed, limited per index, and which pods it counts as failed, as
// Kubernetes' job controller reads them. A pod being deleted before it finished counts as failed
// unless only failed pods are replaced (podReplacementPolicy Failed, or a pod failure policy).
import type { Job, JobCondition } from '../../../api/batch/v1/types.ts';
import { JOB_COMPLETION_INDEX_ANNOTATION, JOB_CONTROLLER_NAME, JOB_TRACKING_FINALIZER } from '../../../api/batch/v1/types.ts';
import type { Pod } from '../../../api/core/v1/pod-types.ts';

/** An index a pod does not have (none, or not a whole number of zero or more). */
export const UNKNOWN_INDEX = -1;

export function findCondition(conditions: readonly JobCondition[] | undefined, type: string): JobCondition | undefined {
  return conditions?.find((c) => c.type === type);
}

/** The finished condition type (Complete or Failed) when True, else undefined. */
export function finishedConditionType(job: Job): 'Complete' | 'Failed' | undefined {
  for (const c of job.status?.conditions ?? []) {
    if ((c.type === 'Complete' || c.type === 'Failed') && c.status === 'True') return c.type;
  }
  return undefined;
}

export function isJobFinished(job: Job): boolean {
  return finishedConditionType(job) !== undefined;
}

export function isJobSucceeded(job: Job): boolean {
  return (job.status?.conditions ?? []).some((c) => c.type === 'Complete' && c.status === 'True');
}

export function isJobSuspended(job: Job): boolean {
  return job.spec?.suspend === true;
}

export function isIndexedJob(job: Job): boolean {
  return job.spec?.completionMode === 'Indexed';
}

export function hasBackoffLimitPerIndex(job: Job): boolean {
  return job.spec?.backoffLimitPerIndex !== undefined && job.spec.backoffLimitPerIndex !== null;
}

/** The controller that syncs the job when it is not this one (spec.managedBy names another). */
export function externalManager(job: Job): string | undefined {
  const by = job.spec?.managedBy;
  if (by === undefined || by === null || by === JOB_CONTROLLER_NAME || by === 'kubernetes.io/job-controller') return undefined;
  return by;
}

export function hasTrackingFinalizer(pod: Pod): boolean {
  return (pod.metadata.finalizers ?? []).includes(JOB_TRACKING_FINALIZER);
}

/** The completion index a pod carries, or UNKNOWN_INDEX. */
export function completionIndex(pod: Pod): number {
  const value = pod.metadata.annotations?.[JOB_COMPLETION_INDEX_ANNOTATION];
  if (value === undefined || !/^[+-]?\d+$/.test(value)) return UNKNOWN_INDEX;
  const n = Number(value);
  return Number.isSafeInteger(n) && n >= 0 ? n : UNKNOWN_INDEX;
}

/** A valid index of an Indexed job: known and below completions. */
export function validIndex(job: Job, pod: Pod): number {
  const ix = completionIndex(pod);
  return ix !== UNKNOWN_INDEX && ix < (job.spec?.completions ?? 0) ? ix : UNKNOWN_INDEX;
}

/** Only failed pods are replaced: podReplacementPolicy Failed, or a pod failure policy. */
export function onlyReplaceFailedPods(job: Job): boolean {
  return job.spec?.podReplacementPolicy === 'Failed' || !!job.spec?.podFailurePolicy;
}

/** isPodFailed: Failed, or (unless only failed pods are replaced) deleted before it finished. */
export function isPodFailed(pod: Pod, job: Job): boolean {
  if (pod.status?.phase === 'Failed') return true;
  if (onlyReplaceFailedPods(job)) return false;
  return !!pod.metadata.deletionTimestamp && pod.status?.phase !== 'Succeeded';
}

export function jobKey(job: Job): string {
  return `${job.metadata.namespace ?? ''}/${job.metadata.name ?? ''}`;
}
