// The scheduler's picture of the cluster: every node with the pods placed on it. Pods come from
// the informer once bound; a pod the scheduler has just chosen a node for is "assumed" on it at
// once, so the next decision sees it, and forgotten again if its binding fails. Pods that have
// finished free their node's resources. It also remembers where pods that preempted others are
// nominated to go, so that room is kept for them, and reaches the other objects decisions read
// through its listers.
import type { Node } from '../api/core/v1/node-types.ts';
import type { Pod } from '../api/core/v1/pod-types.ts';
import { staticListers, type Listers } from './listers.ts';
import { NodeInfo, type PlacedPod } from './node-info.ts';
import { hostPortsOf, podNonZeroRequests, podRequests } from './resources.ts';

export function podKey(pod: Pod): string {
  return `${pod.metadata.namespace ?? ''}/${pod.metadata.name ?? ''}`;
}

export function isTerminal(pod: Pod): boolean {
  return pod.status?.phase === 'Succeeded' || pod.status?.phase === 'Failed';
}

export function placement(pod: Pod, nodeName: string): PlacedPod {
  return { key: podKey(pod), nodeName, pod, requests: podRequests(pod), nonZero: podNonZeroRequests(pod), hostPorts: hostPortsOf(pod) };
}

export class ClusterCache {
  readonly nodes = new Map<string, NodeInfo>();
  /** Where each counted pod is, by key. */
  private readonly placed = new Map<string, PlacedPod>();
  private readonly assumed = new Set<string>();
  /** Waiting pods nominated to a node by preemption, by key. */
  private readonly nominated = new Map<string, { pod: Pod; nodeName: string }>();
  readonly listers: Listers;

  constructor(listers: Listers = staticListers({})) {
    this.listers = listers;
  }

  /** The labels of a namespace, for namespace selectors. */
  namespaceLabels(name: string): Readonly<Record<string, string>> | undefined {
    return this.listers.namespace(name)?.metadata.labels;
  }

  /** Every counted pod on every node. */
  *placedPods(): IterableIterator<PlacedPod> {
    yield* this.placed.values();
  }

  /** Records (or, with no node, clears) the node a waiting pod is nominated to. */
  nominate(pod: Pod, nodeName: string | undefined): void {
    const key = podKey(pod);
    if (nodeName) this.nominated.set(key, { pod, nodeName });
    else this.nominated.delete(key);
  }

  /** The pods nominated to the node, other than `except`. */
  nominatedTo(nodeName: string, except?: Pod): Pod[] {
    const skip = except ? podKey(except) : undefined;
    const out: Pod[] = [];
    for (const [key, n] of this.nominated) if (n.nodeName === nodeName && key !== skip) out.push(n.pod);
    return out;
  }

  setNode(node: Node): void {
    const name = node.metadata.name ?? '';
    const info = this.nodes.get(name);
    if (info) {
      info.setNode(node);
      return;
    }
    const fresh = new NodeInfo(node);
    // Pods seen bound to the node before the node itself.
    for (const pod of this.placed.values()) if (pod.nodeName === name) fresh.add(pod);
    this.nodes.set(name, fresh);
  }

  removeNode(name: string): void {
    this.nodes.delete(name);
  }

  /** A pod as the informer shows it: counted while bound and not finished, dropped otherwise. */
  updatePod(pod: Pod): void {
    const key = podKey(pod);
    const nodeName = pod.spec?.nodeName;
    if (!nodeName) {
      // Not bound yet in the informer's view: an assumption made since stands.
      if (!this.assumed.has(key)) this.drop(key);
      if (pod.status?.nominatedNodeName && !pod.metadata.deletionTimestamp) this.nominate(pod, pod.status.nominatedNodeName);
      else this.nominated.delete(key);
      return;
    }
    this.nominated.delete(key);
    this.assumed.delete(key);
    if (isTerminal(pod)) return this.drop(key);
    this.place(placement(pod, nodeName));
  }

  removePod(pod: Pod): void {
    const key = podKey(pod);
    this.assumed.delete(key);
    this.nominated.delete(key);
    this.drop(key);
  }

  /** Counts a pod on the node chosen for it before the binding is confirmed. */
  assume(pod: Pod, nodeName: string): void {
    this.assumed.add(podKey(pod));
    this.nominated.delete(podKey(pod));
    this.place(placement(pod, nodeName));
  }

  /** The binding failed: the pod no longer counts where it was assumed. */
  forget(pod: Pod): void {
    const key = podKey(pod);
    if (!this.assumed.delete(key)) return;
    this.drop(key);
  }

  isAssumed(pod: Pod): boolean {
    return this.assumed.has(podKey(pod));
  }

  private place(pod: PlacedPod): void {
    const before = this.placed.get(pod.key);
    if (before && before.nodeName !== pod.nodeName) this.nodes.get(before.nodeName)?.remove(pod.key);
    this.placed.set(pod.key, pod);
    this.nodes.get(pod.nodeName)?.add(pod);
  }

  private drop(key: string): void {
    const before = this.placed.get(key);
    if (!before) return;
    this.placed.delete(key);
    this.nodes.get(before.nodeName)?.remove(key);
  }
}
