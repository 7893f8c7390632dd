// The endpointslice-mirroring controller, as Kubernetes 1.35 runs it: Endpoints written by hand
// for services without a selector are mirrored into EndpointSlices (at most
// --mirroring-max-endpoints-per-subset addresses of each subset), kept in step when the Endpoints
// change (after --mirroring-endpointslice-updates-batch-period), when the service gains or loses
// its selector, and when someone else changes or deletes a mirrored slice.
// --mirroring-concurrent-service-endpoint-syncs workers.
import type { Endpoints } from '../../../api/core/v1/endpoints-types.ts';
import type { Service } from '../../../api/core/v1/service-types.ts';
import type { EndpointSlice } from '../../../api/discovery/v1/types.ts';
import { realClock, type Clock } from '../../../client/clock/clock.ts';
import { metaNamespaceKey } from '../../../client/cache/store.ts';
import { controllerEventRecorder } from '../../../client/record/index.ts';
import { klog } from '../../../component-base/logs/klog.ts';
import type { ControllerContext, ControllerRun } from '../../controller.ts';
import { waitForSync } from '../serviceaccount/queue-worker.ts';
import { ENDPOINT_SLICES, sliceApi, sliceQueue } from '../endpointslice/endpointslice-controller.ts';
import { SLICE_SERVICE_INDEX, managedBy, serviceKeyOfSlice, sliceServiceIndexFunc } from '../endpointslice/util/slice-index.ts';
import { EndpointSliceTracker } from '../endpointslice/util/slice-tracker.ts';
import { runRetryingWorker } from '../endpointslice/util/sync-worker.ts';
import { ENDPOINTSLICE_MIRRORING_CONTROLLER } from '../endpointslice/util/well-known.ts';
import { hasSelector, shouldMirror, syncMirroredEndpoints } from './sync-endpoints.ts';
import { sliceEventHandlers } from '../endpointslice/util/slice-events.ts';

const log = klog('controllermanager/endpointslicemirroring');

export const CONTROLLER_NAME = 'endpointslice-mirroring-controller';
/** The component Kubernetes' mirroring controller records its events as. */
const EVENT_SOURCE = 'endpoint-slice-mirroring-controller';
const SERVICES = { group: '', version: 'v1', resource: 'services' };
const ENDPOINTS = { group: '', version: 'v1', resource: 'endpoints' };
/** A slice changed by someone else is looked at no sooner than this. */
const SLICE_CHANGE_MIN_SYNC_DELAY_MS = 1000;

export interface MirroringControllerOptions {
  /** --mirroring-concurrent-service-endpoint-syncs. */
  workers: number;
  /** --mirroring-max-endpoints-per-subset. */
  maxEndpointsPerSubset: number;
  /** --mirroring-endpointslice-updates-batch-period, in ms. */
  batchPeriodMs: number;
  clock?: Clock;
}

export function endpointSliceMirroringController(opts: MirroringControllerOptions): ControllerRun {
  return async (ctx: ControllerContext) => {
    const client = ctx.client;
    if (!client || !ctx.informers) throw new Error('the endpointslice-mirroring controller needs an API client and informers');
    const clock = opts.clock ?? realClock;
    const services = ctx.informers.informerFor<Service>(SERVICES);
    const endpoints = ctx.informers.informerFor<Endpoints>(ENDPOINTS);
    const slices = ctx.informers.informerFor<EndpointSlice>(ENDPOINT_SLICES);
    slices.indexer.addIndexer(SLICE_SERVICE_INDEX, sliceServiceIndexFunc);
    const queue = sliceQueue(clock);
    const events = controllerEventRecorder(client, EVENT_SOURCE, { clock });
    const tracker = new EndpointSliceTracker();
    const deps = {
      services: services.indexer,
      endpoints: endpoints.indexer,
      slices: slices.indexer,
      tracker,
      api: sliceApi(client, ctx.signal),
      recorder: events.recorder,
      maxEndpointsPerSubset: opts.maxEndpointsPerSubset,
    };

    const key = (obj: Service | Endpoints) => metaNamespaceKey(obj);
    const enqueueEndpoints = (ep: Endpoints) => queue.addAfter(key(ep), opts.batchPeriodMs);
    const enqueueForSlice = (slice: EndpointSlice) => {
      const k = serviceKeyOfSlice(slice);
      if (k) queue.addAfter(k, Math.max(SLICE_CHANGE_MIN_SYNC_DELAY_MS, opts.batchPeriodMs));
    };
    const ours = (slice: EndpointSlice) => managedBy(slice, ENDPOINTSLICE_MIRRORING_CONTROLLER);
    services.addEventHandler({
      onAdd: (svc) => {
        if (!hasSelector(svc)) queue.add(key(svc));
      },
      onUpdate: (old, cur) => {
        if (hasSelector(old) !== hasSelector(cur)) queue.add(key(cur));
      },
      onDelete: (svc) => {
        if (!hasSelector(svc)) queue.add(key(svc));
      },
    });
    endpoints.addEventHandler({
      onAdd: (ep) => {
        if (shouldMirror(ep)) enqueueEndpoints(ep);
      },
      onUpdate: (old, cur) => {
        if (shouldMirror(old) || shouldMirror(cur)) enqueueEndpoints(cur);
      },
      onDelete: (ep) => {
        if (shouldMirror(ep)) enqueueEndpoints(ep);
      },
    });
    slices.addEventHandler(sliceEventHandlers(ours, tracker, enqueueForSlice));
    ctx.signal.addEventListener('abort', () => queue.shutDown(), { once: true });

    log.info('Starting EndpointSliceMirroring controller', { controller: CONTROLLER_NAME });
    await waitForSync(ctx.signal, services, endpoints, slices);
    if (ctx.signal.aborted) return await events.broadcaster.shutdown();
    log.info('EndpointSliceMirroring controller synced; starting workers', { controller: CONTROLLER_NAME, workers: opts.workers });
    await Promise.all(Array.from({ length: opts.workers }, () => runRetryingWorker(CONTROLLER_NAME, queue, (k) => syncMirroredEndpoints(deps, k), ctx.signal)));
    log.info('Shutting down controller', { controller: CONTROLLER_NAME });
    await events.broadcaster.shutdown();
  };
}
