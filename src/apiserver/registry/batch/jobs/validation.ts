// Job validation as Kubernetes' ValidateJob and ValidateJobUpdate have it: the name, the
// generated selector and template labels (unless manualSelector), a selector that matches the
// template, the spec's own rules, a name that leaves room for Indexed pods' hostnames; on update,
// what may not change: completions (except Indexed jobs scaled with parallelism), the selector,
// the template (scheduling directives excepted while suspended and never started), completion
// mode, pod failure and success policies, backoffLimitPerIndex and managedBy.
import {
  CONTROLLER_UID_LABEL, JOB_NAME_LABEL, LEGACY_CONTROLLER_UID_LABEL, LEGACY_JOB_NAME_LABEL,
  type Job, type JobSpec,
} from '../../../../api/batch/v1/types.ts';
import type { PodTemplateSpec } from '../../../../api/core/v1/pod-types.ts';
import type { ObjectMeta } from '../../../../api/meta/v1/types.ts';
import { labelSelectorMatches } from '../../../../machinery/selectors/label-selector.ts';
import { invalid, required, type FieldError } from '../../../../machinery/validation/field-error.ts';
import { deepEqual, validateImmutableField } from '../../../../machinery/validation/immutable.ts';
import { isDNS1123Label, nameIsDNSSubdomain } from '../../../../machinery/validation/names.ts';
import { validateObjectMeta, validateObjectMetaUpdate } from '../../../../machinery/validation/object-meta.ts';
import { validateLabelSelector } from '../../core/pods/validation/label-selector.ts';
import { goLabelSelector, goStringMap } from '../go-values.ts';
import { validateJobSpecFields } from './spec-validation.ts';

export interface JobValidationOptions {
  /** Also require the batch.orch.io/ labels (false for jobs made before they existed). */
  requirePrefixedLabels: boolean;
  /** Node affinity, node selector, tolerations, template labels and annotations and scheduling gates may change. */
  allowMutableSchedulingDirectives: boolean;
}

/** ValidateHasLabel: the template must carry `key` with `value`. */
function hasLabel(meta: ObjectMeta | undefined, path: string, key: string, value: string): FieldError[] {
  const labels = meta?.labels;
  const at = `${path}.labels[${key}]`;
  if (!labels || !(key in labels)) return [required(at, `must be '${value}'`)];
  return labels[key] === value ? [] : [invalid(at, goStringMap(labels), `must be '${value}'`)];
}

/** A selector that cannot be read (an unknown operator) matches nothing and is reported elsewhere. */
function matches(selector: JobSpec['selector'], labels: Record<string, string> | undefined): boolean | undefined {
  try {
    return labelSelectorMatches(selector, labels);
  } catch {
    return undefined;
  }
}

function validateGeneratedSelector(job: Job, opts: JobValidationOptions): FieldError[] {
  const spec = job.spec!;
  if (spec.manualSelector || !spec.selector) return [];
  const errs: FieldError[] = [];
  const uid = job.metadata.uid ?? '';
  const name = job.metadata.name ?? '';
  if (!uid) errs.push(required('metadata.uid'));
  const meta = spec.template?.metadata;
  const path = 'spec.template.metadata';
  errs.push(...hasLabel(meta, path, LEGACY_CONTROLLER_UID_LABEL, uid), ...hasLabel(meta, path, LEGACY_JOB_NAME_LABEL, name));
  const expected: Record<string, string> = {};
  if (opts.requirePrefixedLabels) {
    errs.push(...hasLabel(meta, path, CONTROLLER_UID_LABEL, uid), ...hasLabel(meta, path, JOB_NAME_LABEL, name));
    expected[CONTROLLER_UID_LABEL] = uid;
    expected[JOB_NAME_LABEL] = name;
  }
  expected[LEGACY_CONTROLLER_UID_LABEL] = uid;
  expected[LEGACY_JOB_NAME_LABEL] = name;
  if (matches(spec.selector, expected) === false) errs.push(invalid('spec.selector', goLabelSelector(spec.selector), '`selector` not auto-generated'));
  return errs;
}

