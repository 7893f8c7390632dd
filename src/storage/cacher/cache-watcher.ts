// One client's watch served from the cache. Replayed history and initial state are handed over
// first; live changes go through a bounded queue. A watcher whose queue fills up (its client reads
// too slowly) gets an ERROR 410 and ends, so a slow client never makes the server hold more.
import { resourceExpired } from '../../machinery/status.ts';
import type { ApiObject, Predicate, WatchEvent, Watcher } from '../interface.ts';
import type { CacheEvent } from './watch-cache.ts';

export const INITIAL_EVENTS_END_ANNOTATION = 'k8s.io/initial-events-end';

export interface CacheWatcherOptions<T extends ApiObject> {
  key: string;
  recursive: boolean;
  predicate?: Predicate<T>;
  /** Live events that may wait for the client before it is ended with 410. */
  capacity: number;
  progressNotify: boolean;
  /** Revision the watcher starts after (the snapshot or replay point). */
  startRevision: number;
  onStop: (w: CacheWatcher<T>) => void;
}

export function bookmark<T extends ApiObject>(revision: number, annotations?: Record<string, string>): WatchEvent<T> {
  const metadata: Record<string, unknown> = { resourceVersion: String(revision) };
  if (annotations) metadata.annotations = annotations;
  return { type: 'BOOKMARK', object: { metadata } as T };
}

export function errorEvent<T extends ApiObject>(status: object): WatchEvent<T> {
  return { type: 'ERROR', object: status as unknown as T };
}

export function expiredEvent<T extends ApiObject>(message: string): WatchEvent<T> {
  return errorEvent<T>(resourceExpired(message).status);
}

function matches<T extends ApiObject>(predicate: Predicate<T> | undefined, obj: T): boolean {
  if (!predicate) return true;
  try {
    return predicate(obj);
  } catch {
    return false;
  }
}

/**
 * What a watcher with this predicate sees of a change: an object that starts matching is ADDED,
 * one that stops matching is DELETED, one that never matched is not seen.
 */
export function filterEvent<T extends ApiObject>(ev: CacheEvent<T>, predicate: Predicate<T> | undefined): WatchEvent<T> | undefined {
  if (!predicate) return { type: ev.type, object: ev.object, entry: ev.entry };
  if (ev.type === 'DELETED') return matches(predicate, ev.prevObject ?? ev.object) ? { type: 'DELETED', object: ev.object } : undefined;
  const now = matches(predicate, ev.object);
  const before = ev.prevObject !== undefined && matches(predicate, ev.prevObject);
  if (now && before) return { type: 'MODIFIED', object: ev.object, entry: ev.entry };
  if (now) return { type: 'ADDED', object: ev.object, entry: ev.entry };
  // As in Kubernetes: the object as the client last saw it, at the revision of the change.
  if (before) return { type: 'DELETED', object: atRevision(ev.prevObject!, ev.revision) };
  return undefined;
}

/** A shallow copy of a (shared, frozen) object with another resourceVersion. */
function atRevision<T extends ApiObject>(obj: T, revision: number): T {
  return { ...obj, metadata: { ...obj.metadata, resourceVersion: String(revision) } };
}

export class CacheWatcher<T extends ApiObject> implements Watcher<T> {
  readonly key: string;
  readonly recursive: boolean;
  readonly progressNotify: boolean;
  /** The newest revision handed to this watcher (events or bookmarks). */
  lastRevision: number;
  private readonly predicate: Predicate<T> | undefined;
  private readonly capacity: number;
  private readonly onStop: (w: CacheWatcher<T>) => void;
  private initial: Array<WatchEvent<T>> = [];
  private initialIndex = 0;
  private queue: Array<WatchEvent<T>> = [];
  private queueHead = 0;
  private ended = false;
  private stopped = false;
  private wake: (() => void) | undefined;

  constructor(opts: CacheWatcherOptions<T>) {
    this.key = opts.key;
    this.recursive = opts.recursive;
    this.predicate = opts.predicate;
    this.capacity = opts.capacity;
    this.progressNotify = opts.progressNotify;
    this.lastRevision = opts.startRevision;
    this.onStop = opts.onStop;
  }

  covers(key: string): boolean {
    return this.recursive ? key.startsWith(this.key) : key === this.key;
  }

