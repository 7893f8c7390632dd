// A budget's status from its pods, as Kubernetes' disruption controller computes it: pods evicted
// through the budget stay in disruptedPods until they are seen being deleted, or for two minutes
// (then they are dropped, with a NotDeleted event on the pod); healthy pods are the ready ones not
// being deleted and not just disrupted; disruptions are allowed while more are healthy than the
// budget wants, and never while it expects no pods. A status is written only when it differs;
// the DisruptionAllowed condition follows it, and a failed sync writes SyncFailed with no
// disruptions allowed.
import type { Pod } from '../../../api/core/v1/pod-types.ts';
import type { PodDisruptionBudget, PodDisruptionBudgetStatus } from '../../../api/policy/v1/types.ts';
import { timeToDate } from '../../../api/meta/v1/time.ts';
import { DISRUPTION_ALLOWED, disruptionConditionUpToDate, setStatusCondition, SYNC_FAILED, updateDisruptionAllowedCondition } from '../../../machinery/poddisruptionbudget/disruption-allowed.ts';
import { isPodReady } from '../workload/pod-state.ts';

/** How long an evicted pod may take to be seen being deleted (Kubernetes' DeletionTimeout). */
export const DELETION_TIMEOUT_MS = 2 * 60 * 1000;

function at(time: string | undefined | null): number {
  return timeToDate(time)?.getTime() ?? 0;
}

export interface DisruptedPods {
  disrupted: Record<string, string>;
  /** When the earliest remaining entry runs out (ms since the epoch). */
  recheckAt?: number;
  /** Pods that were expected to go but did not. */
  notDeleted: Pod[];
}

/** buildDisruptedPodMap: the entries of pods that still exist, are not yet being deleted, and are within the timeout. */
export function buildDisruptedPods(pods: readonly Pod[], pdb: PodDisruptionBudget, now: number): DisruptedPods {
  const recorded = pdb.status?.disruptedPods ?? {};
  const out: DisruptedPods = { disrupted: {}, notDeleted: [] };
  for (const pod of pods) {
    if (pod.metadata.deletionTimestamp) continue;
    const when = recorded[pod.metadata.name ?? ''];
    if (when === undefined) continue;
    const expected = at(when) + DELETION_TIMEOUT_MS;
    if (expected < now) {
      out.notDeleted.push(pod);
      continue;
    }
    if (out.recheckAt === undefined || expected < out.recheckAt) out.recheckAt = expected;
    out.disrupted[pod.metadata.name ?? ''] = when ?? '';
  }
  return out;
}

/** countHealthyPods: ready pods not being deleted and not disrupted within the timeout. */
export function countHealthyPods(pods: readonly Pod[], disrupted: Record<string, string>, now: number): number {
  let healthy = 0;
  for (const pod of pods) {
    if (pod.metadata.deletionTimestamp) continue;
    const when = disrupted[pod.metadata.name ?? ''];
    if (when !== undefined && at(when) + DELETION_TIMEOUT_MS > now) continue;
    if (isPodReady(pod)) healthy++;
  }
  return healthy;
}

function sameMap(a: Record<string, string | null> | undefined, b: Record<string, string>): boolean {
  const ak = Object.keys(a ?? {});
  return ak.length === Object.keys(b).length && ak.every((k) => a![k] === b[k]);
}

/** updatePdbStatus: the status to write, or undefined when the stored one already says it. */
export function nextBudgetStatus(pdb: PodDisruptionBudget, currentHealthy: number, desiredHealthy: number, expectedPods: number, disrupted: Record<string, string>, now: string): PodDisruptionBudgetStatus | undefined {
  let disruptionsAllowed = currentHealthy - desiredHealthy;
  if (expectedPods <= 0 || disruptionsAllowed <= 0) disruptionsAllowed = 0;
  const s = pdb.status;
  const generation = pdb.metadata.generation ?? 0;
  if (s && s.currentHealthy === currentHealthy && s.desiredHealthy === desiredHealthy && s.expectedPods === expectedPods
    && s.disruptionsAllowed === disruptionsAllowed && sameMap(s.disruptedPods, disrupted) && (s.observedGeneration ?? 0) === generation && disruptionConditionUpToDate(pdb)) {
    return undefined;
  }
  const status: PodDisruptionBudgetStatus = {
    observedGeneration: generation,
    ...(Object.keys(disrupted).length ? { disruptedPods: disrupted } : {}),
    disruptionsAllowed,
    currentHealthy,
    desiredHealthy,
    expectedPods,
    conditions: structuredClone(s?.conditions ?? []),
  };
  updateDisruptionAllowedCondition(status, now);
  return status;
}

/** failSafe: no disruption allowed, and why, when the status could not be computed. */
export function failSafeStatus(pdb: PodDisruptionBudget, err: unknown, now: string): PodDisruptionBudgetStatus {
  const status = structuredClone(pdb.status ?? { disruptionsAllowed: 0, currentHealthy: 0, desiredHealthy: 0, expectedPods: 0 });
  status.disruptionsAllowed = 0;
  status.conditions ??= [];
  setStatusCondition(status.conditions, {
    type: DISRUPTION_ALLOWED,
    status: 'False',
    reason: SYNC_FAILED,
    message: err instanceof Error ? err.message : String(err),
    observedGeneration: status.observedGeneration ?? 0,
  }, now);
  return status;
}
