// Shared informers per resource (and namespace), as client-go's SharedInformerFactory: controllers
// asking for the same resource share one list/watch and one cache. Each informer's resync period
// is drawn between 1x and 2x --min-resync-period.
import type { Clock } from '../clock/clock.ts';
import type { RestClient } from '../rest/client.ts';
import { ResourceClient, type GroupVersionResource } from '../rest/resource.ts';
import { SharedInformer, randomResyncPeriod } from './shared-informer.ts';
import type { CachedObject } from './store.ts';

export interface InformerFactoryOptions {
  clock: Clock;
  /** --min-resync-period in milliseconds; 0: no resync. */
  minResyncPeriodMs: number;
  useWatchList?: boolean;
  pageSize?: number;
  random?: () => number;
}

export class InformerFactory {
  private readonly client: RestClient;
  private readonly opts: InformerFactoryOptions;
  private readonly informers = new Map<string, SharedInformer<any>>();
  private readonly started = new Map<string, Promise<void>>();

  constructor(client: RestClient, opts: InformerFactoryOptions) {
    this.client = client;
    this.opts = opts;
  }

  /** The shared informer of a resource, created on first use; `namespace` undefined watches all. */
  informerFor<T extends CachedObject = CachedObject>(gvr: GroupVersionResource, namespace?: string): SharedInformer<T> {
    const key = `${gvr.group}/${gvr.version}/${gvr.resource}@${namespace ?? ''}`;
    let informer = this.informers.get(key);
    if (!informer) {
      informer = new SharedInformer<T>(new ResourceClient<T>(this.client, gvr, namespace), {
        clock: this.opts.clock,
        resyncPeriodMs: this.opts.minResyncPeriodMs > 0 ? randomResyncPeriod(this.opts.minResyncPeriodMs, this.opts.random) : 0,
        useWatchList: this.opts.useWatchList,
        pageSize: this.opts.pageSize,
        name: key,
      });
      this.informers.set(key, informer);
    }
    return informer as SharedInformer<T>;
  }

  /** Starts every informer not yet running; informers created later need another start(). */
  start(signal: AbortSignal): void {
    for (const [key, informer] of this.informers) {
      if (!this.started.has(key)) this.started.set(key, informer.run(signal));
    }
  }

  /** Resolves once every informer has delivered its first state. */
  async waitForCacheSync(): Promise<void> {
    await Promise.all([...this.informers.values()].map((i) => i.waitForSync()));
  }

  /** Resolves once every started informer has stopped. */
  async stopped(): Promise<void> {
    await Promise.all(this.started.values());
  }
}
