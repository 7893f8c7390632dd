// What the pod garbage collector deletes, as Kubernetes' PodGCController decides it: finished pods
// beyond --terminated-pod-gc-threshold, evicted ones first and then the oldest (by creation, then
// name); pods bound to a node that no longer exists; pods being deleted that were never scheduled.
// Pods that are not finished are first marked Failed (with a DisruptionTarget condition for an
// orphan), since no node agent will ever do it for them.
import type { Pod, PodCondition } from '../../../api/core/v1/pod-types.ts';
import { timeToDate } from '../../../api/meta/v1/time.ts';

/** Finished, in Kubernetes' sense: any phase but Pending, Running and Unknown. */
export function isPodTerminated(pod: Pod): boolean {
  const phase = pod.status?.phase;
  return phase !== 'Pending' && phase !== 'Running' && phase !== 'Unknown';
}

/** Failed by the node agent's eviction. */
export function isPodEvicted(pod: Pod): boolean {
  return pod.status?.phase === 'Failed' && pod.status.reason === 'Evicted';
}

function created(pod: Pod): number {
  return timeToDate(pod.metadata.creationTimestamp)?.getTime() ?? 0;
}

/** Kubernetes' byEvictionAndCreationTimestamp: evicted first, then oldest, then by name. */
export function compareForCollection(a: Pod, b: Pod): number {
  const evictedA = isPodEvicted(a);
  const evictedB = isPodEvicted(b);
  if (evictedA !== evictedB) return evictedA ? -1 : 1;
  const byAge = created(a) - created(b);
  if (byAge !== 0) return byAge;
  const nameA = a.metadata.name ?? '';
  const nameB = b.metadata.name ?? '';
  return nameA < nameB ? -1 : nameA > nameB ? 1 : 0;
}

/** The finished pods to delete so that no more than `threshold` remain (none when threshold ≤ 0). */
export function terminatedPodsToDelete(pods: readonly Pod[], threshold: number): Pod[] {
  if (threshold <= 0) return [];
  const terminated = pods.filter(isPodTerminated);
  const excess = terminated.length - threshold;
  if (excess <= 0) return [];
  return [...terminated].sort(compareForCollection).slice(0, excess);
}

/** Node names pods are bound to that the node cache does not hold. */
export function unknownNodes(pods: readonly Pod[], existing: ReadonlySet<string>): Set<string> {
  const names = new Set<string>();
  for (const pod of pods) {
    const node = pod.spec?.nodeName;
    if (node && !existing.has(node)) names.add(node);
  }
  return names;
}

/** Pods being deleted that no node will ever finish: they were never scheduled. */
export function unscheduledTerminatingPods(pods: readonly Pod[]): Pod[] {
  return pods.filter((pod) => pod.metadata.deletionTimestamp && !pod.spec?.nodeName);
}

/** The condition an orphan gets before it is deleted. */
export function orphanDisruptionCondition(now: string): PodCondition {
  return { type: 'DisruptionTarget', status: 'True', lastTransitionTime: now, reason: 'DeletionByPodGC', message: 'PodGC: node no longer exists' };
}

/**
 * The strategic merge patch of pods/status that marks a pod Failed (with `condition`, merged by
 * type), guarded by the pod's uid; undefined when the pod has already finished.
 */
export function markFailedPatch(pod: Pod, condition?: PodCondition): unknown {
  const phase = pod.status?.phase;
  if (phase === 'Succeeded' || phase === 'Failed') return undefined;
  if (!condition) return { metadata: { uid: pod.metadata.uid }, status: { phase: 'Failed' } };
  // As UpdatePodCondition: the transition time moves only when the status does.
  const existing = pod.status?.conditions?.find((c) => c.type === condition.type);
  const merged = existing?.status === condition.status ? { ...condition, lastTransitionTime: existing.lastTransitionTime ?? condition.lastTransitionTime } : condition;
  return { metadata: { uid: pod.metadata.uid }, status: { phase: 'Failed', conditions: [merged] } };
}
