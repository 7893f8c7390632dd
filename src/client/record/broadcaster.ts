// Delivers recorded Events to a sink as client-go's events broadcaster (tools/events) does. The
// first Event of a kind is created; an isomorphic one (same type, action, reason, note, reporting
// controller, regarding and related objects) seen again turns the cached Event into a series:
// the first repeat is written at once as a PATCH of `series` (count 2), later repeats only count
// in memory and are written by the periodic refresh, or when the series finishes (no repeat for
// the finish window). Recording never blocks: Events queue in a bounded buffer and are written one
// at a time; failures that may pass (network, 5xx) are retried a few times, others dropped.
import { klog } from '../../component-base/logs/klog.ts';
import { formatMicroTime, parseRFC3339Micros } from '../../api/meta/v1/time.ts';
import type { EventV1 } from '../../api/events/v1/types.ts';
import { hasStatusCause, isAlreadyExists, isConflict, isNotFound, isServerError, isStatusError, isTooManyRequests } from '../../machinery/status.ts';
import { realClock, sleep, type Clock, type TimerHandle } from '../clock/clock.ts';
import type { EventSink } from './sink.ts';
import { DEFAULT_SPAM_FILTER, SpamFilter, type SpamFilterOptions } from './spam-filter.ts';

const log = klog('client/record');

export interface BroadcasterOptions {
  clock?: Clock;
  /** A series with no repeat for this long is written one last time and forgotten (client-go: 6m). */
  finishTimeMs?: number;
  /** Open series are written this often (client-go: 30m). */
  refreshTimeMs?: number;
  /** Attempts per write (client-go: 12). */
  maxTries?: number;
  /** Wait between attempts, jittered by up to a quarter (client-go: 10s). */
  retryDelayMs?: number;
  /** Events waiting to be written; more are dropped (client-go: 1000). */
  maxQueued?: number;
  spamFilter?: SpamFilterOptions;
  random?: () => number;
}

function micros(clock: Clock): bigint {
  return BigInt(clock.now()) * 1000n;
}

/** client-go's getKey: what makes two Events the same occurrence. */
export function isomorphicKey(e: EventV1): string {
  const ref = (r: EventV1['regarding'] | undefined) => (r ? [r.kind, r.namespace, r.name, r.uid, r.apiVersion, r.resourceVersion, r.fieldPath].map((v) => v ?? '').join('/') : '');
  return JSON.stringify([e.type ?? '', e.action ?? '', e.reason ?? '', e.reportingController ?? '', e.note ?? '', ref(e.regarding), ref(e.related)]);
}

export class EventBroadcaster {
  private readonly sink: EventSink;
  private readonly clock: Clock;
  private readonly opts: Required<Omit<BroadcasterOptions, 'clock' | 'spamFilter' | 'random'>>;
  private readonly random: () => number;
  private readonly spam: SpamFilter;
  private readonly cache = new Map<string, EventV1>();
  private readonly queue: EventV1[] = [];
  private readonly stop = new AbortController();
  private draining: Promise<void> | undefined;
  /** The pending timer of each periodic task. */
  private readonly timers = new Map<string, TimerHandle>();
  private idleWaiters: Array<() => void> = [];

  constructor(sink: EventSink, opts: BroadcasterOptions = {}) {
    this.sink = sink;
    this.clock = opts.clock ?? realClock;
    this.random = opts.random ?? Math.random;
    this.opts = {
      finishTimeMs: opts.finishTimeMs ?? 6 * 60_000,
      refreshTimeMs: opts.refreshTimeMs ?? 30 * 60_000,
      maxTries: opts.maxTries ?? 12,
      retryDelayMs: opts.retryDelayMs ?? 10_000,
      maxQueued: opts.maxQueued ?? 1000,
    };
    this.spam = new SpamFilter(this.clock, opts.spamFilter ?? DEFAULT_SPAM_FILTER);
    this.every('finish', this.opts.finishTimeMs, () => this.finishSeries());
    this.every('refresh', this.opts.refreshTimeMs, () => this.refreshSeries());
  }

