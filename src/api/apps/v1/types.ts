// apps/v1 Deployment, ReplicaSet, StatefulSet, DaemonSet and ControllerRevision, as decoded from
// the wire: fields Go omits when empty (omitempty or pointers) are optional here; an int-or-string
// is `number | string`.
import type { LabelSelector, ObjectMeta, Time } from '../../meta/v1/types.ts';
import type { PodTemplateSpec } from '../../core/v1/pod-types.ts';
import type { PersistentVolumeClaim } from '../../core/v1/volume-types.ts';

export const APPS_GROUP = 'apps';
export const APPS_VERSION = 'v1';

export type IntOrString = number | string;

/** The shape every workload condition shares (Deployment's adds lastUpdateTime). */
export interface WorkloadCondition {
  type: string;
  status: string;
  lastTransitionTime?: Time | null;
  reason?: string;
  message?: string;
}

export interface DeploymentCondition extends WorkloadCondition {
  lastUpdateTime?: Time | null;
}

export type DeploymentStrategyType = 'Recreate' | 'RollingUpdate';

export interface RollingUpdateDeployment {
  maxUnavailable?: IntOrString;
  maxSurge?: IntOrString;
}

export interface DeploymentStrategy {
  type?: string;
  rollingUpdate?: RollingUpdateDeployment;
}

export interface DeploymentSpec {
  replicas?: number;
  selector?: LabelSelector | null;
  template?: PodTemplateSpec;
  strategy?: DeploymentStrategy;
  minReadySeconds?: number;
  revisionHistoryLimit?: number;
  paused?: boolean;
  progressDeadlineSeconds?: number;
}

export interface DeploymentStatus {
  observedGeneration?: number;
  replicas?: number;
  updatedReplicas?: number;
  readyReplicas?: number;
  availableReplicas?: number;
  unavailableReplicas?: number;
  terminatingReplicas?: number;
  conditions?: DeploymentCondition[];
  collisionCount?: number;
}

export interface Deployment {
  apiVersion?: string;
  kind?: string;
  metadata: ObjectMeta;
  spec?: DeploymentSpec;
  status?: DeploymentStatus;
  [field: string]: unknown;
}

export interface ReplicaSetSpec {
  replicas?: number;
  minReadySeconds?: number;
  selector?: LabelSelector | null;
  template?: PodTemplateSpec;
}

export interface ReplicaSetStatus {
  replicas: number;
  fullyLabeledReplicas?: number;
  readyReplicas?: number;
  availableReplicas?: number;
  terminatingReplicas?: number;
  observedGeneration?: number;
  conditions?: WorkloadCondition[];
}

export interface ReplicaSet {
  apiVersion?: string;
  kind?: string;
  metadata: ObjectMeta;
  spec?: ReplicaSetSpec;
  status?: ReplicaSetStatus;
  [field: string]: unknown;
}

export type PodManagementPolicyType = 'OrderedReady' | 'Parallel';
export type StatefulSetUpdateStrategyType = 'RollingUpdate' | 'OnDelete';
export type PersistentVolumeClaimRetentionPolicyType = 'Retain' | 'Delete';

export interface RollingUpdateStatefulSetStrategy {
  partition?: number;
  maxUnavailable?: IntOrString;
}

export interface StatefulSetUpdateStrategy {
  type?: string;
  rollingUpdate?: RollingUpdateStatefulSetStrategy;
}

export interface StatefulSetPersistentVolumeClaimRetentionPolicy {
  whenDeleted?: string;
  whenScaled?: string;
}

export interface StatefulSetOrdinals {
  start?: number;
}

export interface StatefulSetSpec {
  replicas?: number;
  selector?: LabelSelector | null;
  template?: PodTemplateSpec;
  volumeClaimTemplates?: PersistentVolumeClaim[];
  serviceName?: string;
  podManagementPolicy?: string;
  updateStrategy?: StatefulSetUpdateStrategy;
  revisionHistoryLimit?: number;
  minReadySeconds?: number;
  persistentVolumeClaimRetentionPolicy?: StatefulSetPersistentVolumeClaimRetentionPolicy;
  ordinals?: StatefulSetOrdinals;
}

export interface StatefulSetStatus {
  observedGeneration?: number;
  replicas: number;
  readyReplicas?: number;
  currentReplicas?: number;
  updatedReplicas?: number;
  currentRevision?: string;
  updateRevision?: string;
  collisionCount?: number;
  conditions?: WorkloadCondition[];
  availableReplicas?: number;
}

export interface StatefulSet {
  apiVersion?: string;
  kind?: string;
  metadata: ObjectMeta;
  spec?: StatefulSetSpec;
  status?: StatefulSetStatus;
  [field: string]: unknown;
}

export type DaemonSetUpdateStrategyType = 'RollingUpdate' | 'OnDelete';

export interface RollingUpdateDaemonSet {
  maxUnavailable?: IntOrString;
  maxSurge?: IntOrString;
}

export interface DaemonSetUpdateStrategy {
  type?: string;
  rollingUpdate?: RollingUpdateDaemonSet;
}

export interface DaemonSetSpec {
  selector?: LabelSelector | null;
  template?: PodTemplateSpec;
  updateStrategy?: DaemonSetUpdateStrategy;
  minReadySeconds?: number;
  revisionHistoryLimit?: number;
}

export interface DaemonSetStatus {
  currentNumberScheduled: number;
  numberMisscheduled: number;
  desiredNumberScheduled: number;
  numberReady: number;
  observedGeneration?: number;
  updatedNumberScheduled?: number;
  numberAvailable?: number;
  numberUnavailable?: number;
  collisionCount?: number;
  conditions?: WorkloadCondition[];
}

export interface DaemonSet {
  apiVersion?: string;
  kind?: string;
  metadata: ObjectMeta;
  spec?: DaemonSetSpec;
  status?: DaemonSetStatus;
  [field: string]: unknown;
}

export interface ControllerRevision {
  apiVersion?: string;
  kind?: string;
  metadata: ObjectMeta;
  /** Any JSON as written; validation asks for an object. */
  data?: unknown;
  revision?: number;
  [field: string]: unknown;
}
