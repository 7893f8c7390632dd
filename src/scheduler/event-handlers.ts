// How the scheduler follows the cluster: bound pods are counted on their nodes, pods that name this
// scheduler and have no node wait in the queue (a gated one is only marked SchedulingGated), and
// whatever may free room or add it — a new or changed node, a pod that is gone or finished, a
// waiting pod's own spec changing — sends unschedulable pods back to be tried.
import type { Node } from '../api/core/v1/node-types.ts';
import type { Pod } from '../api/core/v1/pod-types.ts';
import type { EventHandler } from '../client/cache/shared-informer.ts';
import type { Binder } from './binder.ts';
import { isTerminal, type ClusterCache } from './cluster-cache.ts';
import type { SchedulingQueue } from './scheduling-queue.ts';

export const SCHEDULING_GATED_MESSAGE = 'Scheduling is blocked due to non-empty scheduling gates';

export interface HandlerDeps {
  schedulerName: string;
  cache: ClusterCache;
  queue: SchedulingQueue;
  binder: Binder;
  onError(what: string, err: unknown): void;
}

function waitsForUs(pod: Pod, schedulerName: string): boolean {
  return !pod.spec?.nodeName && (pod.spec?.schedulerName ?? 'default-scheduler') === schedulerName && !pod.metadata.deletionTimestamp && !isTerminal(pod);
}

/** What a scheduling decision reads of a waiting pod (its status is the scheduler's own doing). */
function schedulingInputs(pod: Pod): string {
  return JSON.stringify([pod.metadata.labels, pod.metadata.annotations, pod.spec]);
}

export function podHandler(deps: HandlerDeps): EventHandler<Pod> {
  const { cache, queue } = deps;
  const seen = (pod: Pod, old: Pod | undefined) => {
    if (pod.spec?.nodeName) {
      queue.delete(pod);
      cache.updatePod(pod);
      if (old && !isTerminal(old) && isTerminal(pod)) queue.moveAllUnschedulable();
      return;
    }
    cache.updatePod(pod);
    if (!waitsForUs(pod, deps.schedulerName) || cache.isAssumed(pod)) {
      queue.delete(pod);
      return;
    }
    if ((pod.spec?.schedulingGates ?? []).length) {
      queue.delete(pod);
      deps.binder.reportUnschedulable(pod, 'SchedulingGated', SCHEDULING_GATED_MESSAGE).catch((err) => deps.onError('marking a gated pod', err));
      return;
    }
    if (!old || schedulingInputs(old) !== schedulingInputs(pod)) queue.addOrUpdate(pod);
  };
  return {
    onAdd: (pod) => seen(pod, undefined),
    onUpdate: (old, pod) => seen(pod, old),
    onDelete: (pod) => {
      queue.delete(pod);
      cache.removePod(pod);
      if (pod.spec?.nodeName) queue.moveAllUnschedulable();
    },
  };
}

/** What scheduling reads of a node: its labels, taints, schedulability and allocatable. */
function nodeInputs(node: Node): string {
  return JSON.stringify([node.metadata.labels, node.spec?.taints, node.spec?.unschedulable, node.status?.allocatable]);
}

export function nodeHandler({ cache, queue }: HandlerDeps): EventHandler<Node> {
  return {
    onAdd: (node) => {
      cache.setNode(node);
      queue.moveAllUnschedulable();
    },
    onUpdate: (old, node) => {
      cache.setNode(node);
      if (nodeInputs(old) !== nodeInputs(node)) queue.moveAllUnschedulable();
    },
    onDelete: (node) => cache.removeNode(node.metadata.name ?? ''),
  };
}
