// The queue controllers use: a delaying queue whose requeues are paced by a rate limiter.
import type { Clock } from '../clock/clock.ts';
import { DelayingQueue } from './delaying-queue.ts';
import { defaultControllerRateLimiter, type RateLimiter } from './rate-limiters.ts';

export class RateLimitingQueue<T> extends DelayingQueue<T> {
  private readonly limiter: RateLimiter<T>;

  constructor(clock: Clock, limiter: RateLimiter<T> = defaultControllerRateLimiter<T>(clock)) {
    super(clock);
    this.limiter = limiter;
  }

  /** Adds the item after the rate limiter says it may be processed again. */
  addRateLimited(item: T): void {
    this.addAfter(item, this.limiter.when(item));
  }

  /** The item succeeded: its back-off starts again from the base. */
  forget(item: T): void {
    this.limiter.forget(item);
  }

  numRequeues(item: T): number {
    return this.limiter.numRequeues(item);
  }
}
