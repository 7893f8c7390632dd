// The statefulset controller, as Kubernetes 1.35 runs it: stateful sets are queued by their own
// events and by their pods' (a pod's controller, or for an orphan every set whose selector takes
// it; a pod turning ready queues its set again after minReadySeconds). A sync reads the set from
// the cache, adopts orphaned revisions its selector takes, claims its pods (adopting orphans whose
// names make them members, releasing pods it no longer selects), and runs one pass of
// stateful-set-control.ts. --concurrent-statefulset-syncs workers take sets from the queue.
import type { ControllerRevision, StatefulSet, StatefulSetStatus } from '../../../api/apps/v1/types.ts';
import type { Pod } from '../../../api/core/v1/pod-types.ts';
import type { PersistentVolumeClaim } from '../../../api/core/v1/volume-types.ts';
import { realClock, type Clock } from '../../../client/clock/clock.ts';
import type { SharedInformer } from '../../../client/cache/shared-informer.ts';
import { NAMESPACE_INDEX } from '../../../client/cache/store.ts';
import { controllerEventRecorder } from '../../../client/record/index.ts';
import type { RestClient } from '../../../client/rest/client.ts';
import { ResourceClient } from '../../../client/rest/resource.ts';
import { RateLimitingQueue } from '../../../client/workqueue/rate-limiting-queue.ts';
import { labelSelectorMatches } from '../../../machinery/selectors/label-selector.ts';
import { isConflict } from '../../../machinery/status.ts';
import { klog } from '../../../component-base/logs/klog.ts';
import type { ControllerContext, ControllerRun } from '../../controller.ts';
import { runWorker, waitForSync } from '../serviceaccount/queue-worker.ts';
import { CONTROLLER_REVISIONS, ControllerHistory } from '../history/controller-history.ts';
import { controllerOf } from '../history/revisions.ts';
import { claimPods, recheckDeletionTimestamp } from '../workload/controller-ref-manager.ts';
import { RestPodControl } from '../workload/pod-control.ts';
import { isPodReady } from '../workload/pod-state.ts';
import { isMemberOf, replicasOf, STATEFUL_SET_KIND } from './identity.ts';
import { StatefulPodControl, type ObjectManager } from './stateful-pod-control.ts';
import { StatefulSetControl, type StatusWriter } from './stateful-set-control.ts';

const log = klog('controllermanager/statefulset');

export const CONTROLLER_NAME = 'statefulset-controller';
const STATEFUL_SETS = { group: 'apps', version: 'v1', resource: 'statefulsets' };
const PODS = { group: '', version: 'v1', resource: 'pods' };
const CLAIMS = { group: '', version: 'v1', resource: 'persistentvolumeclaims' };
/** Status writes retried on conflict (client-go's DefaultRetry: five steps). */
const STATUS_ATTEMPTS = 5;

export interface StatefulSetControllerOptions {
  /** --concurrent-statefulset-syncs. */
  workers: number;
  clock?: Clock;
}

const keyOf = (obj: { metadata?: { namespace?: string; name?: string } }) => `${obj.metadata?.namespace ?? ''}/${obj.metadata?.name ?? ''}`;

function objectManager(client: RestClient, pods: SharedInformer<Pod>, claims: SharedInformer<PersistentVolumeClaim>, signal: AbortSignal): ObjectManager {
  const podApi = (ns: string | undefined) => new ResourceClient<Pod>(client, PODS, ns);
  const claimApi = (ns: string | undefined) => new ResourceClient<PersistentVolumeClaim>(client, CLAIMS, ns);
  return {
    createPod: async (pod) => void (await podApi(pod.metadata.namespace).create(pod, signal)),
    getPod: (ns, name) => pods.indexer.get(`${ns}/${name}`),
    updatePod: async (pod) => void (await podApi(pod.metadata.namespace).update(pod, signal)),
    deletePod: async (pod) => void (await podApi(pod.metadata.namespace).delete(pod.metadata.name ?? '', signal)),
    createClaim: async (claim) => void (await claimApi(claim.metadata.namespace).create(claim, signal)),
    getClaim: (ns, name) => claims.indexer.get(`${ns}/${name}`),
    updateClaim: async (claim) => void (await claimApi(claim.metadata.namespace).update(claim, signal)),
  };
}

