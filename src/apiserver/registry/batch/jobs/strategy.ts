// What a write may change on a Job, as Kubernetes' job strategy decides: bodies get the Job
// defaults; a create generates the selector and template labels (unless manualSelector), starts
// with an empty status and takes its labels from the template; the main resource keeps the status
// and bumps the generation when the spec changes; /status keeps the spec. Validation options follow
// the stored job: prefixed labels are required only of jobs that have them, and scheduling
// directives may change only while a job is suspended and has never started.
import type { Job, JobSpec } from '../../../../api/batch/v1/types.ts';
import { CONTROLLER_UID_LABEL, JOB_NAME_LABEL } from '../../../../api/batch/v1/types.ts';
import type { StatusCause } from '../../../../machinery/status.ts';
import { toStatusCauses, type FieldError } from '../../../../machinery/validation/field-error.ts';
import { deepEqual } from '../../../../machinery/validation/immutable.ts';
import { isDNS1123Label } from '../../../../machinery/validation/names.ts';
import type { ResourceStrategy } from '../../resource.ts';
import { goEncoder } from '../../core/go-encoding.ts';
import { defaultJob, labelsFromTemplate } from './defaults.ts';
import { generateSelector } from './selector.ts';
import { validateJobStatusUpdate } from './status-validation.ts';
import { validateJob, validateJobUpdate, type JobValidationOptions } from './validation.ts';

/** Causes in order, each field and message once (the spec is checked by create and update rules alike). */
export function uniqueCauses(errs: readonly FieldError[]): StatusCause[] {
  const seen = new Set<string>();
  return toStatusCauses(errs).filter((c) => {
    const key = `${c.field}\u0000${c.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function optionsFor(old: Job | undefined): JobValidationOptions {
  if (!old) return { requirePrefixedLabels: true, allowMutableSchedulingDirectives: false };
  const labels = old.spec?.template?.metadata?.labels ?? {};
  return {
    requirePrefixedLabels: JOB_NAME_LABEL in labels && CONTROLLER_UID_LABEL in labels,
    allowMutableSchedulingDirectives: !!old.spec?.suspend && !old.status?.startTime,
  };
}

/** The DNS-label warning Kubernetes gives a job or cron job whose name pods will carry. */
export function podNameWarnings(name: string | undefined): string[] {
  const msgs = isDNS1123Label(name ?? '');
  return msgs.length ? [`metadata.name: this is used in Pod names and hostnames, which can result in surprising behavior; a DNS label is recommended: [${msgs.join(' ')}]`] : [];
}

export const jobStrategy: ResourceStrategy<Job> = {
  prepareForCreate(job) {
    defaultJob(job);
    if (!job.spec!.manualSelector) generateSelector(job);
    labelsFromTemplate(job);
    job.status = {};
  },
  prepareForUpdate(job, old) {
    defaultJob(job);
    job.status = structuredClone(old.status ?? {});
    if (!deepEqual(job.spec, old.spec)) job.metadata.generation = (old.metadata.generation ?? 0) + 1;
  },
  validate: (job) => uniqueCauses(validateJob(job, optionsFor(undefined))),
  validateUpdate(job, old) {
    const opts = optionsFor(old);
    return uniqueCauses([...validateJob(job, opts), ...validateJobUpdate(job, old, opts)]);
  },
  warningsOnCreate: (job) => podNameWarnings(job.metadata.name),
  warningsOnUpdate: () => [],
  // Defaults are filled after decoding: what is stored is written again in Go's field order.
  canonicalize: goEncoder('io.orch.api.batch.v1.Job', 'v1.Job'),
  allowCreateOnUpdate: false,
  allowUnconditionalUpdate: true,
};

export const jobStatusStrategy: ResourceStrategy<Job> = {
  ...jobStrategy,
  prepareForUpdate(job, old) {
    job.spec = structuredClone(old.spec ?? ({} as JobSpec));
  },
  validateUpdate: (job, old) => uniqueCauses(validateJobStatusUpdate(job, old)),
};
