// The endpoints controller, as Kubernetes 1.35 runs it: every service is synced when it changes,
// and when a pod it selects (or selected) changes in a way the endpoints show, after
// --endpoint-updates-batch-period so that several pod changes make one write; an Endpoints
// object deleted by someone else is made again. --concurrent-endpoint-syncs workers. Once the
// caches are filled, every Endpoints object is looked at once, so that those left behind by a
// service deleted while the controller was down are deleted (leader election records aside).
import type { Endpoints } from '../../../api/core/v1/endpoints-types.ts';
import type { Pod } from '../../../api/core/v1/pod-types.ts';
import type { Service } from '../../../api/core/v1/service-types.ts';
import { realClock, type Clock } from '../../../client/clock/clock.ts';
import { metaNamespaceKey } from '../../../client/cache/store.ts';
import { controllerEventRecorder } from '../../../client/record/index.ts';
import type { RestClient } from '../../../client/rest/client.ts';
import { ResourceClient } from '../../../client/rest/resource.ts';
import { RateLimitingQueue } from '../../../client/workqueue/rate-limiting-queue.ts';
import { klog } from '../../../component-base/logs/klog.ts';
import type { ControllerContext, ControllerRun } from '../../controller.ts';
import { waitForSync } from '../serviceaccount/queue-worker.ts';
import { podServiceMemberships, servicesToUpdateOnPodChange } from '../endpointslice/util/service-membership.ts';
import { runRetryingWorker } from '../endpointslice/util/sync-worker.ts';
import { TriggerTimeTracker } from '../endpointslice/util/trigger-time-tracker.ts';
import { LEADER_ELECTION_ANNOTATION } from '../endpointslice/util/well-known.ts';
import { EndpointsSync, type EndpointsApi } from './sync-endpoints.ts';

const log = klog('controllermanager/endpoint');

export const CONTROLLER_NAME = 'endpoints-controller';
/** The component Kubernetes' endpoints controller records its events as. */
const EVENT_SOURCE = 'endpoint-controller';
const SERVICES = { group: '', version: 'v1', resource: 'services' };
const PODS = { group: '', version: 'v1', resource: 'pods' };
const ENDPOINTS = { group: '', version: 'v1', resource: 'endpoints' };

export interface EndpointsControllerOptions {
  /** --concurrent-endpoint-syncs. */
  workers: number;
  /** --endpoint-updates-batch-period, in ms. */
  batchPeriodMs: number;
  clock?: Clock;
}

function endpointsApi(client: RestClient, signal: AbortSignal): EndpointsApi {
  const api = (ns: string) => new ResourceClient<Endpoints>(client, ENDPOINTS, ns);
  return {
    create: (ns, ep) => api(ns).create(ep, signal),
    update: (ns, ep) => api(ns).update(ep, signal),
    delete: async (ns, name) => void (await api(ns).delete(name, signal)),
  };
}

export function endpointsController(opts: EndpointsControllerOptions): ControllerRun {
  return async (ctx: ControllerContext) => {
    const client = ctx.client;
    if (!client || !ctx.informers) throw new Error('the endpoints controller needs an API client and informers');
    const clock = opts.clock ?? realClock;
    const services = ctx.informers.informerFor<Service>(SERVICES);
    const pods = ctx.informers.informerFor<Pod>(PODS);
    const endpoints = ctx.informers.informerFor<Endpoints>(ENDPOINTS);
    const queue = new RateLimitingQueue<string>(clock);
    const events = controllerEventRecorder(client, EVENT_SOURCE, { clock });
    const syncer = new EndpointsSync({
      services: services.indexer,
      pods: pods.indexer,
      endpoints: endpoints.indexer,
      api: endpointsApi(client, ctx.signal),
      recorder: events.recorder,
      triggerTimes: new TriggerTimeTracker(),
    });

    const enqueue = (obj: Service | Endpoints) => queue.add(metaNamespaceKey(obj));
    const enqueueBatched = (keys: Iterable<string>) => {
      for (const key of keys) queue.addAfter(key, opts.batchPeriodMs);
    };
    services.addEventHandler({ onAdd: enqueue, onUpdate: (_old, cur) => enqueue(cur), onDelete: enqueue });
    pods.addEventHandler({
      onAdd: (pod) => enqueueBatched(podServiceMemberships(services.indexer, pod)),
      onUpdate: (old, cur) => enqueueBatched(servicesToUpdateOnPodChange(services.indexer, old, cur)),
      onDelete: (pod) => enqueueBatched(podServiceMemberships(services.indexer, pod)),
    });
    endpoints.addEventHandler({ onDelete: enqueue });
    ctx.signal.addEventListener('abort', () => queue.shutDown(), { once: true });

    log.info('Starting controller', { controller: CONTROLLER_NAME });
    await waitForSync(ctx.signal, services, pods, endpoints);
    if (ctx.signal.aborted) return await events.broadcaster.shutdown();
    log.info('Endpoints controller synced; starting workers', { controller: CONTROLLER_NAME, workers: opts.workers });
    // Endpoints whose service is gone are deleted by their sync.
    for (const ep of endpoints.indexer.list()) {
      if (ep.metadata?.annotations?.[LEADER_ELECTION_ANNOTATION] === undefined) enqueue(ep);
    }
    await Promise.all(Array.from({ length: opts.workers }, () => runRetryingWorker(CONTROLLER_NAME, queue, (key) => syncer.sync(key), ctx.signal)));
    log.info('Shutting down controller', { controller: CONTROLLER_NAME });
    await events.broadcaster.shutdown();
  };
}
