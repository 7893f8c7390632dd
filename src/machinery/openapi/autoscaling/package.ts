// autoscaling/v1's types as Go structs (see ../go-structs.ts): Scale, the view of a scalable
// resource's replica count served by its scale subresource. Field numbers and tags are
// Kubernetes' (k8s.io/api autoscaling/v1); descriptions are our own.
import type { GoPackage } from '../go-structs.ts';

export const autoscalingPackage: GoPackage = {
  prefix: 'io.orch.api.autoscaling.v1',
  goPackage: 'v1',
  structs: {
    Scale: {
      doc: 'The replica count of a scalable resource, read and written through its scale subresource.',
      kind: { group: 'autoscaling', version: 'v1', kind: 'Scale' },
      fields: [
        ['metadata,omitempty', 1, 'meta.ObjectMeta', 'The metadata of the scaled object: its name, namespace, uid and resourceVersion.'],
        ['spec,omitempty', 2, 'ScaleSpec', 'The replica count asked for.'],
        ['status,omitempty', 3, 'ScaleStatus', 'The replica count observed; read only.'],
      ],
    },
    ScaleSpec: {
      doc: 'The replica count asked for.',
      fields: [['replicas,omitempty', 1, 'int32', 'How many replicas the object should have.']],
    },
    ScaleStatus: {
      doc: 'The replica count observed, and how the replicas are selected.',
      fields: [
        ['replicas', 1, 'int32', 'How many replicas there are now.'],
        ['selector,omitempty', 2, 'string', 'The label selector of the replicas, in the string form of a label query (e.g. app=web,tier!=db).'],
      ],
    },
  },
};