  /** Events delivered before any live one (initial state, replayed history); not bounded by capacity. */
  prime(events: Array<WatchEvent<T>>): void {
    this.initial = events;
    this.initialIndex = 0;
  }

  /** Replayed changes from the window, filtered like live ones. */
  primeFromHistory(history: Array<CacheEvent<T>>): void {
    const out: Array<WatchEvent<T>> = [];
    for (const ev of history) {
      if (!this.covers(ev.key)) continue;
      // Replayed changes no longer hold their decoded object: without a predicate the change
      // itself is handed over, decoded only if the reader asks (a JSON client does not).
      const filtered = this.predicate ? filterEvent(ev, this.predicate) : ev;
      if (filtered) out.push(filtered);
    }
    if (history.length > 0) this.lastRevision = history[history.length - 1]!.revision;
    this.prime(out);
  }

  /** Offers a live change; ends the watcher with 410 when its queue is full. */
  offer(ev: CacheEvent<T>): void {
    if (this.ended || !this.covers(ev.key)) return;
    const filtered = filterEvent(ev, this.predicate);
    this.lastRevision = ev.revision;
    if (filtered) this.enqueue(filtered);
  }

  /** A progress BOOKMARK, sent only when there is room and it does not go back in time. */
  offerBookmark(revision: number): void {
    if (this.ended || revision < this.lastRevision || this.pending() >= this.capacity) return;
    this.lastRevision = revision;
    this.enqueue(bookmark<T>(revision));
  }

  private pending(): number {
    return this.queue.length - this.queueHead;
  }

  private enqueue(ev: WatchEvent<T>): void {
    if (this.pending() >= this.capacity) {
      this.endWith(expiredEvent<T>(`the watch fell behind by more than ${this.capacity} events and was closed; watch again from a newer resourceVersion or relist`));
      return;
    }
    this.queue.push(ev);
    this.signal();
  }

  /** Drops whatever is queued, delivers `last` and ends. */
  endWith(last: WatchEvent<T>): void {
    if (this.ended) return;
    this.queue = [last];
    this.queueHead = 0;
    this.initial = this.initial.slice(this.initialIndex);
    this.initialIndex = 0;
    this.ended = true;
    this.onStop(this);
    this.signal();
  }

  /** Ends after what is queued has been read. */
  end(): void {
    if (this.ended) return;
    this.ended = true;
    this.onStop(this);
    this.signal();
  }

  stop(): void {
    this.stopped = true;
    this.queue = [];
    this.queueHead = 0;
    this.initial = [];
    this.initialIndex = 0;
    if (!this.ended) {
      this.ended = true;
      this.onStop(this);
    }
    this.signal();
  }

  private signal(): void {
    const wake = this.wake;
    this.wake = undefined;
    wake?.();
  }

  private take(): WatchEvent<T> | undefined {
    if (this.stopped) return undefined;
    if (this.initialIndex < this.initial.length) {
      const ev = this.initial[this.initialIndex]!;
      this.initial[this.initialIndex++] = undefined as unknown as WatchEvent<T>;
      if (this.initialIndex === this.initial.length) {
        this.initial = [];
        this.initialIndex = 0;
      }
      return ev;
    }
    if (this.queueHead < this.queue.length) {
      const ev = this.queue[this.queueHead]!;
      this.queue[this.queueHead++] = undefined as unknown as WatchEvent<T>;
      // Compact the array now and then so consumed slots are released.
      if (this.queueHead > 1024 && this.queueHead * 2 > this.queue.length) {
        this.queue = this.queue.slice(this.queueHead);
        this.queueHead = 0;
      }
      return ev;
    }
    return undefined;
  }

  [Symbol.asyncIterator](): AsyncIterator<WatchEvent<T>> {
    return {
      next: async (): Promise<IteratorResult<WatchEvent<T>>> => {
        for (;;) {
          const ev = this.take();
          if (ev) return { value: ev, done: false };
          if (this.ended || this.stopped) return { value: undefined, done: true };
          await new Promise<void>((resolve) => {
            this.wake = resolve;
          });
        }
      },
      return: async (): Promise<IteratorResult<WatchEvent<T>>> => {
        this.stop();
        return { value: undefined, done: true };
      },
    };
  }
}
