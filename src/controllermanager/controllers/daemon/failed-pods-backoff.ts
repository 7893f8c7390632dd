// The back-off between deletions of failed daemon pods on one node (client-go's flowcontrol
// Backoff, 1 s doubling to 15 min): a node whose kubelet keeps refusing the pod is not hammered
// with deletes and creates. An entry not touched for twice the maximum starts over.
import type { Clock } from '../../../client/clock/clock.ts';

const INITIAL_MS = 1000;
const MAX_MS = 15 * 60 * 1000;

interface Entry {
  backoff: number;
  lastUpdate: number;
}

export class FailedPodsBackoff {
  private readonly entries = new Map<string, Entry>();
  private readonly clock: Clock;

  constructor(clock: Clock) {
    this.clock = clock;
  }

  now(): number {
    return this.clock.now();
  }

  /** The current back-off of the key (0 when none). */
  get(key: string): number {
    return this.entries.get(key)?.backoff ?? 0;
  }

  /** IsInBackOffSinceUpdate: less than the back-off has passed since the key was last stepped. */
  inBackoffSinceUpdate(key: string, now: number): boolean {
    const e = this.entries.get(key);
    return e !== undefined && now - e.lastUpdate < e.backoff;
  }

  /** Next: starts or doubles the key's back-off. */
  next(key: string, now: number): void {
    const e = this.entries.get(key);
    if (!e || now - e.lastUpdate > 2 * MAX_MS) this.entries.set(key, { backoff: INITIAL_MS, lastUpdate: now });
    else this.entries.set(key, { backoff: Math.min(e.backoff * 2, MAX_MS), lastUpdate: now });
  }

  /** GC: forgets keys untouched for twice the maximum. */
  gc(): void {
    const now = this.clock.now();
    for (const [key, e] of this.entries) if (now - e.lastUpdate > 2 * MAX_MS) this.entries.delete(key);
  }
}
