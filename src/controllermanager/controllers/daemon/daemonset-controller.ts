// The daemonset controller, as Kubernetes 1.35 runs it: daemon sets are queued by their own
// events, by their pods' (a pod's controller, noting the creations and deletions it awaits; for an
// orphan, every set whose selector takes it; a pod turning ready queues its set again after
// minReadySeconds), by their revisions', and by nodes that appear or whose labels or taints change
// whether a set's pod belongs there. --concurrent-daemonset-syncs workers run daemon-sets-sync.ts;
// the failed-pods back-off forgets old entries every minute.
import type { ControllerRevision, DaemonSet } from '../../../api/apps/v1/types.ts';
import type { Node } from '../../../api/core/v1/node-types.ts';
import type { Pod } from '../../../api/core/v1/pod-types.ts';
import { realClock, sleep, type Clock } from '../../../client/clock/clock.ts';
import { NAMESPACE_INDEX } from '../../../client/cache/store.ts';
import { controllerEventRecorder } from '../../../client/record/index.ts';
import { RateLimitingQueue } from '../../../client/workqueue/rate-limiting-queue.ts';
import { labelSelectorMatches } from '../../../machinery/selectors/label-selector.ts';
import { klog } from '../../../component-base/logs/klog.ts';
import type { ControllerContext, ControllerRun } from '../../controller.ts';
import { runWorker, waitForSync } from '../serviceaccount/queue-worker.ts';
import { CONTROLLER_REVISIONS } from '../history/controller-history.ts';
import { controllerOf } from '../history/revisions.ts';
import { ControllerExpectations } from '../workload/expectations.ts';
import { RestPodControl } from '../workload/pod-control.ts';
import { isPodReady } from '../workload/pod-state.ts';
import { DAEMON_SETS, restDaemonApi } from './daemon-api.ts';
import { DAEMON_SET_KIND } from './daemon-pods.ts';
import { daemonSetKey, DaemonSetsSync } from './daemon-sets-sync.ts';
import { FailedPodsBackoff } from './failed-pods-backoff.ts';
import { nodeShouldRunDaemonPod } from './node-should-run.ts';

const log = klog('controllermanager/daemonset');

export const CONTROLLER_NAME = 'daemonset-controller';
const PODS = { group: '', version: 'v1', resource: 'pods' };
const NODES = { group: '', version: 'v1', resource: 'nodes' };
const BACKOFF_GC_INTERVAL_MS = 60_000;

export interface DaemonSetControllerOptions {
  /** --concurrent-daemonset-syncs. */
  workers: number;
  clock?: Clock;
}

