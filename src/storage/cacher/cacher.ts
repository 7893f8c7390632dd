// The watch cache: a Store decorator for one resource prefix. It lists and watches the store
// once, keeps every current object and a window of recent changes in memory, and answers from
// memory: watches that start inside the window or from "now", resourceVersion=0 lists and gets,
// and consistent lists once it has caught up with the store's current revision. Everything else,
// and every write, goes to the store.
import { decodeContinue } from '../continue-token.ts';
import { parseResourceVersion } from '../resource-version.ts';
import { StorageError } from '../interface.ts';
import type {
  ApiObject,
  DeleteOptions,
  EntryListResult,
  GetOptions,
  GuaranteedUpdateOptions,
  ListOptions,
  ListResult,
  Store,
  StoredEntry,
  WatchEvent,
  WatchOptions,
  Watcher,
} from '../interface.ts';
import { CacheWatcher, INITIAL_EVENTS_END_ANNOTATION, bookmark, expiredEvent } from './cache-watcher.ts';
import { entryMatches, listFromCache } from './list-from-cache.ts';
import type { CachedObject } from './cached-object.ts';
import { Reflector } from './reflector.ts';
import { WatchCache } from './watch-cache.ts';
import { deepFreeze } from '../../machinery/patch/json-value.ts';

export interface CacherOptions<T extends ApiObject> {
  store: Store<T>;
  /** The resource's storage prefix, e.g. /registry/events/ (a trailing / is added if missing). */
  prefix: string;
  /** Changes kept for watches that start in the past (--watch-cache-sizes); default 4096. */
  windowSize?: number;
  /** Live events one watcher may have unread before it is ended with 410; default 1000. */
  watcherQueueSize?: number;
  /** Storage key of an object; default <prefix><namespace>/<name>, or <prefix><name>. */
  keyOf?: (obj: T) => string;
  /** How long a consistent read waits for the cache to catch up before asking the store; default 100ms. */
  consistentReadWaitMs?: number;
  /** How long a watch or list at a future resourceVersion waits for the cache; default 3000ms. */
  futureRevisionWaitMs?: number;
  /** How long a request waits for the first list before going to the store; default 1000ms. */
  readyWaitMs?: number;
  /** Period of progress BOOKMARKs to watchers that asked for them; default 1000ms. */
  bookmarkIntervalMs?: number;
  /** Close the underlying store when the cacher closes; default true. */
  closeStore?: boolean;
}

/** The cacher is a Store; these extras are for health and tests. */
export interface Cacher<T extends ApiObject> extends Store<T> {
  /** Resolves true once the first list is in memory, false after timeoutMs. */
  waitReady(timeoutMs: number): Promise<boolean>;
  /** The revision the cache has reached. */
  cachedRevision(): number;
  /** Watchers currently served from memory. */
  watcherCount(): number;
}

/** An object the store decoded, as an entry (nothing encoded to serve as it is). */
function decodedEntry<T extends ApiObject>(obj: T): StoredEntry<T> {
  return { object: () => obj };
}

/** An object of the initial state, decoded only if a reader of the event asks for it. */
class InitialEvent<T extends ApiObject> implements WatchEvent<T> {
  readonly type = 'ADDED';
  readonly entry: CachedObject<T>;
  constructor(entry: CachedObject<T>) {
    this.entry = entry;
  }
  get object(): T {
    return this.entry.object();
  }
}

/** A watcher that delivers a fixed list of events and ends (used for 410 on expired revisions). */
function finishedWatcher<T extends ApiObject>(events: Array<WatchEvent<T>>): Watcher<T> {
  let stopped = false;
  return {
    stop() {
      stopped = true;
    },
    async *[Symbol.asyncIterator]() {
      for (const ev of events) {
        if (stopped) return;
        yield ev;
      }
    },
  };
}

/**
 * Wraps `store` with a watch cache for `prefix`. Objects handed out from memory are shared between
 * callers and frozen: copy one before changing it.
 */
