// A token bucket (qps, burst) whose take() waits for the next token: the batch throttle.
export class TokenBucket {
  readonly #qps: number;
  readonly #burst: number;
  #tokens: number;
  #last: number;

  constructor(qps: number, burst: number) {
    this.#qps = qps;
    this.#burst = Math.max(1, burst);
    this.#tokens = this.#burst;
    this.#last = performance.now();
  }

  /** Milliseconds until a token is free (0 if one is), taking it. */
  reserve(): number {
    const now = performance.now();
    this.#tokens = Math.min(this.#burst, this.#tokens + ((now - this.#last) / 1000) * this.#qps);
    this.#last = now;
    this.#tokens -= 1;
    return this.#tokens >= 0 ? 0 : (-this.#tokens / this.#qps) * 1000;
  }

  async take(): Promise<void> {
    const wait = this.reserve();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  }
}
