// policy/v1 PodDisruptionBudget as JSON on the wire (k8s.io/api policy/v1): how many of a set of
// pods voluntary evictions may take down at once, and what the disruption controller computed.
import type { LabelSelector, ObjectMeta, Time } from '../../meta/v1/types.ts';

export const POLICY_GROUP = 'policy';
export const POLICY_VERSION = 'v1';

/** A number of pods, or a percentage of them ("50%"). */
export type IntOrPercent = number | string;

export type UnhealthyPodEvictionPolicy = 'IfHealthyBudget' | 'AlwaysAllow';

/** metav1.Condition. */
export interface Condition {
  type: string;
  status: string;
  observedGeneration?: number;
  lastTransitionTime: Time;
  reason: string;
  message: string;
}

export interface PodDisruptionBudgetSpec {
  minAvailable?: IntOrPercent;
  selector?: LabelSelector;
  maxUnavailable?: IntOrPercent;
  unhealthyPodEvictionPolicy?: UnhealthyPodEvictionPolicy | string;
}

export interface PodDisruptionBudgetStatus {
  observedGeneration?: number;
  disruptedPods?: Record<string, Time>;
  disruptionsAllowed: number;
  currentHealthy: number;
  desiredHealthy: number;
  expectedPods: number;
  conditions?: Condition[];
}

export interface PodDisruptionBudget {
  apiVersion?: string;
  kind?: string;
  metadata: ObjectMeta;
  spec?: PodDisruptionBudgetSpec;
  status?: PodDisruptionBudgetStatus;
  [field: string]: unknown;
}
