// The pod-garbage-collector controller, as Kubernetes 1.35 runs it: every 20 seconds it looks at
// the pod and node caches and force-deletes (grace period 0) finished pods beyond
// --terminated-pod-gc-threshold (evicted and oldest first; ≤ 0 turns this off), pods bound to a
// node that no longer exists, and pods being deleted that were never scheduled. A node missing
// from the cache is first held in quarantine for 40 seconds and then looked up on the server,
// so a node the cache has not seen yet does not lose its pods. A pod not yet finished is patched
// to Failed first (an orphan with the DisruptionTarget condition DeletionByPodGC).
// Not done yet: Kubernetes also deletes terminating pods on nodes that are not ready and carry
// the out-of-service taint; that waits for the node lifecycle controller.
import type { Pod, PodCondition } from '../../../api/core/v1/pod-types.ts';
import type { Node } from '../../../api/core/v1/node-types.ts';
import { nowTime } from '../../../api/meta/v1/time.ts';
import { realClock, sleep, type Clock } from '../../../client/clock/clock.ts';
import { collectionPath, ResourceClient } from '../../../client/rest/resource.ts';
import type { RestClient } from '../../../client/rest/client.ts';
import { DelayingQueue } from '../../../client/workqueue/delaying-queue.ts';
import { isNotFound } from '../../../machinery/status.ts';
import { klog } from '../../../component-base/logs/klog.ts';
import type { ControllerContext, ControllerRun } from '../../controller.ts';
import { waitForSync } from '../serviceaccount/queue-worker.ts';
import { markFailedPatch, orphanDisruptionCondition, terminatedPodsToDelete, unknownNodes, unscheduledTerminatingPods } from './pod-gc-decisions.ts';

const log = klog('controllermanager/podgc');

export const CONTROLLER_NAME = 'pod-garbage-collector-controller';
const PODS = { group: '', version: 'v1', resource: 'pods' };
const NODES = { group: '', version: 'v1', resource: 'nodes' };

/** Kubernetes' gcCheckPeriod and quarantineTime. */
export const GC_CHECK_PERIOD_MS = 20_000;
export const QUARANTINE_MS = 40_000;

export interface PodGCOptions {
  /** --terminated-pod-gc-threshold; ≤ 0 keeps every finished pod. */
  terminatedPodThreshold: number;
  checkPeriodMs?: number;
  quarantineMs?: number;
  clock?: Clock;
}

/** Marks the pod Failed when it has not finished, then deletes it at once. */
async function markFailedAndDelete(client: RestClient, pod: Pod, signal: AbortSignal, condition?: PodCondition): Promise<void> {
  const ns = pod.metadata.namespace ?? '';
  const name = pod.metadata.name ?? '';
  log.info('PodGC is force deleting Pod', { pod: `${ns}/${name}` });
  const patch = markFailedPatch(pod, condition);
  const item = `${collectionPath(PODS, ns)}/${encodeURIComponent(name)}`;
  if (patch) await client.request({ method: 'PATCH', path: `${item}/status`, body: patch, patchType: 'application/strategic-merge-patch+json', signal });
  await client.request({ method: 'DELETE', path: item, body: { apiVersion: 'v1', kind: 'DeleteOptions', gracePeriodSeconds: 0 }, signal });
}

export function podGCController(opts: PodGCOptions): ControllerRun {
  return async (ctx: ControllerContext) => {
    const client = ctx.client;
    if (!client || !ctx.informers) throw new Error('the pod garbage collector needs an API client and informers');
    const clock = opts.clock ?? realClock;
    const pods = ctx.informers.informerFor<Pod>(PODS);
    const nodes = ctx.informers.informerFor<Node>(NODES);
    const quarantine = new DelayingQueue<string>(clock);
    ctx.signal.addEventListener('abort', () => quarantine.shutDown(), { once: true });
    log.info('Starting controller', { controller: CONTROLLER_NAME });
    await waitForSync(ctx.signal, pods, nodes);
    if (ctx.signal.aborted) return;

    const forceDelete = async (pod: Pod, condition?: PodCondition) => {
      try {
        await markFailedAndDelete(client, pod, ctx.signal, condition);
        return true;
      } catch (err) {
        if (!ctx.signal.aborted && !isNotFound(err)) log.error('Failed to delete pod', { pod: `${pod.metadata.namespace}/${pod.metadata.name}`, err: (err as Error).message });
        return false;
      }
    };

    const gcTerminated = async (all: Pod[]) => {
      const doomed = terminatedPodsToDelete(all, opts.terminatedPodThreshold);
      if (!doomed.length) return;
      log.info('Garbage collecting pods', { numPods: doomed.length });
      await Promise.all(doomed.map((pod) => forceDelete(pod)));
    };

    /** Nodes out of quarantine that the server confirms are gone. */
    const discoverDeletedNodes = async (existing: ReadonlySet<string>) => {
      const deleted = new Set<string>();
      while (quarantine.len() > 0) {
        const next = await quarantine.get();
        if (next.shutdown) return deleted;
        const name = next.item;
        try {
          if (!existing.has(name)) await new ResourceClient<Node>(client, NODES).get(name, ctx.signal);
        } catch (err) {
          // Any other error leaves the node for a later pass, which queues it again if still needed.
          if (isNotFound(err)) deleted.add(name);
          else log.error('Error while getting node', { node: name, err: (err as Error).message });
        } finally {
          quarantine.done(name);
        }
      }
      return deleted;
    };

    const gcOrphaned = async (all: Pod[]) => {
      const existing = new Set(nodes.indexer.listKeys());
      for (const name of unknownNodes(all, existing)) quarantine.addAfter(name, opts.quarantineMs ?? QUARANTINE_MS);
      const deleted = await discoverDeletedNodes(existing);
      for (const pod of all) {
        const node = pod.spec?.nodeName;
        if (!node || !deleted.has(node)) continue;
        log.info('Found orphaned Pod assigned to the Node, deleting', { pod: `${pod.metadata.namespace}/${pod.metadata.name}`, node }, 2);
        if (await forceDelete(pod, orphanDisruptionCondition(nowTime(new Date(clock.now()))))) log.info('Forced deletion of orphaned Pod succeeded', { pod: `${pod.metadata.namespace}/${pod.metadata.name}` });
      }
    };

    const gcUnscheduledTerminating = async (all: Pod[]) => {
      for (const pod of unscheduledTerminatingPods(all)) {
        log.info('Found unscheduled terminating Pod not assigned to any Node, deleting', { pod: `${pod.metadata.namespace}/${pod.metadata.name}` }, 2);
        if (await forceDelete(pod)) log.info('Forced deletion of unscheduled terminating Pod succeeded', { pod: `${pod.metadata.namespace}/${pod.metadata.name}` });
      }
    };

    log.info('Pod garbage collector synced', { controller: CONTROLLER_NAME, terminatedPodThreshold: opts.terminatedPodThreshold });
    while (!ctx.signal.aborted) {
      const all = pods.indexer.list();
      if (opts.terminatedPodThreshold > 0) await gcTerminated(all);
      await gcOrphaned(all);
      await gcUnscheduledTerminating(all);
      await sleep(clock, opts.checkPeriodMs ?? GC_CHECK_PERIOD_MS, ctx.signal).catch(() => undefined);
    }
  };
}
