// What the stateful set controller reads of its pods: created (the server gave it a phase),
// pending, failed or succeeded, terminating (being deleted), running and ready, available (ready
// for minReadySeconds), and unavailable (not available, or terminating).
import type { Pod } from '../../../api/core/v1/pod-types.ts';
import { isPodAvailable, isPodReady } from '../workload/pod-state.ts';

export const isCreated = (pod: Pod): boolean => Boolean(pod.status?.phase);
export const isPending = (pod: Pod): boolean => pod.status?.phase === 'Pending';
export const isFailed = (pod: Pod): boolean => pod.status?.phase === 'Failed';
export const isSucceeded = (pod: Pod): boolean => pod.status?.phase === 'Succeeded';
export const isTerminating = (pod: Pod): boolean => Boolean(pod.metadata.deletionTimestamp);

export function isRunningAndReady(pod: Pod): boolean {
  return pod.status?.phase === 'Running' && isPodReady(pod);
}

export function isRunningAndAvailable(pod: Pod, minReadySeconds: number, now: number): boolean {
  return isPodAvailable(pod, minReadySeconds, now);
}

export function isUnavailable(pod: Pod, minReadySeconds: number, now: number): boolean {
  return !isRunningAndAvailable(pod, minReadySeconds, now) || isTerminating(pod);
}
