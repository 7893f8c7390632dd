// Kubernetes' defaults for a Job (SetDefaults_Job): completions and parallelism 1 when both are
// unset, parallelism 1, backoffLimit 6 (the largest int32 with backoffLimitPerIndex), the job's
// labels from its template's when it has none, completionMode NonIndexed, suspend false, pod
// failure condition patterns True, podReplacementPolicy TerminatingOrFailed (Failed with a pod
// failure policy), manualSelector false; and the template's pod spec defaults.
import type { Job, JobSpec } from '../../../../api/batch/v1/types.ts';
import type { PodSpec } from '../../../../api/core/v1/pod-types.ts';
import { defaultPodSpec } from '../../core/pods/defaults.ts';

const MAX_INT32 = 2147483647;

/** The pod spec defaults of a job template's pods (shared with cron jobs' job templates). */
export function defaultJobTemplatePods(spec: JobSpec): void {
  const template = (spec.template ??= {});
  defaultPodSpec((template.spec ??= {} as PodSpec));
}

export function defaultJob(job: Job): Job {
  const spec = (job.spec ??= {} as JobSpec);
  if (spec.completions === undefined && spec.parallelism === undefined) {
    spec.completions = 1;
    spec.parallelism = 1;
  }
  spec.parallelism ??= 1;
  spec.backoffLimit ??= spec.backoffLimitPerIndex !== undefined ? MAX_INT32 : 6;
  labelsFromTemplate(job);
  spec.completionMode ??= 'NonIndexed';
  spec.suspend ??= false;
  for (const rule of spec.podFailurePolicy?.rules ?? []) for (const pattern of rule.onPodConditions ?? []) pattern.status ||= 'True';
  spec.podReplacementPolicy ??= spec.podFailurePolicy ? 'Failed' : 'TerminatingOrFailed';
  spec.manualSelector ??= false;
  defaultJobTemplatePods(spec);
  return job;
}

/** A job without labels takes its template's (Kubernetes applies this on every decode). */
export function labelsFromTemplate(job: Job): void {
  const labels = job.spec?.template?.metadata?.labels;
  if (labels && !Object.keys(job.metadata.labels ?? {}).length) job.metadata.labels = { ...labels };
}
