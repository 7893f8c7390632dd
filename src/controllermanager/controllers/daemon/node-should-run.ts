// Whether a daemon set's pod belongs on a node, as Kubernetes' NodeShouldRunDaemonPod decides:
// the pod the set would make for the node (its template with the daemon tolerations, bound to the
// node) must fit the node's name, the template's node selector and required node affinity, and
// tolerate the node's NoSchedule and NoExecute taints. Such a node should run a pod; a node whose
// only untolerated taints are NoSchedule should keep a pod already running there.
import type { DaemonSet } from '../../../api/apps/v1/types.ts';
import type { Node } from '../../../api/core/v1/node-types.ts';
import type { PodSpec } from '../../../api/core/v1/pod-types.ts';
import { requiredNodeAffinityMatches } from '../../../machinery/scheduling/node-affinity.ts';
import { findUntoleratedTaint } from '../../../machinery/scheduling/taints.ts';
import { addDaemonPodTolerations } from './daemon-pods.ts';

export interface ShouldRun {
  /** A pod should be made on the node when none runs there. */
  shouldRun: boolean;
  /** A pod already on the node may stay. */
  shouldContinueRunning: boolean;
}

/** NewPod's spec: the template's, bound to the node, with the daemon tolerations. */
function daemonPodSpec(ds: DaemonSet, nodeName: string): PodSpec {
  const spec = structuredClone(ds.spec?.template?.spec ?? { containers: [] });
  spec.nodeName = nodeName;
  addDaemonPodTolerations(spec);
  return spec;
}

export function nodeShouldRunDaemonPod(node: Node, ds: DaemonSet): ShouldRun {
  const nodeName = node.metadata.name ?? '';
  const wanted = ds.spec?.template?.spec?.nodeName;
  if (wanted && wanted !== nodeName) return { shouldRun: false, shouldContinueRunning: false };
  const spec = daemonPodSpec(ds, nodeName);
  if (!requiredNodeAffinityMatches(spec, node)) return { shouldRun: false, shouldContinueRunning: false };
  const taints = node.spec?.taints;
  const blocking = findUntoleratedTaint(taints, spec.tolerations, (t) => t.effect === 'NoExecute' || t.effect === 'NoSchedule');
  if (!blocking) return { shouldRun: true, shouldContinueRunning: true };
  // A pod already there stays unless a NoExecute taint it does not tolerate would evict it.
  const evicting = findUntoleratedTaint(taints, spec.tolerations, (t) => t.effect === 'NoExecute');
  return { shouldRun: false, shouldContinueRunning: !evicting };
}
