// The garbage-collector controller: discovers every resource the server serves with list, watch
// and delete (events excepted, as Kubernetes ignores them), watches each through a shared informer
// to build the ownerReference graph, and once every informer has synced runs --concurrent-gc-syncs
// workers on the attempt-to-delete and attempt-to-orphan queues. Discovery is repeated every 30 s
// so resources served later are watched too. With --enable-garbage-collector=false it does nothing.
import type { GarbageCollectorControllerOptions } from '../../../options/controllermanager/controller-options.ts';
import { realClock, sleep, type Clock } from '../../../client/clock/clock.ts';
import type { CachedObject } from '../../../client/cache/store.ts';
import { DiscoveryClient, groupVersionOf, resourceKey, withVerbs, type ApiResource } from '../../../client/discovery/discovery-client.ts';
import { RestMapper } from '../../../client/discovery/rest-mapper.ts';
import { RateLimitingQueue } from '../../../client/workqueue/rate-limiting-queue.ts';
import { klog } from '../../../component-base/logs/klog.ts';
import type { ControllerContext, ControllerRun } from '../../controller.ts';
import { GraphBuilder } from './graph-builder.ts';
import type { GraphNode } from './graph.ts';
import { Collector } from './collector.ts';
import { LiveObjects } from './live-objects.ts';

const log = klog('controllermanager/garbagecollector');

/** Resources the collector never watches: Kubernetes' default ignored resources. */
const IGNORED = new Set(['/events', 'events.orch.io/events']);

/** The options (--enable-garbage-collector, --concurrent-gc-syncs) and what tests may change. */
export interface GarbageCollectorOptions extends GarbageCollectorControllerOptions {
  /** How often discovery is repeated to find resources served later. */
  rediscoveryPeriodMs?: number;
  clock?: Clock;
}

/** Resources whose objects can be owners or dependents the collector acts on. */
export function collectableResources(resources: readonly ApiResource[]): ApiResource[] {
  return withVerbs(resources, 'list', 'watch', 'delete').filter((r) => !IGNORED.has(`${r.group}/${r.resource}`));
}

function untilAborted(signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => (signal.aborted ? resolve() : signal.addEventListener('abort', () => resolve(), { once: true })));
}

export function garbageCollectorController(opts: GarbageCollectorOptions): ControllerRun {
  return async (ctx) => {
    if (!opts.enabled) {
      log.info('Garbage collector is disabled (--enable-garbage-collector=false)');
      return untilAborted(ctx.signal);
    }
    const client = ctx.client;
    const informers = ctx.informers;
    if (!client || !informers) throw new Error('the garbage collector needs an API client and informers');
    const clock = opts.clock ?? realClock;
    const attemptToDelete = new RateLimitingQueue<GraphNode>(clock);
    const attemptToOrphan = new RateLimitingQueue<GraphNode>(clock);
    ctx.signal.addEventListener('abort', () => {
      attemptToDelete.shutDown();
      attemptToOrphan.shutDown();
    }, { once: true });
    const builder = new GraphBuilder(attemptToDelete, attemptToOrphan);
    const discovery = new DiscoveryClient(client);
    const live = new LiveObjects(client, new RestMapper([]));
    const monitored = new Set<string>();

    // Adds an informer for each collectable resource not yet watched; resolves once they synced.
    const syncMonitors = async (): Promise<void> => {
      const discovered = await discovery.serverPreferredResources(ctx.signal);
      for (const f of discovered.failed) log.warning('Discovery failed for a group version; its resources are not collected for now', { groupVersion: f.groupVersion, err: f.error.message });
      live.setMapper(new RestMapper(discovered.resources));
      const added = collectableResources(discovered.resources).filter((r) => !monitored.has(resourceKey(r)));
      for (const r of added) {
        monitored.add(resourceKey(r));
        const kind = { apiVersion: groupVersionOf(r), kind: r.kind };
        informers.informerFor<CachedObject>(r).addEventHandler({
          onAdd: (obj) => builder.observe(obj, kind),
          onUpdate: (_old, obj) => builder.observe(obj, kind),
          onDelete: (obj) => builder.forget(obj),
        });
      }
      if (added.length === 0) return;
      log.info('Garbage collector watches resources', { added: added.map((r) => resourceKey(r)).join(',') }, 2);
      informers.start(ctx.signal);
      await Promise.race([Promise.all(added.map((r) => informers.informerFor(r).waitForSync())), untilAborted(ctx.signal)]);
    };

    for (;;) {
      try {
        await syncMonitors();
        break;
      } catch (err) {
        if (ctx.signal.aborted) return;
        log.error('Garbage collector discovery failed; retrying', { err: (err as Error).message });
        await sleep(clock, 1000, ctx.signal).catch(() => undefined);
      }
    }
    if (ctx.signal.aborted) return;
    log.info('Garbage collector synced; starting workers', { workers: opts.workers, objects: builder.graph.size });

    const collector = new Collector(builder, live, attemptToDelete);
    const worker = (queue: RateLimitingQueue<GraphNode>, work: (n: GraphNode) => Promise<void>, what: string) => async () => {
      for (;;) {
        const next = await queue.get();
        if (next.shutdown) return;
        const node = next.item;
        try {
          await work(node);
          queue.forget(node);
        } catch (err) {
          if (!ctx.signal.aborted) {
            log.info(`Retrying ${what}`, { object: node.describe(), err: (err as Error).message }, 2);
            queue.addRateLimited(node);
          }
        } finally {
          queue.done(node);
        }
      }
    };
    const workers = [
      ...Array.from({ length: opts.workers }, worker(attemptToDelete, (n) => collector.attemptToDeleteItem(n, ctx.signal), 'attempt to delete')),
      ...Array.from({ length: opts.workers }, worker(attemptToOrphan, (n) => collector.orphanDependents(n, ctx.signal), 'orphaning dependents')),
    ];
    await Promise.all([...workers, rediscover(ctx, syncMonitors, opts.rediscoveryPeriodMs ?? 30_000, clock)]);
  };
}

/** Repeats discovery until the signal aborts, so resources served later are collected too. */
async function rediscover(ctx: ControllerContext, syncMonitors: () => Promise<void>, periodMs: number, clock: Clock): Promise<void> {
  while (!ctx.signal.aborted) {
    await sleep(clock, periodMs, ctx.signal).catch(() => undefined);
    if (ctx.signal.aborted) return;
    await syncMonitors().catch((err) => log.error('Garbage collector rediscovery failed', { err: (err as Error).message }));
  }
}
