// The resourcequota controller: keeps every ResourceQuota's status true to what its namespace
// holds. A quota is measured again when its limits change (first, in a queue of its own, when its
// status lacks limits or usage), when an object of a kind it counts is deleted or changed in a way
// that may lower usage (quota-monitor.ts), and for all quotas every --resource-quota-sync-period.
// Usage is measured from the monitors' caches with the counting the admission plugin uses
// (machinery/quota), and written to /status by compare-and-swap. --concurrent-resource-quota-syncs
// workers serve each of the two queues, as Kubernetes runs them; discovery is repeated every 30 s.
import type { ResourceQuota } from '../../../api/core/v1/policy-types.ts';
import type { ResourceQuotaControllerOptions } from '../../../options/controllermanager/controller-options.ts';
import { realClock, sleep, type Clock } from '../../../client/clock/clock.ts';
import type { SharedInformer } from '../../../client/cache/shared-informer.ts';
import { NAMESPACE_INDEX } from '../../../client/cache/store.ts';
import { DiscoveryClient } from '../../../client/discovery/discovery-client.ts';
import { collectionPath } from '../../../client/rest/resource.ts';
import { RateLimitingQueue } from '../../../client/workqueue/rate-limiting-queue.ts';
import { equalLists } from '../../../machinery/quantity/resource-lists.ts';
import { measureRegistry } from '../../../machinery/quota/registry.ts';
import { calculateUsage } from '../../../machinery/quota/usage.ts';
import { klog } from '../../../component-base/logs/klog.ts';
import type { ControllerContext, ControllerRun } from '../../controller.ts';
import { runWorker, waitForSync } from '../serviceaccount/queue-worker.ts';
import { QuotaMonitor } from './quota-monitor.ts';
import { needsUsageFirst, nextQuotaStatus, quotasCounting } from './quota-status.ts';

const log = klog('controllermanager/resourcequota');

export const CONTROLLER_NAME = 'resourcequota-controller';
const QUOTAS = { group: '', version: 'v1', resource: 'resourcequotas' };

export interface ResourceQuotaOptions extends ResourceQuotaControllerOptions {
  /** How often discovery is repeated to count resources served later (Kubernetes: 30 s). */
  rediscoveryPeriodMs?: number;
  clock?: Clock;
}

const keyOf = (q: ResourceQuota) => `${q.metadata.namespace}/${q.metadata.name}`;

export function resourceQuotaController(opts: ResourceQuotaOptions): ControllerRun {
  return async (ctx: ControllerContext) => {
    const client = ctx.client;
    const informers = ctx.informers;
    if (!client || !informers) throw new Error('the resourcequota controller needs an API client and informers');
    const clock = opts.clock ?? realClock;
    const now = () => clock.now();
    const registry = measureRegistry(now);
    const quotas: SharedInformer<ResourceQuota> = informers.informerFor<ResourceQuota>(QUOTAS);
    const queue = new RateLimitingQueue<string>(clock);
    const missingUsage = new RateLimitingQueue<string>(clock);

    const addQuota = (q: ResourceQuota) => (needsUsageFirst(q, registry) ? missingUsage : queue).add(keyOf(q));
    quotas.addEventHandler({
      onAdd: addQuota,
      // Status writes are this controller's own; only new limits call for a measurement.
      onUpdate: (old, cur) => {
        if (!equalLists(old.spec?.hard ?? {}, cur.spec?.hard ?? {})) addQuota(cur);
      },
      onDelete: (q) => queue.add(keyOf(q)),
    });
    const replenish = (group: string, resource: string, namespace: string) => {
      const measure = registry.get(group, resource);
      if (!measure) return;
      const inNamespace = quotas.indexer.byIndex(NAMESPACE_INDEX, namespace);
      for (const q of quotasCounting(inNamespace, (names) => measure.matchingResources(names))) queue.add(keyOf(q));
    };
    const monitor = new QuotaMonitor(informers, replenish, now);
    ctx.signal.addEventListener('abort', () => {
      queue.shutDown();
      missingUsage.shutDown();
    }, { once: true });

    const discovery = new DiscoveryClient(client);
    const syncMonitors = async () => {
      const discovered = await discovery.serverPreferredResources(ctx.signal);
      for (const f of discovered.failed) log.warning('Discovery failed for a group version; its resources are not counted for now', { groupVersion: f.groupVersion, err: f.error.message });
      const added = monitor.add(discovered.resources);
      if (!added.length) return;
      log.info('Resource quota controller counts resources', { added: added.map((r) => `${r.resource}${r.group ? `.${r.group}` : ''}`).join(',') }, 2);
      informers.start(ctx.signal);
    };
    for (;;) {
      try {
        await syncMonitors();
        break;
      } catch (err) {
        if (ctx.signal.aborted) return;
        log.error('Resource quota controller discovery failed; retrying', { err: (err as Error).message });
        await sleep(clock, 1000, ctx.signal).catch(() => undefined);
      }
    }
    await waitForSync(ctx.signal, quotas, monitor);
    if (ctx.signal.aborted) return;
    log.info('Resource quota controller synced; starting workers', { workers: opts.workers, quotas: quotas.indexer.listKeys().length });

    const sync = async (key: string) => {
      const quota = quotas.indexer.get(key);
      if (!quota) return;
      // Resources found by a later discovery are counted once their caches are filled.
      await monitor.waitForSync();
      const measured = await calculateUsage(quota, quota.spec?.hard ?? {}, registry, monitor);
      const { status, changed } = nextQuotaStatus(quota, measured);
      if (!changed) return;
      const path = `${collectionPath(QUOTAS, quota.metadata.namespace)}/${encodeURIComponent(quota.metadata.name ?? '')}/status`;
      await client.request({ method: 'PUT', path, body: { ...quota, status }, signal: ctx.signal });
      log.info('Quota usage written', { quota: key, used: JSON.stringify(status.used) }, 4);
    };
    const enqueueAll = () => {
      for (const q of quotas.indexer.list()) queue.add(keyOf(q));
      log.info('Queued every resource quota for a full measurement', {}, 4);
    };
    await Promise.all([
      ...Array.from({ length: opts.workers }, () => runWorker(CONTROLLER_NAME, queue, sync, ctx.signal)),
      ...Array.from({ length: opts.workers }, () => runWorker(CONTROLLER_NAME, missingUsage, sync, ctx.signal)),
      every(ctx.signal, clock, opts.syncPeriodMs, enqueueAll),
      every(ctx.signal, clock, opts.rediscoveryPeriodMs ?? 30_000, () => syncMonitors().catch((err) => log.error('Resource quota controller rediscovery failed', { err: (err as Error).message }))),
    ]);
  };
}

/** Calls `fn` every `periodMs` until the signal aborts (never when the period is not positive). */
async function every(signal: AbortSignal, clock: Clock, periodMs: number, fn: () => unknown): Promise<void> {
  if (periodMs <= 0) return;
  while (!signal.aborted) {
    await sleep(clock, periodMs, signal).catch(() => undefined);
    if (signal.aborted) return;
    await fn();
  }
}
