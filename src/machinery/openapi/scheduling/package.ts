// scheduling.v1's types as Go structs (see ../go-structs.ts): PriorityClass, a name for a pod
// priority. Field numbers and tags are Kubernetes' (k8s.io/api scheduling/v1); descriptions are
// our own.
import type { GoPackage } from '../go-structs.ts';

export const schedulingPackage: GoPackage = {
  prefix: 'io.orch.api.scheduling.v1',
  goPackage: 'v1',
  structs: {
    PriorityClass: {
      doc: 'A named pod priority: pods that name the class in priorityClassName get its value as their priority. Cluster-scoped.',
      kind: { group: 'scheduling.orch.io', version: 'v1', kind: 'PriorityClass' },
      listDoc: 'A list of priority classes.',
      fields: [
        ['metadata,omitempty', 1, 'meta.ObjectMeta', 'Standard object metadata; names beginning with system- are reserved.'],
        ['value', 2, 'int32', 'The priority pods of this class get; higher is more important. At most 1000000000 for classes not of the system. Cannot change.'],
        ['globalDefault,omitempty', 3, 'bool', 'Whether pods that name no class get this one; at most one class may be the default.'],
        ['description,omitempty', 4, 'string', 'Free text saying when the class should be used.'],
        ['*preemptionPolicy,omitempty', 5, 'string:PreemptionPolicy', 'Whether pods of this class may preempt pods of lower priority: PreemptLowerPriority (the default) or Never. Cannot change.', { enum: ['Never', 'PreemptLowerPriority'] }],
      ],
    },
  },
};
