// The reflector keeps a sink in step with the server: first a WatchList (a watch with
// sendInitialEvents=true that streams the current state and marks its end with a bookmark),
// falling back to a paginated list and a watch when the server refuses it; then watching from the
// last resourceVersion with bookmarks. A 410 (history compacted) means a fresh list; other
// failures back off and retry.
import { StatusError, isGone, isResourceExpired, isStatusError } from '../../machinery/status.ts';
import { klog } from '../../component-base/logs/klog.ts';
import { sleep, type Clock } from '../clock/clock.ts';
import type { ListOptions, ObjectList, WatchOptions } from '../rest/resource.ts';
import type { WatchEvent, WatchStream } from '../rest/watch-stream.ts';
import type { CachedObject } from './store.ts';

const log = klog('client/reflector');

export const INITIAL_EVENTS_END_ANNOTATION = 'k8s.io/initial-events-end';

export interface ListerWatcher<T> {
  list(opts: ListOptions, signal?: AbortSignal): Promise<ObjectList<T>>;
  watch(opts: WatchOptions, signal?: AbortSignal): Promise<WatchStream<T>>;
}

/** Where the reflector delivers what it learns. */
export interface ReflectorSink<T> {
  /** The complete state as of resourceVersion (after a list or the initial events of a WatchList). */
  replace(items: T[], resourceVersion: string): void;
  add(obj: T): void;
  update(obj: T): void;
  delete(obj: T): void;
}

export interface ReflectorOptions {
  clock: Clock;
  /** Items per list page (client-go: 500). */
  pageSize?: number;
  /** Try WatchList first. */
  useWatchList?: boolean;
  /** Server-side watch timeout, randomised as client-go does (5..10 minutes). */
  watchTimeoutSeconds?: () => number;
  /** Back-off after failures: from initial, doubling, up to max. */
  backoffInitialMs?: number;
  backoffMaxMs?: number;
  name?: string;
}

class WatchListRefused extends Error {}

export class Reflector<T extends CachedObject> {
  private readonly lw: ListerWatcher<T>;
  private readonly sink: ReflectorSink<T>;
  private readonly opts: ReflectorOptions;
  private lastSyncResourceVersion = '';
  private watchListSupported: boolean;
  /** Counts, for tests and metrics. */
  readonly stats = { lists: 0, listPages: 0, watches: 0, watchLists: 0, relistsAfterExpiry: 0 };

  constructor(lw: ListerWatcher<T>, sink: ReflectorSink<T>, opts: ReflectorOptions) {
    this.lw = lw;
    this.sink = sink;
    this.opts = opts;
    this.watchListSupported = opts.useWatchList ?? true;
  }

  get lastResourceVersion(): string {
    return this.lastSyncResourceVersion;
  }

  /** Runs until the signal aborts. */
  async run(signal: AbortSignal): Promise<void> {
    let backoff = this.opts.backoffInitialMs ?? 800;
    const maxBackoff = this.opts.backoffMaxMs ?? 30_000;
    while (!signal.aborted) {
      try {
        await this.listAndWatch(signal);
        backoff = this.opts.backoffInitialMs ?? 800;
      } catch (err) {
        if (signal.aborted) return;
        log.info('Failed to list or watch; retrying', { reflector: this.opts.name, err: (err as Error).message, backoffMs: backoff }, 2);
        await sleep(this.opts.clock, backoff, signal).catch(() => undefined);
        backoff = Math.min(maxBackoff, backoff * 2);
      }
    }
  }

  private async listAndWatch(signal: AbortSignal): Promise<void> {
    let stream: WatchStream<T> | undefined;
    if (this.watchListSupported) {
      try {
        stream = await this.watchList(signal);
      } catch (err) {
        if (!(err instanceof WatchListRefused) && !(isStatusError(err) && !isExpired(err))) throw err;
        log.info('The server refused WatchList; falling back to list and watch', { reflector: this.opts.name, err: (err as Error).message }, 2);
        this.watchListSupported = false;
      }
    }
    if (!stream) await this.list(signal);
    // Watch from the last resourceVersion until the watch fails; a clean end reopens it.
    for (;;) {
      if (signal.aborted) return;
      if (!stream) {
        try {
          stream = await this.lw.watch(this.watchOptions(), signal);
          this.stats.watches++;
        } catch (err) {
          if (isExpired(err)) {
            this.expired();
            return;
          }
          throw err;
        }
      }
      const expired = await this.consume(stream, signal);
      stream = undefined;
      if (expired) {
        this.expired();
        return;
      }
    }
  }