function statusWriter(client: RestClient, sets: SharedInformer<StatefulSet>, signal: AbortSignal): StatusWriter {
  return {
    async updateStatus(set, status: StatefulSetStatus) {
      let current = set;
      for (let attempt = 1; ; attempt++) {
        const body = { ...current, apiVersion: 'apps/v1', kind: 'StatefulSet', status };
        const path = `${new ResourceClient(client, STATEFUL_SETS, set.metadata.namespace).path}/${encodeURIComponent(set.metadata.name ?? '')}/status`;
        try {
          await client.request({ method: 'PUT', path, body, signal });
          return;
        } catch (err) {
          if (!isConflict(err) || attempt >= STATUS_ATTEMPTS) throw err;
          current = structuredClone(sets.indexer.get(keyOf(set)) ?? current);
        }
      }
    },
  };
}

export function statefulSetController(opts: StatefulSetControllerOptions): ControllerRun {
  return async (ctx: ControllerContext) => {
    const client = ctx.client;
    if (!client || !ctx.informers) throw new Error('the statefulset controller needs an API client and informers');
    const clock = opts.clock ?? realClock;
    const sets = ctx.informers.informerFor<StatefulSet>(STATEFUL_SETS);
    const pods = ctx.informers.informerFor<Pod>(PODS);
    const claims = ctx.informers.informerFor<PersistentVolumeClaim>(CLAIMS);
    const revisions = ctx.informers.informerFor<ControllerRevision>(CONTROLLER_REVISIONS);
    const queue = new RateLimitingQueue<string>(clock);
    const events = controllerEventRecorder(client, CONTROLLER_NAME, { clock });
    const history = new ControllerHistory(client, revisions.indexer, ctx.signal);
    const podControl = new RestPodControl(client, events.recorder, ctx.signal);
    const control = new StatefulSetControl(new StatefulPodControl(objectManager(client, pods, claims, ctx.signal), events.recorder), history, statusWriter(client, sets, ctx.signal), clock);

    const enqueue = (set: StatefulSet) => queue.add(keyOf(set));
    const resolve = (pod: Pod): StatefulSet | undefined => {
      const ref = controllerOf(pod);
      if (!ref || ref.kind !== STATEFUL_SET_KIND.kind) return undefined;
      const set = sets.indexer.get(`${pod.metadata.namespace}/${ref.name}`);
      return set?.metadata.uid === ref.uid ? set : undefined;
    };
    const selecting = (pod: Pod): StatefulSet[] => {
      const found = sets.indexer.byIndex(NAMESPACE_INDEX, pod.metadata.namespace ?? '').filter((set) => selects(set, pod));
      if (found.length > 1) log.error('user error: more than one StatefulSet is selecting pods with labels', { labels: JSON.stringify(pod.metadata.labels), sets: found.map((s) => s.metadata.name).join(',') });
      return found;
    };
    const enqueueController = (pod: Pod) => {
      const set = resolve(pod);
      if (set) enqueue(set);
    };
    pods.addEventHandler({
      onAdd: (pod) => {
        if (pod.metadata.deletionTimestamp) return enqueueController(pod);
        if (controllerOf(pod)) return enqueueController(pod);
        for (const set of selecting(pod)) enqueue(set);
      },
      onUpdate: (old, cur) => {
        if (old.metadata.resourceVersion === cur.metadata.resourceVersion) return;
        const oldRef = controllerOf(old);
        const curRef = controllerOf(cur);
        const refChanged = JSON.stringify(oldRef) !== JSON.stringify(curRef);
        if (refChanged && oldRef) enqueueController(old);
        if (curRef) {
          const set = resolve(cur);
          if (!set) return;
          enqueue(set);
          const minReadySeconds = set.spec?.minReadySeconds ?? 0;
          if (!isPodReady(old) && isPodReady(cur) && minReadySeconds > 0) {
            log.info('StatefulSet will be enqueued after minReadySeconds for availability check', { statefulSet: keyOf(set), minReadySeconds }, 2);
            queue.addAfter(keyOf(set), minReadySeconds * 1000 + 1000);
          }
          return;
        }
        if (refChanged || JSON.stringify(old.metadata.labels ?? {}) !== JSON.stringify(cur.metadata.labels ?? {})) for (const set of selecting(cur)) enqueue(set);
      },
      onDelete: enqueueController,
    });
    sets.addEventHandler({ onAdd: enqueue, onUpdate: (_old, cur) => enqueue(cur), onDelete: enqueue });
    ctx.signal.addEventListener('abort', () => queue.shutDown(), { once: true });
    log.info('Starting stateful set controller');
    await waitForSync(ctx.signal, sets, pods, claims, revisions);
    if (ctx.signal.aborted) return await events.broadcaster.shutdown();
    log.info('Stateful set controller synced; starting workers', { workers: opts.workers });

    const sync = async (key: string) => {
      const started = clock.now();
      const set = sets.indexer.get(key);
      if (!set) {
        log.info('StatefulSet has been deleted', { key });
        return;
      }
      try {
        labelSelectorMatches(set.spec?.selector ?? undefined, {});
      } catch (err) {
        // A selector that cannot be read will not read better later.
        log.error('error converting StatefulSet selector', { key, err: (err as Error).message });
        return;
      }
      const canAdopt = recheckDeletionTimestamp(async () => {
        const fresh = await new ResourceClient<StatefulSet>(client, STATEFUL_SETS, set.metadata.namespace).get(set.metadata.name ?? '', ctx.signal);
        if (fresh.metadata.uid !== set.metadata.uid) throw new Error(`original StatefulSet ${key} is gone: got uid ${fresh.metadata.uid}, wanted ${set.metadata.uid}`);
        return { ...STATEFUL_SET_KIND, metadata: fresh.metadata };
      });
      const orphans = control.listRevisions(set).filter((r) => !controllerOf(r));
      if (orphans.length > 0) {
        try {
          await canAdopt();
        } catch (err) {
          throw new Error(`can't adopt ControllerRevisions: ${(err as Error).message}`);
        }
        for (const revision of orphans) await history.adopt(set, STATEFUL_SET_KIND, revision);
      }
      const owned = await claimPods(pods.indexer.byIndex(NAMESPACE_INDEX, set.metadata.namespace ?? ''), {
        owner: { ...STATEFUL_SET_KIND, metadata: set.metadata },
        matches: (pod) => selects(set, pod) && isMemberOf(set, pod),
        podControl,
        canAdopt,
      });
      log.info('Syncing StatefulSet with pods', { statefulSet: key, pods: owned.length }, 4);
      const status = await control.updateStatefulSet(set, owned);
      const minReadySeconds = set.spec?.minReadySeconds ?? 0;
      // One more sync once pods may have become available, in case of clock skew.
      if (minReadySeconds > 0 && status && (status.availableReplicas ?? 0) !== replicasOf(set)) queue.addAfter(key, minReadySeconds * 1000);
      log.info('Finished syncing statefulset', { key, time: `${clock.now() - started}ms` }, 4);
    };
    await Promise.all(Array.from({ length: opts.workers }, () => runWorker(CONTROLLER_NAME, queue, sync, ctx.signal)));
    log.info('Shutting down statefulset controller');
    await events.broadcaster.shutdown();
  };
}

/** The set's selector takes the pod (an empty or unreadable selector takes none here). */
function selects(set: StatefulSet, pod: Pod): boolean {
  const selector = set.spec?.selector;
  if (!selector || (!Object.keys(selector.matchLabels ?? {}).length && !selector.matchExpressions?.length)) return false;
  try {
    return labelSelectorMatches(selector, pod.metadata.labels);
  } catch {
    return false;
  }
}
