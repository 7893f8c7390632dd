// autoscaling/v1 HorizontalPodAutoscaler as JSON on the wire (k8s.io/api autoscaling/v1): a CPU
// target only. The metric types below are not served as fields: they are the JSON Kubernetes
// keeps in the autoscaling.alpha annotations of a v1 object, so that a v2 autoscaler read and
// written back through v1 keeps its other metrics, status metrics, conditions and behavior.
import type { LabelSelector, ObjectMeta, Time } from '../../meta/v1/types.ts';
import type { Quantity } from '../v2/types.ts';

/** Where a v1 object carries what its form cannot hold (Kubernetes' autoscaling.alpha.kubernetes.io/…). */
export const METRIC_SPECS_ANNOTATION = 'autoscaling.alpha.orch.io/metrics';
export const METRIC_STATUSES_ANNOTATION = 'autoscaling.alpha.orch.io/current-metrics';
export const CONDITIONS_ANNOTATION = 'autoscaling.alpha.orch.io/conditions';
export const BEHAVIOR_ANNOTATION = 'autoscaling.alpha.orch.io/behavior';

export interface CrossVersionObjectReferenceV1 {
  kind: string;
  name: string;
  apiVersion?: string;
}

export interface HorizontalPodAutoscalerSpecV1 {
  scaleTargetRef: CrossVersionObjectReferenceV1;
  minReplicas?: number;
  maxReplicas: number;
  targetCPUUtilizationPercentage?: number;
}

export interface HorizontalPodAutoscalerStatusV1 {
  observedGeneration?: number;
  lastScaleTime?: Time;
  currentReplicas: number;
  desiredReplicas: number;
  currentCPUUtilizationPercentage?: number;
}

export interface HorizontalPodAutoscalerV1 {
  apiVersion?: string;
  kind?: string;
  metadata: ObjectMeta;
  spec?: HorizontalPodAutoscalerSpecV1;
  status?: HorizontalPodAutoscalerStatusV1;
  [field: string]: unknown;
}

// The annotations' JSON: autoscaling/v1's metric types (the v2beta1 shapes).

export interface ObjectMetricSourceV1 {
  target: CrossVersionObjectReferenceV1;
  metricName: string;
  targetValue: Quantity;
  selector?: LabelSelector;
  averageValue?: Quantity;
}

export interface PodsMetricSourceV1 {
  metricName: string;
  targetAverageValue: Quantity;
  selector?: LabelSelector;
}

export interface ResourceMetricSourceV1 {
  name: string;
  targetAverageUtilization?: number;
  targetAverageValue?: Quantity;
}

export interface ContainerResourceMetricSourceV1 {
  name: string;
  targetAverageUtilization?: number;
  targetAverageValue?: Quantity;
  container: string;
}

export interface ExternalMetricSourceV1 {
  metricName: string;
  metricSelector?: LabelSelector;
  targetValue?: Quantity;
  targetAverageValue?: Quantity;
}

export interface MetricSpecV1 {
  type: string;
  object?: ObjectMetricSourceV1;
  pods?: PodsMetricSourceV1;
  resource?: ResourceMetricSourceV1;
  containerResource?: ContainerResourceMetricSourceV1;
  external?: ExternalMetricSourceV1;
}

export interface ObjectMetricStatusV1 {
  target: CrossVersionObjectReferenceV1;
  metricName: string;
  currentValue: Quantity;
  selector?: LabelSelector;
  averageValue?: Quantity;
}

export interface PodsMetricStatusV1 {
  metricName: string;
  currentAverageValue: Quantity;
  selector?: LabelSelector;
}

export interface ResourceMetricStatusV1 {
  name: string;
  currentAverageUtilization?: number;
  currentAverageValue: Quantity;
}

export interface ContainerResourceMetricStatusV1 {
  name: string;
  currentAverageUtilization?: number;
  currentAverageValue: Quantity;
  container: string;
}

export interface ExternalMetricStatusV1 {
  metricName: string;
  metricSelector?: LabelSelector;
  currentValue: Quantity;
  currentAverageValue?: Quantity;
}

export interface MetricStatusV1 {
  type: string;
  object?: ObjectMetricStatusV1;
  pods?: PodsMetricStatusV1;
  resource?: ResourceMetricStatusV1;
  containerResource?: ContainerResourceMetricStatusV1;
  external?: ExternalMetricStatusV1;
}

export interface HorizontalPodAutoscalerConditionV1 {
  type: string;
  status: string;
  lastTransitionTime?: Time | null;
  reason?: string;
  message?: string;
}
