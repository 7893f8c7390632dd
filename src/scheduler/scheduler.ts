// The scheduling loop: take the next waiting pod, check it and then every node, rank those that
// fit, assume the pod on the best at once and, in the background (up to --parallelism at once),
// bind its volumes and then the pod. A pod that fits nowhere may preempt lower-priority pods: it is
// nominated to the node that frees room, the victims are marked and deleted, and the pod waits
// like any other unschedulable pod until the cluster changes. A pod nominated before is tried on
// its nominated node first.
import { isConflict, isNotFound } from '../machinery/status.ts';
import { klog } from '../component-base/logs/klog.ts';
import type { Pod } from '../api/core/v1/pod-types.ts';
import type { RestClient } from '../client/rest/client.ts';
import type { Binder } from './binder.ts';
import type { ClusterCache } from './cluster-cache.ts';
import { fitErrorMessage } from './fit-error.ts';
import type { FilterStatus } from './filters.ts';
import { filterWithNominated, podPriority, preFilter, type CycleState } from './framework.ts';
import type { NodeInfo } from './node-info.ts';
import { findPreemption, type PreemptionPlan } from './preemption.ts';
import type { QueuedPod, SchedulingQueue } from './scheduling-queue.ts';
import { rankNodes } from './scoring.ts';
import { bindPodVolumes, type VolumeBinderOptions } from './volume-binding.ts';

const log = klog('scheduler');

/** The outcome of checking every node for a pod. */
export type Placement =
  | { kind: 'fit'; node: NodeInfo; state: CycleState }
  | { kind: 'unschedulable'; message: string; preemption?: PreemptionPlan };

/** Chooses a node for the pod from the cache (or the victims to make room), without writing anything. */
export function choosePlacement(pod: Pod, cache: ClusterCache): Placement {
  if (cache.nodes.size === 0) return { kind: 'unschedulable', message: fitErrorMessage(0, new Map()) };
  const pre = preFilter(pod, cache);
  if (pre.kind === 'rejected') {
    // Refused before any node: preemption cannot help on any of them.
    const outcome = findPreemption(pod, undefined, cache, new Map());
    return { kind: 'unschedulable', message: fitErrorMessage(cache.nodes.size, new Map(), { preFilter: pre.message, postFilter: outcome.kind === 'none' ? `preemption: ${outcome.message}` : undefined }) };
  }
  const state = pre.state;
  const nominated = pod.status?.nominatedNodeName ? cache.nodes.get(pod.status.nominatedNodeName) : undefined;
  if (nominated && !filterWithNominated(state, nominated, cache)) return { kind: 'fit', node: nominated, state };
  const feasible: NodeInfo[] = [];
  const statuses = new Map<string, FilterStatus>();
  for (const node of cache.nodes.values()) {
    const status = filterWithNominated(state, node, cache);
    if (status) statuses.set(node.name, status);
    else feasible.push(node);
  }
  if (feasible.length) return { kind: 'fit', node: rankNodes(state.facts, feasible, cache)[0]!.node, state };
  const reasons = new Map([...statuses].map(([name, s]) => [name, s.reasons]));
  const outcome = findPreemption(pod, state, cache, statuses);
  if (outcome.kind === 'preempt') return { kind: 'unschedulable', message: fitErrorMessage(cache.nodes.size, reasons), preemption: outcome.plan };
  return { kind: 'unschedulable', message: fitErrorMessage(cache.nodes.size, reasons, { postFilter: `preemption: ${outcome.message}` }) };
}

export interface SchedulerLoopDeps {
  queue: SchedulingQueue;
  cache: ClusterCache;
  binder: Binder;
  client: RestClient;
  volumeBinding: VolumeBinderOptions;
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

async function scheduleOne(queued: QueuedPod, deps: SchedulerLoopDeps): Promise<void> {
  const { queue, cache, binder, signal } = deps;
  const pod = queued.pod;
  const placement = choosePlacement(pod, cache);
  if (placement.kind === 'unschedulable') {
    log.info('Unable to schedule pod', { pod: key(pod), reason: placement.message }, 2);
    queue.parkUnschedulable(queued);
    let nominatedNodeName: string | undefined;
    if (placement.preemption) {
      nominatedNodeName = placement.preemption.nodeName;
      cache.nominate(pod, nominatedNodeName);
      await preempt(pod, placement.preemption, deps);
    }
    await binder.reportUnschedulable(pod, 'Unschedulable', placement.message, signal, nominatedNodeName).catch((err) => {
      if (!isNotFound(err)) log.warning('Could not record the pod as unschedulable', { pod: key(pod), err: (err as Error).message });
    });
    return;
  }
  const nodeName = placement.node.name;
  cache.assume(pod, nodeName);
  const volumes = placement.state.volumes?.bindingsFor(nodeName);
  if (volumes) {
    try {
      await bindPodVolumes(deps.client, cache.listers, volumes, nodeName, deps.volumeBinding, signal);
    } catch (err) {
      cache.forget(pod);
      log.warning('Binding the pod\'s volumes failed; will retry', { pod: key(pod), node: nodeName, err: (err as Error).message });
      queue.retryAfterBackoff(queued);
      return;
    }
  }
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

/** Marks and deletes the victims, and takes the nomination away from lower-priority pods nominated there. */
async function preempt(pod: Pod, plan: PreemptionPlan, { binder, cache, signal }: SchedulerLoopDeps): Promise<void> {
  log.info('Preempting pods to make room', { pod: key(pod), node: plan.nodeName, victims: plan.victims.map(key) }, 2);
  await Promise.all(plan.victims.map((victim) => binder.preemptVictim(victim, pod, plan.nodeName, signal).catch((err) => {
    if (!isNotFound(err)) log.warning('Could not preempt a pod', { pod: key(victim), err: (err as Error).message });
  })));
  const priority = podPriority(pod);
  for (const other of cache.nominatedTo(plan.nodeName, pod)) {
    if (podPriority(other) >= priority) continue;
    cache.nominate(other, undefined);
    await binder.clearNomination(other, signal).catch((err) => {
      if (!isNotFound(err)) log.warning('Could not clear a nomination', { pod: key(other), err: (err as Error).message });
    });
  }
}
