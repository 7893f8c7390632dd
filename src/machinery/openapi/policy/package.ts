// policy/v1's types as Go structs (see ../go-structs.ts): Eviction, posted to pods/eviction.
// Field numbers and tags are Kubernetes' (k8s.io/api policy/v1); descriptions are our own.
import type { GoPackage } from '../go-structs.ts';

export const policyPackage: GoPackage = {
  prefix: 'io.orch.api.policy.v1',
  goPackage: 'v1',
  structs: {
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
