// The order in which a job gives up active pods when it has too many (Kubernetes' plain
// controller.ActivePods sort, which the job controller uses rather than the replica sets' ranks):
// unscheduled before scheduled, pending before unknown before running, not ready before ready,
// ready more recently before ready longer, more restarts before fewer, newer before older.
import type { Pod } from '../../../api/core/v1/pod-types.ts';
import { isPodReady, podReadyCondition } from '../workload/pod-state.ts';

const timeOf = (t: string | null | undefined) => (t ? Date.parse(t) : NaN);

const PHASE_RANK: Record<string, number> = { Pending: 0, Unknown: 1, Running: 2 };

function restarts(pod: Pod): number {
  return Math.max(0, ...(pod.status?.containerStatuses ?? []).map((s) => s.restartCount ?? 0));
}

/** A negative result puts `a` first among the pods to give up. */
export function compareActivePodsForRemoval(a: Pod, b: Pod): number {
  const aNode = !!a.spec?.nodeName;
  const bNode = !!b.spec?.nodeName;
  if (aNode !== bNode) return aNode ? 1 : -1;
  const aPhase = PHASE_RANK[a.status?.phase ?? ''] ?? 0;
  const bPhase = PHASE_RANK[b.status?.phase ?? ''] ?? 0;
  if (aPhase !== bPhase) return aPhase - bPhase;
  const aReady = isPodReady(a);
  const bReady = isPodReady(b);
  if (aReady !== bReady) return aReady ? 1 : -1;
  if (aReady && bReady) {
    const aSince = timeOf(podReadyCondition(a)?.lastTransitionTime);
    const bSince = timeOf(podReadyCondition(b)?.lastTransitionTime);
    if (aSince !== bSince && !(Number.isNaN(aSince) && Number.isNaN(bSince))) {
      if (Number.isNaN(aSince)) return -1;
      if (Number.isNaN(bSince)) return 1;
      return bSince - aSince;
    }
  }
  const aRestarts = restarts(a);
  const bRestarts = restarts(b);
  if (aRestarts !== bRestarts) return bRestarts - aRestarts;
  const aCreated = timeOf(a.metadata.creationTimestamp);
  const bCreated = timeOf(b.metadata.creationTimestamp);
  if (aCreated !== bCreated && !(Number.isNaN(aCreated) && Number.isNaN(bCreated))) {
    if (Number.isNaN(aCreated)) return -1;
    if (Number.isNaN(bCreated)) return 1;
    return bCreated - aCreated;
  }
  return 0;
}
