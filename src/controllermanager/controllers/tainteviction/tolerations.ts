// How long a pod may stay on a node with NoExecute taints, as Kubernetes' taint manager decides
// it: every taint needs a toleration (the first that matches it counts), and the pod stays for
// the shortest tolerationSeconds among those, forever when none sets one, not at all when one is
// zero or less.
import type { Taint } from '../../../api/core/v1/node-types.ts';
import type { Toleration } from '../../../api/core/v1/pod-types.ts';
import { toleratesTaint } from '../../../machinery/scheduling/taints.ts';

/** The taints with effect NoExecute. */
export function noExecuteTaints(taints: readonly Taint[] | undefined): Taint[] {
  return (taints ?? []).filter((t) => t.effect === 'NoExecute');
}

/** Whether every taint is tolerated, and the toleration used for each (GetMatchingTolerations). */
export function matchingTolerations(taints: readonly Taint[], tolerations: readonly Toleration[] | undefined): { allTolerated: boolean; used: Toleration[] } {
  const used: Toleration[] = [];
  for (const taint of taints) {
    const match = (tolerations ?? []).find((t) => toleratesTaint(t, taint));
    if (!match) return { allTolerated: false, used: [] };
    used.push(match);
  }
  return { allTolerated: true, used };
}

/** Milliseconds the pod may stay; -1 for ever (getMinTolerationTime). */
export function minTolerationMs(used: readonly Toleration[]): number {
  if (used.length === 0) return 0;
  let min = Infinity;
  for (const t of used) {
    if (t.tolerationSeconds === undefined || t.tolerationSeconds === null) continue;
    if (t.tolerationSeconds <= 0) return 0;
    min = Math.min(min, t.tolerationSeconds);
  }
  return min === Infinity ? -1 : min * 1000;
}
