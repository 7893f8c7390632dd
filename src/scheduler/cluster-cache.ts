// The scheduler's picture of the cluster: every node with the pods placed on it. Pods come from
// the informer once bound; a pod the scheduler has just chosen a node for is "assumed" on it at
// once, so the next decision sees it, and forgotten again if its binding fails. Pods that have
// finished free their node's resources.
import type { Node } from '../api/core/v1/node-types.ts';
import type { Pod } from '../api/core/v1/pod-types.ts';
import { NodeInfo, type PlacedPod } from './node-info.ts';
import { hostPortsOf, podNonZeroRequests, podRequests } from './resources.ts';

export function podKey(pod: Pod): string {
  return `${pod.metadata.namespace ?? ''}/${pod.metadata.name ?? ''}`;
}

export function isTerminal(pod: Pod): boolean {
  return pod.status?.phase === 'Succeeded' || pod.status?.phase === 'Failed';
}

export function placement(pod: Pod, nodeName: string): PlacedPod {
  return { key: podKey(pod), nodeName, requests: podRequests(pod), nonZero: podNonZeroRequests(pod), hostPorts: hostPortsOf(pod) };
}

export class ClusterCache {
  readonly nodes = new Map<string, NodeInfo>();
  /** Where each counted pod is, by key. */
  private readonly placed = new Map<string, PlacedPod>();
  private readonly assumed = new Set<string>();

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
      return;
    }
    this.assumed.delete(key);
    if (isTerminal(pod)) return this.drop(key);
    this.place(placement(pod, nodeName));
  }

  removePod(pod: Pod): void {
    const key = podKey(pod);
    this.assumed.delete(key);
    this.drop(key);
  }

  /** Counts a pod on the node chosen for it before the binding is confirmed. */
  assume(pod: Pod, nodeName: string): void {
    this.assumed.add(podKey(pod));
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
