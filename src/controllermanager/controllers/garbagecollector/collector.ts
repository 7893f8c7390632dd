// What the garbage collector's workers do with a queued node, as Kubernetes' attemptToDeleteItem
// and orphanDependents: an owner is only ever judged absent after a live read (by name, then by
// uid), and a dependent is deleted with its uid as precondition.
import { klog } from '../../../component-base/logs/klog.ts';
import type { GraphBuilder } from './graph-builder.ts';
import { FINALIZER_FOREGROUND, FINALIZER_ORPHAN } from './graph-builder.ts';
import type { OwnerReference } from '../../../api/meta/v1/types.ts';
import type { GraphNode, ObjectIdentity } from './graph.ts';
import type { LiveObject, LiveObjects, PropagationPolicy } from './live-objects.ts';
import type { WorkQueue } from '../../../client/workqueue/queue.ts';

const log = klog('controllermanager/garbagecollector');

/** Owners found absent (by reference coordinates and uid); bounded, as Kubernetes' LRU. */
class AbsentOwnerCache {
  private readonly entries = new Set<string>();
  private readonly max: number;

  constructor(max = 500) {
    this.max = max;
  }

  has(key: string): boolean {
    return this.entries.has(key);
  }

  add(key: string): void {
    if (this.entries.size >= this.max) this.entries.delete(this.entries.values().next().value!);
    this.entries.add(key);
  }
}

export class Collector {
  private readonly builder: GraphBuilder;
  private readonly live: LiveObjects;
  private readonly attemptToDelete: WorkQueue<GraphNode>;
  private readonly absentOwners = new AbsentOwnerCache();

  constructor(builder: GraphBuilder, live: LiveObjects, attemptToDelete: WorkQueue<GraphNode>) {
    this.builder = builder;
    this.live = live;
    this.attemptToDelete = attemptToDelete;
  }

  /** Resolves when the node needs nothing more now; throws to be retried with back-off. */
  async attemptToDeleteItem(node: GraphNode, signal?: AbortSignal): Promise<void> {
    if (node.virtual) return this.checkVirtual(node, signal);
    if (node.beingDeleted && !node.deletingDependents) return; // Its own finalizers are someone else's business.

    const latest = await this.live.get(node.identity, signal);
    if (!latest || latest.metadata.uid !== node.identity.uid) {
      this.builder.absent(node);
      return;
    }
    if (latest.metadata.deletionTimestamp && (latest.metadata.finalizers ?? []).includes(FINALIZER_FOREGROUND)) {
      node.deletingDependents = true;
      return this.processDeletingDependents(node, signal);
    }
    const refs = latest.metadata.ownerReferences ?? [];
    if (refs.length === 0) return;

    const solid: OwnerReference[] = [];
    const dangling: OwnerReference[] = [];
    const waiting: OwnerReference[] = [];
    for (const ref of refs) {
      if (!latest.metadata.namespace && this.live.isNamespaced(ref.apiVersion, ref.kind)) {
        // A cluster-scoped object cannot be owned by a namespaced one: the reference cannot be
        // resolved, so it neither keeps nor dooms the object; it is never collected for it.
        log.warning('Cluster-scoped object names a namespaced owner; the reference is unresolvable', { object: node.describe(), owner: `${ref.kind}/${ref.name}` });
        solid.push(ref);
        continue;
      }
      const owner = await this.lookUpOwner(ref, latest, signal);
      if (!owner) dangling.push(ref);
      else if (owner.metadata.deletionTimestamp && (owner.metadata.finalizers ?? []).includes(FINALIZER_FOREGROUND)) waiting.push(ref);
      else solid.push(ref);
    }
    log.info('Classified owners', { object: node.describe(), solid: solid.length, dangling: dangling.length, waitingForDependentsDeletion: waiting.length }, 5);

    if (solid.length > 0) {
      // Another owner keeps it alive: only the references to absent or departing owners go.
      if (dangling.length === 0 && waiting.length === 0) return;
      const drop = new Set([...dangling, ...waiting].map((r) => r.uid));
      log.info('Removing references to absent or departing owners', { object: node.describe(), owners: [...drop].join(',') }, 2);
      await this.live.mutate(node.identity, (obj) => removeOwnerReferences(obj, drop), signal);
      return;
    }
    if (waiting.length > 0 && node.dependents.size > 0) {
      // Its owner waits for it, and it has dependents of its own: it goes in the foreground too,
      // after unblocking its owners so the two waits cannot lock each other.
      await this.live.mutate(node.identity, (obj) => unblockOwnerReferences(obj, new Set(waiting.map((r) => r.uid))), signal);
      log.info('Deleting object in the foreground: its owner waits for it', { object: node.describe() }, 2);
      await this.live.delete(node.identity, 'Foreground', signal);
      return;
    }
    const policy = propagationPolicyOf(latest);
    log.info('Deleting object: its owners are gone or going', { object: node.describe(), propagationPolicy: policy }, 2);
    await this.live.delete(node.identity, policy, signal);
  }

