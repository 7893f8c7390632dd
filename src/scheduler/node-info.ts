// What the scheduler knows of one node: the Node, and what the pods bound (or about to be bound)
// to it take: their requests summed, their non-zero cpu and memory for scoring, their count and
// the host ports they hold; and which of them carry pod affinity terms, which the inter-pod
// affinity checks of every other pod must consider. A copy can be changed freely, for the "what
// if these pods were gone" questions of preemption.
import type { Node } from '../api/core/v1/node-types.ts';
import type { Pod } from '../api/core/v1/pod-types.ts';
import { resourcesOf, type Resources } from './resources.ts';

/** One pod as a node's books count it. */
export interface PlacedPod {
  key: string;
  nodeName: string;
  pod: Pod;
  requests: Resources;
  nonZero: { cpu: number; memory: number };
  hostPorts: string[];
}

export function hasPodAffinity(pod: Pod): boolean {
  const a = pod.spec?.affinity;
  return !!(a?.podAffinity || a?.podAntiAffinity);
}

export function hasRequiredAntiAffinity(pod: Pod): boolean {
  return (pod.spec?.affinity?.podAntiAffinity?.requiredDuringSchedulingIgnoredDuringExecution ?? []).length > 0;
}

export class NodeInfo {
  node: Node;
  allocatable: Resources;
  readonly requested: Resources = {};
  readonly nonZeroRequested = { cpu: 0, memory: 0 };
  readonly pods = new Map<string, PlacedPod>();
  /** How many pods hold each host port. */
  readonly usedPorts = new Map<string, number>();
  /** The pods with any pod affinity or anti-affinity, and those with required anti-affinity. */
  readonly podsWithAffinity = new Map<string, PlacedPod>();
  readonly podsWithRequiredAntiAffinity = new Map<string, PlacedPod>();

  constructor(node: Node) {
    this.node = node;
    this.allocatable = resourcesOf(node.status?.allocatable);
  }

  setNode(node: Node): void {
    this.node = node;
    this.allocatable = resourcesOf(node.status?.allocatable);
  }

  get name(): string {
    return this.node.metadata.name ?? '';
  }

  get labels(): Readonly<Record<string, string>> {
    return this.node.metadata.labels ?? {};
  }

  /** An independent copy, pods and sums included. */
  clone(): NodeInfo {
    const copy = new NodeInfo(this.node);
    for (const pod of this.pods.values()) copy.add(pod);
    return copy;
  }

  add(pod: PlacedPod): void {
    this.remove(pod.key);
    this.pods.set(pod.key, pod);
    if (hasPodAffinity(pod.pod)) this.podsWithAffinity.set(pod.key, pod);
    if (hasRequiredAntiAffinity(pod.pod)) this.podsWithRequiredAntiAffinity.set(pod.key, pod);
    this.count(pod, 1);
  }

  remove(key: string): void {
    const pod = this.pods.get(key);
    if (!pod) return;
    this.pods.delete(key);
    this.podsWithAffinity.delete(key);
    this.podsWithRequiredAntiAffinity.delete(key);
    this.count(pod, -1);
  }

  private count(pod: PlacedPod, sign: 1 | -1): void {
    for (const [name, amount] of Object.entries(pod.requests)) this.requested[name] = (this.requested[name] ?? 0) + sign * amount;
    this.nonZeroRequested.cpu += sign * pod.nonZero.cpu;
    this.nonZeroRequested.memory += sign * pod.nonZero.memory;
    for (const port of pod.hostPorts) {
      const holders = (this.usedPorts.get(port) ?? 0) + sign;
      if (holders > 0) this.usedPorts.set(port, holders);
      else this.usedPorts.delete(port);
    }
  }
}
