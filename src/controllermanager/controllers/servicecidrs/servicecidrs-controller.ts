// The service-cidr controller, as Kubernetes 1.35 runs it: every ServiceCIDR is synced when it
// changes, when a ServiceCIDR overlapping it is added, and when an IPAddress of the API server's
// allocator within it comes or goes (which may block or free its deletion). Five workers, as
// Kubernetes starts it. The API server allocates and releases the IPAddresses of services and
// repairs leaked ones; this controller guards the ranges they come from.
import type { IPAddress, ServiceCIDR } from '../../../api/networking/v1/types.ts';
import { realClock, type Clock } from '../../../client/clock/clock.ts';
import { controllerEventRecorder } from '../../../client/record/index.ts';
import type { RestClient } from '../../../client/rest/client.ts';
import { ResourceClient } from '../../../client/rest/resource.ts';
import { RateLimitingQueue } from '../../../client/workqueue/rate-limiting-queue.ts';
import { klog } from '../../../component-base/logs/klog.ts';
import { isNotFound } from '../../../machinery/status.ts';
import type { ControllerContext, ControllerRun } from '../../controller.ts';
import { waitForSync } from '../serviceaccount/queue-worker.ts';
import { runRetryingWorker } from '../endpointslice/util/sync-worker.ts';
import { overlappingPrefix, parsePrefix } from './prefixes.ts';
import { SERVICE_CIDR_FINALIZER, serviceCIDRsHolding, syncServiceCIDR, type ServiceCIDRApi } from './servicecidr-sync.ts';

const log = klog('controllermanager/servicecidrs');

export const CONTROLLER_NAME = 'service-cidr-controller';
const SERVICE_CIDRS = { group: 'networking.orch.io', version: 'v1', resource: 'servicecidrs' };
const IP_ADDRESSES = { group: 'networking.orch.io', version: 'v1', resource: 'ipaddresses' };
const WORKERS = 5;

export interface ServiceCIDRsControllerOptions {
  clock?: Clock;
}

function serviceCIDRApi(client: RestClient, signal: AbortSignal): ServiceCIDRApi {
  const api = new ResourceClient<ServiceCIDR>(client, SERVICE_CIDRS);
  const ignoreNotFound = (err: unknown) => {
    if (!isNotFound(err)) throw err;
  };
  return {
    async applyReady(name, status, reason, message) {
      const condition: Record<string, string> = { type: 'Ready', status, message, lastTransitionTime: new Date().toISOString().replace(/\.\d+Z$/, 'Z') };
      if (reason) condition.reason = reason;
      const body = { apiVersion: 'networking.orch.io/v1', kind: 'ServiceCIDR', metadata: { name }, status: { conditions: [condition] } };
      await client.request({
        method: 'PATCH', path: `${api.path}/${encodeURIComponent(name)}/status`, body, patchType: 'application/apply-patch+yaml',
        query: { fieldManager: CONTROLLER_NAME, force: true }, signal,
      });
    },
    async addFinalizer(name) {
      await api.patch(name, 'application/strategic-merge-patch+json', { metadata: { finalizers: [SERVICE_CIDR_FINALIZER] } }, {}, signal).catch(ignoreNotFound);
    },
    async removeFinalizer(name) {
      await api.patch(name, 'application/strategic-merge-patch+json', { metadata: { '$deleteFromPrimitiveList/finalizers': [SERVICE_CIDR_FINALIZER] } }, {}, signal).catch(ignoreNotFound);
    },
  };
}

export function serviceCIDRsController(opts: ServiceCIDRsControllerOptions = {}): ControllerRun {
  return async (ctx: ControllerContext) => {
    const client = ctx.client;
    if (!client || !ctx.informers) throw new Error('the service-cidr controller needs an API client and informers');
    const clock = opts.clock ?? realClock;
    const serviceCIDRs = ctx.informers.informerFor<ServiceCIDR>(SERVICE_CIDRS);
    const ipAddresses = ctx.informers.informerFor<IPAddress>(IP_ADDRESSES);
    const queue = new RateLimitingQueue<string>(clock);
    const events = controllerEventRecorder(client, CONTROLLER_NAME, { clock });
    const deps = {
      serviceCIDRs: serviceCIDRs.indexer,
      ipAddresses: ipAddresses.indexer,
      api: serviceCIDRApi(client, ctx.signal),
      recorder: events.recorder,
      clock,
      requeueAfter: (name: string, ms: number) => queue.addAfter(name, ms),
    };
    const enqueue = (sc: ServiceCIDR) => queue.add(sc.metadata.name ?? '');
    serviceCIDRs.addEventHandler({
      onAdd: (sc) => {
        enqueue(sc);
        // A new range may take over the addresses of one being deleted.
        for (const cidr of sc.spec?.cidrs ?? []) {
          const prefix = parsePrefix(cidr);
          if (prefix) for (const other of overlappingPrefix(serviceCIDRs.indexer.list(), prefix)) enqueue(other);
        }
      },
      onUpdate: (_old, cur) => enqueue(cur),
      onDelete: enqueue,
    });
    const ipChanged = (ip: IPAddress) => {
      for (const name of serviceCIDRsHolding(serviceCIDRs.indexer.list(), ip)) queue.add(name);
    };
    ipAddresses.addEventHandler({ onAdd: ipChanged, onDelete: ipChanged });
    ctx.signal.addEventListener('abort', () => queue.shutDown(), { once: true });

    log.info('Starting controller', { controller: CONTROLLER_NAME });
    await waitForSync(ctx.signal, serviceCIDRs, ipAddresses);
    if (ctx.signal.aborted) return await events.broadcaster.shutdown();
    log.info('ServiceCIDR controller synced; starting workers', { controller: CONTROLLER_NAME, workers: WORKERS });
    await Promise.all(Array.from({ length: WORKERS }, () => runRetryingWorker(CONTROLLER_NAME, queue, (name) => syncServiceCIDR(deps, name), ctx.signal)));
    log.info('Shutting down', { controller: CONTROLLER_NAME });
    await events.broadcaster.shutdown();
  };
}
