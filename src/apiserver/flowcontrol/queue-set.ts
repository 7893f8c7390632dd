// The queues of one priority level: a request is put on the shortest queue of its flow's hand
// (shuffle sharding) and queues are served by virtual-time fair queuing, as Kubernetes' fair
// queuing does with one seat per request: a virtual clock R advances at the rate each active
// queue would be served at, each queue's next dispatch is at R-time nextDispatchR, and the queue
// with the earliest one goes next. Every dispatch charges its queue an estimated service time G,
// corrected by the actual duration when the request finishes.
import { dealHand } from './shuffle-sharding.ts';

/** The initial estimate of a request's service time, in seconds. */
const ESTIMATED_SERVICE_SECONDS = 0.003;

export interface QueuingConfig {
  queues: number;
  handSize: number;
  queueLengthLimit: number;
}

export interface QueuedRequest {
  hash: number;
  enqueuedAt: number;
  queue?: Queue;
}

export interface Queue {
  index: number;
  waiting: QueuedRequest[];
  executing: number;
  /** Virtual time (seat-seconds) at which the head of this queue is due. */
  nextDispatchR: number;
}

export class QueueSet {
  queues: Queue[] = [];
  config: QueuingConfig;
  /** Seats the level may use now; the virtual clock runs at most this many times real time. */
  concurrencyLimit = 1;
  /** The virtual clock, in seat-seconds. */
  currentR = 0;
  private lastRealTime: number;
  private waitingCount = 0;
  /** Queues with a request waiting or executing, and the number of such requests (kept as they change). */
  private busyQueues = 0;
  private requests = 0;
  private readonly now: () => number;

  constructor(config: QueuingConfig, now: () => number = () => performance.now() / 1000) {
    this.now = now;
    this.lastRealTime = now();
    this.config = config;
    this.resize(config.queues);
  }

  get waiting(): number {
    return this.waitingCount;
  }

  setConfig(config: QueuingConfig): void {
    this.config = config;
    if (config.queues !== this.queues.length) this.resize(config.queues);
  }

  /** Rebuilds the queues; waiting requests are dealt again into the new ones, in arrival order. */
  private resize(count: number): void {
    const pending = this.queues.flatMap((q) => q.waiting).sort((a, b) => a.enqueuedAt - b.enqueuedAt);
    // Requests executing now finish against their old queues, which are no longer counted.
    this.queues = Array.from({ length: count }, (_, index) => ({ index, waiting: [], executing: 0, nextDispatchR: this.currentR }));
    this.busyQueues = 0;
    this.requests = 0;
    this.waitingCount = 0;
    for (const r of pending) this.place(r);
  }

  /** Advances the virtual clock to now. */
  private syncTime(): void {
    const now = this.now();
    const elapsed = Math.max(0, now - this.lastRealTime);
    this.lastRealTime = now;
    if (this.busyQueues > 0) this.currentR += (elapsed * Math.min(this.requests, Math.max(1, this.concurrencyLimit))) / this.busyQueues;
  }

  /** Counts a request joining (+1) or leaving (-1) queue `q`, waiting or executing. */
  private count(q: Queue, delta: 1 | -1): void {
    const after = q.waiting.length + q.executing;
    const before = after - delta;
    if (before === 0 && after > 0) this.busyQueues++;
    if (before > 0 && after === 0) this.busyQueues--;
    this.requests += delta;
  }

  private place(r: QueuedRequest): boolean {
    const hand = dealHand(r.hash, this.queues.length, this.config.handSize);
    let best: Queue | undefined;
    for (const i of hand) {
      const q = this.queues[i]!;
      if (!best || q.waiting.length + q.executing < best.waiting.length + best.executing) best = q;
    }
    if (!best || best.waiting.length >= this.config.queueLengthLimit) return false;
    if (best.waiting.length === 0 && best.executing === 0) best.nextDispatchR = Math.max(best.nextDispatchR, this.currentR);
    best.waiting.push(r);
    r.queue = best;
    this.waitingCount++;
    this.count(best, 1);
    return true;
  }

  /** Puts a request on a queue of its hand; false when that queue is full. */
  enqueue(r: QueuedRequest): boolean {
    this.syncTime();
    return this.place(r);
  }

  /** Takes a waiting request out (timed out or cancelled). */
  remove(r: QueuedRequest): void {
    const q = r.queue;
    if (!q) return;
    const i = q.waiting.indexOf(r);
    if (i < 0) return;
    q.waiting.splice(i, 1);
    this.waitingCount--;
    this.count(q, -1);
    r.queue = undefined;
  }

  /** The request to run next (removed from its queue and counted as executing), if any waits. */
  dispatchNext(): QueuedRequest | undefined {
    this.syncTime();
    let best: Queue | undefined;
    for (const q of this.queues) if (q.waiting.length && (!best || q.nextDispatchR < best.nextDispatchR)) best = q;
    if (!best) return undefined;
    const r = best.waiting.shift()!;
    this.waitingCount--;
    best.executing++;
    best.nextDispatchR += ESTIMATED_SERVICE_SECONDS;
    return r;
  }

  /** A dispatched request ended after `seconds`; its queue's charge is corrected. */
  finish(r: QueuedRequest, seconds: number): void {
    this.syncTime();
    const q = r.queue;
    if (!q) return;
    if (q.executing > 0) {
      q.executing--;
      if (this.queues[q.index] === q) this.count(q, -1);
    }
    q.nextDispatchR += seconds - ESTIMATED_SERVICE_SECONDS;
    r.queue = undefined;
  }

  get activeQueues(): number {
    return this.queues.filter((q) => q.waiting.length > 0).length;
  }
}
