// batch/v1 Job and CronJob as JSON on the wire (k8s.io/api batch/v1): a Job runs pods from a
// template until enough succeed; a CronJob makes Jobs on a cron schedule.
import type { LabelSelector, ObjectMeta, ObjectReference, Time } from '../../meta/v1/types.ts';
import type { PodTemplateSpec } from '../../core/v1/pod-types.ts';

export const BATCH_GROUP = 'batch';
export const BATCH_VERSION = 'v1';

/** Labels a generated selector and its template use (Kubernetes' batch.kubernetes.io/…, brand swapped). */
export const JOB_NAME_LABEL = 'batch.orch.io/job-name';
export const CONTROLLER_UID_LABEL = 'batch.orch.io/controller-uid';
/** The unprefixed labels Kubernetes still sets and checks alongside the prefixed ones. */
export const LEGACY_JOB_NAME_LABEL = 'job-name';
export const LEGACY_CONTROLLER_UID_LABEL = 'controller-uid';

/** The finalizer the job controller keeps on a job's pods until it has counted them. */
export const JOB_TRACKING_FINALIZER = 'batch.orch.io/job-tracking';
/** An Indexed job's pod's index, as an annotation and a label. */
export const JOB_COMPLETION_INDEX_ANNOTATION = 'batch.orch.io/job-completion-index';
/** Failures (counted, and ignored by the pod failure policy) of an index before this pod. */
export const JOB_INDEX_FAILURE_COUNT_ANNOTATION = 'batch.orch.io/job-index-failure-count';
export const JOB_INDEX_IGNORED_FAILURE_COUNT_ANNOTATION = 'batch.orch.io/job-index-ignored-failure-count';
/** The time a cron job's job was scheduled for, in the cron job's time zone (RFC 3339). */
export const CRONJOB_SCHEDULED_TIMESTAMP_ANNOTATION = 'batch.orch.io/cronjob-scheduled-timestamp';
/** spec.managedBy of jobs the built-in job controller syncs (also when unset). */
export const JOB_CONTROLLER_NAME = 'orch.io/job-controller';

export type CompletionMode = 'NonIndexed' | 'Indexed';
export type PodReplacementPolicy = 'TerminatingOrFailed' | 'Failed';
export type ConcurrencyPolicy = 'Allow' | 'Forbid' | 'Replace';

export interface PodFailurePolicyOnExitCodesRequirement {
  containerName?: string | null;
  operator: string;
  values: number[];
}

export interface PodFailurePolicyOnPodConditionsPattern {
  type: string;
  status: string;
}

export interface PodFailurePolicyRule {
  action: string;
  onExitCodes?: PodFailurePolicyOnExitCodesRequirement | null;
  onPodConditions?: PodFailurePolicyOnPodConditionsPattern[] | null;
}

export interface PodFailurePolicy {
  rules: PodFailurePolicyRule[];
}

export interface SuccessPolicyRule {
  succeededIndexes?: string;
  succeededCount?: number;
}

export interface SuccessPolicy {
  rules: SuccessPolicyRule[];
}

export interface JobSpec {
  parallelism?: number;
  completions?: number;
  activeDeadlineSeconds?: number;
  podFailurePolicy?: PodFailurePolicy;
  successPolicy?: SuccessPolicy;
  backoffLimit?: number;
  backoffLimitPerIndex?: number;
  maxFailedIndexes?: number;
  selector?: LabelSelector;
  manualSelector?: boolean;
  template: PodTemplateSpec;
  ttlSecondsAfterFinished?: number;
  completionMode?: CompletionMode | string;
  suspend?: boolean;
  podReplacementPolicy?: PodReplacementPolicy | string;
  managedBy?: string;
}

export interface JobCondition {
  type: string;
  status: string;
  lastProbeTime?: Time | null;
  lastTransitionTime?: Time | null;
  reason?: string;
  message?: string;
}

export interface UncountedTerminatedPods {
  succeeded?: string[];
  failed?: string[];
}

export interface JobStatus {
  conditions?: JobCondition[];
  startTime?: Time;
  completionTime?: Time;
  active?: number;
  succeeded?: number;
  failed?: number;
  terminating?: number;
  completedIndexes?: string;
  failedIndexes?: string;
  uncountedTerminatedPods?: UncountedTerminatedPods;
  ready?: number;
}

export interface Job {
  apiVersion?: string;
  kind?: string;
  metadata: ObjectMeta;
  spec?: JobSpec;
  status?: JobStatus;
  [field: string]: unknown;
}

export interface JobTemplateSpec {
  metadata?: ObjectMeta;
  spec?: JobSpec;
}

export interface CronJobSpec {
  schedule: string;
  timeZone?: string;
  startingDeadlineSeconds?: number;
  concurrencyPolicy?: ConcurrencyPolicy | string;
  suspend?: boolean;
  jobTemplate: JobTemplateSpec;
  successfulJobsHistoryLimit?: number;
  failedJobsHistoryLimit?: number;
}

export interface CronJobStatus {
  active?: ObjectReference[];
  lastScheduleTime?: Time;
  lastSuccessfulTime?: Time;
}

export interface CronJob {
  apiVersion?: string;
  kind?: string;
  metadata: ObjectMeta;
  spec?: CronJobSpec;
  status?: CronJobStatus;
  [field: string]: unknown;
}
