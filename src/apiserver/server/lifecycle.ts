// The server's lifecycle signals and the counts graceful shutdown waits on: non-long-running
// requests in flight (drained before listeners close) and long-running ones (watches), which are
// told to end and given the watch termination grace period.

export interface LongRunningEntry {
  /** Asks the request to end (aborts its signal). */
  end(): void;
  /** Ends the response outright, for handlers that ignored the signal. */
  forceEnd(): void;
  done: Promise<void>;
}

export class ServerLifecycle {
  /** Set when SIGTERM/SIGINT or shutdown() begins; /readyz fails from then on. */
  shutdownInitiated = false;
  /** Set when the shutdown delay is over and new requests get 429 (with --shutdown-send-retry-after). */
  draining = false;
  /** Set once listeners are closed; responses then carry Connection: close. */
  listenersClosed = false;
  private inFlight = 0;
  private drainWaiters: Array<() => void> = [];
  readonly longRunning = new Set<LongRunningEntry>();

  requestStarted(): void {
    this.inFlight++;
  }

  requestFinished(): void {
    this.inFlight--;
    if (this.inFlight === 0) for (const wake of this.drainWaiters.splice(0)) wake();
  }

  get inFlightCount(): number {
    return this.inFlight;
  }

  /** Resolves once no non-long-running request is in flight. */
  drained(): Promise<void> {
    if (this.inFlight === 0) return Promise.resolve();
    return new Promise((resolve) => this.drainWaiters.push(resolve));
  }
}
