// What a pod's create adds besides defaults, as Kubernetes' pod strategy does: the Pending phase
// and computed QoS class as its whole status, a PodScheduled=False condition with reason
// SchedulingGated while scheduling gates hold it, and the values of the pod's own labels named
// by matchLabelKeys / mismatchLabelKeys merged into its pod affinity terms' selectors.
import type { Pod, PodAffinity, PodAffinityTerm } from '../../../../api/core/v1/pod-types.ts';
import { nowTimestamp } from '../../generic/object-meta.ts';
import { computePodQOS } from './qos.ts';

function mergeLabelKeys(term: PodAffinityTerm | undefined, labels: Record<string, string>): void {
  const selector = term?.labelSelector;
  if (!term || !selector || (!term.matchLabelKeys?.length && !term.mismatchLabelKeys?.length)) return;
  const add = (keys: readonly string[] | undefined, operator: 'In' | 'NotIn') => {
    for (const key of keys ?? []) {
      const value = labels[key];
      if (value !== undefined) (selector.matchExpressions ??= []).push({ key, operator, values: [value] });
    }
  };
  add(term.matchLabelKeys, 'In');
  add(term.mismatchLabelKeys, 'NotIn');
}

function mergeAffinity(affinity: PodAffinity | undefined, labels: Record<string, string>): void {
  for (const w of affinity?.preferredDuringSchedulingIgnoredDuringExecution ?? []) mergeLabelKeys(w.podAffinityTerm, labels);
  for (const term of affinity?.requiredDuringSchedulingIgnoredDuringExecution ?? []) mergeLabelKeys(term, labels);
}

export function applyCreateMutations(pod: Pod): void {
  const spec = pod.spec!;
  pod.status = { phase: 'Pending', qosClass: computePodQOS(spec) };
  if (spec.schedulingGates?.length) {
    pod.status.conditions = [{ type: 'PodScheduled', status: 'False', lastProbeTime: null, lastTransitionTime: nowTimestamp(), reason: 'SchedulingGated', message: 'Scheduling is blocked due to non-empty scheduling gates' }];
  }
  const labels = pod.metadata.labels ?? {};
  mergeAffinity(spec.affinity?.podAffinity, labels);
  mergeAffinity(spec.affinity?.podAntiAffinity, labels);
}
