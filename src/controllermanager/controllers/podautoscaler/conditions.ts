// An autoscaler's status conditions, set as Kubernetes' horizontal controller sets them: a
// condition keeps its place in the list, and its lastTransitionTime moves only when its status
// changes.
import type { HorizontalPodAutoscalerCondition } from '../../../api/autoscaling/v2/types.ts';
import { nowTime } from '../../../api/meta/v1/time.ts';

export type ConditionType = 'AbleToScale' | 'ScalingActive' | 'ScalingLimited';

export function setCondition(conditions: HorizontalPodAutoscalerCondition[], type: ConditionType, status: 'True' | 'False', reason: string, message: string, now: number): void {
  const existing = conditions.find((c) => c.type === type);
  if (!existing) {
    conditions.push({ type, status, lastTransitionTime: nowTime(new Date(now)), reason, message });
    return;
  }
  if (existing.status !== status) existing.lastTransitionTime = nowTime(new Date(now));
  existing.status = status;
  existing.reason = reason;
  existing.message = message;
}
