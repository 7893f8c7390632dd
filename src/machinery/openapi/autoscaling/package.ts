// autoscaling/v1's types as Go structs (see ../go-structs.ts): Scale, the view of a scalable
// resource's replica count served by its scale subresource, and HorizontalPodAutoscaler in its v1
// form (a CPU target only; the v2 object's other metrics ride in annotations). Field numbers and
// tags are Kubernetes' (k8s.io/api autoscaling/v1); descriptions are our own.
import type { GoPackage } from '../go-structs.ts';

export const autoscalingPackage: GoPackage = {
  prefix: 'io.orch.api.autoscaling.v1',
  goPackage: 'v1',
  structs: {
    CrossVersionObjectReference: {
      doc: 'The object an autoscaler scales, by kind, name and API version.',
      atomic: true,
      fields: [
        ['kind', 1, 'string', 'The kind of the object, e.g. ReplicationController.'],
        ['name', 2, 'string', 'The name of the object, in the autoscaler\'s namespace.'],
        ['apiVersion,omitempty', 3, 'string', 'The API version of the object, e.g. apps/v1.'],
      ],
    },
    HorizontalPodAutoscalerSpec: {
      doc: 'What an autoscaler scales, between which bounds, and to what CPU use.',
      fields: [
        ['scaleTargetRef', 1, 'CrossVersionObjectReference', 'The object whose scale subresource the autoscaler reads and writes.'],
        ['*minReplicas,omitempty', 2, 'int32', 'The fewest replicas the autoscaler scales down to; defaults to 1.'],
        ['maxReplicas', 3, 'int32', 'The most replicas the autoscaler scales up to; not less than minReplicas.'],
        ['*targetCPUUtilizationPercentage,omitempty', 4, 'int32', 'The average CPU use the pods should have, in percent of what they request; unset uses 80.'],
      ],
    },
    HorizontalPodAutoscalerStatus: {
      doc: 'What an autoscaler last saw and did.',
      fields: [
        ['*observedGeneration,omitempty', 1, 'int64', 'The generation of the autoscaler last acted on.'],
        ['*lastScaleTime,omitempty', 2, 'meta.Time', 'When the autoscaler last changed the number of pods.'],
        ['currentReplicas', 3, 'int32', 'The number of replicas last seen.'],
        ['desiredReplicas', 4, 'int32', 'The number of replicas last asked for.'],
        ['*currentCPUUtilizationPercentage,omitempty', 5, 'int32', 'The average CPU use of the pods, in percent of what they request.'],
      ],
    },
    HorizontalPodAutoscaler: {
      doc: 'HorizontalPodAutoscaler keeps the replica count of a scalable object within bounds, sized to the CPU its pods use.',
      kind: { group: 'autoscaling', version: 'v1', kind: 'HorizontalPodAutoscaler' },
      listDoc: 'A list of horizontal pod autoscalers.',
      fields: [
        ['metadata,omitempty', 1, 'meta.ObjectMeta', 'Standard object metadata.'],
        ['spec,omitempty', 2, 'HorizontalPodAutoscalerSpec', 'What is scaled and how.'],
        ['status,omitempty', 3, 'HorizontalPodAutoscalerStatus', 'What the autoscaler last saw and did; written through /status.'],
      ],
    },
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