function selects(ds: DaemonSet, labels: Record<string, string> | undefined): boolean {
  const selector = ds.spec?.selector;
  // A set with an empty selector would take everything: it takes nothing here.
  if (!selector || (!Object.keys(selector.matchLabels ?? {}).length && !selector.matchExpressions?.length)) return false;
  try {
    return labelSelectorMatches(selector, labels);
  } catch {
    return false;
  }
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

export function daemonSetController(opts: DaemonSetControllerOptions): ControllerRun {
  return async (ctx: ControllerContext) => {
    const client = ctx.client;
    if (!client || !ctx.informers) throw new Error('the daemonset controller needs an API client and informers');
    const clock = opts.clock ?? realClock;
    const sets = ctx.informers.informerFor<DaemonSet>(DAEMON_SETS);
    const revisions = ctx.informers.informerFor<ControllerRevision>(CONTROLLER_REVISIONS);
    const pods = ctx.informers.informerFor<Pod>(PODS);
    const nodes = ctx.informers.informerFor<Node>(NODES);
    const queue = new RateLimitingQueue<string>(clock);
    const events = controllerEventRecorder(client, CONTROLLER_NAME, { clock });
    const expectations = new ControllerExpectations(clock);
    const backoff = new FailedPodsBackoff(clock);
    const syncer = new DaemonSetsSync({
      sets: sets.indexer,
      pods: pods.indexer,
      nodes: nodes.indexer,
      revisions: revisions.indexer,
      api: restDaemonApi(client, revisions.indexer, ctx.signal),
      podControl: new RestPodControl(client, events.recorder, ctx.signal),
      recorder: events.recorder,
      expectations,
      backoff,
      clock,
      enqueueAfter: (key, ms) => queue.addAfter(key, ms),
    });

    const enqueue = (ds: DaemonSet) => queue.add(daemonSetKey(ds));
    const resolve = (obj: { metadata: { namespace?: string; ownerReferences?: unknown[] } }): DaemonSet | undefined => {
      const ref = controllerOf(obj);
      if (!ref || ref.kind !== DAEMON_SET_KIND.kind) return undefined;
      const ds = sets.indexer.get(`${obj.metadata.namespace}/${ref.name}`);
      return ds?.metadata.uid === ref.uid ? ds : undefined;
    };
    const selecting = (obj: { metadata: { namespace?: string; labels?: Record<string, string> } }) => {
      const found = sets.indexer.byIndex(NAMESPACE_INDEX, obj.metadata.namespace ?? '').filter((ds) => selects(ds, obj.metadata.labels));
      if (found.length > 1) log.error('user error! more than one daemon is selecting pods with labels', { labels: JSON.stringify(obj.metadata.labels) });
      return found;
    };
    const podKey = (pod: Pod) => `${pod.metadata.namespace}/${pod.metadata.name}`;
    const podGone = (pod: Pod) => {
      const ds = resolve(pod);
      if (!ds) return;
      expectations.deletionObserved(daemonSetKey(ds), podKey(pod));
      enqueue(ds);
    };

    sets.addEventHandler({
      onAdd: enqueue,
      onUpdate: (old, cur) => {
        // A set made again under the same name starts with clean expectations.
        if (old.metadata.uid !== cur.metadata.uid) expectations.delete(daemonSetKey(old));
        enqueue(cur);
      },
      onDelete: (ds) => {
        expectations.delete(daemonSetKey(ds));
        enqueue(ds);
      },
    });
    const revisionChanged = (old: ControllerRevision | undefined, cur: ControllerRevision) => {
      if (old && old.metadata.resourceVersion === cur.metadata.resourceVersion) return;
      const oldRef = controllerOf(old ?? cur);
      const curRef = controllerOf(cur);
      const refChanged = old !== undefined && !sameJson(oldRef, curRef);
      if (refChanged && oldRef) {
        const ds = resolve(old!);
        if (ds) enqueue(ds);
      }
      if (curRef) {
        const ds = resolve(cur);
        if (ds && old) enqueue(ds);
        return;
      }
      if (!old || refChanged || !sameJson(old.metadata.labels, cur.metadata.labels)) for (const ds of selecting(cur)) enqueue(ds);
    };
    revisions.addEventHandler({
      onAdd: (r) => revisionChanged(undefined, r),
      onUpdate: revisionChanged,
      onDelete: (r) => {
        const ds = resolve(r);
        if (ds) enqueue(ds);
      },
    });
    pods.addEventHandler({
      onAdd: (pod) => {
        if (pod.metadata.deletionTimestamp) return podGone(pod);
        const ds = resolve(pod);
        if (ds) {
          expectations.creationObserved(daemonSetKey(ds));
          return enqueue(ds);
        }
        if (!controllerOf(pod)) for (const set of selecting(pod)) enqueue(set);
      },
      onUpdate: (old, cur) => {
        if (old.metadata.resourceVersion === cur.metadata.resourceVersion) return;
        // A pod being deleted gracefully counts as gone: its replacement need not wait.
        if (cur.metadata.deletionTimestamp) return podGone(cur);
        const oldRef = controllerOf(old);
        const curRef = controllerOf(cur);
        const refChanged = !sameJson(oldRef, curRef);
        if (refChanged && oldRef) {
          const ds = resolve(old);
          if (ds) enqueue(ds);
        }
        if (curRef) {
          const ds = resolve(cur);
          if (!ds) return;
          enqueue(ds);
          const minReadySeconds = ds.spec?.minReadySeconds ?? 0;
          if (!isPodReady(old) && isPodReady(cur) && minReadySeconds > 0) queue.addAfter(daemonSetKey(ds), minReadySeconds * 1000 + 1000);
          return;
        }
        if (refChanged || !sameJson(old.metadata.labels, cur.metadata.labels)) for (const ds of selecting(cur)) enqueue(ds);
      },
      onDelete: podGone,
    });
    nodes.addEventHandler({
      onAdd: (node) => {
        for (const ds of sets.indexer.list()) if (nodeShouldRunDaemonPod(node, ds).shouldRun) enqueue(ds);
      },
      onUpdate: (old, cur) => {
        // Only labels and taints decide where daemon pods go.
        if (sameJson(old.metadata.labels, cur.metadata.labels) && sameJson(old.spec?.taints, cur.spec?.taints)) return;
        for (const ds of sets.indexer.list()) {
          const before = nodeShouldRunDaemonPod(old, ds);
          const after = nodeShouldRunDaemonPod(cur, ds);
          if (before.shouldRun !== after.shouldRun || before.shouldContinueRunning !== after.shouldContinueRunning) enqueue(ds);
        }
      },
    });
    ctx.signal.addEventListener('abort', () => queue.shutDown(), { once: true });
    log.info('Starting daemon sets controller');
    await waitForSync(ctx.signal, pods, nodes, revisions, sets);
    if (ctx.signal.aborted) return await events.broadcaster.shutdown();
    log.info('Daemon sets controller synced; starting workers', { workers: opts.workers });
    const backoffGc = async () => {
      while (!ctx.signal.aborted) {
        await sleep(clock, BACKOFF_GC_INTERVAL_MS, ctx.signal).catch(() => undefined);
        backoff.gc();
      }
    };
    await Promise.all([...Array.from({ length: opts.workers }, () => runWorker(CONTROLLER_NAME, queue, (key) => syncer.sync(key), ctx.signal)), backoffGc()]);
    log.info('Shutting down daemon sets controller');
    await events.broadcaster.shutdown();
  };
}
