// The replicaset and replicationcontroller controllers: one implementation (replica-manager.ts)
// run over each kind's adapter, as Kubernetes runs its ReplicaSetController for both. Each has its
// own informer, queue and expectations, --concurrent-replicaset-syncs or --concurrent-rc-syncs
// workers, and records its events as Kubernetes' replicaset-controller or replication-controller.
import type { Pod } from '../../../api/core/v1/pod-types.ts';
import { realClock, type Clock } from '../../../client/clock/clock.ts';
import type { CachedObject } from '../../../client/cache/store.ts';
import { controllerEventRecorder } from '../../../client/record/index.ts';
import { ResourceClient } from '../../../client/rest/resource.ts';
import type { RestClient } from '../../../client/rest/client.ts';
import { RateLimitingQueue } from '../../../client/workqueue/rate-limiting-queue.ts';
import { klog } from '../../../component-base/logs/klog.ts';
import type { ControllerContext, ControllerRun } from '../../controller.ts';
import { runWorker, waitForSync } from '../serviceaccount/queue-worker.ts';
import { RestPodControl } from '../workload/pod-control.ts';
import { OWNER_CONTROLLER_UID_INDEX, POD_CONTROLLER_INDEX, controllerUidIndexFunc, podControllerIndexFunc } from '../workload/indexes.ts';
import { replicaSetKind, replicationControllerKind, type ReplicaKind } from './replica-kinds.ts';
import { ReplicaManager, type OwnerApi } from './replica-manager.ts';

const log = klog('controllermanager/replicaset');

const PODS = { group: '', version: 'v1', resource: 'pods' };

export interface ReplicaControllerOptions {
  /** --concurrent-replicaset-syncs or --concurrent-rc-syncs. */
  workers: number;
  clock?: Clock;
  burstReplicas?: number;
}

function ownerApi<T extends CachedObject>(client: RestClient, kind: ReplicaKind<T>, signal: AbortSignal): OwnerApi<T> {
  return {
    get: (namespace, name) => new ResourceClient<T>(client, kind.resource, namespace).get(name, signal),
    updateStatus: (obj) => {
      const path = `${new ResourceClient<T>(client, kind.resource, obj.metadata?.namespace).path}/${encodeURIComponent(obj.metadata?.name ?? '')}/status`;
      return client.request<T>({ method: 'PUT', path, body: obj, signal });
    },
  };
}

function replicaController<T extends CachedObject>(name: string, kind: ReplicaKind<T>, opts: ReplicaControllerOptions): ControllerRun {
  return async (ctx: ControllerContext) => {
    const client = ctx.client;
    if (!client || !ctx.informers) throw new Error(`the ${name} needs an API client and informers`);
    const clock = opts.clock ?? realClock;
    const owners = ctx.informers.informerFor<T>(kind.resource);
    const pods = ctx.informers.informerFor<Pod>(PODS);
    owners.indexer.addIndexer(OWNER_CONTROLLER_UID_INDEX, controllerUidIndexFunc);
    pods.indexer.addIndexer(POD_CONTROLLER_INDEX, podControllerIndexFunc);
    const queue = new RateLimitingQueue<string>(clock);
    const events = controllerEventRecorder(client, kind.eventSource, { clock });
    const manager = new ReplicaManager<T>({
      kind,
      owners: owners.indexer,
      pods: pods.indexer,
      api: ownerApi(client, kind, ctx.signal),
      podControl: new RestPodControl(client, events.recorder, ctx.signal),
      queue,
      clock,
      burstReplicas: opts.burstReplicas,
    });
    owners.addEventHandler(manager.ownerHandler());
    pods.addEventHandler(manager.podHandler());
    ctx.signal.addEventListener('abort', () => queue.shutDown(), { once: true });
    log.info('Starting controller', { controller: name });
    await waitForSync(ctx.signal, owners, pods);
    if (ctx.signal.aborted) return await events.broadcaster.shutdown();
    log.info(`${kind.kind} controller synced; starting workers`, { controller: name, workers: opts.workers });
    await Promise.all(Array.from({ length: opts.workers }, () => runWorker(name, queue, (key) => manager.sync(key), ctx.signal)));
    log.info('Shutting down controller', { controller: name });
    await events.broadcaster.shutdown();
  };
}

export const REPLICASET_CONTROLLER = 'replicaset-controller';
export const REPLICATIONCONTROLLER_CONTROLLER = 'replicationcontroller-controller';

export function replicaSetController(opts: ReplicaControllerOptions): ControllerRun {
  return replicaController(REPLICASET_CONTROLLER, replicaSetKind, opts);
}

export function replicationControllerController(opts: ReplicaControllerOptions): ControllerRun {
  return replicaController(REPLICATIONCONTROLLER_CONTROLLER, replicationControllerKind, opts);
}
