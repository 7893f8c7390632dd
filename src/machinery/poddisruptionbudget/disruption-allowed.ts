// A budget's DisruptionAllowed condition, kept as Kubernetes' poddisruptionbudget helpers keep it:
// True with reason SufficientPods while disruptions are allowed, else False with InsufficientPods;
// its observedGeneration follows the status'. The transition time moves only when the status
// flips (meta SetStatusCondition). Both the eviction subresource and the disruption controller
// set it, so the rule lives here once.
import type { Condition, PodDisruptionBudget, PodDisruptionBudgetStatus } from '../../api/policy/v1/types.ts';

export const DISRUPTION_ALLOWED = 'DisruptionAllowed';
export const SUFFICIENT_PODS = 'SufficientPods';
export const INSUFFICIENT_PODS = 'InsufficientPods';
export const SYNC_FAILED = 'SyncFailed';

/** meta SetStatusCondition: adds or updates `next` by type; `now` stamps a new or flipped condition. */
export function setStatusCondition(conditions: Condition[], next: Omit<Condition, 'lastTransitionTime'> & { lastTransitionTime?: string }, now: string): void {
  const existing = conditions.find((c) => c.type === next.type);
  if (!existing) {
    conditions.push({ ...next, lastTransitionTime: next.lastTransitionTime || now });
    return;
  }
  if (existing.status !== next.status) {
    existing.status = next.status;
    existing.lastTransitionTime = next.lastTransitionTime || now;
  }
  existing.reason = next.reason;
  existing.message = next.message;
  existing.observedGeneration = next.observedGeneration;
}

/** UpdateDisruptionAllowedCondition: the condition as the status' disruptionsAllowed says. */
export function updateDisruptionAllowedCondition(status: PodDisruptionBudgetStatus, now: string): void {
  const conditions = (status.conditions ??= []);
  const allowed = status.disruptionsAllowed > 0;
  setStatusCondition(conditions, {
    type: DISRUPTION_ALLOWED,
    status: allowed ? 'True' : 'False',
    reason: allowed ? SUFFICIENT_PODS : INSUFFICIENT_PODS,
    message: '',
    observedGeneration: status.observedGeneration ?? 0,
  }, now);
}

/** ConditionsAreUpToDate: the condition exists, the status observed the spec, and the two agree. */
export function disruptionConditionUpToDate(pdb: PodDisruptionBudget): boolean {
  const status = pdb.status;
  const condition = status?.conditions?.find((c) => c.type === DISRUPTION_ALLOWED);
  if (!status || !condition) return false;
  if ((status.observedGeneration ?? 0) !== (pdb.metadata.generation ?? 0)) return false;
  if (status.disruptionsAllowed > 0) return condition.status === 'True' && condition.reason === SUFFICIENT_PODS;
  return condition.status === 'False' && condition.reason === INSUFFICIENT_PODS;
}