/** ValidateJobSpec: the spec's rules, a selector, and a template the selector matches. */
function validateJobSpec(spec: JobSpec, path: string): FieldError[] {
  const errs = validateJobSpecFields(spec, path);
  if (!spec.selector) errs.push(required(`${path}.selector`));
  else errs.push(...validateLabelSelector(spec.selector, `${path}.selector`));
  const labels = spec.template?.metadata?.labels;
  if (spec.selector && matches(spec.selector, labels) === false) {
    errs.push(invalid(`${path}.template.metadata.labels`, goStringMap(labels), '`selector` does not match template `labels`'));
  }
  return errs;
}

export function validateJob(job: Job, opts: JobValidationOptions): FieldError[] {
  const errs = validateObjectMeta(job.metadata, true, nameIsDNSSubdomain);
  errs.push(...validateGeneratedSelector(job, opts));
  const spec = job.spec ?? ({} as JobSpec);
  errs.push(...validateJobSpec(spec, 'spec'));
  if (spec.completionMode === 'Indexed' && (spec.completions ?? 0) > 0) {
    // Indexed pods' hostnames are `<job>-<index>`: the largest must still be a DNS label.
    const hostname = `${job.metadata.name ?? ''}-${spec.completions! - 1}`;
    if (isDNS1123Label(hostname).length) errs.push(invalid('metadata.name', job.metadata.name ?? '', `will not able to create pod with invalid DNS label: ${hostname}`));
  }
  return errs;
}

/** The template with what a suspended, never-started job may change taken from the new one. */
function comparableOldTemplate(template: PodTemplateSpec | undefined, old: PodTemplateSpec | undefined, opts: JobValidationOptions): PodTemplateSpec | undefined {
  if (!opts.allowMutableSchedulingDirectives || !old) return old;
  const copy = structuredClone(old);
  const spec = (copy.spec ??= {} as NonNullable<PodTemplateSpec['spec']>);
  const next = template?.spec;
  if (!next?.affinity && spec.affinity) {
    delete spec.affinity.nodeAffinity;
    if (!Object.keys(spec.affinity).length) delete spec.affinity;
  } else if (next?.affinity && !spec.affinity) {
    spec.affinity = next.affinity.nodeAffinity ? { nodeAffinity: next.affinity.nodeAffinity } : {};
  } else if (next?.affinity && spec.affinity) {
    if (next.affinity.nodeAffinity) spec.affinity.nodeAffinity = next.affinity.nodeAffinity;
    else delete spec.affinity.nodeAffinity;
  }
  const take = <K extends 'nodeSelector' | 'tolerations' | 'schedulingGates'>(key: K) => {
    if (next?.[key] === undefined) delete spec[key];
    else spec[key] = next[key];
  };
  take('nodeSelector');
  take('tolerations');
  take('schedulingGates');
  const meta = (copy.metadata ??= {});
  for (const key of ['annotations', 'labels'] as const) {
    if (template?.metadata?.[key] === undefined) delete meta[key];
    else meta[key] = template.metadata[key];
  }
  return copy;
}

/** Completions may change only on an Indexed job, and only together with parallelism. */
function validateCompletionsUpdate(spec: JobSpec, old: JobSpec): FieldError[] {
  if (spec.completionMode !== 'Indexed') return validateImmutableField(spec.completions ?? null, old.completions ?? null, 'spec.completions');
  if (spec.completions === old.completions || spec.completions === undefined) return [];
  return spec.completions !== spec.parallelism ? [invalid('spec.completions', spec.completions, 'can only be modified in tandem with spec.parallelism')] : [];
}

export function validateJobUpdate(job: Job, old: Job, opts: JobValidationOptions): FieldError[] {
  const errs = validateObjectMetaUpdate(job.metadata, old.metadata);
  const spec = job.spec ?? ({} as JobSpec);
  const was = old.spec ?? ({} as JobSpec);
  errs.push(...validateJobSpec(spec, 'spec'));
  errs.push(...validateCompletionsUpdate(spec, was));
  errs.push(...validateImmutableField(spec.selector ?? null, was.selector ?? null, 'spec.selector', spec.selector ? goLabelSelector(spec.selector) : null));
  const oldTemplate = comparableOldTemplate(spec.template, was.template, opts);
  if (!deepEqual(spec.template, oldTemplate)) errs.push(invalid('spec.template', spec.template ?? null, 'field is immutable'));
  for (const key of ['completionMode', 'podFailurePolicy', 'backoffLimitPerIndex', 'managedBy', 'successPolicy'] as const) {
    errs.push(...validateImmutableField(spec[key] ?? null, was[key] ?? null, `spec.${key}`));
  }
  return errs;
}
