// A failed pod against a job's podFailurePolicy, as Kubernetes matches it: the first rule that
// matches decides, by a terminated container's non-zero exit code (In or NotIn the values,
// optionally of one named container; init containers after the others) or by a pod condition of
// the given type and status. FailJob gives the job's failure message; Ignore means the failure is
// not counted against the backoff limits; Count and FailIndex count it. Without a match, it counts.
import type { PodFailurePolicy, PodFailurePolicyOnExitCodesRequirement } from '../../../api/batch/v1/types.ts';
import type { ContainerStatus } from '../../../api/core/v1/container-types.ts';
import type { Pod } from '../../../api/core/v1/pod-types.ts';

export type PodFailurePolicyAction = 'FailJob' | 'FailIndex' | 'Ignore' | 'Count';

export interface PodFailurePolicyMatch {
  /** Set when a FailJob rule matched. */
  failJobMessage?: string;
  /** Whether the failure counts towards backoffLimit (and backoffLimitPerIndex). */
  countFailed: boolean;
  action?: PodFailurePolicyAction;
}

function exitCodeMatches(code: number, req: PodFailurePolicyOnExitCodesRequirement): boolean {
  if (req.operator === 'In') return req.values.includes(code);
  if (req.operator === 'NotIn') return !req.values.includes(code);
  return false;
}

function matchingContainer(statuses: readonly ContainerStatus[] | undefined, req: PodFailurePolicyOnExitCodesRequirement): ContainerStatus | undefined {
  for (const status of statuses ?? []) {
    const terminated = status.state?.terminated;
    // Still running: no exit code yet.
    if (!terminated) continue;
    if (req.containerName && req.containerName !== status.name) continue;
    if (terminated.exitCode !== 0 && exitCodeMatches(terminated.exitCode, req)) return status;
  }
  return undefined;
}

export function matchPodFailurePolicy(policy: PodFailurePolicy | undefined, pod: Pod): PodFailurePolicyMatch {
  if (!policy) return { countFailed: true };
  const ns = pod.metadata.namespace ?? '';
  const name = pod.metadata.name ?? '';
  for (const [index, rule] of (policy.rules ?? []).entries()) {
    let failJobMessage: string | undefined;
    if (rule.onExitCodes) {
      const status = matchingContainer(pod.status?.containerStatuses, rule.onExitCodes) ?? matchingContainer(pod.status?.initContainerStatuses, rule.onExitCodes);
      if (!status) continue;
      failJobMessage = `Container ${status.name} for pod ${ns}/${name} failed with exit code ${status.state!.terminated!.exitCode} matching ${rule.action} rule at index ${index}`;
    } else if (rule.onPodConditions) {
      const condition = (pod.status?.conditions ?? []).find((c) => rule.onPodConditions!.some((p) => p.type === c.type && p.status === c.status));
      if (!condition) continue;
      failJobMessage = `Pod ${ns}/${name} has condition ${condition.type} matching ${rule.action} rule at index ${index}`;
    } else continue;
    switch (rule.action) {
      case 'Ignore':
        return { countFailed: false, action: 'Ignore' };
      case 'FailIndex':
        return { countFailed: true, action: 'FailIndex' };
      case 'Count':
        return { countFailed: true, action: 'Count' };
      case 'FailJob':
        return { failJobMessage, countFailed: true, action: 'FailJob' };
      default:
        // An action this controller does not know: the next rule decides.
        continue;
    }
  }
  return { countFailed: true };
}
