// The pods waiting for a node, as Kubernetes' scheduling queue keeps them: active pods in order
// of priority, then of arrival; a pod that fitted nowhere waits among the unschedulable until
// something in the cluster changes (a node added or changed, a pod gone) or it has waited too
// long, and then still serves out its back-off (doubling from the initial to the maximum with
// each attempt) before it is tried again.
import type { Clock, TimerHandle } from '../client/clock/clock.ts';
import type { Pod } from '../api/core/v1/pod-types.ts';
import { podKey } from './cluster-cache.ts';

export interface QueuedPod {
  pod: Pod;
  /** Scheduling attempts so far. */
  attempts: number;
  /** When the pod first entered the queue (ms). */
  since: number;
  /** When it last became active (ms), for the order among equals. */
  activeAt: number;
}

export interface QueueOptions {
  clock: Clock;
  initialBackoffMs: number;
  maxBackoffMs: number;
  maxUnschedulableMs: number;
}

type Where = 'active' | 'backoff' | 'unschedulable' | 'in-flight';

interface Entry extends QueuedPod {
  where: Where;
  /** Not tried again before this time (ms). */
  backoffUntil: number;
  /** When it was found unschedulable (ms). */
  parkedAt: number;
}

function before(a: Entry, b: Entry): boolean {
  const pa = a.pod.spec?.priority ?? 0;
  const pb = b.pod.spec?.priority ?? 0;
  return pa !== pb ? pa > pb : a.activeAt < b.activeAt;
}

export class SchedulingQueue {
  private readonly opts: QueueOptions;
  private readonly entries = new Map<string, Entry>();
  /** A binary heap of the active entries. */
  private readonly heap: Entry[] = [];
  private waiters: Array<(entry: QueuedPod | undefined) => void> = [];
  private closed = false;
  private backoffTimer: TimerHandle | undefined;
  private backoffTimerAt = Infinity;

  constructor(opts: QueueOptions) {
    this.opts = opts;
  }

  get size(): number {
    return this.entries.size;
  }

  /** A pod waiting for a node, new or changed; a change may make an unschedulable pod fit. */
  addOrUpdate(pod: Pod): void {
    const key = podKey(pod);
    const entry = this.entries.get(key);
    if (!entry) {
      const now = this.opts.clock.now();
      const fresh: Entry = { pod, attempts: 0, since: now, activeAt: now, where: 'active', backoffUntil: 0, parkedAt: 0 };
      this.entries.set(key, fresh);
      this.push(fresh);
      return;
    }
    entry.pod = pod;
    if (entry.where === 'unschedulable') this.reactivate(entry);
  }

  /** The pod no longer waits (bound, deleted, or no longer ours). */
  delete(pod: Pod): void {
    const key = podKey(pod);
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    if (entry.where === 'active') this.removeFromHeap(entry);
  }

  /** The next pod to schedule, waiting for one; undefined once closed. */
  pop(): Promise<QueuedPod | undefined> {
    const entry = this.take();
    if (entry || this.closed) return Promise.resolve(entry);
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  /** The attempt found no node: it waits for a change in the cluster. */
  parkUnschedulable(queued: QueuedPod): void {
    const entry = this.entries.get(podKey(queued.pod));
    if (!entry || entry.where !== 'in-flight') return;
    this.startBackoff(entry);
    entry.where = 'unschedulable';
    entry.parkedAt = this.opts.clock.now();
  }

  /** The attempt failed for a passing reason (a failed binding): tried again after its back-off. */
  retryAfterBackoff(queued: QueuedPod): void {
    const entry = this.entries.get(podKey(queued.pod));
    if (!entry || entry.where !== 'in-flight') return;
    this.startBackoff(entry);
    this.toBackoff(entry);
  }

  /** The attempt succeeded (the pod is bound, or about to be): it leaves the queue. */
  done(queued: QueuedPod): void {
    const key = podKey(queued.pod);
    if (this.entries.get(key)?.where === 'in-flight') this.entries.delete(key);
  }

  /** Something changed that may let unschedulable pods fit. */
  moveAllUnschedulable(): void {
    for (const entry of this.entries.values()) if (entry.where === 'unschedulable') this.reactivate(entry);
  }

  /** Pods unschedulable for longer than the limit are tried again even without a change. */
  flushLongUnschedulable(): void {
    const limit = this.opts.clock.now() - this.opts.maxUnschedulableMs;
    for (const entry of this.entries.values()) if (entry.where === 'unschedulable' && entry.parkedAt <= limit) this.reactivate(entry);
  }

  close(): void {
    this.closed = true;
    this.backoffTimer?.cancel();
    for (const waiter of this.waiters.splice(0)) waiter(undefined);
  }

  private startBackoff(entry: Entry): void {
    const wait = Math.min(this.opts.initialBackoffMs * 2 ** Math.max(0, entry.attempts - 1), this.opts.maxBackoffMs);
    entry.backoffUntil = this.opts.clock.now() + wait;
  }

  private reactivate(entry: Entry): void {
    if (entry.backoffUntil > this.opts.clock.now()) this.toBackoff(entry);
    else this.push(entry);
  }

  private toBackoff(entry: Entry): void {
    entry.where = 'backoff';
    this.armBackoffTimer(entry.backoffUntil);
  }

  private armBackoffTimer(at: number): void {
    if (this.closed || at >= this.backoffTimerAt) return;
    this.backoffTimer?.cancel();
    this.backoffTimerAt = at;
    this.backoffTimer = this.opts.clock.setTimer(() => {
      this.backoffTimerAt = Infinity;
      this.backoffTimer = undefined;
      this.releaseBackedOff();
    }, at - this.opts.clock.now());
  }

  private releaseBackedOff(): void {
    const now = this.opts.clock.now();
    let next = Infinity;
    for (const entry of this.entries.values()) {
      if (entry.where !== 'backoff') continue;
      if (entry.backoffUntil <= now) this.push(entry);
      else next = Math.min(next, entry.backoffUntil);
    }
    if (next < Infinity) this.armBackoffTimer(next);
  }

  private take(): Entry | undefined {
    const top = this.heap[0];
    if (!top) return undefined;
    this.removeFromHeap(top);
    top.where = 'in-flight';
    top.attempts++;
    return top;
  }

  private push(entry: Entry): void {
    entry.where = 'active';
    entry.activeAt = this.opts.clock.now();
    const waiter = this.waiters.shift();
    if (waiter) {
      entry.where = 'in-flight';
      entry.attempts++;
      waiter(entry);
      return;
    }
    this.heap.push(entry);
    this.siftUp(this.heap.length - 1);
  }

  private removeFromHeap(entry: Entry): void {
    const i = this.heap.indexOf(entry);
    if (i < 0) return;
    const last = this.heap.pop()!;
    if (i === this.heap.length) return;
    this.heap[i] = last;
    this.siftUp(i);
    this.siftDown(i);
  }

  private siftUp(i: number): void {
    const h = this.heap;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!before(h[i]!, h[parent]!)) break;
      [h[i], h[parent]] = [h[parent]!, h[i]!];
      i = parent;
    }
  }

  private siftDown(i: number): void {
    const h = this.heap;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let best = i;
      if (l < h.length && before(h[l]!, h[best]!)) best = l;
      if (r < h.length && before(h[r]!, h[best]!)) best = r;
      if (best === i) return;
      [h[i], h[best]] = [h[best]!, h[i]!];
      i = best;
    }
  }
}
