// Keeps the graph in step with what the informers see, as Kubernetes' graph builder: an object
// added or changed links to its owners (virtual owners are queued to be checked); one deleted
// leaves its dependents queued for deletion; an object being deleted with `foregroundDeletion`
// queues its dependents, and one with `orphan` is queued to be orphaned.
import type { CachedObject } from '../../../client/cache/store.ts';
import type { WorkQueue } from '../../../client/workqueue/queue.ts';
import { klog } from '../../../component-base/logs/klog.ts';
import type { OwnerReference } from '../../../api/meta/v1/types.ts';
import { diffOwners, Graph, GraphNode, type ObjectIdentity } from './graph.ts';

const log = klog('controllermanager/garbagecollector');

export const FINALIZER_ORPHAN = 'orphan';
export const FINALIZER_FOREGROUND = 'foregroundDeletion';

export interface ObservedKind {
  apiVersion: string;
  kind: string;
}

interface GcMeta {
  name?: string;
  namespace?: string;
  uid?: string;
  deletionTimestamp?: string;
  finalizers?: string[];
  ownerReferences?: OwnerReference[];
}

const metaOf = (obj: CachedObject): GcMeta => (obj.metadata ?? {}) as GcMeta;

export function hasFinalizer(obj: CachedObject, finalizer: string): boolean {
  return (metaOf(obj).finalizers ?? []).includes(finalizer);
}

export class GraphBuilder {
  readonly graph = new Graph();
  private readonly attemptToDelete: WorkQueue<GraphNode>;
  private readonly attemptToOrphan: WorkQueue<GraphNode>;

  constructor(attemptToDelete: WorkQueue<GraphNode>, attemptToOrphan: WorkQueue<GraphNode>) {
    this.attemptToDelete = attemptToDelete;
    this.attemptToOrphan = attemptToOrphan;
  }

  /** An informer saw the object added or changed. */
  observe(obj: CachedObject, kind: ObservedKind): void {
    const meta = metaOf(obj);
    if (!meta.uid) return;
    const identity: ObjectIdentity = { ...kind, namespace: meta.namespace ?? '', name: meta.name ?? '', uid: meta.uid };
    const owners = meta.ownerReferences ?? [];
    let node = this.graph.get(meta.uid);
    if (node?.virtual) {
      // A virtual owner turned out to exist: it takes the observed identity, and its dependents
      // are looked at again in case they named it by the wrong coordinates.
      node.virtual = false;
      node.identity = identity;
      for (const d of node.dependents) this.attemptToDelete.add(d);
    }
    if (!node) {
      node = new GraphNode(identity, owners, false);
      this.graph.insert(node);
      this.linkToOwners(node, owners);
    } else {
      const { added, removed, changed } = diffOwners(node.owners, owners);
      if (added.length || removed.length || changed.length) {
        // An owner waiting for its blocking dependents may be free now.
        const unblocked = [...removed.filter((o) => o.blockOwnerDeletion), ...changed.filter((c) => c.old.blockOwnerDeletion && !c.now.blockOwnerDeletion).map((c) => c.old)];
        for (const o of unblocked) {
          const owner = this.graph.get(o.uid);
          if (owner?.deletingDependents) this.attemptToDelete.add(owner);
        }
        node.owners = owners;
        this.linkToOwners(node, added);
        for (const o of removed) this.graph.get(o.uid)?.dependents.delete(node);
      }
      node.identity = identity;
    }
    node.beingDeleted = Boolean(meta.deletionTimestamp);
    this.processTransitions(obj, node);
  }

  /** An informer saw the object deleted. */
  forget(obj: CachedObject): void {
    const uid = metaOf(obj).uid;
    const node = uid ? this.graph.get(uid) : undefined;
    if (node && !node.virtual) this.removeNode(node);
  }

  /**
   * The object (or virtual owner) was found absent by a live read: drop it from the graph and let
   * its dependents be collected, as if its deletion had been observed.
   */
  absent(node: GraphNode): void {
    if (this.graph.get(node.identity.uid) !== node) return;
    log.info('Object is absent; its dependents will be collected', { object: node.describe() }, 4);
    this.removeNode(node);
  }

  private removeNode(node: GraphNode): void {
    this.graph.remove(node);
    for (const d of node.dependents) this.attemptToDelete.add(d);
    for (const o of node.owners) {
      const owner = this.graph.get(o.uid);
      if (owner?.deletingDependents) this.attemptToDelete.add(owner);
    }
  }

  private linkToOwners(node: GraphNode, owners: readonly OwnerReference[]): void {
    for (const o of owners) {
      let owner = this.graph.get(o.uid);
      if (!owner) {
        // Not seen yet: remember it and check whether it exists. Its namespace is the dependent's
        // until discovery says the kind is cluster-scoped.
        owner = new GraphNode({ apiVersion: o.apiVersion, kind: o.kind, namespace: node.identity.namespace, name: o.name, uid: o.uid }, [], true);
        this.graph.insert(owner);
        this.attemptToDelete.add(owner);
      }
      owner.dependents.add(node);
    }
  }

  private processTransitions(obj: CachedObject, node: GraphNode): void {
    if (!node.beingDeleted) return;
    if (hasFinalizer(obj, FINALIZER_ORPHAN)) this.attemptToOrphan.add(node);
    if (hasFinalizer(obj, FINALIZER_FOREGROUND)) {
      node.deletingDependents = true;
      for (const d of node.dependents) this.attemptToDelete.add(d);
      this.attemptToDelete.add(node);
    }
  }
}
