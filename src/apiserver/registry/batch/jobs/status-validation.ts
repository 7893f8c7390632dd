// What a write to a job's /status may say, as Kubernetes 1.35 checks it (ValidateJobUpdateStatus
// with the options its strategy derives, JobManagedBy on): counters not negative and never
// decreasing (succeeded may drop for an Indexed job scaled down), terminal conditions kept and
// consistent (Complete needs SuccessCriteriaMet and completionTime, Failed needs FailureTarget,
// never both), times in order and completionTime fixed, well-formed index lists. Each rule runs
// only when a field it reads changed, so a controller can always move a job forward.
import type { Job, JobStatus } from '../../../../api/batch/v1/types.ts';
import { duplicate, invalid, OMIT_VALUE, required, type FieldError } from '../../../../machinery/validation/field-error.ts';
import { deepEqual } from '../../../../machinery/validation/immutable.ts';
import { validateObjectMetaUpdate } from '../../../../machinery/validation/object-meta.ts';
import { nonNegative } from '../../core/pods/validation/checks.ts';
import { countIndexes, failedOverlapsCompleted } from './indexes.ts';

const PATH = 'status';

export function isConditionTrue(status: JobStatus | undefined, type: string): boolean {
  return (status?.conditions ?? []).some((c) => c.type === type && c.status === 'True');
}

const isComplete = (s: JobStatus | undefined) => isConditionTrue(s, 'Complete');
const isFailed = (s: JobStatus | undefined) => isConditionTrue(s, 'Failed');
const isFinished = (s: JobStatus | undefined) => isComplete(s) || isFailed(s);
const isFailureTarget = (s: JobStatus | undefined) => isConditionTrue(s, 'FailureTarget');
const isSuccessCriteriaMet = (s: JobStatus | undefined) => isConditionTrue(s, 'SuccessCriteriaMet');

function uncountedErrors(status: JobStatus): FieldError[] {
  const errs: FieldError[] = [];
  const seen = new Set<string>();
  for (const which of ['succeeded', 'failed'] as const) {
    (status.uncountedTerminatedPods?.[which] ?? []).forEach((uid, i) => {
      const at = `${PATH}.uncountedTerminatedPods.${which}[${i}]`;
      if (!uid) errs.push(invalid(at, uid, 'must not be empty'));
      else if (seen.has(uid)) errs.push(duplicate(at, uid));
      else seen.add(uid);
    });
  }
  return errs;
}

/** Which rules run: those whose fields changed in this write. */
function changes(job: Job, old: Job) {
  const s = job.status ?? {};
  const o = old.status ?? {};
  return {
    finished: isFinished(s) !== isFinished(o),
    complete: isComplete(s) !== isComplete(o),
    failed: isFailed(s) !== isFailed(o),
    failureTarget: isFailureTarget(s) !== isFailureTarget(o),
    completedIndexes: (s.completedIndexes ?? '') !== (o.completedIndexes ?? ''),
    failedIndexes: s.failedIndexes !== o.failedIndexes,
    active: (s.active ?? 0) !== (o.active ?? 0),
    startTime: s.startTime !== o.startTime,
    completionTime: s.completionTime !== o.completionTime,
    uncounted: !deepEqual(s.uncountedTerminatedPods, o.uncountedTerminatedPods),
    ready: s.ready !== o.ready,
    terminating: s.terminating !== o.terminating,
  };
}

