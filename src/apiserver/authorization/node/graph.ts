// What each node may read, as a directed graph in the manner of Kubernetes' node authorizer:
// objects point at what uses them (secret -> pod -> node, pvc -> pod, pv -> pvc, secret -> pv,
// volume attachment -> node, resource slice -> node), and a node may read an object when a path
// leads from it to the node. Replacing or deleting an object drops its edges, and with them the
// objects only it kept in the graph.
import type { Pod } from '../../../api/core/v1/pod-types.ts';
import type { PersistentVolume } from '../../../api/core/v1/volume-types.ts';
import { MIRROR_POD_ANNOTATION } from '../../registry/core/pods/validation/pod.ts';
import { podClaimNames, podConfigMapNames, podResourceClaimNames, podSecretNames, pvKubeletSecrets } from './pod-references.ts';

export type VertexType = 'configmap' | 'node' | 'pod' | 'pvc' | 'pv' | 'resourceclaim' | 'resourceslice' | 'secret' | 'serviceAccount' | 'volumeattachment';

interface Vertex {
  type: VertexType;
  namespace: string;
  name: string;
  /** Vertices this one points at (what uses it). */
  out: Set<string>;
  /** Vertices pointing at this one. */
  in: Set<string>;
}

const keyOf = (type: VertexType, namespace: string, name: string) => `${type}/${namespace}/${name}`;

export class NodeGraph {
  readonly #vertices = new Map<string, Vertex>();

  get size(): number {
    return this.#vertices.size;
  }

  #vertex(type: VertexType, namespace: string, name: string): Vertex {
    const key = keyOf(type, namespace, name);
    let v = this.#vertices.get(key);
    if (!v) {
      v = { type, namespace, name, out: new Set(), in: new Set() };
      this.#vertices.set(key, v);
    }
    return v;
  }

  #edge(from: Vertex, to: Vertex): void {
    from.out.add(keyOf(to.type, to.namespace, to.name));
    to.in.add(keyOf(from.type, from.namespace, from.name));
  }

  /** Removes a vertex, and the neighbours left without any edge once it is gone. */
  #delete(type: VertexType, namespace: string, name: string): void {
    const key = keyOf(type, namespace, name);
    const v = this.#vertices.get(key);
    if (!v) return;
    this.#vertices.delete(key);
    for (const n of [...v.out, ...v.in]) {
      const neighbour = this.#vertices.get(n);
      if (!neighbour) continue;
      neighbour.in.delete(key);
      neighbour.out.delete(key);
      if (neighbour.in.size === 0 && neighbour.out.size === 0) this.#vertices.delete(n);
    }
  }

  /** A pod bound to a node: the node may read what the pod uses (nothing for mirror pods). */
  addPod(pod: Pod): void {
    const ns = pod.metadata.namespace ?? '';
    const name = pod.metadata.name ?? '';
    this.#delete('pod', ns, name);
    const nodeName = pod.spec?.nodeName;
    if (!nodeName) return;
    const podV = this.#vertex('pod', ns, name);
    this.#edge(podV, this.#vertex('node', '', nodeName));
    // A node makes its own mirror pods: they must never grant it anything more.
    if (pod.metadata.annotations?.[MIRROR_POD_ANNOTATION] !== undefined) return;
    const serviceAccount = pod.spec?.serviceAccountName;
    if (serviceAccount) this.#edge(this.#vertex('serviceAccount', ns, serviceAccount), podV);
    for (const s of podSecretNames(pod)) this.#edge(this.#vertex('secret', ns, s), podV);
    for (const c of podConfigMapNames(pod)) this.#edge(this.#vertex('configmap', ns, c), podV);
    for (const c of podClaimNames(pod)) this.#edge(this.#vertex('pvc', ns, c), podV);
    for (const c of podResourceClaimNames(pod)) this.#edge(this.#vertex('resourceclaim', ns, c), podV);
  }

  deletePod(namespace: string, name: string): void {
    this.#delete('pod', namespace, name);
  }

  /** A volume bound to a claim: whoever may read the claim may read the volume and its secrets. */
  addPersistentVolume(pv: PersistentVolume): void {
    const name = pv.metadata.name ?? '';
    this.#delete('pv', '', name);
    const claim = pv.spec?.claimRef;
    if (!claim?.name) return;
    const pvV = this.#vertex('pv', '', name);
    this.#edge(pvV, this.#vertex('pvc', claim.namespace ?? '', claim.name));
    for (const s of pvKubeletSecrets(pv)) this.#edge(this.#vertex('secret', s.namespace, s.name), pvV);
  }

  deletePersistentVolume(name: string): void {
    this.#delete('pv', '', name);
  }

  /** An object tied to one node by name (a volume attachment, a resource slice). */
  addNodeObject(type: 'volumeattachment' | 'resourceslice', name: string, nodeName: string | undefined): void {
    this.#delete(type, '', name);
    if (nodeName) this.#edge(this.#vertex(type, '', name), this.#vertex('node', '', nodeName));
  }

  deleteNodeObject(type: 'volumeattachment' | 'resourceslice', name: string): void {
    this.#delete(type, '', name);
  }

  /** Whether a path leads from the object to the node; other nodes end a path without reaching it. */
  hasPath(nodeName: string, type: VertexType, namespace: string, name: string): boolean {
    const target = keyOf('node', '', nodeName);
    if (!this.#vertices.has(target)) return false;
    const start = keyOf(type, namespace, name);
    if (!this.#vertices.has(start)) return false;
    const seen = new Set([start]);
    const stack = [start];
    while (stack.length) {
      const v = this.#vertices.get(stack.pop()!);
      for (const next of v?.out ?? []) {
        if (next === target) return true;
        if (!seen.has(next)) {
          seen.add(next);
          stack.push(next);
        }
      }
    }
    return false;
  }
}
