// The checks a node must pass to take a pod, in Kubernetes' filter order, each answering with the
// reasons it refuses (worded as Kubernetes words them, for the FailedScheduling message) or none.
// A node is refused by the first check that has reasons.
import { TAINT_NODE_UNSCHEDULABLE } from '../api/core/v1/well-known-taints.ts';
import type { Pod } from '../api/core/v1/pod-types.ts';
import type { NodeInfo } from './node-info.ts';
import { matchesNodeSelectorAndAffinity } from './node-affinity.ts';
import type { Resources } from './resources.ts';
import { firstUntoleratedTaint, toleratedBy } from './tolerations.ts';

/** What the filters need of the pod, worked out once per scheduling attempt. */
export interface PodFacts {
  pod: Pod;
  requests: Resources;
  hostPorts: string[];
}

export type Filter = (facts: PodFacts, node: NodeInfo) => string[];

export const UNSCHEDULABLE_REASON = 'node(s) were unschedulable';
export const AFFINITY_REASON = "node(s) didn't match Pod's node affinity/selector";
export const PORTS_REASON = "node(s) didn't have free ports for the requested pod ports";
export const TOO_MANY_PODS_REASON = 'Too many pods';

const nodeUnschedulable: Filter = ({ pod }, { node }) => {
  if (!node.spec?.unschedulable) return [];
  return toleratedBy(pod.spec?.tolerations, { key: TAINT_NODE_UNSCHEDULABLE, effect: 'NoSchedule' }) ? [] : [UNSCHEDULABLE_REASON];
};

const taintToleration: Filter = ({ pod }, { node }) => {
  const taint = firstUntoleratedTaint(node.spec?.taints, pod.spec?.tolerations, ['NoSchedule', 'NoExecute']);
  return taint ? [`node(s) had untolerated taint {${taint.key}: ${taint.value ?? ''}}`] : [];
};

const nodeAffinity: Filter = ({ pod }, { node }) => (matchesNodeSelectorAndAffinity(pod, node) ? [] : [AFFINITY_REASON]);

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

const nodePorts: Filter = ({ hostPorts }, info) => (hostPorts.some((port) => portTaken(port, info.usedPorts)) ? [PORTS_REASON] : []);

const resourcesFit: Filter = ({ requests }, info) => {
  const reasons: string[] = [];
  const maxPods = info.allocatable.pods ?? 0;
  if (info.pods.size + 1 > maxPods) reasons.push(TOO_MANY_PODS_REASON);
  for (const [name, amount] of Object.entries(requests)) {
    if (amount <= 0 || name === 'pods') continue;
    const free = (info.allocatable[name] ?? 0) - (info.requested[name] ?? 0);
    if (amount > free) reasons.push(`Insufficient ${name}`);
  }
  return reasons;
};

export const FILTERS: readonly Filter[] = [nodeUnschedulable, taintToleration, nodeAffinity, nodePorts, resourcesFit];

/** The reasons the node refuses the pod; empty when it fits. */
export function refusals(facts: PodFacts, node: NodeInfo): string[] {
  for (const filter of FILTERS) {
    const reasons = filter(facts, node);
    if (reasons.length) return reasons;
  }
  return [];
}