export function createCacher<T extends ApiObject>(opts: CacherOptions<T>): Cacher<T> {
  const store = opts.store;
  const prefix = opts.prefix.endsWith('/') ? opts.prefix : `${opts.prefix}/`;
  const capacity = opts.watcherQueueSize ?? 1000;
  const consistentReadWaitMs = opts.consistentReadWaitMs ?? 100;
  const futureRevisionWaitMs = opts.futureRevisionWaitMs ?? 3000;
  const readyWaitMs = opts.readyWaitMs ?? 1000;
  // join() makes one flat string; a template literal makes a tree of concatenations (two 32-byte
  // nodes and a copy of "<namespace>/" per key, about 48 bytes more for each object kept).
  const keyOf = opts.keyOf ?? ((obj: T) => {
    const ns = obj.metadata.namespace;
    return (ns ? [prefix, ns, '/', obj.metadata.name ?? ''] : [prefix, obj.metadata.name ?? '']).join('');
  });

  const cache = new WatchCache<T>(opts.windowSize ?? 4096);
  const watchers = new Set<CacheWatcher<T>>();
  let ready = false;
  let closed = false;
  let readyWaiters: Array<() => void> = [];

  const setReady = (value: boolean): void => {
    ready = value;
    if (value) {
      for (const wake of readyWaiters) wake();
      readyWaiters = [];
    }
  };

  const waitReady = async (timeoutMs: number): Promise<boolean> => {
    if (ready) return true;
    if (closed || timeoutMs <= 0) return false;
    let timer: NodeJS.Timeout | undefined;
    const reached = await new Promise<boolean>((resolve) => {
      const wake = () => resolve(true);
      readyWaiters.push(wake);
      timer = setTimeout(() => {
        readyWaiters = readyWaiters.filter((w) => w !== wake);
        resolve(false);
      }, timeoutMs);
    });
    clearTimeout(timer);
    return reached && ready;
  };

  const reflector = new Reflector<T>({
    store,
    prefix,
    cache,
    keyOf,
    adopt: deepFreeze,
    onReplace: () => {
      // The cache cannot say what changed across a relist: end every watcher; clients watch
      // again from their last resourceVersion, or relist if that has left the window.
      for (const w of [...watchers]) w.end();
    },
    onEvent: (ev) => {
      for (const w of watchers) w.offer(ev);
    },
    onProgress: () => {},
    onReadyChange: setReady,
  });
  reflector.start();

  const bookmarkTimer = setInterval(() => {
    if (!ready) return;
    for (const w of watchers) if (w.progressNotify) w.offerBookmark(cache.revision);
  }, opts.bookmarkIntervalMs ?? 1000);
  bookmarkTimer.unref();

  const inScope = (key: string): boolean => key.startsWith(prefix) || `${key}/` === prefix;

  /** Whether the cache holds everything the store had when asked (a consistent read). */
  const freshEnough = async (): Promise<boolean> => {
    const current = await store.currentRevision();
    return cache.waitFor(current, consistentReadWaitMs);
  };

  /** The store's answer, its objects as entries. */
  const storeList = async (requested: string, lo: ListOptions<T>): Promise<EntryListResult<T>> => {
    const out = await store.list(requested, lo);
    return { ...out, items: out.items.map(decodedEntry) };
  };

  const listEntries = async (requested: string, lo: ListOptions<T>): Promise<EntryListResult<T>> => {
    const key = lo.recursive && !requested.endsWith('/') ? `${requested}/` : requested;
    if (!inScope(key) || !(await waitReady(readyWaitMs))) return storeList(requested, lo);
    const rv = lo.resourceVersion ?? '';
    // Requests the store refuses (continue with a resourceVersion, Exact without one) get its answer.
    if (lo.continue && rv !== '' && rv !== '0') return storeList(requested, lo);
    if (lo.resourceVersionMatch === 'Exact' && (rv === '' || rv === '0')) return storeList(requested, lo);
    const req = { key, recursive: lo.recursive, predicate: lo.predicate, limit: lo.limit };
    if (lo.continue) {
      // A later page is served from memory only while memory is still that page's snapshot.
      const token = decodeContinue(lo.continue, key);
      if (token.revision === cache.revision) return listFromCache(cache, { ...req, startKey: token.startKey });
      return storeList(requested, lo);
    }
    if (rv === '0') return listFromCache(cache, req);
    if (rv === '') return (await freshEnough()) ? listFromCache(cache, req) : storeList(requested, lo);
    const wanted = parseResourceVersion(rv, key);
    // A paged list at a given resourceVersion means exactly that version, as in Kubernetes.
    const exact = lo.resourceVersionMatch === 'Exact' || (lo.resourceVersionMatch === undefined && !!lo.limit);
    if (exact) return wanted === cache.revision ? listFromCache(cache, req) : storeList(requested, lo);
    // Not older than N: answered as freshly as a consistent list (the cache may not hand out a
    // state older than the store's present one just because N allows it).
    const current = await store.currentRevision();
    if (await cache.waitFor(Math.max(wanted, current), consistentReadWaitMs)) return listFromCache(cache, req);
    return storeList(requested, lo);
  };

  const list = async (requested: string, lo: ListOptions<T>): Promise<ListResult<T>> => {
    const out = await listEntries(requested, lo);
    return { ...out, items: out.items.map((e) => e.object()) };
  };

  const peek = (key: string): T | undefined => (ready && inScope(key) ? cache.get(key)?.object() : undefined);

  const storeGet = async (key: string, go?: GetOptions): Promise<StoredEntry<T> | undefined> => {
    const obj = await store.get(key, go);
    return obj && decodedEntry(obj);
  };

  const getEntry = async (key: string, go?: GetOptions): Promise<StoredEntry<T> | undefined> => {
    const rv = go?.resourceVersion ?? '';
    const fromMemory = rv === '0' || (rv === '' && go?.readOnly === true);
    if (!fromMemory || !inScope(key) || !(await waitReady(readyWaitMs))) return storeGet(key, go);
    // A most-recent read, as a consistent list is: from memory once memory has caught up with the
    // store's current revision.
    if (rv === '' && !(await freshEnough())) return storeGet(key, go);
    // Absent from memory may only mean "not seen yet" (or, fresh, that the key is gone): the
    // store answers for the key, with its NotFound.
    return cache.get(key) ?? storeGet(key, go);
  };

  const get = async (key: string, go?: GetOptions): Promise<T | undefined> => (await getEntry(key, go))?.object();

  const watch = async (requested: string, wo: WatchOptions<T>): Promise<Watcher<T>> => {
    const key = wo.recursive && !requested.endsWith('/') ? `${requested}/` : requested;
    if (!inScope(key) || !(await waitReady(readyWaitMs))) return store.watch(requested, wo);
    const rv = parseResourceVersion(wo.resourceVersion, key);
    const fromState = rv === 0 ? wo.sendInitialEvents !== false : wo.sendInitialEvents === true;
    if (fromState && !wo.resourceVersion) {
      // A consistent start: the initial state must be at least the store's current revision.
      if (!(await freshEnough())) return store.watch(requested, wo);
    }
    if (rv > cache.revision && !(await cache.waitFor(rv, futureRevisionWaitMs))) {
      throw new StorageError('ResourceVersionTooLarge', key, `Too large resource version: ${rv}, current: ${cache.revision}`, cache.revision);
    }
    if (!ready) return store.watch(requested, wo);
    // From here to registration nothing awaits, so no change can slip between snapshot and live events.
    const watcher = new CacheWatcher<T>({
      key,
      recursive: wo.recursive,
      predicate: wo.predicate,
      capacity,
      progressNotify: !!wo.progressNotify,
      startRevision: cache.revision,
      onStop: (w) => watchers.delete(w),
    });
    if (fromState) {
      const initial: Array<WatchEvent<T>> = [];
      const entries = wo.recursive ? cache.entries(key) : (cache.get(key) ? [[key, cache.get(key)!] as [string, CachedObject<T>]] : []);
      for (const [, entry] of entries) if (entryMatches(wo.predicate, entry)) initial.push(new InitialEvent(entry));
      if (wo.sendInitialEvents === true) initial.push(bookmark<T>(cache.revision, { [INITIAL_EVENTS_END_ANNOTATION]: 'true' }));
      watcher.prime(initial);
    } else {
      const history = cache.eventsAfter(rv);
      if (!history) {
        return finishedWatcher([expiredEvent<T>(`too old resource version: ${rv} (${cache.oldestRevision})`)]);
      }
      watcher.primeFromHistory(history);
    }
    watchers.add(watcher);
    return watcher;
  };

  return {
    create: (key, obj, ttlSeconds) => store.create(key, obj, ttlSeconds),
    guaranteedUpdate: (key: string, uo: GuaranteedUpdateOptions<T>) => store.guaranteedUpdate(key, uo),
    delete: (key: string, d?: DeleteOptions<T>) => store.delete(key, d),
    get,
    getEntry,
    peek,
    list,
    listEntries,
    watch,
    currentRevision: () => store.currentRevision(),
    count: (p) => store.count(p),
    waitReady,
    cachedRevision: () => cache.revision,
    watcherCount: () => watchers.size,
    async close() {
      if (closed) return;
      closed = true;
      clearInterval(bookmarkTimer);
      for (const w of [...watchers]) w.end();
      cache.cancelWaits();
      for (const wake of readyWaiters) wake();
      readyWaiters = [];
      await reflector.stop();
      if (opts.closeStore ?? true) await store.close();
    },
  };
}
