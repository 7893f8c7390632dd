// The EvictionInProgress condition a DeviceTaintRule's status gets, worded as Kubernetes 1.35 words
// it: for NoExecute, PodsPendingEviction (True, how many pods in how many namespaces), else
// Completed once it evicted some, else NotStarted; for None, NoEffect with the devices it selects
// and the pods it would evict; for other effects, OtherEffect. The pods evicted since the
// controller started are added at the end.
import type { DeviceTaintRule } from '../../../api/resource/v1alpha3/types.ts';

export const EVICTION_IN_PROGRESS = 'EvictionInProgress';

export interface RuleCounts {
  pendingPods: number;
  pendingNamespaces: number;
  evictedPods: number;
  /** Only for the None effect. */
  sliceDevices?: number;
  allocatedDevices?: number;
}

export interface RuleCondition {
  type: string;
  status: 'True' | 'False';
  reason: string;
  message: string;
  observedGeneration?: number;
}

const plural = (n: number, one: string, many: string) => (n === 1 ? `1 ${one}` : `${n} ${many}`);

export function ruleCondition(rule: DeviceTaintRule, counts: RuleCounts): RuleCondition {
  const effect = rule.spec?.taint?.effect ?? '';
  const condition: RuleCondition = { type: EVICTION_IN_PROGRESS, status: 'False', reason: `Effect${effect}`, message: '', observedGeneration: rule.metadata.generation };
  if (effect === 'NoExecute') {
    if (counts.pendingPods > 0) {
      condition.status = 'True';
      condition.reason = 'PodsPendingEviction';
      condition.message = `${counts.pendingPods === 1 ? '1 pod needs' : `${counts.pendingPods} pods need`} to be evicted in ${counts.pendingNamespaces === 1 ? '1 namespace.' : `${counts.pendingNamespaces} different namespaces.`}`;
    } else {
      condition.reason = counts.evictedPods > 0 ? 'Completed' : 'NotStarted';
    }
  } else if (effect === 'None') {
    condition.reason = 'NoEffect';
    condition.message = `${plural(counts.sliceDevices ?? 0, 'published device', 'published devices')} selected. `
      + `${plural(counts.allocatedDevices ?? 0, 'allocated device', 'allocated devices')} selected. `
      + `${counts.pendingPods === 1 ? '1 pod' : `${counts.pendingPods} pods`} would be evicted in ${counts.pendingNamespaces === 1 ? '1 namespace ' : `${counts.pendingNamespaces} different namespaces `}`
      + 'if the effect was NoExecute. This information will not be updated again. Recreate the DeviceTaintRule to trigger an update.';
  } else {
    condition.reason = 'OtherEffect';
    condition.message = 'Eviction only happens for the NoExecute effect.';
  }
  if (counts.evictedPods > 0) {
    if (condition.message) condition.message += ' ';
    condition.message += `${plural(counts.evictedPods, 'pod', 'pods')} evicted since starting the controller.`;
  }
  return condition;
}