  /** History is gone: the next list starts from the current state, not a resourceVersion. */
  private expired(): void {
    this.stats.relistsAfterExpiry++;
    this.lastSyncResourceVersion = '';
    log.info('Watch history expired; relisting', { reflector: this.opts.name }, 2);
  }

  private watchOptions(): WatchOptions {
    return {
      resourceVersion: this.lastSyncResourceVersion,
      allowWatchBookmarks: true,
      timeoutSeconds: this.opts.watchTimeoutSeconds?.() ?? Math.floor(300 * (1 + Math.random())),
    };
  }

  /** A paginated list; the sink gets the whole state at once. */
  private async list(signal: AbortSignal): Promise<void> {
    const items: T[] = [];
    let continueToken = '';
    let resourceVersion = '';
    this.stats.lists++;
    do {
      const page = await this.lw.list({ limit: this.opts.pageSize ?? 500, continue: continueToken || undefined }, signal);
      this.stats.listPages++;
      items.push(...page.items);
      continueToken = page.metadata.continue ?? '';
      resourceVersion = page.metadata.resourceVersion ?? resourceVersion;
    } while (continueToken);
    this.sink.replace(items, resourceVersion);
    this.lastSyncResourceVersion = resourceVersion;
  }

  /** Streams the initial state; returns the open stream once the initial-events-end bookmark arrives. */
  private async watchList(signal: AbortSignal): Promise<WatchStream<T>> {
    const stream = await this.lw.watch(
      { sendInitialEvents: true, resourceVersionMatch: 'NotOlderThan', resourceVersion: this.lastSyncResourceVersion, allowWatchBookmarks: true, timeoutSeconds: this.opts.watchTimeoutSeconds?.() ?? Math.floor(300 * (1 + Math.random())) },
      signal,
    );
    this.stats.watchLists++;
    const items: T[] = [];
    const iterator = stream[Symbol.asyncIterator]();
    for (;;) {
      const next = await iterator.next();
      if (next.done) throw new WatchListRefused('the watch ended before the initial-events-end bookmark');
      const event = next.value;
      if (event.type === 'ERROR') throw statusFromEvent(event);
      if (event.type === 'ADDED') items.push(event.object);
      if (event.type === 'BOOKMARK') {
        if (event.object.metadata?.annotations && (event.object.metadata.annotations as Record<string, string>)[INITIAL_EVENTS_END_ANNOTATION] === 'true') {
          const rv = event.object.metadata.resourceVersion ?? '';
          this.sink.replace(items, rv);
          this.lastSyncResourceVersion = rv;
          return { stop: () => stream.stop(), [Symbol.asyncIterator]: () => iterator };
        }
      }
    }
  }

  /** Applies events until the stream ends; true when it ended because history expired. */
  private async consume(stream: WatchStream<T>, signal: AbortSignal): Promise<boolean> {
    const onAbort = () => stream.stop();
    signal.addEventListener('abort', onAbort, { once: true });
    try {
      for await (const event of stream) {
        if (event.type === 'ERROR') {
          const err = statusFromEvent(event);
          if (isExpired(err)) return true;
          throw err;
        }
        this.apply(event);
      }
      return false;
    } finally {
      signal.removeEventListener('abort', onAbort);
    }
  }

  private apply(event: WatchEvent<T>): void {
    const rv = event.object.metadata?.resourceVersion;
    switch (event.type) {
      case 'ADDED':
        this.sink.add(event.object);
        break;
      case 'MODIFIED':
        this.sink.update(event.object);
        break;
      case 'DELETED':
        this.sink.delete(event.object);
        break;
      case 'BOOKMARK':
        break;
    }
    if (rv) this.lastSyncResourceVersion = rv;
  }
}

/** 410 either way (Expired or Gone): the history asked for is gone, as client-go's isExpiredError. */
function isExpired(err: unknown): boolean {
  return isResourceExpired(err) || isGone(err);
}

function statusFromEvent(event: WatchEvent<unknown>): StatusError {
  const status = event.object as StatusError['status'];
  return new StatusError({ ...status, kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', code: status?.code ?? 500 });
}
