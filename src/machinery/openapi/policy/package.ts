// policy/v1's types as Go structs (see ../go-structs.ts): Eviction, posted to pods/eviction, and
// PodDisruptionBudget, which evictions of the pods it selects must respect. Field numbers and tags
// are Kubernetes' (k8s.io/api policy/v1); descriptions are our own.
import type { GoPackage } from '../go-structs.ts';

export const policyPackage: GoPackage = {
  prefix: 'io.orch.api.policy.v1',
  goPackage: 'v1',
  structs: {
    PodDisruptionBudgetSpec: {
      doc: 'Which pods a budget guards and how many of them must stay available (or may be unavailable).',
      fields: [
        ['*minAvailable,omitempty', 1, 'IntOrString', 'How many of the selected pods must still be available after an eviction, as a number or a percentage ("100%" forbids every eviction). Not with maxUnavailable.'],
        ['*selector,omitempty', 2, 'meta.LabelSelector', 'The pods the budget guards; unset or empty selects none.', { patchStrategy: 'replace' }],
        ['*maxUnavailable,omitempty', 3, 'IntOrString', 'How many of the selected pods may be unavailable after an eviction, as a number or a percentage (0 forbids every eviction). Not with minAvailable.'],
        ['*unhealthyPodEvictionPolicy,omitempty', 4, 'string:UnhealthyPodEvictionPolicyType', 'When running pods that are not ready may be evicted: IfHealthyBudget (the default) only while the budget\'s healthy pods suffice, AlwaysAllow always.', { enum: ['AlwaysAllow', 'IfHealthyBudget'] }],
      ],
    },
    PodDisruptionBudgetStatus: {
      doc: 'What the disruption controller last computed for a budget; may lag behind the pods.',
      fields: [
        ['observedGeneration,omitempty', 1, 'int64', 'The generation of the budget this status was computed for; disruptionsAllowed holds only when it equals metadata.generation.'],
        ['disruptedPods,omitempty', 2, 'map[string]meta.Time', 'Pods whose eviction the API server allowed and the controller has not yet seen deleted, by name, with the time of the eviction.'],
        ['disruptionsAllowed', 3, 'int32', 'How many pods may be evicted now.'],
        ['currentHealthy', 4, 'int32', 'How many of the selected pods are healthy.'],
        ['desiredHealthy', 5, 'int32', 'How many of the selected pods must be healthy.'],
        ['expectedPods', 6, 'int32', 'How many pods the budget counts.'],
        ['conditions,omitempty', 7, '[]meta.Condition', 'The budget\'s conditions; DisruptionAllowed says whether an eviction may happen now (reasons SufficientPods, InsufficientPods, SyncFailed).', { listType: 'map', listMapKeys: ['type'], patchStrategy: 'merge', patchMergeKey: 'type' }],
      ],
    },
    PodDisruptionBudget: {
      doc: 'PodDisruptionBudget limits how many of a set of pods voluntary evictions (such as a node drain) may take down at once.',
      kind: { group: 'policy', version: 'v1', kind: 'PodDisruptionBudget' },
      listDoc: 'A list of pod disruption budgets.',
      fields: [
        ['metadata,omitempty', 1, 'meta.ObjectMeta', 'Standard object metadata.'],
        ['spec,omitempty', 2, 'PodDisruptionBudgetSpec', 'The pods guarded and the budget.'],
        ['status,omitempty', 3, 'PodDisruptionBudgetStatus', 'The budget as last computed; written through /status and by evictions.'],
      ],
    },
    Eviction: {
      doc: 'A request to evict a pod: a delete that the PodDisruptionBudgets selecting the pod may refuse. Posted to the pod\'s eviction subresource.',
      kind: { group: 'policy', version: 'v1', kind: 'Eviction' },
      fields: [
        ['metadata,omitempty', 1, 'meta.ObjectMeta', 'Names the pod to evict.'],
        ['*deleteOptions,omitempty', 2, 'meta.DeleteOptions', 'How the pod is deleted once the eviction is allowed (grace period, preconditions).'],
      ],
    },
  },
};
