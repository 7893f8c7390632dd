// The deployment controller: keeps every Deployment's ReplicaSets (and through them its pods) in
// line with its spec (sync-deployment.ts). Deployments are queued by their own events, by events
// of the replica sets they control (or, for orphans, whose labels their selector matches), and,
// for a Recreate deployment, when its last pod is deleted; a rollout that may be stuck is queued
// again when its progress deadline would pass. --concurrent-deployment-syncs workers take the
// queue; a failed sync is retried with back-off fifteen times, then dropped until the next event.
import type { Deployment, ReplicaSet } from '../../../api/apps/v1/types.ts';
import type { Pod } from '../../../api/core/v1/pod-types.ts';
import { realClock, type Clock } from '../../../client/clock/clock.ts';
import { NAMESPACE_INDEX } from '../../../client/cache/store.ts';
import type { SharedInformer } from '../../../client/cache/shared-informer.ts';
import { controllerEventRecorder } from '../../../client/record/index.ts';
import { RateLimitingQueue } from '../../../client/workqueue/rate-limiting-queue.ts';
import { hasStatusCause } from '../../../machinery/status.ts';
import { labelSelectorMatches } from '../../../machinery/selectors/label-selector.ts';
import { klog } from '../../../component-base/logs/klog.ts';
import type { ControllerContext, ControllerRun } from '../../controller.ts';
import { waitForSync } from '../serviceaccount/queue-worker.ts';
import { controllerRef } from './claim.ts';
import { podMapFor, syncDeployment, type DeploymentCaches } from './sync-deployment.ts';
import { DEPLOYMENTS, PODS, REPLICA_SETS, type SyncContext } from './sync-context.ts';

const log = klog('controllermanager/deployment');

export const CONTROLLER_NAME = 'deployment-controller';
/** Retries of a failing deployment before it is dropped out of the queue. */
export const MAX_RETRIES = 15;

export interface DeploymentControllerOptions {
  /** --concurrent-deployment-syncs. */
  workers: number;
  clock?: Clock;
}

const keyOf = (obj: { metadata: { namespace?: string; name?: string } }) => `${obj.metadata.namespace}/${obj.metadata.name}`;

