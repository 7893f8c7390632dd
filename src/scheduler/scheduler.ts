// The scheduling loop: take the next waiting pod, check every node, rank those that fit, assume
// the pod on the best at once and bind it in the background (up to --parallelism bindings in
// flight), or report why it fits nowhere and park it until the cluster changes.
import { isConflict, isNotFound } from '../machinery/status.ts';
import { klog } from '../component-base/logs/klog.ts';
import type { Pod } from '../api/core/v1/pod-types.ts';
import type { Binder } from './binder.ts';
import type { ClusterCache } from './cluster-cache.ts';
import { refusals, type PodFacts } from './filters.ts';
import { fitErrorMessage } from './fit-error.ts';
import type { NodeInfo } from './node-info.ts';
import { hostPortsOf, podNonZeroRequests, podRequests } from './resources.ts';
import type { QueuedPod, SchedulingQueue } from './scheduling-queue.ts';
import { rankNodes } from './scoring.ts';

const log = klog('scheduler');

/** The outcome of checking every node for a pod. */
export type Placement = { kind: 'fit'; node: NodeInfo } | { kind: 'unschedulable'; message: string };

/** Chooses a node for the pod from the cache, without writing anything. */
export function choosePlacement(pod: Pod, cache: ClusterCache): Placement {
  const facts = { pod, requests: podRequests(pod), hostPorts: hostPortsOf(pod), nonZero: podNonZeroRequests(pod) } satisfies PodFacts & { nonZero: unknown };
  const feasible: NodeInfo[] = [];
  const refused = new Map<string, string[]>();
  for (const node of cache.nodes.values()) {
    const reasons = refusals(facts, node);
    if (reasons.length) refused.set(node.name, reasons);
    else feasible.push(node);
  }
  if (feasible.length === 0) return { kind: 'unschedulable', message: fitErrorMessage(cache.nodes.size, refused) };
  return { kind: 'fit', node: rankNodes(facts, feasible)[0]!.node };
}

export interface SchedulerLoopDeps {
  queue: SchedulingQueue;
  cache: ClusterCache;
  binder: Binder;
  parallelism: number;
  signal: AbortSignal;
}

export async function runSchedulingLoop(deps: SchedulerLoopDeps): Promise<void> {
  const { queue, signal } = deps;
  const inFlight = new Set<Promise<void>>();
  for (;;) {
    if (inFlight.size >= deps.parallelism) await Promise.race(inFlight);
    const queued = await queue.pop();
    if (!queued || signal.aborted) break;
    const work = scheduleOne(queued, deps).catch((err) => log.error('Scheduling attempt failed', { pod: key(queued.pod), err: (err as Error).message }));
    inFlight.add(work);
    void work.finally(() => inFlight.delete(work));
  }
  await Promise.allSettled(inFlight);
}

function key(pod: Pod): string {
  return `${pod.metadata.namespace}/${pod.metadata.name}`;
}

async function scheduleOne(queued: QueuedPod, { queue, cache, binder, signal }: SchedulerLoopDeps): Promise<void> {
  const pod = queued.pod;
  const placement = choosePlacement(pod, cache);
  if (placement.kind === 'unschedulable') {
    log.info('Unable to schedule pod', { pod: key(pod), reason: placement.message }, 2);
    queue.parkUnschedulable(queued);
    await binder.reportUnschedulable(pod, 'Unschedulable', placement.message, signal).catch((err) => {
      if (!isNotFound(err)) log.warning('Could not record the pod as unschedulable', { pod: key(pod), err: (err as Error).message });
    });
    return;
  }
  const nodeName = placement.node.name;
  cache.assume(pod, nodeName);
  try {
    await binder.bind(pod, nodeName, signal);
    queue.done(queued);
    log.info('Successfully bound pod to node', { pod: key(pod), node: nodeName }, 2);
  } catch (err) {
    cache.forget(pod);
    // Gone, bound by someone else or being deleted: nothing left to do for it.
    if (isNotFound(err) || isConflict(err)) {
      queue.done(queued);
      log.info('Binding refused; the pod no longer waits', { pod: key(pod), err: (err as Error).message }, 2);
      return;
    }
    log.warning('Binding failed; will retry', { pod: key(pod), node: nodeName, err: (err as Error).message });
    queue.retryAfterBackoff(queued);
  }
}
