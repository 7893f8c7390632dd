// Which pods a controller deletes first when it has too many, in Kubernetes' order (its
// ActivePodsWithRanks with logarithmic scale-down): not yet scheduled before scheduled; Pending
// before Unknown before Running; not ready before ready; lower controller.orch.io/pod-deletion-cost
// before higher; more pods of the same family on the node before fewer; ready for less time before
// longer; more container restarts before fewer; created later before earlier. Times are compared
// in power-of-two buckets of their age, so pods of about the same age are picked at random (by
// uid) rather than always the newest.
import type { Pod } from '../../../api/core/v1/pod-types.ts';
import { timeToDate } from '../../../api/meta/v1/time.ts';
import { isPodActive, isPodReady, podReadySince } from './pod-state.ts';

/** The annotation whose int32 value makes a pod cheaper (lower) or dearer to delete. */
export const POD_DELETION_COST_ANNOTATION = 'controller.orch.io/pod-deletion-cost';

const PHASE_ORDER: Record<string, number> = { Pending: 0, Unknown: 1, Running: 2 };

/** The pod's deletion cost; an absent or malformed annotation is 0. */
export function deletionCost(pod: Pod): number {
  const text = pod.metadata.annotations?.[POD_DELETION_COST_ANNOTATION];
  if (text === undefined || !/^[+-]?[0-9]+$/.test(text)) return 0;
  const value = Number(text);
  return value >= -(2 ** 31) && value <= 2 ** 31 - 1 ? value : 0;
}

function creationTime(pod: Pod): number {
  return timeToDate(pod.metadata.creationTimestamp)?.getTime() ?? 0;
}

/** The most restarts of a regular container, and of a sidecar (restartable init container). */
function maxRestarts(pod: Pod): [number, number] {
  let regular = 0;
  for (const s of pod.status?.containerStatuses ?? []) regular = Math.max(regular, s.restartCount ?? 0);
  const sidecars = new Set((pod.spec?.initContainers ?? []).filter((c) => c.restartPolicy === 'Always').map((c) => c.name));
  let sidecar = 0;
  for (const s of pod.status?.initContainerStatuses ?? []) if (sidecars.has(s.name)) sidecar = Math.max(sidecar, s.restartCount ?? 0);
  return [regular, sidecar];
}

/** floor(log2(age in ns)), or -1 for no age, as Kubernetes buckets times. */
function ageBucket(at: number, now: number): number {
  const ns = (now - at) * 1e6;
  return ns > 0 ? Math.floor(Math.log2(ns)) : -1;
}

/** Whether `a` (time ta) sorts before `b` (time tb) when the later, or the unknown, time goes first. */
function laterTimeFirst(ta: number, tb: number, a: Pod, b: Pod, now: number | undefined): boolean {
  if (now === undefined || ta === 0 || tb === 0) return ta === 0 || tb === 0 ? ta === 0 : ta > tb;
  const diff = ageBucket(ta, now) - ageBucket(tb, now);
  if (diff === 0) return (a.metadata.uid ?? '') < (b.metadata.uid ?? '');
  return diff < 0;
}

/** Whether pod `a` (of rank ra) should be deleted before pod `b` (of rank rb). */
export function deleteBefore(a: Pod, ra: number, b: Pod, rb: number, now?: number): boolean {
  const nodeA = a.spec?.nodeName ?? '';
  const nodeB = b.spec?.nodeName ?? '';
  if (nodeA !== nodeB && (nodeA === '' || nodeB === '')) return nodeA === '';
  const phaseA = PHASE_ORDER[a.status?.phase ?? ''] ?? 0;
  const phaseB = PHASE_ORDER[b.status?.phase ?? ''] ?? 0;
  if (phaseA !== phaseB) return phaseA < phaseB;
  const readyA = isPodReady(a);
  const readyB = isPodReady(b);
  if (readyA !== readyB) return !readyA;
  const costA = deletionCost(a);
  const costB = deletionCost(b);
  if (costA !== costB) return costA < costB;
  if (ra !== rb) return ra > rb;
  if (readyA && readyB) {
    const sinceA = podReadySince(a);
    const sinceB = podReadySince(b);
    if (sinceA !== sinceB) return laterTimeFirst(sinceA, sinceB, a, b, now);
  }
  const [regularA, sidecarA] = maxRestarts(a);
  const [regularB, sidecarB] = maxRestarts(b);
  if (regularA !== regularB) return regularA > regularB;
  if (sidecarA !== sidecarB) return sidecarA > sidecarB;
  const createdA = creationTime(a);
  const createdB = creationTime(b);
  if (createdA !== createdB) return laterTimeFirst(createdA, createdB, a, b, now);
  return false;
}

/**
 * The rank of each pod: how many active pods of `related` (the family: pods of every owner sharing
 * this owner's controller) run on its node.
 */
export function ranksBySharedNode(pods: readonly Pod[], related: readonly Pod[]): number[] {
  const onNode = new Map<string, number>();
  for (const pod of related) {
    if (!isPodActive(pod)) continue;
    const node = pod.spec?.nodeName ?? '';
    onNode.set(node, (onNode.get(node) ?? 0) + 1);
  }
  return pods.map((pod) => onNode.get(pod.spec?.nodeName ?? '') ?? 0);
}

/** The `count` pods to delete first (Kubernetes' getPodsToDelete). */
export function podsToDelete(pods: readonly Pod[], related: readonly Pod[], count: number, now: number): Pod[] {
  if (count >= pods.length) return pods.slice(0, count);
  const ranks = ranksBySharedNode(pods, related);
  const order = pods.map((pod, i) => ({ pod, rank: ranks[i]! }));
  // A stable insertion sort by the pairwise order, which need not be a total order.
  for (let i = 1; i < order.length; i++) {
    for (let j = i; j > 0 && deleteBefore(order[j]!.pod, order[j]!.rank, order[j - 1]!.pod, order[j - 1]!.rank, now); j--) {
      [order[j - 1], order[j]] = [order[j]!, order[j - 1]!];
    }
  }
  return order.slice(0, count).map((o) => o.pod);
}