  /** Removes the owner references to this node from its dependents, then its `orphan` finalizer. */
  async orphanDependents(owner: GraphNode, signal?: AbortSignal): Promise<void> {
    const dependents = [...owner.dependents];
    for (const dependent of dependents) {
      await this.live.mutate(dependent.identity, (obj) => removeOwnerReferences(obj, new Set([owner.identity.uid])), signal);
    }
    log.info('Orphaned dependents; removing the orphan finalizer', { owner: owner.describe(), dependents: dependents.length }, 2);
    await this.live.mutate(owner.identity, (obj) => removeFinalizer(obj, FINALIZER_ORPHAN), signal);
  }

  /** A virtual node is an owner never observed: it is absent unless a live read finds it, uid and all. */
  private async checkVirtual(node: GraphNode, signal?: AbortSignal): Promise<void> {
    const id = this.ownerIdentity(node.identity);
    const found = await this.live.get(id, signal);
    if (!found || found.metadata.uid !== node.identity.uid) {
      this.absentOwners.add(ownerKey(id));
      this.builder.absent(node);
    }
    // Found: the informer will observe it and the node becomes real.
  }

  private async processDeletingDependents(node: GraphNode, signal?: AbortSignal): Promise<void> {
    const blocking = node.blockingDependents();
    if (blocking.length === 0) {
      log.info('No blocking dependents left; removing the foregroundDeletion finalizer', { owner: node.describe() }, 2);
      await this.live.mutate(node.identity, (obj) => removeFinalizer(obj, FINALIZER_FOREGROUND), signal);
      return;
    }
    // Blocking dependents go first; their deletion brings the owner back here.
    for (const d of blocking) if (!d.deletingDependents) this.attemptToDelete.add(d);
  }

  /** The live owner a reference names, or undefined when it is absent or a different object now. */
  private async lookUpOwner(ref: OwnerReference, dependent: LiveObject, signal?: AbortSignal): Promise<LiveObject | undefined> {
    const id = this.ownerIdentity({ apiVersion: ref.apiVersion, kind: ref.kind, name: ref.name, uid: ref.uid, namespace: dependent.metadata.namespace ?? '' });
    const key = ownerKey(id);
    if (this.absentOwners.has(key)) return undefined;
    const owner = await this.live.get(id, signal);
    if (!owner || owner.metadata.uid !== ref.uid) {
      this.absentOwners.add(key);
      return undefined;
    }
    return owner;
  }

  /** Cluster-scoped kinds are looked up without a namespace. */
  private ownerIdentity(id: ObjectIdentity): ObjectIdentity {
    return this.live.isNamespaced(id.apiVersion, id.kind) === false ? { ...id, namespace: '' } : id;
  }
}

function ownerKey(id: ObjectIdentity): string {
  return `${id.apiVersion}/${id.kind}/${id.namespace}/${id.name}/${id.uid}`;
}

/** The object's own choice, from its finalizers: orphan, foreground, else background. */
function propagationPolicyOf(obj: LiveObject): PropagationPolicy {
  const finalizers = obj.metadata.finalizers ?? [];
  if (finalizers.includes(FINALIZER_ORPHAN)) return 'Orphan';
  if (finalizers.includes(FINALIZER_FOREGROUND)) return 'Foreground';
  return 'Background';
}

function removeOwnerReferences(obj: LiveObject, uids: ReadonlySet<string>): boolean {
  const refs = obj.metadata.ownerReferences ?? [];
  const kept = refs.filter((r) => !uids.has(r.uid));
  if (kept.length === refs.length) return false;
  obj.metadata.ownerReferences = kept;
  return true;
}

function unblockOwnerReferences(obj: LiveObject, uids: ReadonlySet<string>): boolean {
  let changed = false;
  for (const r of obj.metadata.ownerReferences ?? []) {
    if (uids.has(r.uid) && r.blockOwnerDeletion) {
      r.blockOwnerDeletion = false;
      changed = true;
    }
  }
  return changed;
}

function removeFinalizer(obj: LiveObject, finalizer: string): boolean {
  const finalizers = obj.metadata.finalizers ?? [];
  if (!finalizers.includes(finalizer)) return false;
  obj.metadata.finalizers = finalizers.filter((f) => f !== finalizer);
  return true;
}
