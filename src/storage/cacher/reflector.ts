// Keeps a WatchCache in step with the store: list once, then watch from the list's revision with
// progress notifications. When the watch ends or fails (e.g. its start was compacted), it lists
// again after a short backoff.
import { klog } from '../../component-base/logs/klog.ts';
import type { ApiObject, Store, WatchEvent, Watcher } from '../interface.ts';
import type { CacheEvent, WatchCache } from './watch-cache.ts';
import type { CachedObject } from './cached-object.ts';

const log = klog('storage/cacher/reflector');

export interface ReflectorOptions<T extends ApiObject> {
  store: Store<T>;
  prefix: string;
  cache: WatchCache<T>;
  keyOf: (obj: T) => string;
  /** Objects stored in the cache (e.g. frozen, since they are shared). */
  adopt: (obj: T) => T;
  onReplace: () => void;
  onEvent: (ev: CacheEvent<T>) => void;
  onProgress: (revision: number) => void;
  onReadyChange: (ready: boolean) => void;
}

function revisionOf(obj: ApiObject): number {
  const rv = Number(obj.metadata?.resourceVersion);
  return Number.isSafeInteger(rv) ? rv : 0;
}

export class Reflector<T extends ApiObject> {
  private readonly opts: ReflectorOptions<T>;
  private upstream: Watcher<T> | undefined;
  private closed = false;
  private backoffMs = 100;
  private sleepTimer: NodeJS.Timeout | undefined;
  private wakeSleep: (() => void) | undefined;
  private loop: Promise<void> | undefined;

  constructor(opts: ReflectorOptions<T>) {
    this.opts = opts;
  }

  start(): void {
    this.loop ??= this.run();
  }

  async stop(): Promise<void> {
    this.closed = true;
    this.upstream?.stop();
    clearTimeout(this.sleepTimer);
    this.wakeSleep?.();
    await this.loop;
  }

  private async run(): Promise<void> {
    while (!this.closed) {
      try {
        await this.listAndWatch();
      } catch (err) {
        if (!this.closed) log.warning('watch cache lost its watch; listing again', { prefix: this.opts.prefix, err });
      }
      this.opts.onReadyChange(false);
      if (this.closed) return;
      await this.sleep(this.backoffMs);
      this.backoffMs = Math.min(this.backoffMs * 2, 5000);
    }
  }

  private async listAndWatch(): Promise<void> {
    const { store, prefix, cache, keyOf } = this.opts;
    const list = await store.list(prefix, { recursive: true, resourceVersion: '' });
    if (this.closed) return;
    const revision = Number(list.resourceVersion);
    cache.replace(list.items.map((obj) => [keyOf(obj), cache.keepFromList(obj, revisionOf(obj))] as [string, CachedObject<T>]), revision);
    this.opts.onReplace();
    const watcher = await store.watch(prefix, { recursive: true, resourceVersion: list.resourceVersion, progressNotify: true, sendInitialEvents: false });
    if (this.closed) {
      watcher.stop();
      return;
    }
    this.upstream = watcher;
    this.opts.onReadyChange(true);
    this.backoffMs = 100;
    log.info('watch cache ready', { prefix, revision, objects: cache.objectCount }, 2);
    try {
      for await (const ev of watcher) {
        if (this.closed) return;
        if (!this.handle(ev)) return;
      }
    } finally {
      watcher.stop();
      this.upstream = undefined;
    }
  }

  /** Applies one upstream event; false when the watch must be restarted. */
  private handle(ev: WatchEvent<T>): boolean {
    const { cache, keyOf, adopt } = this.opts;
    switch (ev.type) {
      case 'BOOKMARK': {
        const revision = revisionOf(ev.object);
        cache.advance(revision);
        this.opts.onProgress(cache.revision);
        return true;
      }
      case 'ERROR':
        log.info('watch cache upstream watch ended with an error; listing again', { prefix: this.opts.prefix, status: ev.object }, 1);
        return false;
      default: {
        const obj = adopt(ev.object);
        const revision = revisionOf(obj);
        if (revision <= cache.revision && ev.type !== 'DELETED' && (cache.get(keyOf(obj))?.revision ?? 0) >= revision) {
          return true; // already applied (a replayed event)
        }
        const change = cache.apply(ev.type, keyOf(obj), obj, revision);
        this.opts.onEvent(change);
        change.settle();
        return true;
      }
    }
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      this.wakeSleep = resolve;
      this.sleepTimer = setTimeout(resolve, ms);
    });
  }
}
