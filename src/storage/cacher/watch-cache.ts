// The in-memory state of one resource: every current object by key (kept encoded, see
// cached-object.ts), and a bounded window of the most recent changes, each remembering the object
// as it was before, so that watchers with a predicate can tell "stopped matching" from "changed".
// Plain data, no I/O; its one timer packs a fill's entries in the background (packInBackground).
import type { ApiObject } from '../interface.ts';
import { CachedObject } from './cached-object.ts';
import { JsonPacker } from './json-packer.ts';

export type CacheEventType = 'ADDED' | 'MODIFIED' | 'DELETED';

export class CacheEvent<T extends ApiObject> {
  readonly type: CacheEventType;
  readonly key: string;
  readonly revision: number;
  /** The new state as the cache keeps it; for DELETED the last state, with the delete's resourceVersion. */
  readonly entry: CachedObject<T>;
  /** The decoded new state, held only until the change has been handed to the live watchers. */
  #object: T | undefined;
  /** The state before this change, when there was one (decoded only if a predicate asks). */
  readonly #prev: CachedObject<T> | undefined;

  constructor(type: CacheEventType, key: string, object: T, entry: CachedObject<T>, prev: CachedObject<T> | undefined, revision: number) {
    this.type = type;
    this.key = key;
    this.#object = object;
    this.entry = entry;
    this.#prev = prev;
    this.revision = revision;
  }

  /** The new state; for DELETED the last state. Decoded again for replays from the window. */
  get object(): T {
    return this.#object ?? this.entry.object();
  }

  get prevObject(): T | undefined {
    return this.#prev?.object();
  }

  /**
   * Lets go of the decoded object once live watchers have it: the window keeps thousands of
   * changes, and decoded pods there were most of the heap (4,096 of them, ~100 MiB).
   */
  settle(): void {
    this.#object = undefined;
  }
}

/** Keys added or removed between two range reads beyond which the next read sorts them all again. */
const MAX_PENDING_KEYS = 256;

/** The least string above every string that starts with the non-empty `prefix`. */
function pastPrefix(prefix: string): string {
  const last = prefix.length - 1;
  return prefix.slice(0, last) + String.fromCharCode(prefix.charCodeAt(last) + 1);
}