  /** Hands an Event over for writing; returns at once. False when it was dropped. */
  action(event: EventV1): boolean {
    if (this.stop.signal.aborted) return false;
    if (!this.spam.allow(event)) {
      log.info('Event dropped by the spam filter', { reason: event.reason, regarding: `${event.regarding.namespace ?? ''}/${event.regarding.name ?? ''}` }, 4);
      return false;
    }
    if (this.queue.length >= this.opts.maxQueued) {
      log.warning('Event dropped: too many events waiting to be written', { reason: event.reason });
      return false;
    }
    this.queue.push(structuredClone(event));
    this.kick();
    return true;
  }

  /** Starts the writer unless it runs; Events queued as it finished start it again. */
  private kick(): void {
    if (this.draining) return;
    this.draining = this.drain().finally(() => {
      this.draining = undefined;
      if (this.queue.length > 0) return this.kick();
      for (const w of this.idleWaiters.splice(0)) w();
    });
  }

  /** Resolves once every queued Event has been written or dropped. */
  flush(): Promise<void> {
    if (!this.draining) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** Stops the timers and waits for queued writes (retries are cut short). */
  async shutdown(): Promise<void> {
    const pending = this.flush();
    this.stop.abort();
    for (const t of this.timers.values()) t.cancel();
    await pending;
  }

  private every(name: string, ms: number, fn: () => Promise<void>): void {
    const schedule = () => {
      if (this.stop.signal.aborted) return;
      this.timers.set(name, this.clock.setTimer(() => void fn().finally(schedule), ms));
    };
    schedule();
  }

  private async drain(): Promise<void> {
    for (let event = this.queue.shift(); event; event = this.queue.shift()) {
      const toWrite = this.fold(event);
      if (toWrite) await this.attempt(toWrite);
    }
  }

  /** Folds an Event into the cache; returns what must be written now, if anything. */
  private fold(event: EventV1): EventV1 | undefined {
    const key = isomorphicKey(event);
    const cached = this.cache.get(key);
    if (!cached) {
      this.cache.set(key, event);
      return structuredClone(event);
    }
    const now = formatMicroTime(micros(this.clock));
    if (cached.series) {
      cached.series.count++;
      cached.series.lastObservedTime = now;
      return undefined;
    }
    cached.series = { count: 2, lastObservedTime: now };
    return structuredClone(cached);
  }

  private async attempt(event: EventV1): Promise<boolean> {
    for (let tries = 1; ; tries++) {
      const outcome = await this.write(event);
      if (outcome !== 'retry') return outcome === 'done';
      if (tries >= this.opts.maxTries || this.stop.signal.aborted) {
        log.error('Unable to write event (retry limit exceeded!)', { reason: event.reason, name: event.metadata.name });
        return false;
      }
      const delay = this.opts.retryDelayMs * (1 + 0.25 * this.random());
      try {
        await sleep(this.clock, delay, this.stop.signal);
      } catch {
        return false;
      }
    }
  }

  /** One write: PATCH the series (creating the Event if it is gone), or create. */
  private async write(event: EventV1): Promise<'done' | 'dropped' | 'retry'> {
    try {
      if (event.series) {
        try {
          await this.sink.patchSeries(event);
          return 'done';
        } catch (err) {
          if (!isNotFound(err)) throw err;
        }
      }
      await this.sink.create(event);
      return 'done';
    } catch (err) {
      if (!isStatusError(err)) {
        log.info('Server rejected event (will retry)', { err: (err as Error).message }, 2);
        return 'retry';
      }
      if (isServerError(err) || isTooManyRequests(err)) return 'retry';
      const terminating = hasStatusCause(err, 'NamespaceTerminating');
      if (isAlreadyExists(err) || isConflict(err) || terminating) log.info('Server rejected event (will not retry)', { err: err.message }, 5);
      else log.error('Server rejected event (will not retry!)', { err: err.message, reason: event.reason });
      return 'dropped';
    }
  }

  private async refreshSeries(): Promise<void> {
    for (const event of this.cache.values()) if (event.series) await this.attempt(structuredClone(event));
  }

  private async finishSeries(): Promise<void> {
    const horizon = micros(this.clock) - BigInt(this.opts.finishTimeMs) * 1000n;
    for (const [key, event] of [...this.cache]) {
      const last = parseRFC3339Micros(String(event.series ? event.series.lastObservedTime : event.eventTime)) ?? 0n;
      if (last >= horizon) continue;
      if (event.series && !(await this.attempt(structuredClone(event)))) continue;
      this.cache.delete(key);
    }
  }
}
