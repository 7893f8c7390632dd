// Nodes waiting for their NoExecute taint in one zone, as Kubernetes' RateLimitedTimedQueue: each
// node once (a node taken off the queue stays known until removed, so it is not queued again
// while its taint holds), tried in order of when it is due, each try taking a token from a
// bucket of burst 1 at the zone's rate; a rate of 0 stops the zone.
import type { Clock } from '../../../client/clock/clock.ts';
import { TokenBucket } from '../../../client/flowcontrol/token-bucket.ts';

interface Entry {
  node: string;
  uid: string;
  processAt: number;
  seq: number;
}

/** Kubernetes' EvictionRateLimiterBurst. */
const BURST = 1;

export class ZoneTaintQueue {
  private readonly clock: Clock;
  private readonly known = new Set<string>();
  private entries: Entry[] = [];
  private seq = 0;
  private rate: number;
  private bucket: TokenBucket | undefined;

  constructor(clock: Clock, rate: number) {
    this.clock = clock;
    this.rate = rate;
    this.bucket = rate > 0 ? new TokenBucket(rate, BURST, clock) : undefined;
  }

  /** Queues the node unless it is known; true when queued. */
  add(node: string, uid: string): boolean {
    if (this.known.has(node)) return false;
    this.known.add(node);
    this.entries.push({ node, uid, processAt: this.clock.now(), seq: this.seq++ });
    return true;
  }

  /** Forgets the node; true when it was still waiting. */
  remove(node: string): boolean {
    this.known.delete(node);
    const before = this.entries.length;
    this.entries = this.entries.filter((e) => e.node !== node);
    return this.entries.length !== before;
  }

  /** Changes the rate; the same rate keeps the bucket. */
  setRate(rate: number): void {
    if (rate === this.rate) return;
    this.rate = rate;
    this.bucket = rate > 0 ? new TokenBucket(rate, BURST, this.clock) : undefined;
  }

  get currentRate(): number {
    return this.rate;
  }

  /**
   * Tries due nodes while tokens last: `fn` answers done, or a delay before the next try. Done
   * nodes leave the queue but stay known.
   */
  async tryTaint(fn: (node: string, uid: string) => Promise<{ done: boolean; retryAfterMs?: number }>): Promise<void> {
    for (;;) {
      const head = this.head();
      if (!head) return;
      if (!this.bucket?.tryAccept()) return;
      const now = this.clock.now();
      if (now < head.processAt) return;
      const { done, retryAfterMs = 0 } = await fn(head.node, head.uid);
      if (!this.entries.includes(head)) continue;
      if (done) this.entries = this.entries.filter((e) => e !== head);
      else head.processAt = now + retryAfterMs + 1;
    }
  }

  private head(): Entry | undefined {
    let best: Entry | undefined;
    for (const e of this.entries) if (!best || e.processAt < best.processAt || (e.processAt === best.processAt && e.seq < best.seq)) best = e;
    return best;
  }
}
