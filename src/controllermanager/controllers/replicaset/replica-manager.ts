// The sync of one replica controller, as Kubernetes' ReplicaSetController runs it for ReplicaSets and
// (through the kind adapter) ReplicationControllers. A sync reads the owner and the pods it may
// own from the caches, claims them (adopt matching orphans, release children that no longer
// match), creates or deletes pods towards spec.replicas when the expectations of the last sync are
// met, and writes the status. Creates go in slow-start batches; deletes take the pods Kubernetes
// ranks first. Informer events feed the queue and the expectations; the owner is requeued when a
// ready pod should turn available after minReadySeconds.
import type { Pod } from '../../../api/core/v1/pod-types.ts';
import type { ReplicaSet, ReplicaSetStatus } from '../../../api/apps/v1/types.ts';
import type { Clock } from '../../../client/clock/clock.ts';
import type { Indexer, CachedObject } from '../../../client/cache/store.ts';
import type { EventHandler } from '../../../client/cache/shared-informer.ts';
import type { DelayingQueue } from '../../../client/workqueue/delaying-queue.ts';
import { labelSelectorMatches } from '../../../machinery/selectors/label-selector.ts';
import { isNotFound } from '../../../machinery/status.ts';
import { klog } from '../../../component-base/logs/klog.ts';
import { ControllerExpectations } from '../workload/expectations.ts';
import { claimPods, newControllerRef, recheckDeletionTimestamp } from '../workload/controller-ref-manager.ts';
import { isNamespaceTerminating, type PodControl } from '../workload/pod-control.ts';
import { podsToDelete } from '../workload/deletion-rank.ts';
import { controllerRefOf, isPodActive, isPodReady, isPodTerminating, nextAvailabilityCheck, podKey } from '../workload/pod-state.ts';
import { SLOW_START_INITIAL_BATCH, slowStartBatch } from '../workload/slow-start.ts';
import { OWNER_CONTROLLER_UID_INDEX, POD_CONTROLLER_INDEX, podControllerIndexKey } from '../workload/indexes.ts';
import type { ReplicaKind } from './replica-kinds.ts';
import { calculateStatus, desiredReplicas, statusUnchanged } from './replica-status.ts';

const log = klog('controllermanager/replicaset');

/** Most pods created or deleted by one sync (Kubernetes' BurstReplicas). */
export const BURST_REPLICAS = 500;

/** The owner's API beyond the caches: an uncached read (before adopting) and the /status write. */
export interface OwnerApi<T> {
  get(namespace: string, name: string): Promise<T>;
  updateStatus(obj: T): Promise<T>;
}

export interface ReplicaManagerDeps<T extends CachedObject> {
  kind: ReplicaKind<T>;
  owners: Indexer<T>;
  pods: Indexer<Pod>;
  api: OwnerApi<T>;
  podControl: PodControl;
  queue: DelayingQueue<string>;
  clock: Clock;
  burstReplicas?: number;
}

const keyOf = (obj: CachedObject) => `${obj.metadata?.namespace ?? ''}/${obj.metadata?.name ?? ''}`;

/** A selector test for a ReplicaSet: nil selects nothing; an operator the API does not know is an error. */
export function selectorMatcher(rs: ReplicaSet): (pod: Pod) => boolean {
  const selector = rs.spec?.selector;
  if (!selector) return () => false;
  labelSelectorMatches(selector, {});
  return (pod) => labelSelectorMatches(selector, pod.metadata.labels);
}

export class ReplicaManager<T extends CachedObject> {
  readonly expectations: ControllerExpectations;
  private readonly d: ReplicaManagerDeps<T>;
  private readonly burst: number;

  constructor(deps: ReplicaManagerDeps<T>) {
    this.d = deps;
    this.burst = deps.burstReplicas ?? BURST_REPLICAS;
    this.expectations = new ControllerExpectations(deps.clock);
  }

  // ---- informer events ----

  ownerHandler(): EventHandler<T> {
    return {
      onAdd: (obj) => this.d.queue.add(keyOf(obj)),
      onUpdate: (old, cur) => {
        // A delete missed between lists: the old owner's expectations must not carry over.
        if (old.metadata?.uid !== cur.metadata?.uid) this.ownerDeleted(old);
        this.d.queue.add(keyOf(cur));
      },
      onDelete: (obj) => this.ownerDeleted(obj),
    };
  }

