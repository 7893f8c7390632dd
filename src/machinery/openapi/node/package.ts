// node.v1's types as Go structs (see ../go-structs.ts): RuntimeClass, the container runtime
// handler a pod runs with, its overhead and where it can be scheduled. Field numbers and tags are
// Kubernetes' (k8s.io/api node/v1); descriptions are our own.
import type { GoPackage } from '../go-structs.ts';

export const nodePackage: GoPackage = {
  prefix: 'io.orch.api.node.v1',
  goPackage: 'v1',
  structs: {
    RuntimeClass: {
      doc: 'A class of container runtime the cluster offers; pods choose one by name in runtimeClassName. Cluster-scoped.',
      kind: { group: 'node.orch.io', version: 'v1', kind: 'RuntimeClass' },
      listDoc: 'A list of runtime classes.',
      fields: [
        ['metadata,omitempty', 1, 'meta.ObjectMeta', 'Standard object metadata.'],
        ['handler', 2, 'string', 'The runtime configuration the node\'s container runtime uses for pods of this class; a lowercase DNS label. Required; cannot change.'],
        ['*overhead,omitempty', 3, 'Overhead', 'The resources running a pod of this class costs beyond its containers; copied into the pod\'s spec.overhead at admission.'],
        ['*scheduling,omitempty', 4, 'Scheduling', 'The nodes that support this class; unset means every node does.'],
      ],
    },
    Overhead: {
      doc: 'The resources a pod costs beyond what its containers ask for.',
      fields: [['podFixed,omitempty', 1, 'map[string]Quantity:ResourceList', 'A fixed amount of each resource per pod.']],
    },
    Scheduling: {
      doc: 'Where pods of a runtime class can run.',
      fields: [
        ['nodeSelector,omitempty', 1, 'map[string]string', 'Labels a node must have to run pods of this class; merged into each pod\'s nodeSelector at admission, a conflicting pod being refused.', { mapType: 'atomic' }],
        ['tolerations,omitempty', 2, '[]core.Toleration', 'Tolerations added to each pod of this class at admission, without duplicates.', { listType: 'atomic' }],
      ],
    },
  },
};
