// The scheduler as a daemon: an API client, informers of nodes and pods feeding the cluster cache
// and the queue, informers of the other objects decisions read, the Events it records, and the
// scheduling loop, until shutdown.
import { hostname } from 'node:os';
import type { Node } from '../api/core/v1/node-types.ts';
import type { Pod } from '../api/core/v1/pod-types.ts';
import { klog } from '../component-base/logs/klog.ts';
import { BINARY_GIT_VERSION } from '../component-base/version/version.ts';
import { SharedInformer } from '../client/cache/shared-informer.ts';
import { realClock, type Clock } from '../client/clock/clock.ts';
import { loadConnectionConfig } from '../client/orchconfig/load.ts';
import { EventBroadcaster, newRecorder, restEventSink } from '../client/record/index.ts';
import { RestClient } from '../client/rest/client.ts';
import { ResourceClient } from '../client/rest/resource.ts';
import type { SchedulerOptions } from '../options/components/scheduler-command.ts';
import { Binder } from './binder.ts';
import { informerListers } from './informer-listers.ts';
import { ClusterCache } from './cluster-cache.ts';
import { nodeHandler, podHandler } from './event-handlers.ts';
import { runSchedulingLoop } from './scheduler.ts';
import { SchedulingQueue } from './scheduling-queue.ts';

const log = klog('scheduler/run');

/** How often pods unschedulable for too long are looked at. */
const FLUSH_INTERVAL_MS = 30_000;

/** How long a pod's claims may take to bind before it is scheduled again (Kubernetes' bindTimeoutSeconds). */
const VOLUME_BINDING = { timeoutMs: 600_000, pollMs: 100 };

export interface SchedulerDeps {
  shutdown: AbortSignal;
  clock?: Clock;
}

export async function runScheduler(options: SchedulerOptions, deps: SchedulerDeps): Promise<number> {
  const clock = deps.clock ?? realClock;
  const connection = loadConnectionConfig({ path: options.client.orchconfig, master: options.client.master });
  const rest = new RestClient(connection, {
    qps: options.client.qps,
    burst: options.client.burst,
    contentType: options.client.contentType,
    userAgent: `orch-scheduler/${BINARY_GIT_VERSION} (${process.platform}/${process.arch})`,
    clock,
  });
  const broadcaster = new EventBroadcaster(restEventSink(rest), { clock });
  const recorder = newRecorder(broadcaster, { reportingController: options.schedulerName, reportingInstance: `${options.schedulerName}-${hostname()}` }, clock);
  const binder = new Binder(rest, recorder);
  const queue = new SchedulingQueue({ clock, initialBackoffMs: options.initialBackoffMs, maxBackoffMs: options.maxBackoffMs, maxUnschedulableMs: options.maxUnschedulableMs });
  const others = informerListers(rest, clock, () => queue.moveAllUnschedulable());
  const cache = new ClusterCache(others.listers);
  const handlerDeps = {
    schedulerName: options.schedulerName,
    cache,
    queue,
    binder,
    onError: (what: string, err: unknown) => log.warning(`Failed ${what}`, { err: (err as Error).message }),
  };
  const nodes = new SharedInformer<Node>(new ResourceClient<Node>(rest, { group: '', version: 'v1', resource: 'nodes' }), { clock, name: 'nodes' });
  const pods = new SharedInformer<Pod>(new ResourceClient<Pod>(rest, { group: '', version: 'v1', resource: 'pods' }), { clock, name: 'pods' });
  nodes.addEventHandler(nodeHandler(handlerDeps));
  pods.addEventHandler(podHandler(handlerDeps));

  const stop = new AbortController();
  const onShutdown = () => {
    stop.abort();
    queue.close();
  };
  deps.shutdown.addEventListener('abort', onShutdown, { once: true });
  if (deps.shutdown.aborted) onShutdown();
  const all = [nodes, pods, ...others.informers];
  const informers = all.map((i) => i.run(stop.signal));
  const flush = setInterval(() => queue.flushLongUnschedulable(), FLUSH_INTERVAL_MS);
  try {
    await Promise.race([Promise.all(all.map((i) => i.waitForSync())), new Promise((resolve) => stop.signal.addEventListener('abort', resolve, { once: true }))]);
    if (!stop.signal.aborted) {
      log.info('Scheduling pods', { schedulerName: options.schedulerName, nodes: cache.nodes.size, waiting: queue.size });
      await runSchedulingLoop({ queue, cache, binder, client: rest, volumeBinding: VOLUME_BINDING, parallelism: options.parallelism, signal: stop.signal });
    }
    return 0;
  } finally {
    clearInterval(flush);
    stop.abort();
    await Promise.allSettled(informers);
    await broadcaster.shutdown();
    rest.close();
    deps.shutdown.removeEventListener('abort', onShutdown);
  }
}
