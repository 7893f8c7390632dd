// What controllers that own pods read from a pod's status and metadata, with Kubernetes' meanings:
// ready (the Ready condition is True), available (ready for minReadySeconds), active (neither
// finished nor being deleted), terminating (being deleted, not yet finished), and the pod's
// controller reference.
import type { OwnerReference } from '../../../api/meta/v1/types.ts';
import type { Pod, PodCondition } from '../../../api/core/v1/pod-types.ts';
import { timeToDate } from '../../../api/meta/v1/time.ts';

export function podReadyCondition(pod: Pod): PodCondition | undefined {
  return pod.status?.conditions?.find((c) => c.type === 'Ready');
}

export function isPodReady(pod: Pod): boolean {
  return podReadyCondition(pod)?.status === 'True';
}

/** When the pod last became ready, in ms since the epoch (0: unknown). */
export function podReadySince(pod: Pod): number {
  const condition = podReadyCondition(pod);
  if (condition?.status !== 'True') return 0;
  return timeToDate(condition.lastTransitionTime)?.getTime() ?? 0;
}

/** Ready, and for more than minReadySeconds when that is set. */
export function isPodAvailable(pod: Pod, minReadySeconds: number, now: number): boolean {
  if (!isPodReady(pod)) return false;
  if (minReadySeconds <= 0) return true;
  const since = podReadySince(pod);
  return since > 0 && since + minReadySeconds * 1000 < now;
}

/** Milliseconds until a ready pod becomes available, or undefined when it is not waiting for that. */
export function msUntilAvailable(pod: Pod, minReadySeconds: number, now: number): number | undefined {
  if (minReadySeconds <= 0 || !isPodReady(pod)) return undefined;
  const since = podReadySince(pod);
  if (since === 0) return undefined;
  const left = since + minReadySeconds * 1000 - now;
  return left > 0 ? left : undefined;
}

/**
 * How long until the first of `pods` that was still waiting to become available when the owner's
 * status was computed (`evaluatedAt`) becomes available, measured again at `now`: 0 when it already
 * has (the status is stale), undefined when no pod was waiting.
 */
export function nextAvailabilityCheck(pods: readonly Pod[], minReadySeconds: number, evaluatedAt: number, now: number): number | undefined {
  let soonest: { left: number; pod: Pod } | undefined;
  for (const pod of pods) {
    const left = msUntilAvailable(pod, minReadySeconds, evaluatedAt);
    if (left !== undefined && (!soonest || left < soonest.left)) soonest = { left, pod };
  }
  if (!soonest) return undefined;
  return msUntilAvailable(soonest.pod, minReadySeconds, now) ?? 0;
}

export function isPodTerminal(pod: Pod): boolean {
  return pod.status?.phase === 'Succeeded' || pod.status?.phase === 'Failed';
}

/** Counts toward a controller's replicas: not finished and not being deleted. */
export function isPodActive(pod: Pod): boolean {
  return !isPodTerminal(pod) && !pod.metadata.deletionTimestamp;
}

/** Being deleted but still running. */
export function isPodTerminating(pod: Pod): boolean {
  return !isPodTerminal(pod) && Boolean(pod.metadata.deletionTimestamp);
}

/** The owner reference marked controller, if any. */
export function controllerRefOf(obj: { metadata?: { ownerReferences?: unknown[] } }): OwnerReference | undefined {
  return (obj.metadata?.ownerReferences as OwnerReference[] | undefined)?.find((ref) => ref?.controller === true);
}

/** `namespace/name`, the key pods are tracked by in expectations. */
export function podKey(pod: Pod): string {
  return `${pod.metadata.namespace ?? ''}/${pod.metadata.name ?? ''}`;
}