  podHandler(): EventHandler<Pod> {
    return {
      onAdd: (pod) => this.podAdded(pod),
      onUpdate: (old, cur) => this.podUpdated(old, cur),
      onDelete: (pod) => this.podDeleted(pod),
    };
  }

  private ownerDeleted(obj: T): void {
    const key = keyOf(obj);
    this.expectations.delete(key);
    this.d.queue.add(key);
  }

  /** The owner a controller reference names, if it is ours and still has that uid. */
  private resolve(namespace: string | undefined, ref: { kind: string; name: string; uid: string }): T | undefined {
    if (ref.kind !== this.d.kind.kind) return undefined;
    const owner = this.d.owners.get(`${namespace ?? ''}/${ref.name}`);
    return owner && owner.metadata?.uid === ref.uid ? owner : undefined;
  }

  /** Owners of this kind in the pod's namespace whose selector matches it. */
  private matchingOwners(pod: Pod): T[] {
    const found = this.d.owners.byIndex('namespace', pod.metadata.namespace ?? '').filter((o) => {
      try {
        return selectorMatcher(this.d.kind.asReplicaSet(o))(pod);
      } catch {
        return false;
      }
    });
    if (found.length > 1) log.error(`user error! more than one ${this.d.kind.kind} is selecting pods with labels`, { labels: JSON.stringify(pod.metadata.labels ?? {}) });
    return found;
  }

  private podAdded(pod: Pod): void {
    // A pod already being deleted when first seen (after a restart) is no creation to count.
    if (pod.metadata.deletionTimestamp) return this.podDeleted(pod);
    const ref = controllerRefOf(pod);
    if (ref) {
      const owner = this.resolve(pod.metadata.namespace, ref);
      if (!owner) return;
      const key = keyOf(owner);
      this.expectations.creationObserved(key);
      this.d.queue.add(key);
      return;
    }
    // An orphan: owners that might adopt it take a look; no creation is counted for it.
    for (const owner of this.matchingOwners(pod)) this.d.queue.add(keyOf(owner));
  }

  private podUpdated(old: Pod, cur: Pod): void {
    // A resync shows the same version again: nothing changed.
    if (old.metadata.resourceVersion === cur.metadata.resourceVersion) return;
    const labelsChanged = JSON.stringify(old.metadata.labels ?? {}) !== JSON.stringify(cur.metadata.labels ?? {});
    if (cur.metadata.deletionTimestamp) {
      // Being deleted counts as deleted: a replacement need not wait for the grace period.
      this.podDeleted(cur);
      if (labelsChanged) this.podDeleted(old);
      return;
    }
    const curRef = controllerRefOf(cur);
    const oldRef = controllerRefOf(old);
    const refChanged = JSON.stringify(curRef ?? null) !== JSON.stringify(oldRef ?? null);
    if (refChanged && oldRef) {
      const previous = this.resolve(old.metadata.namespace, oldRef);
      if (previous) this.d.queue.add(keyOf(previous));
    }
    if (curRef) {
      const owner = this.resolve(cur.metadata.namespace, curRef);
      if (!owner) return;
      this.d.queue.add(keyOf(owner));
      const minReadySeconds = this.d.kind.asReplicaSet(owner).spec?.minReadySeconds ?? 0;
      // Turning ready starts the minReadySeconds wait; look again when it ends.
      if (!isPodReady(old) && isPodReady(cur) && minReadySeconds > 0) this.d.queue.addAfter(keyOf(owner), minReadySeconds * 1000);
      return;
    }
    if (labelsChanged || refChanged) for (const owner of this.matchingOwners(cur)) this.d.queue.add(keyOf(owner));
  }

  private podDeleted(pod: Pod): void {
    const ref = controllerRefOf(pod);
    if (!ref) return;
    const owner = this.resolve(pod.metadata.namespace, ref);
    if (!owner) return;
    const key = keyOf(owner);
    this.expectations.deletionObserved(key, podKey(pod));
    this.d.queue.add(key);
  }

  // ---- sync ----

