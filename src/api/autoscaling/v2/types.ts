// autoscaling/v2 HorizontalPodAutoscaler as JSON on the wire (k8s.io/api autoscaling/v2): the
// stored form of every autoscaler, with any number of metrics and scaling behavior.
import type { LabelSelector, ObjectMeta, Time } from '../../meta/v1/types.ts';

export const AUTOSCALING_GROUP = 'autoscaling';

/** A resource.Quantity in its canonical string form. */
export type Quantity = string;

export interface CrossVersionObjectReference {
  kind: string;
  name: string;
  apiVersion?: string;
}

export interface MetricIdentifier {
  name: string;
  selector?: LabelSelector;
}

export interface MetricTarget {
  type: string;
  value?: Quantity;
  averageValue?: Quantity;
  averageUtilization?: number;
}

export interface ObjectMetricSource {
  describedObject: CrossVersionObjectReference;
  target: MetricTarget;
  metric: MetricIdentifier;
}

export interface PodsMetricSource {
  metric: MetricIdentifier;
  target: MetricTarget;
}

export interface ResourceMetricSource {
  name: string;
  target: MetricTarget;
}

export interface ContainerResourceMetricSource {
  name: string;
  target: MetricTarget;
  container: string;
}

export interface ExternalMetricSource {
  metric: MetricIdentifier;
  target: MetricTarget;
}

export interface MetricSpec {
  type: string;
  object?: ObjectMetricSource;
  pods?: PodsMetricSource;
  resource?: ResourceMetricSource;
  containerResource?: ContainerResourceMetricSource;
  external?: ExternalMetricSource;
}

export interface HPAScalingPolicy {
  type: string;
  value: number;
  periodSeconds: number;
}

export interface HPAScalingRules {
  stabilizationWindowSeconds?: number;
  selectPolicy?: string;
  policies?: HPAScalingPolicy[];
  tolerance?: Quantity;
}

export interface HorizontalPodAutoscalerBehavior {
  scaleUp?: HPAScalingRules;
  scaleDown?: HPAScalingRules;
}

export interface HorizontalPodAutoscalerSpec {
  scaleTargetRef: CrossVersionObjectReference;
  minReplicas?: number;
  maxReplicas: number;
  metrics?: MetricSpec[];
  behavior?: HorizontalPodAutoscalerBehavior;
}

export interface MetricValueStatus {
  value?: Quantity;
  averageValue?: Quantity;
  averageUtilization?: number;
}

export interface ObjectMetricStatus {
  metric: MetricIdentifier;
  current: MetricValueStatus;
  describedObject: CrossVersionObjectReference;
}

export interface PodsMetricStatus {
  metric: MetricIdentifier;
  current: MetricValueStatus;
}

export interface ResourceMetricStatus {
  name: string;
  current: MetricValueStatus;
}

export interface ContainerResourceMetricStatus {
  name: string;
  current: MetricValueStatus;
  container: string;
}

export interface ExternalMetricStatus {
  metric: MetricIdentifier;
  current: MetricValueStatus;
}

export interface MetricStatus {
  type: string;
  object?: ObjectMetricStatus;
  pods?: PodsMetricStatus;
  resource?: ResourceMetricStatus;
  containerResource?: ContainerResourceMetricStatus;
  external?: ExternalMetricStatus;
}

export interface HorizontalPodAutoscalerCondition {
  type: string;
  status: string;
  lastTransitionTime?: Time | null;
  reason?: string;
  message?: string;
}

export interface HorizontalPodAutoscalerStatus {
  observedGeneration?: number;
  lastScaleTime?: Time;
  currentReplicas?: number;
  desiredReplicas: number;
  currentMetrics?: MetricStatus[] | null;
  conditions?: HorizontalPodAutoscalerCondition[];
}

export interface HorizontalPodAutoscaler {
  apiVersion?: string;
  kind?: string;
  metadata: ObjectMeta;
  spec?: HorizontalPodAutoscalerSpec;
  status?: HorizontalPodAutoscalerStatus;
  [field: string]: unknown;
}
