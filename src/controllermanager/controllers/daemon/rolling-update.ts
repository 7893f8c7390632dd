// A daemon set's rolling update step, as Kubernetes plans it. The budgets are maxUnavailable and
// maxSurge of the nodes that should run the pod (rounded up; both zero reads as one unavailable).
// Without surge, old pods that are not available are replaced at once and available old pods are
// deleted while the unavailable count stays under maxUnavailable; the core loop then makes their
// replacements. With surge, a new pod is made beside an old one (at once when the old one is not
// available, else within maxSurge), the old pod deleted once the new one is available, and pods on
// nodes that no longer fit go only while more pods are available than nodes want one.
import type { DaemonSet } from '../../../api/apps/v1/types.ts';
import type { Node } from '../../../api/core/v1/node-types.ts';
import type { Pod } from '../../../api/core/v1/pod-types.ts';
import { klog } from '../../../component-base/logs/klog.ts';
import { isPodAvailable } from '../workload/pod-state.ts';
import { isPodUpdated, surgeCount, templateGenerationOrUndefined, unavailableCount } from './daemon-pods.ts';
import { nodeShouldRunDaemonPod } from './node-should-run.ts';

const log = klog('controllermanager/daemonset');

export interface Budgets {
  maxSurge: number;
  maxUnavailable: number;
  desiredNumberScheduled: number;
}

/** updatedDesiredNodeCounts: the budgets; nodes that want a pod and have none get an empty entry. */
export function desiredNodeCounts(ds: DaemonSet, nodes: readonly Node[], nodeToPods: Map<string, Pod[]>): Budgets {
  let desired = 0;
  for (const node of nodes) {
    if (!nodeShouldRunDaemonPod(node, ds).shouldRun) continue;
    desired++;
    if (!nodeToPods.has(node.metadata.name ?? '')) nodeToPods.set(node.metadata.name ?? '', []);
  }
  let maxUnavailable: number;
  let maxSurge: number;
  try {
    maxUnavailable = unavailableCount(ds, desired);
  } catch (err) {
    throw new Error(`invalid value for MaxUnavailable: ${(err as Error).message}`);
  }
  try {
    maxSurge = surgeCount(ds, desired);
  } catch (err) {
    throw new Error(`invalid value for MaxSurge: ${(err as Error).message}`);
  }
  if (desired > 0 && maxUnavailable === 0 && maxSurge === 0) {
    log.info('DaemonSet is not configured for surge or unavailability, defaulting to accepting unavailability', { daemonset: `${ds.metadata.namespace}/${ds.metadata.name}` });
    maxUnavailable = 1;
  }
  return { maxSurge, maxUnavailable, desiredNumberScheduled: desired };
}

/** findUpdatedPodsOnNode: at most one new and one old live pod, or ok false when there are more. */
export function updatedPodsOnNode(ds: DaemonSet, pods: readonly Pod[], hash: string): { newPod?: Pod; oldPod?: Pod; ok: boolean } {
  let newPod: Pod | undefined;
  let oldPod: Pod | undefined;
  const generation = templateGenerationOrUndefined(ds);
  for (const pod of pods) {
    if (pod.metadata.deletionTimestamp) continue;
    if (isPodUpdated(pod, hash, generation)) {
      if (newPod) return { ok: false };
      newPod = pod;
    } else {
      if (oldPod) return { ok: false };
      oldPod = pod;
    }
  }
  return { newPod, oldPod, ok: true };
}

export interface UpdateStep {
  deletes: string[];
  creates: string[];
}

export function rollingUpdateStep(ds: DaemonSet, nodes: readonly Node[], nodeToPods: Map<string, Pod[]>, hash: string, now: number): UpdateStep {
  const { maxSurge, maxUnavailable, desiredNumberScheduled } = desiredNodeCounts(ds, nodes, nodeToPods);
  const minReadySeconds = ds.spec?.minReadySeconds ?? 0;
  const available = (pod: Pod) => isPodAvailable(pod, minReadySeconds, now);
  const nodesByName = new Map(nodes.map((n) => [n.metadata.name ?? '', n]));
  const shouldRun = (nodeName: string) => {
    const node = nodesByName.get(nodeName);
    if (!node) throw new Error(`couldn't get node for nodeName ${JSON.stringify(nodeName)}: node ${JSON.stringify(nodeName)} not found`);
    return nodeShouldRunDaemonPod(node, ds).shouldRun;
  };

  if (maxSurge === 0) {
    let unavailable = 0;
    const replacements: string[] = [];
    const candidates: string[] = [];
    for (const [, pods] of nodeToPods) {
      const { newPod, oldPod, ok } = updatedPodsOnNode(ds, pods, hash);
      if (!ok || (!oldPod && !newPod) || (oldPod && newPod)) {
        // Left to the core loop; counted as unavailable.
        unavailable++;
      } else if (newPod) {
        if (!available(newPod)) unavailable++;
      } else if (!available(oldPod!)) {
        replacements.push(oldPod!.metadata.name ?? '');
        unavailable++;
      } else if (unavailable < maxUnavailable) {
        candidates.push(oldPod!.metadata.name ?? '');
      }
    }
    const remaining = Math.min(Math.max(0, maxUnavailable - unavailable), candidates.length);
    return { deletes: [...replacements, ...candidates.slice(0, remaining)], creates: [] };
  }

  const deletes: string[] = [];
  const shouldNotRun: string[] = [];
  const candidateNodes: string[] = [];
  const allowedNodes: string[] = [];
  let surging = 0;
  let numAvailable = 0;
  for (const [nodeName, pods] of nodeToPods) {
    const { newPod, oldPod, ok } = updatedPodsOnNode(ds, pods, hash);
    if (!ok) {
      surging++;
      continue;
    }
    if (oldPod ? available(oldPod) : newPod ? available(newPod) : false) numAvailable++;
    if (!oldPod) continue;
    if (!newPod) {
      if (!available(oldPod)) {
        if (!shouldRun(nodeName)) {
          deletes.push(oldPod.metadata.name ?? '');
          continue;
        }
        allowedNodes.push(nodeName);
      } else {
        if (!shouldRun(nodeName)) {
          shouldNotRun.push(oldPod.metadata.name ?? '');
          continue;
        }
        if (surging >= maxSurge) continue;
        candidateNodes.push(nodeName);
      }
      continue;
    }
    // Already surged onto this node: the old pod goes once the new one is available.
    if (!available(newPod)) {
      surging++;
      continue;
    }
    deletes.push(oldPod.metadata.name ?? '');
  }
  // Pods on nodes that no longer fit go only while more are available than nodes want one.
  const deletable = Math.min(numAvailable - desiredNumberScheduled, shouldNotRun.length);
  if (deletable > 0) deletes.push(...shouldNotRun.slice(0, deletable));
  const remaining = Math.min(Math.max(0, maxSurge - surging), candidateNodes.length);
  return { deletes, creates: [...allowedNodes, ...candidateNodes.slice(0, remaining)] };
}
