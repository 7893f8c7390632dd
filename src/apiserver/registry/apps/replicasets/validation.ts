// ReplicaSet validation as Kubernetes' ValidateReplicaSet and its update and status forms: a
// DNS-subdomain name; replicas and minReadySeconds of 0 or more; a required, non-empty selector
// that converts to a label query and matches the template's labels; a template valid as a pod
// template with restartPolicy Always. On update the selector never changes. Status counts are 0
// or more and do not exceed what they are part of.
import type { ReplicaSet, ReplicaSetSpec, ReplicaSetStatus } from '../../../../api/apps/v1/types.ts';
import type { StatusCause } from '../../../../machinery/status.ts';
import { invalid, toStatusCauses, type FieldError } from '../../../../machinery/validation/field-error.ts';
import { nameIsDNSSubdomain } from '../../../../machinery/validation/names.ts';
import { validateObjectMeta, validateObjectMetaUpdate } from '../../../../machinery/validation/object-meta.ts';
import { nonNegative } from '../../core/pods/validation/checks.ts';
import { validateReplicaCounts } from '../../core/replicationcontrollers/validation.ts';
import { goLabelSelector } from '../workload/go-values.ts';
import { semanticEqual } from '../workload/semantic-equal.ts';
import { selectorConverts, validateRequiredSelector, validateTemplateMatches } from '../workload/selector.ts';
import { validateLongRunningTemplate } from '../workload/template.ts';

/** ValidateReplicaSetSpec (a deployment's spec shares it, and its `for deployment` wording). */
export function validateReplicaSetSpec(spec: ReplicaSetSpec, path: string): FieldError[] {
  const errs = [...nonNegative(spec.replicas ?? 0, `${path}.replicas`), ...nonNegative(spec.minReadySeconds ?? 0, `${path}.minReadySeconds`)];
  errs.push(...validateReplicaTemplateAndSelector(spec, path));
  return errs;
}

/** The selector, then (when it converts) the template against it: ValidatePodTemplateSpecForReplicaSet. */
export function validateReplicaTemplateAndSelector(spec: Pick<ReplicaSetSpec, 'selector' | 'template'>, path: string): FieldError[] {
  const errs = validateRequiredSelector(spec.selector, `${path}.selector`, 'deployment');
  if (!selectorConverts(spec.selector)) {
    errs.push(invalid(`${path}.selector`, goLabelSelector(spec.selector), 'invalid label selector'));
    return errs;
  }
  errs.push(...validateTemplateMatches(spec.selector, spec.template?.metadata?.labels, `${path}.template`));
  errs.push(...validateLongRunningTemplate(spec.template, `${path}.template`, 'ReplicaSet'));
  return errs;
}

/** spec.selector may not change after create (apps/v1 and later). */
export function validateSelectorUnchanged(spec: { selector?: ReplicaSetSpec['selector'] } | undefined, old: { selector?: ReplicaSetSpec['selector'] } | undefined): FieldError[] {
  if (semanticEqual(spec?.selector ?? null, old?.selector ?? null)) return [];
  return [invalid('spec.selector', goLabelSelector(spec?.selector), 'field is immutable')];
}

function validateStatus(status: ReplicaSetStatus | undefined, path: string): FieldError[] {
  const s = status ?? { replicas: 0 };
  return validateReplicaCounts(s, path, s.terminatingReplicas);
}

export function validateReplicaSet(rs: ReplicaSet): StatusCause[] {
  const errs = validateObjectMeta(rs.metadata, true, nameIsDNSSubdomain);
  errs.push(...validateReplicaSetSpec(rs.spec ?? {}, 'spec'));
  return toStatusCauses(errs);
}

export function validateReplicaSetUpdate(rs: ReplicaSet, old: ReplicaSet): StatusCause[] {
  const errs = validateObjectMetaUpdate(rs.metadata, old.metadata);
  errs.push(...validateReplicaSetSpec(rs.spec ?? {}, 'spec'));
  errs.push(...validateSelectorUnchanged(rs.spec, old.spec));
  return toStatusCauses(errs);
}

export function validateReplicaSetStatusUpdate(rs: ReplicaSet, old: ReplicaSet): StatusCause[] {
  const errs = validateObjectMetaUpdate(rs.metadata, old.metadata);
  errs.push(...validateStatus(rs.status, 'status'));
  return toStatusCauses(errs);
}
