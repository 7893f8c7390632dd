// autoscaling/v2's types as Go structs (see ../go-structs.ts): HorizontalPodAutoscaler with any
// number of metrics (resource, container resource, pods, object, external) and scaling behavior.
// It is the form autoscalers are stored in; autoscaling/v1 is a view of it. Field numbers and tags
// are Kubernetes' (k8s.io/api autoscaling/v2); descriptions are our own.
import type { GoPackage } from '../go-structs.ts';

const RESOURCE_NAME = 'string:ResourceName';

export const autoscalingV2Package: GoPackage = {
  prefix: 'io.orch.api.autoscaling.v2',
  goPackage: 'v2',
  structs: {
    HorizontalPodAutoscaler: {
      doc: 'HorizontalPodAutoscaler keeps the replica count of a scalable object within bounds, sized to the metrics it is given.',
      kind: { group: 'autoscaling', version: 'v2', kind: 'HorizontalPodAutoscaler' },
      listDoc: 'A list of horizontal pod autoscalers.',
      fields: [
        ['metadata,omitempty', 1, 'meta.ObjectMeta', 'Standard object metadata.'],
        ['spec,omitempty', 2, 'HorizontalPodAutoscalerSpec', 'What is scaled, on which metrics, and how fast.'],
        ['status,omitempty', 3, 'HorizontalPodAutoscalerStatus', 'What the autoscaler last saw and did; written through /status.'],
      ],
    },
    HorizontalPodAutoscalerSpec: {
      doc: 'What an autoscaler scales, between which bounds, on which metrics.',
      fields: [
        ['scaleTargetRef', 1, 'CrossVersionObjectReference', 'The object whose scale subresource the autoscaler reads and writes, and whose pods it measures.'],
        ['*minReplicas,omitempty', 2, 'int32', 'The fewest replicas the autoscaler scales down to; defaults to 1. 0 is allowed only with an Object or External metric.'],
        ['maxReplicas', 3, 'int32', 'The most replicas the autoscaler scales up to; not less than minReplicas.'],
        ['metrics,omitempty', 4, '[]MetricSpec', 'The metrics the replica count follows: each proposes a count (current replicas times current value over target) and the largest wins. Defaults to 80% average CPU use.', { listType: 'atomic' }],
        ['*behavior,omitempty', 5, 'HorizontalPodAutoscalerBehavior', 'How fast the autoscaler may scale up and down; unset uses the default rules.'],
      ],
    },
    CrossVersionObjectReference: {
      doc: 'An object by kind, name and API version.',
      fields: [
        ['kind', 1, 'string', 'The kind of the object, e.g. Deployment.'],
        ['name', 2, 'string', 'The name of the object, in the autoscaler\'s namespace.'],
        ['apiVersion,omitempty', 3, 'string', 'The API version of the object, e.g. apps/v1.'],
      ],
    },
    MetricSpec: {
      doc: 'One metric to scale on: its type and the one source field that type names.',
      fields: [
        ['type', 1, 'string:MetricSourceType', 'ContainerResource, External, Object, Pods or Resource: which of the other fields is set.'],
        ['*object,omitempty', 2, 'ObjectMetricSource', 'A metric of one object in the namespace (e.g. requests per second of an Ingress).'],
        ['*pods,omitempty', 3, 'PodsMetricSource', 'A metric of each pod of the target, averaged (e.g. transactions per second).'],
        ['*resource,omitempty', 4, 'ResourceMetricSource', 'A resource the target\'s pods request (e.g. cpu or memory), averaged over them.'],
        ['*containerResource,omitempty', 7, 'ContainerResourceMetricSource', 'A resource one container of each pod requests, averaged over the pods.'],
        ['*external,omitempty', 5, 'ExternalMetricSource', 'A metric from outside the cluster (e.g. the length of a queue).'],
      ],
    },
    HorizontalPodAutoscalerBehavior: {
      doc: 'How fast an autoscaler may scale, each way.',
      fields: [
        ['*scaleUp,omitempty', 1, 'HPAScalingRules', 'The rules for scaling up; unset allows the larger of 4 pods or doubling per 15 seconds, without stabilization.'],
        ['*scaleDown,omitempty', 2, 'HPAScalingRules', 'The rules for scaling down; unset allows removing all pods above minReplicas per 15 seconds, after a 300-second stabilization window.'],
      ],
    },
    HPAScalingRules: {
      doc: 'Limits on how fast an autoscaler changes the replica count one way, and how much a metric must move before it does.',
      fields: [
        ['*stabilizationWindowSeconds,omitempty', 3, 'int32', 'Seconds of past recommendations considered, the most cautious one winning; 0 to 3600. Unset: 0 up, 300 down.'],
        ['*selectPolicy,omitempty', 1, 'string:ScalingPolicySelect', 'Which policy applies: Max (the default) the one allowing the most change, Min the least, Disabled none (no scaling this way).'],
        ['policies,omitempty', 2, '[]HPAScalingPolicy', 'The policies selectPolicy chooses among; at least one when the rules are given.', { listType: 'atomic' }],
        ['*tolerance,omitempty', 4, 'Quantity', 'How far the ratio of current to desired metric value may be from 1 without a change (e.g. 0.05 for 5%); unset uses the cluster\'s tolerance (10% by default). Not negative.'],
      ],
    },
    HPAScalingPolicy: {
      doc: 'A limit on the change allowed within a period.',
      fields: [
        ['type', 1, 'string:HPAScalingPolicyType', 'Pods (a number of pods) or Percent (a share of the current count).'],
        ['value', 2, 'int32', 'The change allowed; greater than 0.'],
        ['periodSeconds', 3, 'int32', 'The period the limit holds over, in seconds; 1 to 1800.'],
      ],
    },
    ObjectMetricSource: {
      doc: 'A metric of one object in the namespace.',
      fields: [
        ['describedObject', 1, 'CrossVersionObjectReference', 'The object the metric is about.'],
        ['target', 2, 'MetricTarget', 'The value (or value per pod) to keep the metric at.'],
        ['metric', 3, 'MetricIdentifier', 'The metric, by name and selector.'],
      ],
    },
    PodsMetricSource: {
      doc: 'A metric of each pod of the target, averaged before it is compared with the target.',
      fields: [
        ['metric', 1, 'MetricIdentifier', 'The metric, by name and selector.'],
        ['target', 2, 'MetricTarget', 'The average value to keep the metric at.'],
      ],
    },
    ResourceMetricSource: {
      doc: 'A resource the target\'s pods request, averaged over them.',
      fields: [
        ['name', 1, RESOURCE_NAME, 'The resource, e.g. cpu or memory.'],
        ['target', 2, 'MetricTarget', 'The average use (as a value or a percentage of the request) to keep.'],
      ],
    },
    ContainerResourceMetricSource: {
      doc: 'A resource one container of each pod requests, averaged over the pods.',
      fields: [
        ['name', 1, RESOURCE_NAME, 'The resource, e.g. cpu or memory.'],
        ['target', 2, 'MetricTarget', 'The average use (as a value or a percentage of the request) to keep.'],
        ['container', 3, 'string', 'The container, by name, in the target\'s pods.'],
      ],
    },
    ExternalMetricSource: {
      doc: 'A metric from outside the cluster.',
      fields: [
        ['metric', 1, 'MetricIdentifier', 'The metric, by name and selector.'],
        ['target', 2, 'MetricTarget', 'The value (or value per pod) to keep the metric at.'],
      ],
    },
    MetricIdentifier: {
      doc: 'A metric by name, and labels narrowing it.',
      fields: [
        ['name', 1, 'string', 'The name of the metric.'],
        ['*selector,omitempty', 2, 'meta.LabelSelector', 'Labels passed to the metrics server to narrow the metric; unset uses the name alone.'],
      ],
    },
    MetricTarget: {
      doc: 'The value a metric should have: a raw value, an average per pod, or an average use in percent of the request.',
      fields: [
        ['type', 1, 'string:MetricTargetType', 'Utilization, Value or AverageValue: which of the other fields is the target.'],
        ['*value,omitempty', 2, 'Quantity', 'The target value of the metric.'],
        ['*averageValue,omitempty', 3, 'Quantity', 'The target value of the metric averaged over the pods.'],
        ['*averageUtilization,omitempty', 4, 'int32', 'The target average use, in percent of what the pods request; resource metrics only.'],
      ],
    },
    HorizontalPodAutoscalerStatus: {
      doc: 'What an autoscaler last saw and did.',
      fields: [
        ['*observedGeneration,omitempty', 1, 'int64', 'The generation of the autoscaler last acted on.'],
        ['*lastScaleTime,omitempty', 2, 'meta.Time', 'When the autoscaler last changed the number of pods.'],
        ['currentReplicas,omitempty', 3, 'int32', 'The number of replicas last seen.'],
        ['desiredReplicas', 4, 'int32', 'The number of replicas last asked for.'],
        ['currentMetrics', 5, '[]MetricStatus', 'The metrics\' values last read, in the order of spec.metrics.', { listType: 'atomic', optional: true }],
        ['conditions,omitempty', 6, '[]HorizontalPodAutoscalerCondition', 'Whether the autoscaler can scale and why: AbleToScale, ScalingActive, ScalingLimited.', { listType: 'map', listMapKeys: ['type'], patchStrategy: 'merge', patchMergeKey: 'type' }],
      ],
    },
    HorizontalPodAutoscalerCondition: {
      doc: 'One condition of an autoscaler.',
      fields: [
        ['type', 1, 'string:HorizontalPodAutoscalerConditionType', 'The condition: AbleToScale, ScalingActive or ScalingLimited.'],
        ['status', 2, 'string:ConditionStatus', 'True, False or Unknown.'],
        ['lastTransitionTime,omitempty', 3, 'meta.Time', 'When the status last changed.'],
        ['reason,omitempty', 4, 'string', 'A one-word reason for the last change.'],
        ['message,omitempty', 5, 'string', 'A sentence about the last change.'],
      ],
    },
    MetricStatus: {
      doc: 'The value last read of one metric: its type and the one source field that type names.',
      fields: [
        ['type', 1, 'string:MetricSourceType', 'ContainerResource, External, Object, Pods or Resource: which of the other fields is set.'],
        ['*object,omitempty', 2, 'ObjectMetricStatus', 'The value of an object metric.'],
        ['*pods,omitempty', 3, 'PodsMetricStatus', 'The average value of a pods metric.'],
        ['*resource,omitempty', 4, 'ResourceMetricStatus', 'The average use of a resource.'],
        ['*containerResource,omitempty', 7, 'ContainerResourceMetricStatus', 'The average use of a container\'s resource.'],
        ['*external,omitempty', 5, 'ExternalMetricStatus', 'The value of an external metric.'],
      ],
    },
    ObjectMetricStatus: {
      doc: 'The value last read of an object metric.',
      fields: [
        ['metric', 1, 'MetricIdentifier', 'The metric, by name and selector.'],
        ['current', 2, 'MetricValueStatus', 'The value read.'],
        ['describedObject', 3, 'CrossVersionObjectReference', 'The object the metric is about.'],
      ],
    },
    PodsMetricStatus: {
      doc: 'The average value last read of a pods metric.',
      fields: [
        ['metric', 1, 'MetricIdentifier', 'The metric, by name and selector.'],
        ['current', 2, 'MetricValueStatus', 'The value read.'],
      ],
    },
    ResourceMetricStatus: {
      doc: 'The average use last read of a resource.',
      fields: [
        ['name', 1, RESOURCE_NAME, 'The resource, e.g. cpu or memory.'],
        ['current', 2, 'MetricValueStatus', 'The value read.'],
      ],
    },
    ContainerResourceMetricStatus: {
      doc: 'The average use last read of one container\'s resource.',
      fields: [
        ['name', 1, RESOURCE_NAME, 'The resource, e.g. cpu or memory.'],
        ['current', 2, 'MetricValueStatus', 'The value read.'],
        ['container', 3, 'string', 'The container, by name.'],
      ],
    },
    ExternalMetricStatus: {
      doc: 'The value last read of an external metric.',
      fields: [
        ['metric', 1, 'MetricIdentifier', 'The metric, by name and selector.'],
        ['current', 2, 'MetricValueStatus', 'The value read.'],
      ],
    },
    MetricValueStatus: {
      doc: 'A metric value as read: raw, averaged per pod, or as an average use in percent of the request.',
      fields: [
        ['*value,omitempty', 1, 'Quantity', 'The value of the metric.'],
        ['*averageValue,omitempty', 2, 'Quantity', 'The value of the metric averaged over the pods.'],
        ['*averageUtilization,omitempty', 3, 'int32', 'The average use, in percent of what the pods request.'],
      ],
    },
  },
};
