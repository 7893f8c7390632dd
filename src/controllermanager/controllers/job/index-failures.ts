// The failure counts an Indexed job with backoffLimitPerIndex carries from pod to pod of an index
// in annotations (failures counted, and failures the pod failure policy ignored), read leniently as
// Kubernetes reads them (a missing, malformed or out-of-range value is 0), and the counts a
// replacement pod starts with.
import type { Job } from '../../../api/batch/v1/types.ts';
import { JOB_INDEX_FAILURE_COUNT_ANNOTATION, JOB_INDEX_IGNORED_FAILURE_COUNT_ANNOTATION } from '../../../api/batch/v1/types.ts';
import type { Pod } from '../../../api/core/v1/pod-types.ts';
import { matchPodFailurePolicy } from './pod-failure-policy.ts';

const MAX_INT32 = 2147483647;

function parseCount(value: string | undefined): number {
  if (value === undefined || !/^[+-]?\d+$/.test(value)) return 0;
  const n = Number(value);
  return n < 0 || n > MAX_INT32 ? 0 : n;
}

export function indexFailureCount(pod: Pod): number {
  return parseCount(pod.metadata.annotations?.[JOB_INDEX_FAILURE_COUNT_ANNOTATION]);
}

export function indexIgnoredFailureCount(pod: Pod): number {
  return parseCount(pod.metadata.annotations?.[JOB_INDEX_IGNORED_FAILURE_COUNT_ANNOTATION]);
}

export function indexAbsoluteFailureCount(pod: Pod): number {
  return indexFailureCount(pod) + indexIgnoredFailureCount(pod);
}

/** The counts for the pod replacing `replaced` (0 and 0 for an index's first pod). */
export function newIndexFailureCounts(job: Job, replaced: Pod | undefined): { failures: number; ignored: number } {
  if (!replaced) return { failures: 0, ignored: 0 };
  let failures = indexFailureCount(replaced);
  let ignored = indexIgnoredFailureCount(replaced);
  if (matchPodFailurePolicy(job.spec?.podFailurePolicy, replaced).countFailed) failures++;
  else ignored++;
  return { failures, ignored };
}

/** Writes the counts into a pod template's annotations (the ignored count only when not zero). */
export function addIndexFailureCountAnnotations(annotations: Record<string, string>, job: Job, replaced: Pod | undefined): void {
  const { failures, ignored } = newIndexFailureCounts(job, replaced);
  annotations[JOB_INDEX_FAILURE_COUNT_ANNOTATION] = String(failures);
  if (ignored > 0) annotations[JOB_INDEX_IGNORED_FAILURE_COUNT_ANNOTATION] = String(ignored);
}
