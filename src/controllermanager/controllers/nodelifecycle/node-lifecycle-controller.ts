// The node-lifecycle controller, as Kubernetes 1.35 runs it (taint eviction is its own controller):
// it watches Nodes, their Leases in orch-node-lease and the pods bound to them. Every
// --node-monitor-period the monitor pass runs (node-monitor.ts); every 100 ms queued nodes get their
// NoExecute taint within their zone's rate; a changed node has its condition NoSchedule taints
// and beta labels brought in step by eight workers (this is what lifts the not-ready taint a new
// node is born with once it reports Ready); a pod newly bound to a node that is not Ready is
// marked not ready by four workers.
import type { Lease } from '../../../api/coordination/v1/types.ts';
import type { Node } from '../../../api/core/v1/node-types.ts';
import type { Pod } from '../../../api/core/v1/pod-types.ts';
import { realClock, sleep, type Clock } from '../../../client/clock/clock.ts';
import { controllerEventRecorder } from '../../../client/record/index.ts';
import { RateLimitingQueue } from '../../../client/workqueue/rate-limiting-queue.ts';
import { klog } from '../../../component-base/logs/klog.ts';
import type { NodeLifecycleControllerOptions } from '../../../options/controllermanager/node-controller-options.ts';
import type { ControllerContext, ControllerRun } from '../../controller.ts';
import { runWorker, waitForSync } from '../serviceaccount/queue-worker.ts';
import { addNodeNameIndex, podsOnNode } from '../tainteviction/pods-by-node.ts';
import { NodeMonitor } from './node-monitor.ts';

const log = klog('controllermanager/nodelifecycle');

export const CONTROLLER_NAME = 'node-lifecycle-controller';
const PODS = { group: '', version: 'v1', resource: 'pods' };
const NODES = { group: '', version: 'v1', resource: 'nodes' };
const LEASES = { group: 'coordination.orch.io', version: 'v1', resource: 'leases' };
export const NODE_LEASE_NAMESPACE = 'orch-node-lease';
/** Kubernetes' NodeEvictionPeriod, nodeUpdateWorkerSize and podUpdateWorkerSize. */
const TAINTING_PERIOD_MS = 100;
const NODE_WORKERS = 8;
const POD_WORKERS = 4;

/** Runs `pass` until the signal aborts, waiting `periodMs` after each (wait.Until). */
async function every(clock: Clock, periodMs: number, signal: AbortSignal, pass: () => Promise<void>, what: string): Promise<void> {
  while (!signal.aborted) {
    try {
      await pass();
    } catch (err) {
      if (!signal.aborted) log.error(what, { err: (err as Error).message });
    }
    await sleep(clock, periodMs, signal).catch(() => undefined);
  }
}

export function nodeLifecycleController(options: NodeLifecycleControllerOptions, clock: Clock = realClock): ControllerRun {
  return async (ctx: ControllerContext) => {
    const client = ctx.client;
    if (!client || !ctx.informers) throw new Error('the node lifecycle controller needs an API client and informers');
    const nodes = ctx.informers.informerFor<Node>(NODES);
    const pods = ctx.informers.informerFor<Pod>(PODS);
    const leases = ctx.informers.informerFor<Lease>(LEASES, NODE_LEASE_NAMESPACE);
    addNodeNameIndex(pods.indexer);
    const events = controllerEventRecorder(client, CONTROLLER_NAME, { clock });
    const monitor = new NodeMonitor({
      client,
      clock,
      recorder: events.recorder,
      options,
      getNode: (name) => nodes.indexer.get(name),
      listNodes: () => nodes.indexer.list(),
      getLease: (name) => leases.indexer.get(`${NODE_LEASE_NAMESPACE}/${name}`),
      podsOnNode: (name) => podsOnNode(pods.indexer, name),
      signal: ctx.signal,
    });
    const nodeQueue = new RateLimitingQueue<string>(clock);
    const podQueue = new RateLimitingQueue<string>(clock);
    ctx.signal.addEventListener('abort', () => {
      nodeQueue.shutDown();
      podQueue.shutDown();
    }, { once: true });
    log.info('Starting controller', { controller: CONTROLLER_NAME });
    await waitForSync(ctx.signal, nodes, pods, leases);
    if (ctx.signal.aborted) return await events.broadcaster.shutdown();

    nodes.addEventHandler({
      onAdd: (node) => nodeQueue.add(node.metadata.name ?? ''),
      onUpdate: (_old, node) => nodeQueue.add(node.metadata.name ?? ''),
    });
    const podBound = (old: Pod | undefined, pod: Pod) => {
      const nodeName = pod.spec?.nodeName;
      if (nodeName && (!old || old.spec?.nodeName !== nodeName)) podQueue.add(`${pod.metadata.namespace}/${pod.metadata.name}`);
    };
    pods.addEventHandler({ onAdd: (pod) => podBound(undefined, pod), onUpdate: podBound });
    const syncPod = async (key: string) => {
      const pod = pods.indexer.get(key);
      if (pod) await monitor.podAssigned(pod);
    };
    log.info('Node lifecycle controller synced', { controller: CONTROLLER_NAME, monitorPeriod: `${options.monitorPeriodMs}ms`, gracePeriod: `${options.monitorGracePeriodMs}ms` });
    await Promise.all([
      ...Array.from({ length: NODE_WORKERS }, () => runWorker(CONTROLLER_NAME, nodeQueue, (name) => monitor.nodeChanged(name), ctx.signal)),
      ...Array.from({ length: POD_WORKERS }, () => runWorker(CONTROLLER_NAME, podQueue, syncPod, ctx.signal)),
      every(clock, TAINTING_PERIOD_MS, ctx.signal, () => monitor.noExecuteTaintingPass(), 'Error tainting nodes'),
      every(clock, options.monitorPeriodMs, ctx.signal, () => monitor.monitor(), 'Error monitoring node health'),
    ]);
    log.info('Shutting down controller', { controller: CONTROLLER_NAME });
    await events.broadcaster.shutdown();
  };
}
