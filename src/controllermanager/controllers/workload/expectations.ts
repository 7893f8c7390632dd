// Expectations, as Kubernetes' controllers keep them: after a sync creates or deletes pods, the
// owner is not managed again until the pod informer has shown those creates and deletes (or five
// minutes have passed, in case a watch event was lost), so a sync never acts on a cache that has
// not yet seen its own writes. Deletions are tracked by pod key, so each is counted once whether
// the informer shows it as a deletion timestamp or as the pod going.
import type { Clock } from '../../../client/clock/clock.ts';

/** How long expectations hold before a sync goes ahead anyway (Kubernetes: 5 minutes). */
export const EXPECTATIONS_TIMEOUT_MS = 5 * 60 * 1000;

interface Expected {
  adds: number;
  deletes: number;
  /** When the expectations were set. */
  at: number;
  /** Keys of the pods whose deletion is awaited. */
  deleting: Set<string>;
}

export class ControllerExpectations {
  private readonly clock: Clock;
  private readonly timeoutMs: number;
  private readonly byOwner = new Map<string, Expected>();

  constructor(clock: Clock, timeoutMs = EXPECTATIONS_TIMEOUT_MS) {
    this.clock = clock;
    this.timeoutMs = timeoutMs;
  }

  /** True when the owner may be managed: nothing awaited, all seen, or the wait has expired. */
  satisfied(ownerKey: string): boolean {
    const e = this.byOwner.get(ownerKey);
    if (!e) return true;
    if (e.adds <= 0 && e.deletes <= 0) return true;
    return this.clock.now() - e.at > this.timeoutMs;
  }

  /** Replaces the owner's expectations with `count` creations. */
  expectCreations(ownerKey: string, count: number): void {
    this.byOwner.set(ownerKey, { adds: count, deletes: 0, at: this.clock.now(), deleting: new Set() });
  }

  /** Replaces the owner's expectations with the deletion of these pods. */
  expectDeletions(ownerKey: string, podKeys: readonly string[]): void {
    const deleting = new Set(podKeys);
    this.byOwner.set(ownerKey, { adds: 0, deletes: deleting.size, at: this.clock.now(), deleting });
  }

  /** Replaces the owner's expectations with `adds` creations and the deletion of these pods (SetExpectations). */
  expect(ownerKey: string, adds: number, podKeys: readonly string[]): void {
    const deleting = new Set(podKeys);
    this.byOwner.set(ownerKey, { adds, deletes: deleting.size, at: this.clock.now(), deleting });
  }

  creationObserved(ownerKey: string): void {
    const e = this.byOwner.get(ownerKey);
    if (e) e.adds--;
  }

  /** Counts the pod's deletion once, and only if it was awaited. */
  deletionObserved(ownerKey: string, podKey: string): void {
    const e = this.byOwner.get(ownerKey);
    if (!e || !e.deleting.delete(podKey)) return;
    e.deletes--;
  }

  /** Forgets the owner (it was deleted, or a new one of the same name starts clean). */
  delete(ownerKey: string): void {
    this.byOwner.delete(ownerKey);
  }

  /** Creations and deletions still awaited, for logs and tests. */
  pending(ownerKey: string): { adds: number; deletes: number } | undefined {
    const e = this.byOwner.get(ownerKey);
    return e && { adds: e.adds, deletes: e.deletes };
  }
}
