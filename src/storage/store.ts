// The object store for one resource, written once over the KV seam: encoding, resourceVersion
// (the key's modRevision, set on every object handed out and never stored), preconditions,
// retry-on-conflict, TTLs, lists and watches. The watch cache decorates the same interface.
import type { Codec } from './codecs/codec.ts';
import {
  StorageError,
  type ApiObject,
  type DeleteOptions,
  type GetOptions,
  type GuaranteedUpdateOptions,
  type ListOptions,
  type ListResult,
  type Store,
  type WatchOptions,
  type Watcher,
} from './interface.ts';
import type { KeyValue, Kv } from './kv/interface.ts';
import { checkPreconditions, forStorage } from './preconditions.ts';
import { parseResourceVersion, waitForRevision } from './resource-version.ts';
import { decodeStored, decodeStoredShared, readValue, rememberWritten, type StoreContext } from './store-context.ts';
import type { ValueTransformer } from './transformers/transformer.ts';
import { listObjects } from './store-list.ts';
import { watchObjects } from './store-watch.ts';
import { DEFAULT_WATCH_QUEUE_SIZE } from './watch-queue.ts';

export interface CreateStoreOptions {
  kv: Kv;
  codec: Codec;
  groupResource: { group: string; resource: string };
  /** How long a read "not older than N" waits for the store to reach N (default 3 s, as Kubernetes). */
  freshnessTimeoutMs?: number;
  /** Events a watcher may fall behind by before it is ended with 410 Expired (default 1000). */
  watchQueueSize?: number;
  /** Encryption at rest: applied to encoded values on their way to and from the KV. */
  transformer?: ValueTransformer;
}

export function createStore<T extends ApiObject = ApiObject>(opts: CreateStoreOptions): Store<T> {
  return new KvStore<T>({
    kv: opts.kv,
    codec: opts.codec,
    groupResource: opts.groupResource,
    freshnessTimeoutMs: opts.freshnessTimeoutMs ?? 3000,
    watchQueueSize: opts.watchQueueSize ?? DEFAULT_WATCH_QUEUE_SIZE,
    transformer: opts.transformer,
  });
}

function isEqualBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && Buffer.compare(a, b) === 0;
}

class KvStore<T extends ApiObject> implements Store<T> {
  private readonly ctx: StoreContext;
  private readonly watchers = new Set<Watcher<T>>();

  constructor(ctx: StoreContext) {
    this.ctx = ctx;
  }

  /** Encodes an object already prepared by forStorage. */
  private encode(key: string, stored: T): Uint8Array {
    try {
      return this.ctx.codec.encode(stored);
    } catch (err) {
      throw new StorageError('InvalidObject', key, `object cannot be encoded: ${(err as Error).message}`);
    }
  }

  private toStorage(key: string, encoded: Uint8Array): Uint8Array {
    return this.ctx.transformer ? this.ctx.transformer.toStorage(encoded, key) : encoded;
  }

  async create(key: string, obj: T, ttlSeconds?: number): Promise<T> {
    const rv = obj.metadata?.resourceVersion;
    if (rv !== undefined && rv !== '' && rv !== '0') {
      throw new StorageError('InvalidObject', key, 'resourceVersion should not be set on objects to be created');
    }
    const stored = forStorage(obj);
    const bytes = this.toStorage(key, this.encode(key, stored));
    // Before the write: its watch events may be handled before the write's promise settles.
    rememberWritten(this.ctx, bytes, stored);
    const r = await this.ctx.kv.create(key, bytes, ttlSeconds);
    if (!r.succeeded) throw new StorageError('KeyExists', key, `key exists: ${key}`, r.current?.modRevision);
    return decodeStoredShared<T>(this.ctx, { key, value: bytes, createRevision: r.revision, modRevision: r.revision });
  }

  async get(key: string, opts: GetOptions = {}): Promise<T | undefined> {
    const rv = parseResourceVersion(opts.resourceVersion, key);
    if (rv > 0) await waitForRevision(this.ctx.kv, rv, key, this.ctx.freshnessTimeoutMs);
    const got = await this.ctx.kv.get(key);
    if (!got.kv) {
      if (opts.ignoreNotFound) return undefined;
      throw new StorageError('NotFound', key, `key not found: ${key}`, got.revision);
    }
    return decodeStored<T>(this.ctx, got.kv);
  }

  list(key: string, opts: ListOptions<T>): Promise<ListResult<T>> {
    return listObjects(this.ctx, key, opts);
  }

  async guaranteedUpdate(key: string, opts: GuaranteedUpdateOptions<T>): Promise<T> {
    let current: KeyValue | undefined = (await this.ctx.kv.get(key)).kv;
    for (;;) {
      const existing = current ? decodeStored<T>(this.ctx, current) : undefined;
      if (!existing && !opts.ignoreNotFound) throw new StorageError('NotFound', key, `key not found: ${key}`);
      checkPreconditions(key, opts.preconditions, existing, current?.modRevision ?? 0);
      const { object, ttlSeconds } = await opts.tryUpdate(existing);
      const stored = forStorage(object);
      const encoded = this.encode(key, stored);
      // Nothing changed: no write, no new revision, as Kubernetes skips no-op updates; a value
      // read through an old encryption provider is rewritten all the same.
      if (current && ttlSeconds === undefined) {
        const before = readValue(this.ctx, current);
        if (!before.stale && isEqualBytes(encoded, before.data)) return existing!;
      }
      const bytes = this.toStorage(key, encoded);
      rememberWritten(this.ctx, bytes, stored);
      const r = current
        ? await this.ctx.kv.update(key, bytes, current.modRevision, ttlSeconds)
        : await this.ctx.kv.create(key, bytes, ttlSeconds);
      if (r.succeeded) return decodeStoredShared<T>(this.ctx, { key, value: bytes, createRevision: current?.createRevision ?? r.revision, modRevision: r.revision });
      // Lost a race: retry against the state that won. A pinned resourceVersion fails the
      // precondition check on the next turn with Conflict.
      current = r.current;
    }
  }

  async delete(key: string, opts: DeleteOptions<T> = {}): Promise<T> {
    let current: KeyValue | undefined = (await this.ctx.kv.get(key)).kv;
    for (;;) {
      if (!current) throw new StorageError('NotFound', key, `key not found: ${key}`);
      const existing = decodeStored<T>(this.ctx, current);
      checkPreconditions(key, opts.preconditions, existing, current.modRevision);
      if (opts.validateDeletion) await opts.validateDeletion(existing);
      const r = await this.ctx.kv.delete(key, current.modRevision);
      if (r.succeeded) return decodeStored<T>(this.ctx, current, r.revision);
      current = r.current;
    }
  }

  watch(key: string, opts: WatchOptions<T>): Promise<Watcher<T>> {
    return watchObjects(this.ctx, key, opts, (w) => {
      this.watchers.add(w);
      return () => this.watchers.delete(w);
    });
  }

  currentRevision(): Promise<number> {
    return this.ctx.kv.currentRevision();
  }

  count(prefix: string): Promise<number> {
    return this.ctx.kv.count(prefix);
  }

  /** Ends this store's watchers. The KV store is shared and closed by whoever opened it. */
  async close(): Promise<void> {
    for (const w of [...this.watchers]) w.stop();
    this.watchers.clear();
  }
}
