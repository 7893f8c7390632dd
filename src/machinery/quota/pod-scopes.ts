// The scopes a pod is in, for quotas that count only some pods: Terminating (it has an
// activeDeadlineSeconds) or NotTerminating, BestEffort or NotBestEffort, PriorityClass (matched
// against its priority class name with In, NotIn, Exists or DoesNotExist) and
// CrossNamespacePodAffinity (an affinity term naming other namespaces).
import type { Pod, PodAffinity, PodAffinityTerm } from '../../api/core/v1/pod-types.ts';
import type { ScopedResourceSelectorRequirement } from '../../api/core/v1/policy-types.ts';
import { isBestEffort } from './qos.ts';

export const isTerminating = (pod: Pod) => (pod.spec?.activeDeadlineSeconds ?? -1) >= 0;

function matchesPriorityClass(pod: Pod, selector: ScopedResourceSelectorRequirement): boolean {
  const name = pod.spec?.priorityClassName ?? '';
  const values = selector.values ?? [];
  switch (selector.operator) {
    case 'Exists':
      return name !== '';
    case 'DoesNotExist':
      return name === '';
    case 'In':
      return name !== '' && values.includes(name);
    case 'NotIn':
      return name === '' || !values.includes(name);
    default:
      return false;
  }
}

const crossNamespace = (t: PodAffinityTerm) => (t.namespaces?.length ?? 0) > 0 || t.namespaceSelector !== undefined;

function usesCrossNamespaceAffinity(affinity: PodAffinity | undefined): boolean {
  if (!affinity) return false;
  return (affinity.requiredDuringSchedulingIgnoredDuringExecution ?? []).some(crossNamespace) || (affinity.preferredDuringSchedulingIgnoredDuringExecution ?? []).some((w) => crossNamespace(w.podAffinityTerm));
}

export function podMatchesScope(selector: ScopedResourceSelectorRequirement, pod: Pod): boolean {
  switch (selector.scopeName) {
    case 'Terminating':
      return isTerminating(pod);
    case 'NotTerminating':
      return !isTerminating(pod);
    case 'BestEffort':
      return isBestEffort(pod);
    case 'NotBestEffort':
      return !isBestEffort(pod);
    case 'PriorityClass':
      return matchesPriorityClass(pod, selector);
    case 'CrossNamespacePodAffinity':
      return usesCrossNamespaceAffinity(pod.spec?.affinity?.podAffinity) || usesCrossNamespaceAffinity(pod.spec?.affinity?.podAntiAffinity);
    default:
      return false;
  }
}
