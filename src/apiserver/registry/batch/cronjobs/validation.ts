// CronJob validation as Kubernetes' ValidateCronJobCreate and ValidateCronJobUpdate have it: the
// name (at most 52 characters on create, leaving room for the jobs' 11-character suffix), a
// schedule cron can read without TZ or CRON_TZ in it (kept allowed on cron jobs that had it), a
// time zone from the IANA database when it is set or changed, the starting deadline, concurrency
// policy and history limits, and a job template whose selector is left to be generated.
import type { CronJob, CronJobSpec, JobTemplateSpec } from '../../../../api/batch/v1/types.ts';
import { invalid, notSupported, required, type FieldError } from '../../../../machinery/validation/field-error.ts';
import { maxLenError, nameIsDNSSubdomain } from '../../../../machinery/validation/names.ts';
import { validateObjectMeta, validateObjectMetaUpdate } from '../../../../machinery/validation/object-meta.ts';
import { nonNegative } from '../../core/pods/validation/checks.ts';
import { goLabelSelector } from '../go-values.ts';
import { validateJobSpecFields } from '../jobs/spec-validation.ts';
import { scheduleError } from '../../../../machinery/cron/cron-schedule.ts';
import { isKnownTimeZone } from '../../../../machinery/cron/time-zone.ts';

/** A DNS-1035 label is at most 63 characters, and the cron job controller appends `-<11 digits>`. */
const MAX_CRONJOB_NAME_LENGTH = 63 - 11;
const CONCURRENCY_POLICIES = ['Allow', 'Forbid', 'Replace'];
// IANA naming: components of letters, '.', '-', '_' (digits and '+' for legacy names), 1 to 14 long.
const TIME_ZONE_PART = /^[A-Za-z.\-_0-9+]{1,14}$/;

function validateSchedule(schedule: string, allowTZ: boolean, timeZone: string | undefined, path: string): FieldError[] {
  const errs: FieldError[] = [];
  const parseError = scheduleError(schedule);
  if (parseError) errs.push(invalid(path, schedule, parseError));
  const hasTZ = schedule.includes('TZ');
  if (allowTZ && hasTZ && timeZone !== undefined) errs.push(invalid(path, schedule, 'cannot use both timeZone field and TZ or CRON_TZ in schedule'));
  else if (!allowTZ && hasTZ) errs.push(invalid(path, schedule, 'cannot use TZ or CRON_TZ in schedule, use timeZone field instead'));
  return errs;
}

function validateTimeZone(timeZone: string | undefined, path: string): FieldError[] {
  if (timeZone === undefined) return [];
  if (timeZone === '') return [invalid(path, timeZone, 'timeZone must be nil or non-empty string')];
  for (const part of timeZone.split('/')) {
    if (part === '.' || part === '..' || part.startsWith('-') || !TIME_ZONE_PART.test(part)) return [invalid(path, timeZone, `unknown time zone ${timeZone}`)];
  }
  const errs: FieldError[] = [];
  if (timeZone.toLowerCase() === 'local') errs.push(invalid(path, timeZone, 'timeZone must be an explicit time zone as defined in https://www.iana.org/time-zones'));
  if (!isKnownTimeZone(timeZone)) errs.push(invalid(path, timeZone, `unknown time zone ${timeZone}`));
  return errs;
}

/** ValidateJobTemplateSpec: the job spec's rules; the selector is always generated. */
function validateJobTemplate(template: JobTemplateSpec | undefined, path: string): FieldError[] {
  const spec = template?.spec ?? ({ template: {} } as NonNullable<JobTemplateSpec['spec']>);
  const errs = validateJobSpecFields(spec, `${path}.spec`);
  if (spec.selector) errs.push(invalid(`${path}.spec.selector`, goLabelSelector(spec.selector), '`selector` will be auto-generated'));
  if (spec.manualSelector) errs.push(notSupported(`${path}.spec.manualSelector`, spec.manualSelector, ['nil', 'false']));
  return errs;
}

function validateSpec(spec: CronJobSpec, old: CronJobSpec | undefined, path: string): FieldError[] {
  const errs: FieldError[] = [];
  if (!spec.schedule) errs.push(required(`${path}.schedule`));
  else errs.push(...validateSchedule(spec.schedule, !!old?.schedule.includes('TZ'), spec.timeZone, `${path}.schedule`));
  if (spec.startingDeadlineSeconds !== undefined) errs.push(...nonNegative(spec.startingDeadlineSeconds, `${path}.startingDeadlineSeconds`));
  if (!old || old.timeZone !== spec.timeZone) errs.push(...validateTimeZone(spec.timeZone, `${path}.timeZone`));
  const policy = spec.concurrencyPolicy ?? '';
  if (!policy) errs.push(required(`${path}.concurrencyPolicy`));
  else if (!CONCURRENCY_POLICIES.includes(policy)) errs.push(notSupported(`${path}.concurrencyPolicy`, policy, CONCURRENCY_POLICIES));
  errs.push(...validateJobTemplate(spec.jobTemplate, `${path}.jobTemplate`));
  if (spec.successfulJobsHistoryLimit !== undefined) errs.push(...nonNegative(spec.successfulJobsHistoryLimit, `${path}.successfulJobsHistoryLimit`));
  if (spec.failedJobsHistoryLimit !== undefined) errs.push(...nonNegative(spec.failedJobsHistoryLimit, `${path}.failedJobsHistoryLimit`));
  return errs;
}

export function validateCronJob(cj: CronJob): FieldError[] {
  const errs = validateObjectMeta(cj.metadata, true, nameIsDNSSubdomain);
  errs.push(...validateSpec(cj.spec ?? ({} as CronJobSpec), undefined, 'spec'));
  const name = cj.metadata.name ?? '';
  if (name.length > MAX_CRONJOB_NAME_LENGTH) errs.push(invalid('metadata.name', name, maxLenError(MAX_CRONJOB_NAME_LENGTH)));
  return errs;
}

/** Names over 52 characters from before the rule stay updatable. */
export function validateCronJobUpdate(cj: CronJob, old: CronJob): FieldError[] {
  const errs = validateObjectMetaUpdate(cj.metadata, old.metadata);
  errs.push(...validateSpec(cj.spec ?? ({} as CronJobSpec), old.spec ?? ({ schedule: '' } as CronJobSpec), 'spec'));
  return errs;
}
