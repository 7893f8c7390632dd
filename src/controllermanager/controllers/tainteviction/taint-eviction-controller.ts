// The taint-eviction controller, as Kubernetes 1.35 runs it (SeparateTaintEvictionController):
// pods on nodes with NoExecute taints they do not tolerate are deleted, at once or when their
// tolerationSeconds run out (eviction-scheduler.ts). Before the delete, the live pod gets the
// DisruptionTarget condition (DeletionByTaintManager) through a status patch tied to its uid.
import type { Node } from '../../../api/core/v1/node-types.ts';
import type { Pod, PodCondition } from '../../../api/core/v1/pod-types.ts';
import { realClock, sleep, type Clock } from '../../../client/clock/clock.ts';
import { controllerEventRecorder } from '../../../client/record/index.ts';
import type { RestClient } from '../../../client/rest/client.ts';
import { klog } from '../../../component-base/logs/klog.ts';
import type { ControllerContext, ControllerRun } from '../../controller.ts';
import { waitForSync } from '../serviceaccount/queue-worker.ts';
import { EvictionScheduler } from './eviction-scheduler.ts';
import { addNodeNameIndex, podsOnNode } from './pods-by-node.ts';

const log = klog('controllermanager/tainteviction');

export const CONTROLLER_NAME = 'taint-eviction-controller';
const PODS = { group: '', version: 'v1', resource: 'pods' };
const NODES = { group: '', version: 'v1', resource: 'nodes' };
/** Kubernetes tries a deletion five times, 10 ms apart. */
const RETRIES = 5;
const RETRY_SLEEP_MS = 10;

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a ?? []) === JSON.stringify(b ?? []);

/** The condition the pod gets, with UpdatePodCondition's rule for the transition time. */
export function disruptionTargetPatch(pod: Pod, now: string): unknown | undefined {
  const condition: PodCondition = { type: 'DisruptionTarget', status: 'True', reason: 'DeletionByTaintManager', message: 'Taint manager: deleting due to NoExecute taint' };
  const existing = pod.status?.conditions?.find((c) => c.type === condition.type);
  if (existing && existing.status === condition.status && existing.reason === condition.reason && existing.message === condition.message) return undefined;
  const lastTransitionTime = existing && existing.status === condition.status ? existing.lastTransitionTime : now;
  return { metadata: { uid: pod.metadata.uid }, status: { conditions: [{ ...condition, lastTransitionTime }] } };
}

async function addConditionAndDeletePod(client: RestClient, namespace: string, name: string, clock: Clock, signal: AbortSignal): Promise<void> {
  const path = `/api/v1/namespaces/${encodeURIComponent(namespace)}/pods/${encodeURIComponent(name)}`;
  const pod = await client.request<Pod>({ path, signal });
  const patch = disruptionTargetPatch(pod, new Date(clock.now()).toISOString().replace(/\.\d+Z$/, 'Z'));
  if (patch) await client.request({ method: 'PATCH', path: `${path}/status`, body: patch, patchType: 'application/strategic-merge-patch+json', signal });
  await client.request({ method: 'DELETE', path, signal });
}

export function taintEvictionController(clock: Clock = realClock): ControllerRun {
  return async (ctx: ControllerContext) => {
    const client = ctx.client;
    if (!client || !ctx.informers) throw new Error('the taint eviction controller needs an API client and informers');
    const pods = ctx.informers.informerFor<Pod>(PODS);
    const nodes = ctx.informers.informerFor<Node>(NODES);
    addNodeNameIndex(pods.indexer);
    const events = controllerEventRecorder(client, CONTROLLER_NAME, { clock });
    const scheduler = new EvictionScheduler({
      clock,
      recorder: events.recorder,
      podsOnNode: (name) => podsOnNode(pods.indexer, name),
      evict: async (namespace, name) => {
        let lastErr: unknown;
        for (let attempt = 0; attempt < RETRIES && !ctx.signal.aborted; attempt++) {
          try {
            return await addConditionAndDeletePod(client, namespace, name, clock, ctx.signal);
          } catch (err) {
            lastErr = err;
            await sleep(clock, RETRY_SLEEP_MS, ctx.signal).catch(() => undefined);
          }
        }
        if (lastErr) throw lastErr;
      },
    });
    log.info('Starting controller', { controller: CONTROLLER_NAME });
    await waitForSync(ctx.signal, pods, nodes);
    if (ctx.signal.aborted) return await events.broadcaster.shutdown();

    // Nodes first, so the pods replayed next find their node's taints.
    nodes.addEventHandler({
      onAdd: (node) => scheduler.nodeUpdated(node.metadata.name ?? '', node),
      onUpdate: (old, cur) => {
        if (sameJson(old.spec?.taints?.filter((t) => t.effect === 'NoExecute'), cur.spec?.taints?.filter((t) => t.effect === 'NoExecute'))) return;
        scheduler.nodeUpdated(cur.metadata.name ?? '', cur);
      },
      onDelete: (node) => scheduler.nodeUpdated(node.metadata.name ?? '', undefined),
    });
    pods.addEventHandler({
      onAdd: (pod) => scheduler.podUpdated(pod),
      onUpdate: (old, cur) => {
        if (old.spec?.nodeName === cur.spec?.nodeName && sameJson(old.spec?.tolerations, cur.spec?.tolerations)) return;
        scheduler.podUpdated(cur);
      },
      onDelete: (pod) => scheduler.podDeleted(`${pod.metadata.namespace}/${pod.metadata.name}`),
    });
    await new Promise<void>((resolve) => (ctx.signal.aborted ? resolve() : ctx.signal.addEventListener('abort', () => resolve(), { once: true })));
    await scheduler.queue.cancelAndWait();
    log.info('Shutting down controller', { controller: CONTROLLER_NAME });
    await events.broadcaster.shutdown();
  };
}
