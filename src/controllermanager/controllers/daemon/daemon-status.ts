// A daemon set's status, as Kubernetes counts it over the nodes: desired (nodes that should run
// the pod), current (those of them with a pod), misscheduled (pods on nodes that should not run
// one), and of each desired node's oldest pod whether it is ready, available (ready for
// minReadySeconds) and up to date (the current hash or template generation); unavailable is
// desired minus available. Written only when a count differs or the generation was not yet seen.
import type { DaemonSet, DaemonSetStatus } from '../../../api/apps/v1/types.ts';
import type { Node } from '../../../api/core/v1/node-types.ts';
import type { Pod } from '../../../api/core/v1/pod-types.ts';
import { isPodAvailable, isPodReady } from '../workload/pod-state.ts';
import { isPodUpdated, templateGenerationOrUndefined } from './daemon-pods.ts';
import { nodeShouldRunDaemonPod } from './node-should-run.ts';
import { byCreationAndPhase } from './pods-on-node.ts';

export type DaemonCounts = Required<Pick<DaemonSetStatus, 'desiredNumberScheduled' | 'currentNumberScheduled' | 'numberMisscheduled' | 'numberReady' | 'updatedNumberScheduled' | 'numberAvailable' | 'numberUnavailable'>>;

export function countDaemonPods(ds: DaemonSet, nodes: readonly Node[], nodeToPods: ReadonlyMap<string, Pod[]>, hash: string, now: number): DaemonCounts {
  const counts: DaemonCounts = { desiredNumberScheduled: 0, currentNumberScheduled: 0, numberMisscheduled: 0, numberReady: 0, updatedNumberScheduled: 0, numberAvailable: 0, numberUnavailable: 0 };
  const generation = templateGenerationOrUndefined(ds);
  for (const node of nodes) {
    const pods = nodeToPods.get(node.metadata.name ?? '') ?? [];
    const scheduled = pods.length > 0;
    if (!nodeShouldRunDaemonPod(node, ds).shouldRun) {
      if (scheduled) counts.numberMisscheduled++;
      continue;
    }
    counts.desiredNumberScheduled++;
    if (!scheduled) continue;
    counts.currentNumberScheduled++;
    const pod = [...pods].sort(byCreationAndPhase)[0]!;
    if (isPodReady(pod)) {
      counts.numberReady++;
      if (isPodAvailable(pod, ds.spec?.minReadySeconds ?? 0, now)) counts.numberAvailable++;
    }
    if (isPodUpdated(pod, hash, generation)) counts.updatedNumberScheduled++;
  }
  counts.numberUnavailable = counts.desiredNumberScheduled - counts.numberAvailable;
  return counts;
}

/** Whether the stored status already says this (and has seen the set's generation). */
export function statusUpToDate(ds: DaemonSet, counts: DaemonCounts): boolean {
  const s = ds.status;
  return (s?.desiredNumberScheduled ?? 0) === counts.desiredNumberScheduled
    && (s?.currentNumberScheduled ?? 0) === counts.currentNumberScheduled
    && (s?.numberMisscheduled ?? 0) === counts.numberMisscheduled
    && (s?.numberReady ?? 0) === counts.numberReady
    && (s?.updatedNumberScheduled ?? 0) === counts.updatedNumberScheduled
    && (s?.numberAvailable ?? 0) === counts.numberAvailable
    && (s?.numberUnavailable ?? 0) === counts.numberUnavailable
    && (s?.observedGeneration ?? 0) >= (ds.metadata.generation ?? 0);
}
