// Work to run at a set time, one item per key, as the taint manager's TimedWorkerQueue: adding a
// key already waiting does nothing, cancelling stops its timer, and an item leaves the queue once
// its work has run. Work due now starts at once.
import type { Clock, TimerHandle } from '../../../client/clock/clock.ts';

export interface TimedWork {
  createdAt: number;
  fireAt: number;
  timer?: TimerHandle;
  cancelled: boolean;
}

export class TimedWorkerQueue {
  private readonly workers = new Map<string, TimedWork>();
  private readonly clock: Clock;
  private readonly work: (key: string, fireAt: number) => Promise<void>;
  private readonly running = new Set<Promise<void>>();

  constructor(clock: Clock, work: (key: string, fireAt: number) => Promise<void>) {
    this.clock = clock;
    this.work = work;
  }

  addWork(key: string, createdAt: number, fireAt: number): void {
    if (this.workers.has(key)) return;
    const item: TimedWork = { createdAt, fireAt, cancelled: false };
    const run = () => {
      if (item.cancelled) return;
      const p = this.work(key, fireAt).finally(() => {
        this.running.delete(p);
        if (this.workers.get(key) === item) this.workers.delete(key);
      });
      this.running.add(p);
    };
    this.workers.set(key, item);
    const delay = fireAt - createdAt;
    if (delay <= 0) run();
    else item.timer = this.clock.setTimer(run, delay);
  }

  /** Cancels waiting work; true when there was a timer to stop. */
  cancelWork(key: string): boolean {
    const item = this.workers.get(key);
    if (!item) return false;
    this.workers.delete(key);
    item.cancelled = true;
    if (!item.timer) return false;
    item.timer.cancel();
    return true;
  }

  get(key: string): TimedWork | undefined {
    return this.workers.get(key);
  }

  /** Cancels everything and waits for work already running. */
  async cancelAndWait(): Promise<void> {
    for (const key of [...this.workers.keys()]) this.cancelWork(key);
    await Promise.all(this.running);
  }
}
