// Batch mode: events wait in a bounded buffer and go to the backend in batches of up to
// batch-max-size, or sooner than that once batch-max-wait has passed; with throttling, at most
// qps batches a second (burst at once). A full buffer drops events and counts them.
import type { AuditBackend } from './backend.ts';
import { handlePluginError } from './backend.ts';
import type { AuditMetrics } from './metrics.ts';
import { TokenBucket } from './token-bucket.ts';
import type { AuditEvent } from './types.ts';

export interface BatchOptions {
  bufferSize: number;
  maxBatchSize: number;
  maxBatchWaitMs: number;
  /** Absent: no throttling. */
  throttle?: { qps: number; burst: number };
}

type FlushReason = 'full' | 'timer' | 'shutdown';

export class BufferedBackend implements AuditBackend {
  readonly #delegate: AuditBackend;
  readonly #opts: BatchOptions;
  readonly #metrics: AuditMetrics;
  readonly #throttle: TokenBucket | undefined;
  readonly #queue: AuditEvent[] = [];
  readonly #inFlight = new Set<Promise<unknown>>();
  #timer: NodeJS.Timeout | undefined;
  #flushing: Promise<void> | undefined;
  #stopped = false;

  constructor(delegate: AuditBackend, opts: BatchOptions, metrics: AuditMetrics) {
    this.#delegate = delegate;
    this.#opts = opts;
    this.#metrics = metrics;
    this.#throttle = opts.throttle ? new TokenBucket(opts.throttle.qps, opts.throttle.burst) : undefined;
  }

  processEvents(events: AuditEvent[]): boolean {
    if (this.#stopped) {
      handlePluginError(this.#metrics, 'buffered', new Error('audit backend shut down'), events);
      return true;
    }
    for (let i = 0; i < events.length; i++) {
      if (this.#queue.length >= this.#opts.bufferSize) {
        handlePluginError(this.#metrics, 'buffered', new Error('audit buffer queue blocked'), events.slice(i));
        break;
      }
      this.#queue.push(events[i]!);
    }
    this.#schedule();
    // Events are accepted for later: nothing for blocking-strict to refuse.
    return true;
  }

  async shutdown(): Promise<void> {
    this.#stopped = true;
    clearTimeout(this.#timer);
    this.#timer = undefined;
    while (this.#flushing) await this.#flushing;
    await this.#flush('shutdown');
    await Promise.all(this.#inFlight);
    await this.#delegate.shutdown();
  }

  #schedule(): void {
    if (this.#flushing || this.#stopped) return;
    if (this.#queue.length >= this.#opts.maxBatchSize) {
      clearTimeout(this.#timer);
      this.#timer = undefined;
      this.#startFlush('full');
    } else if (this.#queue.length > 0 && !this.#timer) {
      this.#timer = setTimeout(() => {
        this.#timer = undefined;
        this.#startFlush('timer');
      }, this.#opts.maxBatchWaitMs);
      this.#timer.unref();
    }
  }

  #startFlush(reason: FlushReason): void {
    this.#flushing = this.#flush(reason).finally(() => {
      this.#flushing = undefined;
      this.#schedule();
    });
  }

  async #flush(reason: FlushReason): Promise<void> {
    // A full batch always goes; a partial one only when its wait is over or at shutdown.
    while (this.#queue.length >= this.#opts.maxBatchSize || (reason !== 'full' && this.#queue.length > 0)) {
      const batch = this.#queue.splice(0, this.#opts.maxBatchSize);
      if (reason === 'timer') reason = 'full';
      if (this.#throttle && reason !== 'shutdown') await this.#throttle.take();
      this.#send(batch);
    }
  }

  #send(batch: AuditEvent[]): void {
    let result: boolean | Promise<boolean>;
    try {
      result = this.#delegate.processEvents(batch);
    } catch (err) {
      handlePluginError(this.#metrics, 'buffered', err, batch);
      return;
    }
    if (typeof result === 'boolean') return;
    // Network backends send batches concurrently; shutdown waits for them.
    const p = result.catch((err: unknown) => handlePluginError(this.#metrics, 'buffered', err, batch));
    this.#inFlight.add(p);
    void p.finally(() => this.#inFlight.delete(p));
  }
}
