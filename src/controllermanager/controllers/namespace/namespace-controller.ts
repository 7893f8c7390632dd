// The namespace controller: watches namespaces (resynced every --namespace-sync-period), queues
// those being deleted, and runs --concurrent-namespace-syncs workers that empty and finalize them.
// Content held by finalizers is looked at again after half Kubernetes' estimate; failures back off
// per namespace from 5 ms to a minute.
import type { Namespace } from '../../../api/core/v1/namespace-types.ts';
import type { NamespaceControllerOptions as NamespaceControllerFlags } from '../../../options/controllermanager/controller-options.ts';
import { realClock, type Clock } from '../../../client/clock/clock.ts';
import { SharedInformer } from '../../../client/cache/shared-informer.ts';
import { ResourceClient } from '../../../client/rest/resource.ts';
import { DiscoveryClient } from '../../../client/discovery/discovery-client.ts';
import { RateLimitingQueue } from '../../../client/workqueue/rate-limiting-queue.ts';
import { BucketRateLimiter, ItemExponentialFailureRateLimiter, MaxOfRateLimiter } from '../../../client/workqueue/rate-limiters.ts';
import { klog } from '../../../component-base/logs/klog.ts';
import type { ControllerRun } from '../../controller.ts';
import { ContentRemainingError, syncNamespace } from './namespace-deleter.ts';

const log = klog('controllermanager/namespace');

/** The options (--namespace-sync-period, --concurrent-namespace-syncs) and a clock for tests. */
export interface NamespaceControllerOptions extends NamespaceControllerFlags {
  clock?: Clock;
}

export function namespaceController(opts: NamespaceControllerOptions): ControllerRun {
  return async (ctx) => {
    const client = ctx.client;
    if (!client) throw new Error('the namespace controller needs an API client');
    const clock = opts.clock ?? realClock;
    const queue = new RateLimitingQueue<string>(clock, new MaxOfRateLimiter<string>(
      new ItemExponentialFailureRateLimiter<string>(5, 60_000),
      new BucketRateLimiter<string>(10, 100, clock),
    ));
    // Its own informer: the resync period is the namespace sync period, not --min-resync-period.
    const informer = new SharedInformer<Namespace>(new ResourceClient<Namespace>(client, { group: '', version: 'v1', resource: 'namespaces' }), {
      clock,
      resyncPeriodMs: opts.syncPeriodMs,
      name: 'namespace-controller/namespaces',
    });
    const enqueue = (ns: Namespace) => {
      if (ns.metadata?.deletionTimestamp && ns.metadata.name) queue.add(ns.metadata.name);
    };
    informer.addEventHandler({ onAdd: enqueue, onUpdate: (_old, ns) => enqueue(ns) });
    const informerDone = informer.run(ctx.signal);
    ctx.signal.addEventListener('abort', () => queue.shutDown(), { once: true });
    await Promise.race([informer.waitForSync(), new Promise((resolve) => ctx.signal.addEventListener('abort', resolve, { once: true }))]);
    if (!ctx.signal.aborted) log.info('Namespace controller synced; starting workers', { workers: opts.workers });

    const discovery = new DiscoveryClient(client);
    const worker = async () => {
      for (;;) {
        const next = await queue.get();
        if (next.shutdown) return;
        const name = next.item;
        try {
          await syncNamespace(name, { client, discovery }, ctx.signal);
          queue.forget(name);
        } catch (err) {
          if (ctx.signal.aborted) {
            // Stopping: the next leader picks the namespace up.
          } else if (err instanceof ContentRemainingError) {
            log.info('Content remains in a terminating namespace; looking again later', { namespace: name, after: `${Math.floor(err.estimateSeconds / 2) + 1}s` }, 4);
            queue.addAfter(name, (Math.floor(err.estimateSeconds / 2) + 1) * 1000);
          } else {
            log.error('Deletion of namespace content failed; retrying', { namespace: name, err: (err as Error).message });
            queue.addRateLimited(name);
          }
        } finally {
          queue.done(name);
        }
      }
    };
    await Promise.all([...Array.from({ length: opts.workers }, worker), informerDone]);
  };
}
