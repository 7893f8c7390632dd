// The endpointslice controller, as Kubernetes 1.35 runs it (topology hints off): each service
// with a selector gets EndpointSlices (discovery.orch.io/v1) listing the pods it selects, at most
// --max-endpoints-per-slice endpoints each, owned by the service. A service is synced when it
// changes, when a pod it selects (or selected) changes, after --endpointslice-updates-batch-period,
// and when someone else changes or deletes one of its slices (after at least a second).
// --concurrent-service-endpoint-syncs workers; failed syncs back off from 1 s to 1000 s.
import type { Node } from '../../../api/core/v1/node-types.ts';
import type { Pod } from '../../../api/core/v1/pod-types.ts';
import type { Service } from '../../../api/core/v1/service-types.ts';
import type { EndpointSlice } from '../../../api/discovery/v1/types.ts';
import { realClock, type Clock } from '../../../client/clock/clock.ts';
import { metaNamespaceKey } from '../../../client/cache/store.ts';
import { controllerEventRecorder } from '../../../client/record/index.ts';
import type { RestClient } from '../../../client/rest/client.ts';
import { ResourceClient } from '../../../client/rest/resource.ts';
import { RateLimitingQueue } from '../../../client/workqueue/rate-limiting-queue.ts';
import { BucketRateLimiter, ItemExponentialFailureRateLimiter, MaxOfRateLimiter } from '../../../client/workqueue/rate-limiters.ts';
import { klog } from '../../../component-base/logs/klog.ts';
import type { ControllerContext, ControllerRun } from '../../controller.ts';
import { waitForSync } from '../serviceaccount/queue-worker.ts';
import { SliceReconciler } from './reconciler.ts';
import { syncServiceSlices } from './sync-service.ts';
import { podServiceMemberships, servicesToUpdateOnPodChange } from './util/service-membership.ts';
import { SLICE_SERVICE_INDEX, managedBy, serviceKeyOfSlice, sliceServiceIndexFunc } from './util/slice-index.ts';
import { EndpointSliceTracker } from './util/slice-tracker.ts';
import type { SliceApi } from './util/slice-writes.ts';
import { runRetryingWorker } from './util/sync-worker.ts';
import { TriggerTimeTracker } from './util/trigger-time-tracker.ts';
import { ENDPOINTSLICE_CONTROLLER } from './util/well-known.ts';
import { sliceEventHandlers } from './util/slice-events.ts';

const log = klog('controllermanager/endpointslice');

export const CONTROLLER_NAME = 'endpointslice-controller';
/** The component Kubernetes' endpointslice controller records its events as. */
const EVENT_SOURCE = 'endpoint-slice-controller';
const SERVICES = { group: '', version: 'v1', resource: 'services' };
const PODS = { group: '', version: 'v1', resource: 'pods' };
const NODES = { group: '', version: 'v1', resource: 'nodes' };
export const ENDPOINT_SLICES = { group: 'discovery.orch.io', version: 'v1', resource: 'endpointslices' };
/** A slice changed by someone else is looked at no sooner than this. */
const SLICE_CHANGE_MIN_SYNC_DELAY_MS = 1000;

export interface EndpointSliceControllerOptions {
  /** --concurrent-service-endpoint-syncs. */
  workers: number;
  /** --max-endpoints-per-slice. */
  maxEndpointsPerSlice: number;
  /** --endpointslice-updates-batch-period, in ms. */
  batchPeriodMs: number;
  clock?: Clock;
}

export function sliceApi(client: RestClient, signal: AbortSignal): SliceApi {
  const api = (ns: string | undefined) => new ResourceClient<EndpointSlice>(client, ENDPOINT_SLICES, ns);
  return {
    create: (slice) => api(slice.metadata.namespace).create(slice, signal),
    update: (slice) => api(slice.metadata.namespace).update(slice, signal),
    delete: async (ns, name) => void (await api(ns).delete(name, signal)),
  };
}

/** Kubernetes' queue of service keys for slice controllers: 1 s doubling to 1000 s per key, 10 qps overall. */
export function sliceQueue(clock: Clock): RateLimitingQueue<string> {
  return new RateLimitingQueue<string>(clock, new MaxOfRateLimiter<string>(new ItemExponentialFailureRateLimiter<string>(1000, 1_000_000), new BucketRateLimiter<string>(10, 100, clock)));
}

export function endpointSliceController(opts: EndpointSliceControllerOptions): ControllerRun {
  return async (ctx: ControllerContext) => {
    const client = ctx.client;
    if (!client || !ctx.informers) throw new Error('the endpointslice controller needs an API client and informers');
    const clock = opts.clock ?? realClock;
    const services = ctx.informers.informerFor<Service>(SERVICES);
    const pods = ctx.informers.informerFor<Pod>(PODS);
    const nodes = ctx.informers.informerFor<Node>(NODES);
    const slices = ctx.informers.informerFor<EndpointSlice>(ENDPOINT_SLICES);
    slices.indexer.addIndexer(SLICE_SERVICE_INDEX, sliceServiceIndexFunc);
    const queue = sliceQueue(clock);
    const events = controllerEventRecorder(client, EVENT_SOURCE, { clock });
    const tracker = new EndpointSliceTracker();
    const reconciler = new SliceReconciler({
      api: sliceApi(client, ctx.signal),
      tracker,
      maxEndpointsPerSlice: opts.maxEndpointsPerSlice,
      node: (name) => nodes.indexer.get(name),
    });
    const deps = { services: services.indexer, pods: pods.indexer, slices: slices.indexer, reconciler, tracker, triggerTimes: new TriggerTimeTracker(), recorder: events.recorder };

    const enqueueService = (svc: Service) => queue.add(metaNamespaceKey(svc));
    const enqueueBatched = (keys: Iterable<string>) => {
      for (const key of keys) queue.addAfter(key, opts.batchPeriodMs);
    };
    const enqueueForSlice = (slice: EndpointSlice) => {
      const key = serviceKeyOfSlice(slice);
      if (key) queue.addAfter(key, Math.max(SLICE_CHANGE_MIN_SYNC_DELAY_MS, opts.batchPeriodMs));
    };
    const ours = (slice: EndpointSlice) => managedBy(slice, ENDPOINTSLICE_CONTROLLER);
    services.addEventHandler({ onAdd: enqueueService, onUpdate: (_old, cur) => enqueueService(cur), onDelete: enqueueService });
    pods.addEventHandler({
      onAdd: (pod) => enqueueBatched(podServiceMemberships(services.indexer, pod)),
      onUpdate: (old, cur) => enqueueBatched(servicesToUpdateOnPodChange(services.indexer, old, cur)),
      onDelete: (pod) => enqueueBatched(podServiceMemberships(services.indexer, pod)),
    });
    slices.addEventHandler(sliceEventHandlers(ours, tracker, enqueueForSlice));
    ctx.signal.addEventListener('abort', () => queue.shutDown(), { once: true });

    log.info('Starting endpoint slice controller', { controller: CONTROLLER_NAME });
    await waitForSync(ctx.signal, services, pods, nodes, slices);
    if (ctx.signal.aborted) return await events.broadcaster.shutdown();
    log.info('EndpointSlice controller synced; starting workers', { controller: CONTROLLER_NAME, workers: opts.workers });
    await Promise.all(Array.from({ length: opts.workers }, () => runRetryingWorker(CONTROLLER_NAME, queue, (key) => syncServiceSlices(deps, key), ctx.signal)));
    log.info('Shutting down controller', { controller: CONTROLLER_NAME });
    await events.broadcaster.shutdown();
  };
}
