// Keeps one noisy source from flooding the API with Events: a token bucket per reporting source
// and regarded object (client-go's EventSourceObjectSpamFilter: burst 25, one token every five
// minutes), the buckets kept in a bounded least-recently-used map.
import type { Clock } from '../clock/clock.ts';
import { TokenBucket } from '../flowcontrol/token-bucket.ts';
import type { EventV1 } from '../../api/events/v1/types.ts';

export interface SpamFilterOptions {
  /** Tokens per second; client-go: 1/300. */
  qps: number;
  burst: number;
  /** Buckets kept; client-go: 4096. */
  maxKeys: number;
}

export const DEFAULT_SPAM_FILTER: SpamFilterOptions = { qps: 1 / 300, burst: 25, maxKeys: 4096 };

export function spamKey(event: EventV1): string {
  const r = event.regarding ?? {};
  return [event.reportingController, event.reportingInstance, r.kind, r.namespace, r.name, r.uid, r.apiVersion].map((v) => v ?? '').join('\u0000');
}

export class SpamFilter {
  private readonly buckets = new Map<string, TokenBucket>();
  private readonly opts: SpamFilterOptions;
  private readonly clock: Clock;

  constructor(clock: Clock, opts: SpamFilterOptions = DEFAULT_SPAM_FILTER) {
    this.clock = clock;
    this.opts = opts;
  }

  /** True when the event may be recorded; takes a token from its source+object bucket. */
  allow(event: EventV1): boolean {
    const key = spamKey(event);
    let bucket = this.buckets.get(key);
    if (bucket) {
      this.buckets.delete(key);
    } else {
      bucket = new TokenBucket(this.opts.qps, this.opts.burst, this.clock);
      if (this.buckets.size >= this.opts.maxKeys) this.buckets.delete(this.buckets.keys().next().value!);
    }
    // Re-inserted so the map's order is least recently used first.
    this.buckets.set(key, bucket);
    return bucket.tryAccept();
  }
}
