// The garbage collector's graph: one node per object uid, with the owner references the object
// carries and the nodes that name it as an owner. An owner known only from a reference, not yet
// seen by an informer, is a virtual node until observed or proven absent.

import type { OwnerReference } from '../../../api/meta/v1/types.ts';

export interface ObjectIdentity {
  apiVersion: string;
  kind: string;
  /** '' for cluster-scoped objects (and for owners whose scope is not known yet). */
  namespace: string;
  name: string;
  uid: string;
}

export class GraphNode {
  identity: ObjectIdentity;
  owners: OwnerReference[];
  readonly dependents = new Set<GraphNode>();
  /** Known only from an owner reference. */
  virtual: boolean;
  /** Has a deletionTimestamp. */
  beingDeleted = false;
  /** Being deleted in the foreground: waits for its blocking dependents to go. */
  deletingDependents = false;

  constructor(identity: ObjectIdentity, owners: OwnerReference[], virtual: boolean) {
    this.identity = identity;
    this.owners = owners;
    this.virtual = virtual;
  }

  /** Dependents whose reference to this node has blockOwnerDeletion set. */
  blockingDependents(): GraphNode[] {
    return [...this.dependents].filter((d) => d.owners.some((o) => o.uid === this.identity.uid && o.blockOwnerDeletion === true));
  }

  describe(): string {
    const { apiVersion, kind, namespace, name, uid } = this.identity;
    return `[${apiVersion}/${kind}, namespace: ${namespace}, name: ${name}, uid: ${uid}]`;
  }
}

export class Graph {
  private readonly nodes = new Map<string, GraphNode>();

  get(uid: string): GraphNode | undefined {
    return this.nodes.get(uid);
  }

  get size(): number {
    return this.nodes.size;
  }

  insert(node: GraphNode): void {
    this.nodes.set(node.identity.uid, node);
  }

  /** Removes the node and its edges to its owners. */
  remove(node: GraphNode): void {
    if (this.nodes.get(node.identity.uid) === node) this.nodes.delete(node.identity.uid);
    for (const owner of node.owners) this.nodes.get(owner.uid)?.dependents.delete(node);
  }
}

/** Owner references added, removed, or changed (same uid, different fields) between two lists. */
export function diffOwners(before: readonly OwnerReference[], after: readonly OwnerReference[]): { added: OwnerReference[]; removed: OwnerReference[]; changed: Array<{ old: OwnerReference; now: OwnerReference }> } {
  const old = new Map(before.map((o) => [o.uid, o]));
  const now = new Map(after.map((o) => [o.uid, o]));
  const added = after.filter((o) => !old.has(o.uid));
  const removed = before.filter((o) => !now.has(o.uid));
  const changed: Array<{ old: OwnerReference; now: OwnerReference }> = [];
  for (const [uid, o] of now) {
    const prev = old.get(uid);
    if (prev && JSON.stringify(prev) !== JSON.stringify(o)) changed.push({ old: prev, now: o });
  }
  return { added, removed, changed };
}