  /** Brings one owner (by `namespace/name`) towards its spec and writes its status. */
  async sync(key: string): Promise<void> {
    const started = this.d.clock.now();
    try {
      await this.syncOwner(key);
    } finally {
      log.info('Finished syncing', { kind: this.d.kind.kind, key, duration: `${this.d.clock.now() - started}ms` }, 4);
    }
  }

  private async syncOwner(key: string): Promise<void> {
    const raw = this.d.owners.get(key);
    if (!raw) {
      log.info('Deleted', { kind: this.d.kind.kind, key }, 4);
      this.expectations.delete(key);
      return;
    }
    const rs = this.d.kind.asReplicaSet(raw);
    const needsSync = this.expectations.satisfied(key);
    let matches: (pod: Pod) => boolean;
    try {
      matches = selectorMatcher(rs);
    } catch (err) {
      // Validation keeps bad selectors out; one that got in is reported, not retried.
      log.error('Error converting pod selector to selector', { kind: this.d.kind.kind, key, err: (err as Error).message });
      return;
    }
    const namespace = rs.metadata.namespace ?? '';
    const candidates = this.ownedAndOrphanPods(rs);
    const active = await claimPods(candidates.filter(isPodActive), {
      owner: { apiVersion: this.d.kind.apiVersion, kind: this.d.kind.kind, metadata: rs.metadata },
      matches,
      podControl: this.d.podControl,
      canAdopt: recheckDeletionTimestamp(async () => {
        const fresh = this.d.kind.asReplicaSet(await this.d.api.get(namespace, rs.metadata.name ?? ''));
        if (fresh.metadata.uid !== rs.metadata.uid) throw new Error(`original ${this.d.kind.kind} ${namespace}/${rs.metadata.name} is gone: got uid ${fresh.metadata.uid}, wanted ${rs.metadata.uid}`);
        return { apiVersion: this.d.kind.apiVersion, kind: this.d.kind.kind, metadata: fresh.metadata };
      }),
    });
    const terminating = this.d.kind.countsTerminating
      ? candidates.filter((p) => isPodTerminating(p) && controllerRefOf(p)?.uid === rs.metadata.uid && matches(p))
      : undefined;

    let manageError: Error | undefined;
    if (needsSync && !rs.metadata.deletionTimestamp) {
      try {
        await this.manageReplicas(key, active, rs);
      } catch (err) {
        manageError = err as Error;
      }
    }
    const evaluatedAt = this.d.clock.now();
    const status = calculateStatus(rs, active, terminating, manageError, evaluatedAt);
    const updated = await this.updateStatus(raw, rs, status);
    const minReadySeconds = updated.spec?.minReadySeconds ?? 0;
    if (minReadySeconds > 0 && (updated.status?.readyReplicas ?? 0) !== (updated.status?.availableReplicas ?? 0)) {
      const next = nextAvailabilityCheck(active, minReadySeconds, evaluatedAt, this.d.clock.now());
      this.d.queue.addAfter(key, next ?? minReadySeconds * 1000);
    }
    if (manageError) throw manageError;
  }

  /** The pods this owner controls (by the controller index) and every orphan in its namespace. */
  private ownedAndOrphanPods(rs: ReplicaSet): Pod[] {
    const ns = rs.metadata.namespace ?? '';
    const owned = this.d.pods.byIndex(POD_CONTROLLER_INDEX, podControllerIndexKey(ns, { kind: this.d.kind.kind, name: rs.metadata.name ?? '', uid: rs.metadata.uid ?? '' }));
    return [...owned, ...this.d.pods.byIndex(POD_CONTROLLER_INDEX, podControllerIndexKey(ns, undefined))];
  }

