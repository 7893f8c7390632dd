// What a write may change on a CronJob, as Kubernetes' cron job strategy decides: bodies get the
// CronJob defaults and their job template's pod defaults; a create starts with an empty status;
// the main resource keeps the status and bumps the generation when the spec changes; /status
// keeps the spec and is not validated further.
import type { CronJob, CronJobSpec, JobSpec } from '../../../../api/batch/v1/types.ts';
import type { ResourceStrategy } from '../../resource.ts';
import { goEncoder } from '../../core/go-encoding.ts';
import { deepEqual } from '../../../../machinery/validation/immutable.ts';
import { defaultJobTemplatePods } from '../jobs/defaults.ts';
import { podNameWarnings, uniqueCauses } from '../jobs/strategy.ts';
import { validateCronJob, validateCronJobUpdate } from './validation.ts';

/** SetDefaults_CronJob, and the pod defaults of its job template (the job spec itself is left as sent). */
export function defaultCronJob(cj: CronJob): CronJob {
  const spec = (cj.spec ??= {} as CronJobSpec);
  spec.concurrencyPolicy ||= 'Allow';
  spec.suspend ??= false;
  spec.successfulJobsHistoryLimit ??= 3;
  spec.failedJobsHistoryLimit ??= 1;
  const template = (spec.jobTemplate ??= {});
  defaultJobTemplatePods((template.spec ??= {} as JobSpec));
  return cj;
}

export const cronJobStrategy: ResourceStrategy<CronJob> = {
  prepareForCreate(cj) {
    defaultCronJob(cj);
    cj.status = {};
  },
  prepareForUpdate(cj, old) {
    defaultCronJob(cj);
    cj.status = structuredClone(old.status ?? {});
    if (!deepEqual(cj.spec, old.spec)) cj.metadata.generation = (old.metadata.generation ?? 0) + 1;
  },
  validate: (cj) => uniqueCauses(validateCronJob(cj)),
  validateUpdate: (cj, old) => uniqueCauses(validateCronJobUpdate(cj, old)),
  warningsOnCreate: (cj) => podNameWarnings(cj.metadata.name),
  warningsOnUpdate: () => [],
  // Defaults are filled after decoding: what is stored is written again in Go's field order.
  canonicalize: goEncoder('io.orch.api.batch.v1.CronJob', 'v1.CronJob'),
  allowCreateOnUpdate: false,
  allowUnconditionalUpdate: true,
};

export const cronJobStatusStrategy: ResourceStrategy<CronJob> = {
  ...cronJobStrategy,
  prepareForUpdate(cj, old) {
    cj.spec = structuredClone(old.spec ?? ({} as CronJobSpec));
  },
  validateUpdate: () => [],
};