function conditionRules(job: Job, changed: ReturnType<typeof changes>): FieldError[] {
  const s = job.status ?? {};
  const errs: FieldError[] = [];
  const conditions = `${PATH}.conditions`;
  const refuse = (msg: string) => errs.push(invalid(conditions, OMIT_VALUE, msg));
  if ((changed.complete || changed.failed) && isComplete(s) && isFailed(s)) refuse('cannot set Complete=True and Failed=true conditions');
  if ((changed.complete || changed.failureTarget) && isComplete(s) && isFailureTarget(s)) refuse('cannot set Complete=True and FailureTarget=true conditions');
  if ((changed.complete || changed.completionTime) && s.completionTime && !isComplete(s)) {
    errs.push(invalid(`${PATH}.completionTime`, s.completionTime, 'cannot set completionTime when there is no Complete=True condition'));
  }
  if ((changed.complete || changed.completionTime) && !s.completionTime && isComplete(s)) errs.push(required(`${PATH}.completionTime`, 'completionTime is required for Complete jobs'));
  if ((changed.startTime || changed.completionTime) && s.startTime && s.completionTime && Date.parse(s.completionTime) < Date.parse(s.startTime)) {
    errs.push(invalid(`${PATH}.completionTime`, s.completionTime, 'completionTime cannot be set before startTime'));
  }
  if ((changed.failed || changed.failedIndexes) && isFailed(s) && !isFailureTarget(s)) refuse('cannot set Failed=True condition without the FailureTarget=true condition');
  if (changed.complete && isComplete(s) && !isSuccessCriteriaMet(s)) refuse('cannot set Complete=True condition without the SuccessCriteriaMet=true condition');
  return errs;
}

function countRules(job: Job, changed: ReturnType<typeof changes>): FieldError[] {
  const s = job.status ?? {};
  const spec = job.spec ?? ({} as NonNullable<Job['spec']>);
  const errs: FieldError[] = [];
  const finished = isFinished(s);
  if ((changed.finished || changed.active) && (s.active ?? 0) > 0 && finished) errs.push(invalid(`${PATH}.active`, s.active!, 'active>0 is invalid for finished job'));
  if ((changed.finished || changed.startTime) && !s.startTime && finished) errs.push(required(`${PATH}.startTime`, 'startTime is required for finished job'));
  const uncounted = (s.uncountedTerminatedPods?.failed?.length ?? 0) + (s.uncountedTerminatedPods?.succeeded?.length ?? 0);
  if ((changed.finished || changed.uncounted) && finished && uncounted > 0) {
    errs.push(invalid(`${PATH}.uncountedTerminatedPods`, s.uncountedTerminatedPods!, 'uncountedTerminatedPods needs to be empty for finished job'));
  }
  const indexed = spec.completionMode === 'Indexed';
  if (changed.completedIndexes && spec.completions !== undefined) {
    const parsed = countIndexes(s.completedIndexes ?? '', spec.completions);
    if (typeof parsed === 'string') errs.push(invalid(`${PATH}.completedIndexes`, s.completedIndexes ?? '', `error parsing completedIndexes: ${parsed}`));
  }
  if (changed.failedIndexes && spec.completions !== undefined && spec.backoffLimitPerIndex !== undefined && s.failedIndexes !== undefined) {
    const parsed = countIndexes(s.failedIndexes, spec.completions);
    if (typeof parsed === 'string') errs.push(invalid(`${PATH}.failedIndexes`, s.failedIndexes, `error parsing failedIndexes: ${parsed}`));
  }
  if (changed.completedIndexes && s.completedIndexes && !indexed) errs.push(invalid(`${PATH}.completedIndexes`, s.completedIndexes, 'cannot set non-empty completedIndexes when non-indexed completion mode'));
  if (changed.failedIndexes && spec.backoffLimitPerIndex === undefined && s.failedIndexes !== undefined) {
    errs.push(invalid(`${PATH}.failedIndexes`, s.failedIndexes, 'cannot set non-null failedIndexes when backoffLimitPerIndex is null'));
  }
  if ((changed.failedIndexes || changed.completedIndexes) && spec.completions !== undefined && s.failedIndexes !== undefined) {
    const overlap = failedOverlapsCompleted(s.completedIndexes ?? '', s.failedIndexes, spec.completions);
    if (overlap) errs.push(invalid(`${PATH}.failedIndexes`, s.failedIndexes, overlap));
  }
  if ((changed.finished || changed.terminating) && (s.terminating ?? 0) > 0 && finished) errs.push(invalid(`${PATH}.terminating`, s.terminating!, 'terminating>0 is invalid for finished job'));
  if ((changed.ready || changed.active) && s.ready !== undefined && s.ready > (s.active ?? 0)) errs.push(invalid(`${PATH}.ready`, s.ready, 'cannot set more ready pods than active'));
  return errs;
}