/** The first index whose key is not below `key`. */
function lowerBound(keys: string[], key: string): number {
  let lo = 0;
  let hi = keys.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (keys[mid]! < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Entries a fill leaves unpacked are packed this long after it, ... */
const PACK_DELAY_MS = 1000;
/** ... this many per turn of the event loop (a few ms). */
const PACK_SLICE = 1000;

export class WatchCache<T extends ApiObject> {
  /** Everything up to this revision is reflected in memory. */
  revision = 0;
  private readonly objects = new Map<string, CachedObject<T>>();
  private readonly packer = new JsonPacker();
  /** Keys in order as of the last range read (undefined: sort them all at the next one). */
  private sortedKeys: string[] | undefined;
  /** Keys added or removed since then, placed into sortedKeys at the next range read. */
  private pendingKeys: string[] = [];
  private readonly ring: Array<CacheEvent<T> | undefined>;
  private head = 0;
  private size = 0;
  /** Watches may start after any revision from this one on. */
  private oldestServable = 0;
  private waiters: Array<{ revision: number; resolve: (reached: boolean) => void; timer: NodeJS.Timeout }> = [];

  constructor(windowSize: number) {
    this.ring = new Array(Math.max(1, windowSize));
  }

  get objectCount(): number {
    return this.objects.size;
  }

  /** The oldest resourceVersion a watch can start from. */
  get oldestRevision(): number {
    return this.oldestServable;
  }

  /** `obj` at `revision` as this cache keeps it. */
  keep(obj: T, revision: number): CachedObject<T> {
    return CachedObject.of(obj, revision, this.packer);
  }

  /** `obj` from a fill (replace), kept unpacked until replace packs it in the background. */
  keepFromList(obj: T, revision: number): CachedObject<T> {
    return CachedObject.of(obj, revision, this.packer, true);
  }

  /** Replaces the whole state with a fresh list read at `revision`; the window starts empty. */
  replace(entries: Iterable<[string, CachedObject<T>]>, revision: number): void {
    this.objects.clear();
    for (const [key, obj] of entries) this.objects.set(key, obj);
    this.packInBackground([...this.objects.values()]);
    this.sortedKeys = undefined;
    this.pendingKeys = [];
    this.ring.fill(undefined);
    this.head = 0;
    this.size = 0;
    this.oldestServable = revision;
    this.revision = revision;
    this.wakeWaiters();
  }

  /**
   * Packs a fill's entries a slice per turn of the event loop, from a second after it: packing
   * 100,000 events takes ~0.3 s (more while the code is still interpreted), which the time to
   * /readyz need not include; until then they are served unpacked.
   */
  private packInBackground(entries: Array<CachedObject<T>>): void {
    let next = 0;
    const packSlice = () => {
      const end = Math.min(entries.length, next + PACK_SLICE);
      for (; next < end; next++) entries[next]!.packLater(this.packer);
      if (next < entries.length) setImmediate(packSlice).unref();
    };
    if (entries.length) setTimeout(packSlice, PACK_DELAY_MS).unref();
  }

  /** Applies one change and records it in the window. */
  apply(type: CacheEventType, key: string, object: T, revision: number): CacheEvent<T> {
    const prev = this.objects.get(key);
    const entry = this.keep(object, revision);
    if (type === 'DELETED') {
      if (this.objects.delete(key)) this.keyChanged(key);
    } else {
      if (!prev) this.keyChanged(key);
      this.objects.set(key, entry);
    }
    // The store reports a create as ADDED; a change to an object we already hold is a MODIFIED.
    const effective: CacheEventType = type === 'DELETED' ? 'DELETED' : prev ? 'MODIFIED' : 'ADDED';
    const event = new CacheEvent<T>(effective, key, object, entry, prev, revision);
    this.record(event);
    if (revision > this.revision) this.revision = revision;
    this.wakeWaiters();
    return event;
  }

  /** Progress without a change to this resource (a bookmark from the store). */
  advance(revision: number): void {
    if (revision <= this.revision) return;
    this.revision = revision;
    this.wakeWaiters();
  }

  private record(event: CacheEvent<T>): void {
    const capacity = this.ring.length;
    if (this.size === capacity) {
      const evicted = this.ring[this.head]!;
      this.oldestServable = evicted.revision;
      this.ring[this.head] = event;
      this.head = (this.head + 1) % capacity;
    } else {
      this.ring[(this.head + this.size) % capacity] = event;
      this.size++;
    }
  }

  /** The changes after `revision`, oldest first; undefined when they have left the window. */
  eventsAfter(revision: number): Array<CacheEvent<T>> | undefined {
    if (revision < this.oldestServable) return undefined;
    const capacity = this.ring.length;
    // Binary search for the first event with a revision above `revision`.
    let lo = 0;
    let hi = this.size;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.ring[(this.head + mid) % capacity]!.revision <= revision) lo = mid + 1;
      else hi = mid;
    }
    const out: Array<CacheEvent<T>> = [];
    for (let i = lo; i < this.size; i++) out.push(this.ring[(this.head + i) % capacity]!);
    return out;
  }

  get(key: string): CachedObject<T> | undefined {
    return this.objects.get(key);
  }

  /** Keys under `prefix` (or exactly `prefix` when not recursive) from startKey on, in key order. */
  keysInRange(prefix: string, startKey?: string): string[] {
    const keys = this.orderedKeys();
    const from = startKey && startKey > prefix ? startKey : prefix;
    const lo = lowerBound(keys, from);
    const end = prefix === '' ? keys.length : lowerBound(keys, pastPrefix(prefix));
    return keys.slice(lo, Math.max(lo, end));
  }

  private keyChanged(key: string): void {
    if (!this.sortedKeys) return;
    this.pendingKeys.push(key);
    if (this.pendingKeys.length > MAX_PENDING_KEYS) {
      this.sortedKeys = undefined;
      this.pendingKeys = [];
    }
  }

  /**
   * Every current key in order. A write only notes the key it added or removed; the next read
   * places those few keys by binary search instead of sorting every key again.
   */
  private orderedKeys(): string[] {
    if (!this.sortedKeys) {
      this.sortedKeys = [...this.objects.keys()].sort();
      this.pendingKeys = [];
      return this.sortedKeys;
    }
    const keys = this.sortedKeys;
    for (const key of this.pendingKeys) {
      const at = lowerBound(keys, key);
      const listed = at < keys.length && keys[at] === key;
      const present = this.objects.has(key);
      if (present && !listed) keys.splice(at, 0, key);
      else if (!present && listed) keys.splice(at, 1);
    }
    this.pendingKeys = [];
    return keys;
  }

  /** Every current object whose key starts with prefix, in key order. */
  *entries(prefix: string): Generator<[string, CachedObject<T>]> {
    for (const key of this.keysInRange(prefix)) yield [key, this.objects.get(key)!];
  }

  /** Resolves true once the cache reaches `revision`, false after timeoutMs. */
  waitFor(revision: number, timeoutMs: number): Promise<boolean> {
    if (this.revision >= revision) return Promise.resolve(true);
    if (timeoutMs <= 0) return Promise.resolve(false);
    return new Promise((resolve) => {
      const waiter = {
        revision,
        resolve,
        timer: setTimeout(() => {
          this.waiters = this.waiters.filter((w) => w !== waiter);
          resolve(false);
        }, timeoutMs),
      };
      this.waiters.push(waiter);
    });
  }

  private wakeWaiters(): void {
    if (this.waiters.length === 0) return;
    const still: typeof this.waiters = [];
    for (const w of this.waiters) {
      if (this.revision >= w.revision) {
        clearTimeout(w.timer);
        w.resolve(true);
      } else still.push(w);
    }
    this.waiters = still;
  }

  /** Releases timers of pending waits (they resolve false). */
  cancelWaits(): void {
    for (const w of this.waiters) {
      clearTimeout(w.timer);
      w.resolve(false);
    }
    this.waiters = [];
  }
}
