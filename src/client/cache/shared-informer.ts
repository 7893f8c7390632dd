// A shared informer: one reflector feeding one indexed cache, and any number of event handlers
// told of adds, updates and deletes. Handlers also get a periodic resync (an update with the
// same object) every resync period, randomised between 1x and 2x --min-resync-period.
import { klog } from '../../component-base/logs/klog.ts';
import type { Clock, TimerHandle } from '../clock/clock.ts';
import { Indexer, metaNamespaceKey, type CachedObject, type IndexFunc } from './store.ts';
import { Reflector, type ListerWatcher, type ReflectorOptions, type ReflectorSink } from './reflector.ts';

const log = klog('client/informer');

export interface EventHandler<T> {
  onAdd?(obj: T, isInInitialList: boolean): void;
  onUpdate?(oldObj: T, newObj: T): void;
  /** A deleted object, or the last known state of one that vanished between lists. */
  onDelete?(obj: T): void;
}

/** client-go's resyncPeriod(): a duration between min and 2 × min. */
export function randomResyncPeriod(minResyncMs: number, random: () => number = Math.random): number {
  return Math.floor(minResyncMs * (1 + random()));
}

export interface SharedInformerOptions<T> extends Omit<ReflectorOptions, 'clock'> {
  clock: Clock;
  /** 0: no resync. */
  resyncPeriodMs?: number;
  indexers?: Record<string, IndexFunc<T>>;
}

export class SharedInformer<T extends CachedObject> implements ReflectorSink<T> {
  readonly indexer: Indexer<T>;
  readonly reflector: Reflector<T>;
  private readonly handlers: EventHandler<T>[] = [];
  private readonly clock: Clock;
  private readonly resyncPeriodMs: number;
  private synced = false;
  private syncWaiters: Array<() => void> = [];
  private resyncTimer: TimerHandle | undefined;

  constructor(lw: ListerWatcher<T>, opts: SharedInformerOptions<T>) {
    this.indexer = new Indexer<T>(opts.indexers);
    this.clock = opts.clock;
    this.resyncPeriodMs = opts.resyncPeriodMs ?? 0;
    this.reflector = new Reflector<T>(lw, this, opts);
  }

  addEventHandler(handler: EventHandler<T>): void {
    this.handlers.push(handler);
    // A handler added late learns of what is already known.
    for (const obj of this.indexer.list()) handler.onAdd?.(obj, true);
  }

  hasSynced(): boolean {
    return this.synced;
  }

  /** Resolves once the first list (or WatchList) has been delivered. */
  waitForSync(): Promise<void> {
    if (this.synced) return Promise.resolve();
    return new Promise((resolve) => this.syncWaiters.push(resolve));
  }

  /** Runs until the signal aborts. */
  async run(signal: AbortSignal): Promise<void> {
    this.scheduleResync(signal);
    signal.addEventListener('abort', () => this.resyncTimer?.cancel(), { once: true });
    await this.reflector.run(signal);
    this.resyncTimer?.cancel();
  }

  replace(items: T[], _resourceVersion: string): void {
    const before = new Map(this.indexer.list().map((o) => [metaNamespaceKey(o), o]));
    this.indexer.replace(items);
    const initial = !this.synced;
    for (const obj of items) {
      const key = metaNamespaceKey(obj);
      const old = before.get(key);
      before.delete(key);
      if (!old) this.notify((h) => h.onAdd?.(obj, initial));
      else if (old.metadata?.resourceVersion !== obj.metadata?.resourceVersion) this.notify((h) => h.onUpdate?.(old, obj));
    }
    // Objects gone between the lists were deleted while we were not watching.
    for (const old of before.values()) this.notify((h) => h.onDelete?.(old));
    if (!this.synced) {
      this.synced = true;
      for (const w of this.syncWaiters.splice(0)) w();
    }
  }

  add(obj: T): void {
    const old = this.indexer.getByObject(obj);
    this.indexer.add(obj);
    if (old) this.notify((h) => h.onUpdate?.(old, obj));
    else this.notify((h) => h.onAdd?.(obj, false));
  }

  update(obj: T): void {
    const old = this.indexer.getByObject(obj);
    this.indexer.update(obj);
    if (old) this.notify((h) => h.onUpdate?.(old, obj));
    else this.notify((h) => h.onAdd?.(obj, false));
  }

  delete(obj: T): void {
    this.indexer.delete(obj);
    this.notify((h) => h.onDelete?.(obj));
  }

  private notify(call: (h: EventHandler<T>) => void): void {
    for (const h of this.handlers) {
      try {
        call(h);
      } catch (err) {
        log.error('An informer event handler failed', { err });
      }
    }
  }

  private scheduleResync(signal: AbortSignal): void {
    if (this.resyncPeriodMs <= 0 || signal.aborted) return;
    this.resyncTimer = this.clock.setTimer(() => {
      for (const obj of this.indexer.list()) this.notify((h) => h.onUpdate?.(obj, obj));
      this.scheduleResync(signal);
    }, this.resyncPeriodMs);
  }
}