function successCriteriaRules(job: Job): FieldError[] {
  const s = job.status ?? {};
  const conditions = `${PATH}.conditions`;
  const errs: FieldError[] = [];
  if (isSuccessCriteriaMet(s) && isFailed(s)) errs.push(invalid(conditions, OMIT_VALUE, 'cannot set SuccessCriteriaMet=True and Failed=true conditions'));
  if (isSuccessCriteriaMet(s) && isFailureTarget(s)) errs.push(invalid(conditions, OMIT_VALUE, 'cannot set SuccessCriteriaMet=True and FailureTarget=true conditions'));
  if (job.spec?.successPolicy && !isSuccessCriteriaMet(s) && isComplete(s)) {
    errs.push(invalid(conditions, OMIT_VALUE, 'cannot set Complete=True for Job with SuccessPolicy unless SuccessCriteriaMet=True'));
  }
  return errs;
}

function transitionRules(job: Job, old: Job): FieldError[] {
  const s = job.status ?? {};
  const o = old.status ?? {};
  const spec = job.spec ?? ({} as NonNullable<Job['spec']>);
  const errs: FieldError[] = [];
  for (const type of ['Failed', 'Complete', 'FailureTarget']) {
    if (isConditionTrue(o, type) && !isConditionTrue(s, type)) errs.push(invalid(`${PATH}.conditions`, OMIT_VALUE, `cannot disable the terminal ${type}=True condition`));
  }
  if ((s.failed ?? 0) < (o.failed ?? 0)) errs.push(invalid(`${PATH}.failed`, s.failed ?? 0, 'cannot decrease the failed counter'));
  // An Indexed job whose completions follow its parallelism may be scaled down.
  const scalable = spec.completionMode === 'Indexed' && spec.completions === spec.parallelism;
  if (!scalable && (s.succeeded ?? 0) < (o.succeeded ?? 0)) errs.push(invalid(`${PATH}.succeeded`, s.succeeded ?? 0, 'cannot decrease the succeeded counter'));
  if (s.completionTime && o.completionTime && s.completionTime !== o.completionTime) errs.push(invalid(`${PATH}.completionTime`, s.completionTime, 'completionTime cannot be mutated'));
  // A job resumed (Suspended True before, not now) starts its clock again (Kubernetes 1.35, #134769).
  const resuming = isConditionTrue(o, 'Suspended') && !isConditionTrue(s, 'Suspended');
  if (o.startTime && o.startTime !== s.startTime && !spec.suspend && !resuming) errs.push(required(`${PATH}.startTime`, 'startTime cannot be removed for unsuspended job'));
  if (isSuccessCriteriaMet(o) && !isSuccessCriteriaMet(s)) errs.push(invalid(`${PATH}.conditions`, OMIT_VALUE, 'cannot disable the SuccessCriteriaMet=True condition'));
  if (isComplete(o) && !isSuccessCriteriaMet(o) && isSuccessCriteriaMet(s)) {
    errs.push(invalid(`${PATH}.conditions`, OMIT_VALUE, 'cannot set SuccessCriteriaMet=True for Job already has Complete=true conditions'));
  }
  return errs;
}

export function validateJobStatusUpdate(job: Job, old: Job): FieldError[] {
  const errs = validateObjectMetaUpdate(job.metadata, old.metadata);
  const s = job.status ?? {};
  for (const key of ['active', 'succeeded', 'failed'] as const) errs.push(...nonNegative(s[key] ?? 0, `${PATH}.${key}`));
  if (s.ready !== undefined) errs.push(...nonNegative(s.ready, `${PATH}.ready`));
  if (s.terminating !== undefined) errs.push(...nonNegative(s.terminating, `${PATH}.terminating`));
  errs.push(...uncountedErrors(s));
  const changed = changes(job, old);
  errs.push(...conditionRules(job, changed), ...countRules(job, changed), ...successCriteriaRules(job), ...transitionRules(job, old));
  return errs;
}
