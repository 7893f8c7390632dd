// A work queue that can add an item after a delay; the earliest of several pending delays for
// the same item wins, as in client-go. One timer on the injected clock serves all waiting items.
import type { Clock, TimerHandle } from '../clock/clock.ts';
import { WorkQueue } from './queue.ts';

export class DelayingQueue<T> extends WorkQueue<T> {
  protected readonly clock: Clock;
  private readonly waiting = new Map<T, number>();
  private timer: TimerHandle | undefined;
  private timerAt = Infinity;

  constructor(clock: Clock) {
    super();
    this.clock = clock;
  }

  addAfter(item: T, delayMs: number): void {
    if (this.isShuttingDown) return;
    if (delayMs <= 0) {
      this.add(item);
      return;
    }
    const at = this.clock.now() + delayMs;
    const existing = this.waiting.get(item);
    if (existing !== undefined && existing <= at) return;
    this.waiting.set(item, at);
    this.schedule();
  }

  /** Items waiting for their delay to pass. */
  waitingCount(): number {
    return this.waiting.size;
  }

  override shutDown(): void {
    this.timer?.cancel();
    this.timer = undefined;
    this.waiting.clear();
    super.shutDown();
  }

  private schedule(): void {
    let next = Infinity;
    for (const at of this.waiting.values()) next = Math.min(next, at);
    if (next === this.timerAt && this.timer) return;
    this.timer?.cancel();
    this.timer = undefined;
    this.timerAt = next;
    if (next === Infinity) return;
    this.timer = this.clock.setTimer(() => {
      this.timer = undefined;
      this.timerAt = Infinity;
      const now = this.clock.now();
      for (const [item, at] of [...this.waiting]) {
        if (at <= now) {
          this.waiting.delete(item);
          this.add(item);
        }
      }
      this.schedule();
    }, next - this.clock.now());
  }
}
