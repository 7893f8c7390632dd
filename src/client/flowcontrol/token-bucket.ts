// A token bucket as client-go's flowcontrol has it: `qps` tokens a second up to `burst`; each
// request takes one, waiting for it when the bucket is empty. qps <= 0 means no limit.
import { sleep, type Clock } from '../clock/clock.ts';

export class TokenBucket {
  private readonly qps: number;
  private readonly burst: number;
  private readonly clock: Clock;
  private tokens: number;
  private last: number;

  constructor(qps: number, burst: number, clock: Clock) {
    this.qps = qps;
    this.burst = Math.max(1, burst);
    this.clock = clock;
    this.tokens = this.burst;
    this.last = clock.now();
  }

  get unlimited(): boolean {
    return !(this.qps > 0);
  }

  /**
   * Takes a token now and returns how long the caller must wait before using it (0 when one was
   * free). Reservations queue: each later caller waits behind the earlier ones.
   */
  reserve(): number {
    if (this.unlimited) return 0;
    this.refill();
    this.tokens -= 1;
    return this.tokens >= 0 ? 0 : (-this.tokens / this.qps) * 1000;
  }

  /** Takes a token only if one is free now. */
  tryAccept(): boolean {
    if (this.unlimited) return true;
    this.refill();
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }

  /** Waits for a token. */
  async accept(signal?: AbortSignal): Promise<void> {
    const wait = this.reserve();
    if (wait > 0) await sleep(this.clock, wait, signal);
  }

  private refill(): void {
    const now = this.clock.now();
    const elapsed = Math.max(0, now - this.last);
    this.last = now;
    this.tokens = Math.min(this.burst, this.tokens + (elapsed / 1000) * this.qps);
  }
}