export function deploymentController(opts: DeploymentControllerOptions): ControllerRun {
  return async (ctx: ControllerContext) => {
    const client = ctx.client;
    if (!client || !ctx.informers) throw new Error('the deployment controller needs an API client and informers');
    const clock = opts.clock ?? realClock;
    const deployments: SharedInformer<Deployment> = ctx.informers.informerFor<Deployment>(DEPLOYMENTS);
    const replicaSets: SharedInformer<ReplicaSet> = ctx.informers.informerFor<ReplicaSet>(REPLICA_SETS);
    const pods: SharedInformer<Pod> = ctx.informers.informerFor<Pod>(PODS);
    const queue = new RateLimitingQueue<string>(clock);
    const events = controllerEventRecorder(client, CONTROLLER_NAME, { clock });

    const caches: DeploymentCaches = {
      deployment: (key) => deployments.indexer.get(key),
      replicaSetsIn: (ns) => replicaSets.indexer.byIndex(NAMESPACE_INDEX, ns),
      podsIn: (ns) => pods.indexer.byIndex(NAMESPACE_INDEX, ns),
    };
    const enqueue = (d: Deployment | undefined) => d && queue.add(keyOf(d));
    /** The deployment a controller reference names, if it is still the same one. */
    const resolve = (namespace: string | undefined, ref: { kind?: string; name?: string; uid?: string }) => {
      if (ref.kind !== 'Deployment') return undefined;
      const d = deployments.indexer.get(`${namespace}/${ref.name}`);
      return d && d.metadata.uid === ref.uid ? d : undefined;
    };
    /** Deployments whose selector takes in an orphan replica set (an empty selector takes nothing). */
    const deploymentsSelecting = (rs: ReplicaSet) => {
      if (!rs.metadata.labels || Object.keys(rs.metadata.labels).length === 0) return [];
      return deployments.indexer.byIndex(NAMESPACE_INDEX, rs.metadata.namespace ?? '').filter((d) => {
        const s = d.spec?.selector;
        if (!s || (Object.keys(s.matchLabels ?? {}).length === 0 && (s.matchExpressions ?? []).length === 0)) return false;
        try {
          return labelSelectorMatches(s, rs.metadata.labels);
        } catch {
          return false;
        }
      });
    };
    const onReplicaSetDeleted = (rs: ReplicaSet) => {
      const ref = controllerRef(rs);
      if (ref) enqueue(resolve(rs.metadata.namespace, ref));
    };

    deployments.addEventHandler({
      onAdd: (d) => enqueue(d),
      onUpdate: (_old, d) => enqueue(d),
      onDelete: (d) => enqueue(d),
    });
    replicaSets.addEventHandler({
      onAdd: (rs) => {
        if (rs.metadata.deletionTimestamp) return onReplicaSetDeleted(rs);
        const ref = controllerRef(rs);
        if (ref) return enqueue(resolve(rs.metadata.namespace, ref));
        for (const d of deploymentsSelecting(rs)) enqueue(d);
      },
      onUpdate: (old, rs) => {
        // A periodic resync repeats the same version: nothing changed.
        if (old.metadata.resourceVersion === rs.metadata.resourceVersion) return;
        const oldRef = controllerRef(old);
        const ref = controllerRef(rs);
        const refChanged = oldRef?.uid !== ref?.uid;
        if (refChanged && oldRef) enqueue(resolve(old.metadata.namespace, oldRef));
        if (ref) return enqueue(resolve(rs.metadata.namespace, ref));
        const labelsChanged = JSON.stringify(old.metadata.labels ?? {}) !== JSON.stringify(rs.metadata.labels ?? {});
        if (labelsChanged || refChanged) for (const d of deploymentsSelecting(rs)) enqueue(d);
      },
      onDelete: onReplicaSetDeleted,
    });
    pods.addEventHandler({
      onDelete: (pod) => {
        // A Recreate deployment waits for its old pods to be gone before it makes the new ones.
        const ref = controllerRef(pod);
        if (!ref || ref.kind !== 'ReplicaSet') return;
        const rs = replicaSets.indexer.get(`${pod.metadata.namespace}/${ref.name}`);
        const d = rs && controllerRef(rs) ? resolve(rs.metadata.namespace, controllerRef(rs)!) : undefined;
        if (!d || d.spec?.strategy?.type !== 'Recreate') return;
        const owned = caches.replicaSetsIn(d.metadata.namespace ?? '').filter((s) => controllerRef(s)?.uid === d.metadata.uid);
        const podMap = podMapFor(d, owned, caches.podsIn(d.metadata.namespace ?? ''));
        if ([...podMap.values()].every((list) => list.length === 0)) enqueue(d);
      },
    });
    ctx.signal.addEventListener('abort', () => queue.shutDown(), { once: true });
    await waitForSync(ctx.signal, deployments, replicaSets, pods);
    if (ctx.signal.aborted) return await events.broadcaster.shutdown();
    log.info('Deployment controller synced; starting workers', { controller: CONTROLLER_NAME, workers: opts.workers }, 2);

    const syncContext: SyncContext = {
      client,
      recorder: events.recorder,
      clock,
      signal: ctx.signal,
      replicaSetCache: replicaSets.indexer,
      enqueueAfter: (d, ms) => queue.addAfter(keyOf(d), ms),
      enqueueRateLimited: (d) => queue.addRateLimited(keyOf(d)),
    };
    const worker = async () => {
      for (;;) {
        const next = await queue.get();
        if (next.shutdown) return;
        const key = next.item;
        const started = clock.now();
        try {
          await syncDeployment(syncContext, caches, key);
          queue.forget(key);
        } catch (err) {
          handleError(key, err);
        } finally {
          log.info('Finished syncing deployment', { deployment: key, duration: `${clock.now() - started}ms` }, 4);
          queue.done(key);
        }
      }
    };
    const handleError = (key: string, err: unknown) => {
      if (ctx.signal.aborted || hasStatusCause(err, 'NamespaceTerminating')) return queue.forget(key);
      if (queue.numRequeues(key) < MAX_RETRIES) {
        log.info('Error syncing deployment', { deployment: key, err: (err as Error).message }, 2);
        queue.addRateLimited(key);
        return;
      }
      log.error('Dropping deployment out of the queue', { deployment: key, err: (err as Error).message });
      queue.forget(key);
    };
    await Promise.all(Array.from({ length: Math.max(1, opts.workers) }, worker));
    await events.broadcaster.shutdown();
  };
}