  private async manageReplicas(key: string, active: Pod[], rs: ReplicaSet): Promise<void> {
    const desired = desiredReplicas(rs);
    const diff = active.length - desired;
    const namespace = rs.metadata.namespace ?? '';
    const owner = { apiVersion: this.d.kind.apiVersion, kind: this.d.kind.kind, metadata: rs.metadata };
    if (diff < 0) {
      const count = Math.min(-diff, this.burst);
      this.expectations.expectCreations(key, count);
      log.info('Too few replicas', { kind: this.d.kind.kind, key, need: desired, creating: count }, 2);
      const ref = newControllerRef(owner);
      const { successes, error } = await slowStartBatch(count, SLOW_START_INITIAL_BATCH, async () => {
        try {
          await this.d.podControl.createPod(namespace, rs.spec?.template, owner, ref);
        } catch (err) {
          // In a namespace being deleted every create fails; that is no failure of ours.
          if (!isNamespaceTerminating(err)) throw err;
        }
      });
      // Creates never tried will not be seen by the informer; the next sync tries them again.
      const skipped = count - successes;
      if (skipped > 0) {
        log.info('Slow-start failure. Skipping creation of pods, decrementing expectations', { podsSkipped: skipped, kind: this.d.kind.kind, key }, 2);
        for (let i = 0; i < skipped; i++) this.expectations.creationObserved(key);
      }
      if (error !== undefined) throw error;
      return;
    }
    if (diff > 0) {
      const count = Math.min(diff, this.burst);
      log.info('Too many replicas', { kind: this.d.kind.kind, key, need: desired, deleting: count }, 2);
      const victims = podsToDelete(active, this.indirectlyRelatedPods(rs), count, this.d.clock.now());
      this.expectations.expectDeletions(key, victims.map(podKey));
      const outcomes = await Promise.allSettled(victims.map(async (pod) => {
        try {
          await this.d.podControl.deletePod(namespace, pod.metadata.name ?? '', owner);
        } catch (err) {
          // The informer will not show a deletion that did not happen.
          this.expectations.deletionObserved(key, podKey(pod));
          if (!isNotFound(err)) {
            log.info('Failed to delete pod, decremented expectations', { pod: podKey(pod), kind: this.d.kind.kind, key }, 2);
            throw err;
          }
        }
      }));
      const failed = outcomes.find((o): o is PromiseRejectedResult => o.status === 'rejected');
      if (failed) throw failed.reason;
    }
  }

  /** Pods of every owner of this kind that shares this owner's controller (a deployment's replica sets). */
  private indirectlyRelatedPods(rs: ReplicaSet): Pod[] {
    const controller = controllerRefOf(rs);
    if (!controller) return [];
    const seen = new Set<string>();
    const related: Pod[] = [];
    for (const sibling of this.d.owners.byIndex(OWNER_CONTROLLER_UID_INDEX, controller.uid)) {
      const siblingRs = this.d.kind.asReplicaSet(sibling);
      let matches: (pod: Pod) => boolean;
      try {
        matches = selectorMatcher(siblingRs);
      } catch {
        continue;
      }
      for (const pod of this.d.pods.byIndex('namespace', siblingRs.metadata.namespace ?? '')) {
        if (!matches(pod) || seen.has(pod.metadata.uid ?? '')) continue;
        seen.add(pod.metadata.uid ?? '');
        related.push(pod);
      }
    }
    return related;
  }

  /** Writes the status unless nothing changed; one retry over a fresh read, as Kubernetes does. */
  private async updateStatus(raw: T, rs: ReplicaSet, status: ReplicaSetStatus): Promise<ReplicaSet> {
    if (statusUnchanged(rs, status)) return rs;
    const next: ReplicaSetStatus = { ...status, observedGeneration: rs.metadata.generation ?? 0 };
    let current = raw;
    for (let attempt = 0; ; attempt++) {
      const before = this.d.kind.asReplicaSet(current).status;
      log.info(`Updating status for ${this.d.kind.kind}: ${rs.metadata.namespace}/${rs.metadata.name}, replicas ${before?.replicas ?? 0}->${next.replicas} (need ${desiredReplicas(rs)}), fullyLabeledReplicas ${before?.fullyLabeledReplicas ?? 0}->${next.fullyLabeledReplicas}, readyReplicas ${before?.readyReplicas ?? 0}->${next.readyReplicas}, availableReplicas ${before?.availableReplicas ?? 0}->${next.availableReplicas}, sequence No: ${before?.observedGeneration ?? 0}->${next.observedGeneration}`, {}, 4);
      try {
        return this.d.kind.asReplicaSet(await this.d.api.updateStatus(this.d.kind.withStatus(current, next)));
      } catch (err) {
        if (attempt >= 1) throw err;
        current = await this.d.api.get(rs.metadata.namespace ?? '', rs.metadata.name ?? '');
      }
    }
  }
}
