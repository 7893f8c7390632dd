// A token bucket that refuses rather than waits: qps tokens a second up to burst.
export class TryTokenBucket {
  readonly #qps: number;
  readonly #burst: number;
  #tokens: number;
  #last: number;
  readonly #now: () => number;

  constructor(qps: number, burst: number, now: () => number = () => performance.now()) {
    this.#qps = qps;
    this.#burst = burst;
    this.#tokens = burst;
    this.#now = now;
    this.#last = now();
  }

  /** Takes a token if one is free. */
  tryAccept(): boolean {
    const t = this.#now();
    this.#tokens = Math.min(this.#burst, this.#tokens + ((t - this.#last) / 1000) * this.#qps);
    this.#last = t;
    if (this.#tokens < 1) return false;
    this.#tokens -= 1;
    return true;
  }
}
