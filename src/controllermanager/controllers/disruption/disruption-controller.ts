// The disruption controller, as Kubernetes 1.35 runs it: PodDisruptionBudgets are queued by their
// own events and by the events of the pods they take (a pod taken by several queues the first);
// replication controllers, replica sets, deployments and stateful sets are read from caches to
// size the budgets. One worker syncs budgets (disruption-sync.ts); a budget with disrupted pods is
// looked at again when the earliest entry runs out; pods left with a DisruptionTarget condition
// and no deletion are reset after two minutes by a worker of their own.
import type { Deployment, ReplicaSet, StatefulSet } from '../../../api/apps/v1/types.ts';
import type { Pod, ReplicationController } from '../../../api/core/v1/pod-types.ts';
import type { PodDisruptionBudget } from '../../../api/policy/v1/types.ts';
import { realClock, type Clock } from '../../../client/clock/clock.ts';
import { controllerEventRecorder } from '../../../client/record/index.ts';
import { ResourceClient } from '../../../client/rest/resource.ts';
import { RateLimitingQueue } from '../../../client/workqueue/rate-limiting-queue.ts';
import { klog } from '../../../component-base/logs/klog.ts';
import type { ControllerContext, ControllerRun } from '../../controller.ts';
import { runWorker, waitForSync } from '../serviceaccount/queue-worker.ts';
import { DisruptionSync } from './disruption-sync.ts';
import { RestScaleReader } from './scale-reader.ts';

const log = klog('controllermanager/disruption');

export const CONTROLLER_NAME = 'disruption-controller';
const BUDGETS = { group: 'policy', version: 'v1', resource: 'poddisruptionbudgets' };
const PODS = { group: '', version: 'v1', resource: 'pods' };
const REPLICATION_CONTROLLERS = { group: '', version: 'v1', resource: 'replicationcontrollers' };
const REPLICA_SETS = { group: 'apps', version: 'v1', resource: 'replicasets' };
const DEPLOYMENTS = { group: 'apps', version: 'v1', resource: 'deployments' };
const STATEFUL_SETS = { group: 'apps', version: 'v1', resource: 'statefulsets' };

export interface DisruptionControllerOptions {
  clock?: Clock;
}

const keyOf = (obj: { metadata: { namespace?: string; name?: string } }) => `${obj.metadata.namespace ?? ''}/${obj.metadata.name ?? ''}`;

export function disruptionController(opts: DisruptionControllerOptions = {}): ControllerRun {
  return async (ctx: ControllerContext) => {
    const client = ctx.client;
    if (!client || !ctx.informers) throw new Error('the disruption controller needs an API client and informers');
    const clock = opts.clock ?? realClock;
    const budgets = ctx.informers.informerFor<PodDisruptionBudget>(BUDGETS);
    const pods = ctx.informers.informerFor<Pod>(PODS);
    const rcs = ctx.informers.informerFor<ReplicationController>(REPLICATION_CONTROLLERS);
    const rss = ctx.informers.informerFor<ReplicaSet>(REPLICA_SETS);
    const deployments = ctx.informers.informerFor<Deployment>(DEPLOYMENTS);
    const statefulSets = ctx.informers.informerFor<StatefulSet>(STATEFUL_SETS);
    const queue = new RateLimitingQueue<string>(clock);
    const stalePods = new RateLimitingQueue<string>(clock);
    // Kubernetes' disruption controller records its events as the controller manager.
    const events = controllerEventRecorder(client, 'controllermanager', { clock });
    const statusPath = (api: ResourceClient<any>, name: string | undefined) => `${api.path}/${encodeURIComponent(name ?? '')}/status`;
    const syncer = new DisruptionSync({
      budgets: budgets.indexer,
      pods: pods.indexer,
      caches: { replicationControllers: rcs.indexer, replicaSets: rss.indexer, deployments: deployments.indexer, statefulSets: statefulSets.indexer },
      scales: new RestScaleReader(client, ctx.signal),
      writeStatus: async (pdb) => {
        await client.request({ method: 'PUT', path: statusPath(new ResourceClient(client, BUDGETS, pdb.metadata.namespace), pdb.metadata.name), body: pdb, signal: ctx.signal });
      },
      writePodStatus: async (pod) => {
        await client.request({ method: 'PUT', path: statusPath(new ResourceClient(client, PODS, pod.metadata.namespace), pod.metadata.name), body: pod, signal: ctx.signal });
      },
      recorder: events.recorder,
      clock,
      recheckAfter: (key, ms) => queue.addAfter(key, Math.max(0, ms)),
    });

    const enqueueBudget = (pdb: PodDisruptionBudget) => queue.add(keyOf(pdb));
    budgets.addEventHandler({ onAdd: enqueueBudget, onUpdate: (_old, cur) => enqueueBudget(cur), onDelete: enqueueBudget });
    const podChanged = (pod: Pod, deleted: boolean) => {
      const pdb = syncer.budgetForPod(pod);
      if (pdb) enqueueBudget(pdb);
      if (deleted) return;
      const stale = syncer.staleDisruptionIn(pod);
      if (stale !== undefined) stalePods.addAfter(keyOf(pod), stale);
    };
    pods.addEventHandler({
      onAdd: (pod) => podChanged(pod, false),
      onUpdate: (_old, cur) => podChanged(cur, false),
      onDelete: (pod) => podChanged(pod, true),
    });
    ctx.signal.addEventListener('abort', () => {
      queue.shutDown();
      stalePods.shutDown();
    }, { once: true });
    log.info('Starting controller', { controller: CONTROLLER_NAME });
    await waitForSync(ctx.signal, pods, budgets, rcs, rss, deployments, statefulSets);
    if (ctx.signal.aborted) return await events.broadcaster.shutdown();
    log.info('Disruption controller synced; starting workers', { controller: CONTROLLER_NAME });
    const syncStale = async (key: string) => {
      const again = await syncer.syncStalePod(key);
      if (again !== undefined) stalePods.addAfter(key, again);
    };
    await Promise.all([runWorker(CONTROLLER_NAME, queue, (key) => syncer.sync(key), ctx.signal), runWorker(CONTROLLER_NAME, stalePods, syncStale, ctx.signal)]);
    log.info('Shutting down controller', { controller: CONTROLLER_NAME });
    await events.broadcaster.shutdown();
  };
}
