// EventRateLimit: each configured limit keeps a token bucket per key (one for the server, or an
// LRU of them per namespace, user or source and object); an Event create or update that any
// bucket refuses is answered 429. Events of both groups (core v1 and events.orch.io) count.
import { StatusError } from '../../../../machinery/status.ts';
import type { AdmissionAttributes, AdmissionPlugin } from '../../types.ts';
import { parseEventRateLimitConfig, type EventRateLimitSpec } from './config.ts';
import { limitKey } from './keys.ts';
import { LruCache } from './lru.ts';
import { TryTokenBucket } from './token-bucket.ts';

const EVENT_GROUPS = new Set(['', 'events.orch.io']);

function tooManyRequests(message: string): StatusError {
  return new StatusError({ kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: `Too many requests: ${message}`, reason: 'TooManyRequests', code: 429 });
}

class LimitEnforcer {
  readonly spec: EventRateLimitSpec;
  readonly #server: TryTokenBucket | undefined;
  readonly #buckets: LruCache<TryTokenBucket> | undefined;
  readonly #now: (() => number) | undefined;

  constructor(spec: EventRateLimitSpec, now?: () => number) {
    this.spec = spec;
    this.#now = now;
    if (spec.type === 'Server') this.#server = this.#bucket();
    else this.#buckets = new LruCache(spec.cacheSize);
  }

  #bucket(): TryTokenBucket {
    return new TryTokenBucket(this.spec.qps, this.spec.burst, this.#now);
  }

  /** Undefined when accepted, else why not. */
  accept(attrs: AdmissionAttributes): string | undefined {
    const key = limitKey(this.spec.type, attrs);
    const bucket = this.#server ?? this.#buckets!.getOrCreate(key, () => this.#bucket());
    return bucket.tryAccept() ? undefined : `limit reached on type ${this.spec.type} for key ${key}`;
  }
}

export function isEvent(attrs: AdmissionAttributes): boolean {
  return attrs.kind.kind === 'Event' && EVENT_GROUPS.has(attrs.kind.group) && !attrs.subresource;
}

export function eventRateLimit(config: unknown, opts: { now?: () => number } = {}): AdmissionPlugin {
  const enforcers = parseEventRateLimitConfig(config).map((spec) => new LimitEnforcer(spec, opts.now));
  return {
    name: 'EventRateLimit',
    handles: (op) => op === 'CREATE' || op === 'UPDATE',
    validate(attrs) {
      if (!isEvent(attrs)) return;
      // Every limit takes its token, so one refusal does not spare the others; the last refusal is reported.
      let refusal: string | undefined;
      for (const e of enforcers) refusal = e.accept(attrs) ?? refusal;
      if (refusal) throw tooManyRequests(refusal);
    },
  };
}
