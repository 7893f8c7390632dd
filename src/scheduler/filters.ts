// The checks of a node on its own that it must pass to take a pod, in Kubernetes' filter order:
// schedulability, taints, node selector and affinity, host ports, resources. Each answers with
// the reasons it refuses (worded as Kubernetes words them, for the FailedScheduling message), and
// whether removing pods could change its mind (preemption only helps with ports and resources).
import { TAINT_NODE_UNSCHEDULABLE } from '../api/core/v1/well-known-taints.ts';
import type { Pod } from '../api/core/v1/pod-types.ts';
import { requiredNodeAffinityMatches } from '../machinery/scheduling/node-affinity.ts';
import { findUntoleratedTaint, tolerationsTolerateTaint } from '../machinery/scheduling/taints.ts';
import type { NodeInfo } from './node-info.ts';
import type { Resources } from './resources.ts';

/** What the filters need of the pod, worked out once per scheduling attempt. */
export interface PodFacts {
  pod: Pod;
  requests: Resources;
  nonZero: { cpu: number; memory: number };
  hostPorts: string[];
  priority: number;
}

/** A refusal: its reasons, and whether no preemption can lift it (UnschedulableAndUnresolvable). */
export interface FilterStatus {
  reasons: string[];
  unresolvable: boolean;
}

export type NodeFilter = (facts: PodFacts, node: NodeInfo) => FilterStatus | undefined;

export const UNSCHEDULABLE_REASON = 'node(s) were unschedulable';
export const AFFINITY_REASON = "node(s) didn't match Pod's node affinity/selector";
export const PORTS_REASON = "node(s) didn't have free ports for the requested pod ports";
export const TOO_MANY_PODS_REASON = 'Too many pods';

export const unresolvable = (...reasons: string[]): FilterStatus => ({ reasons, unresolvable: true });
export const unschedulable = (...reasons: string[]): FilterStatus => ({ reasons, unresolvable: false });

const nodeUnschedulable: NodeFilter = ({ pod }, { node }) => {
  if (!node.spec?.unschedulable) return undefined;
  return tolerationsTolerateTaint(pod.spec?.tolerations, { key: TAINT_NODE_UNSCHEDULABLE, effect: 'NoSchedule' }) ? undefined : unresolvable(UNSCHEDULABLE_REASON);
};

const taintToleration: NodeFilter = ({ pod }, { node }) => {
  const taint = findUntoleratedTaint(node.spec?.taints, pod.spec?.tolerations, (t) => t.effect === 'NoSchedule' || t.effect === 'NoExecute');
  return taint ? unresolvable(`node(s) had untolerated taint {${taint.key}: ${taint.value ?? ''}}`) : undefined;
};

const nodeAffinity: NodeFilter = ({ pod }, { node }) => (requiredNodeAffinityMatches(pod.spec, node) ? undefined : unresolvable(AFFINITY_REASON));

/** A port is taken when another pod holds it on the same protocol and port, on the same or any address. */
function portTaken(port: string, used: ReadonlyMap<string, number>): boolean {
  const [protocol, ip, number] = port.split('/');
  for (const held of used.keys()) {
    const [heldProtocol, heldIp, heldNumber] = held.split('/');
    if (heldProtocol !== protocol || heldNumber !== number) continue;
    if (heldIp === ip || heldIp === '0.0.0.0' || ip === '0.0.0.0') return true;
  }
  return false;
}

const nodePorts: NodeFilter = ({ hostPorts }, info) => (hostPorts.some((port) => portTaken(port, info.usedPorts)) ? unschedulable(PORTS_REASON) : undefined);

const resourcesFit: NodeFilter = ({ requests }, info) => {
  const reasons: string[] = [];
  const maxPods = info.allocatable.pods ?? 0;
  if (info.pods.size + 1 > maxPods) reasons.push(TOO_MANY_PODS_REASON);
  for (const [name, amount] of Object.entries(requests)) {
    if (amount <= 0 || name === 'pods') continue;
    const free = (info.allocatable[name] ?? 0) - (info.requested[name] ?? 0);
    if (amount > free) reasons.push(`Insufficient ${name}`);
  }
  return reasons.length ? unschedulable(...reasons) : undefined;
};

export const NODE_FILTERS: readonly NodeFilter[] = [nodeUnschedulable, taintToleration, nodeAffinity, nodePorts, resourcesFit];
