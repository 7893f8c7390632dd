// Job conditions as the job controller writes them: a new condition stamped now (probe and
// transition times alike), and setting a type's status, reason and message in place (a missing
// condition is not added as False). The reasons and messages clients see are Kubernetes'.
import type { JobCondition } from '../../../api/batch/v1/types.ts';
import { formatTime } from '../../../api/meta/v1/time.ts';
import { findCondition } from './job-state.ts';

export const REASON = {
  podFailurePolicy: 'PodFailurePolicy',
  backoffLimitExceeded: 'BackoffLimitExceeded',
  deadlineExceeded: 'DeadlineExceeded',
  maxFailedIndexesExceeded: 'MaxFailedIndexesExceeded',
  failedIndexes: 'FailedIndexes',
  successPolicy: 'SuccessPolicy',
  completionsReached: 'CompletionsReached',
} as const;

export const MESSAGE = {
  backoffLimitExceeded: 'Job has reached the specified backoff limit',
  deadlineExceeded: 'Job was active longer than specified deadline',
  maxFailedIndexesExceeded: 'Job has exceeded the specified maximal number of failed indexes',
  failedIndexes: 'Job has failed indexes',
  completionsReached: 'Reached expected number of succeeded pods',
} as const;

/** A metav1.Time (whole seconds) for milliseconds since the epoch. */
export function timeAt(ms: number): string {
  return formatTime(BigInt(Math.floor(ms)) * 1000n) ?? '';
}

export function newCondition(type: string, status: string, reason: string, message: string, now: number): JobCondition {
  const at = timeAt(now);
  return { type, status, lastProbeTime: at, lastTransitionTime: at, reason, message };
}

/** ensureJobConditionStatus: returns the list and whether it changed. */
export function ensureConditionStatus(list: JobCondition[], type: string, status: string, reason: string, message: string, now: number): [JobCondition[], boolean] {
  const existing = findCondition(list, type);
  if (existing) {
    if (existing.status === status && (existing.reason ?? '') === reason && (existing.message ?? '') === message) return [list, false];
    Object.assign(existing, newCondition(type, status, reason, message, now));
    return [list, true];
  }
  if (status !== 'False') return [[...list, newCondition(type, status, reason, message, now)], true];
  return [list, false];
}

export function isSuccessCriteriaMet(condition: JobCondition | undefined): boolean {
  return condition?.type === 'SuccessCriteriaMet' && condition.status === 'True';
}
