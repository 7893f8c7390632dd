// Validation of ValidatingAdmissionPolicy and its binding as Kubernetes validates them: match
// constraints, expressions that compile, reasons, validation actions, parameter references.
import type { MatchResources, ValidatingAdmissionPolicy, ValidatingAdmissionPolicyBinding } from '../../../../api/admissionregistration/v1/types.ts';
import type { StatusCause } from '../../../../machinery/status.ts';
import { duplicate, forbidden, invalid, notSupported, required, toStatusCauses, type FieldError } from '../../../../machinery/validation/field-error.ts';
import { nameIsDNSSubdomain } from '../../../../machinery/validation/names.ts';
import { validateObjectMeta, validateObjectMetaUpdate } from '../../../../machinery/validation/object-meta.ts';
import { admissionCel } from '../../../admission/plugins/common/cel.ts';
import { validateRule } from '../webhooks/rules.ts';
import { validateLabelSelector } from '../label-selector-validation.ts';

const FAILURE_POLICIES = ['Fail', 'Ignore'];
const REASONS = ['Forbidden', 'Invalid', 'RequestEntityTooLarge', 'Unauthorized'];
const ACTIONS = ['Audit', 'Deny', 'Warn'];
const NOT_FOUND_ACTIONS = ['Allow', 'Deny'];

export function validateExpression(expression: string | undefined, path: string): FieldError[] {
  if (!expression) return [required(path)];
  const compiled = admissionCel.compile(expression);
  return compiled instanceof Error ? [invalid(path, expression, `compilation failed: ${compiled.message}`)] : [];
}

export function validateMatchResources(m: MatchResources | undefined, path: string, requireRules: boolean): FieldError[] {
  if (!m) return requireRules ? [required(path)] : [];
  const errs: FieldError[] = [];
  if (requireRules && !m.resourceRules?.length) errs.push(required(`${path}.resourceRules`));
  (m.resourceRules ?? []).forEach((r, i) => errs.push(...validateRule(r, `${path}.resourceRules[${i}]`, true)));
  (m.excludeResourceRules ?? []).forEach((r, i) => errs.push(...validateRule(r, `${path}.excludeResourceRules[${i}]`, true)));
  if (m.matchPolicy !== undefined && !['Equivalent', 'Exact'].includes(m.matchPolicy)) errs.push(notSupported(`${path}.matchPolicy`, m.matchPolicy, ['Equivalent', 'Exact']));
  errs.push(...validateLabelSelector(m.namespaceSelector, `${path}.namespaceSelector`), ...validateLabelSelector(m.objectSelector, `${path}.objectSelector`));
  return errs;
}

function validatePolicySpec(p: ValidatingAdmissionPolicy): FieldError[] {
  const errs: FieldError[] = [];
  const spec = p.spec ?? {};
  if (spec.failurePolicy !== undefined && !FAILURE_POLICIES.includes(spec.failurePolicy)) errs.push(notSupported('spec.failurePolicy', spec.failurePolicy, FAILURE_POLICIES));
  if (spec.paramKind) {
    if (!spec.paramKind.apiVersion) errs.push(required('spec.paramKind.apiVersion'));
    if (!spec.paramKind.kind) errs.push(required('spec.paramKind.kind'));
  }
  errs.push(...validateMatchResources(spec.matchConstraints, 'spec.matchConstraints', true));
  if (!spec.validations?.length && !spec.auditAnnotations?.length) errs.push(required('spec.validations', 'validations or auditAnnotations must contain at least one item'));
  (spec.validations ?? []).forEach((v, i) => {
    const path = `spec.validations[${i}]`;
    errs.push(...validateExpression(v.expression, `${path}.expression`));
    if (v.message !== undefined && /[\r\n]/.test(v.message)) errs.push(invalid(`${path}.message`, v.message, 'message must not contain line breaks'));
    if (v.messageExpression !== undefined) errs.push(...validateExpression(v.messageExpression, `${path}.messageExpression`));
    if (v.reason !== undefined && !REASONS.includes(v.reason)) errs.push(notSupported(`${path}.reason`, v.reason, REASONS));
  });
  (spec.auditAnnotations ?? []).forEach((a, i) => {
    if (!a.key) errs.push(required(`spec.auditAnnotations[${i}].key`));
    errs.push(...validateExpression(a.valueExpression, `spec.auditAnnotations[${i}].valueExpression`));
  });
  const names = new Set<string>();
  (spec.matchConditions ?? []).forEach((c, i) => {
    if (!c.name) errs.push(required(`spec.matchConditions[${i}].name`));
    else if (names.has(c.name)) errs.push(duplicate(`spec.matchConditions[${i}].name`, c.name));
    names.add(c.name);
    errs.push(...validateExpression(c.expression, `spec.matchConditions[${i}].expression`));
  });
  (spec.variables ?? []).forEach((v, i) => {
    if (!v.name) errs.push(required(`spec.variables[${i}].name`));
    errs.push(...validateExpression(v.expression, `spec.variables[${i}].expression`));
  });
  return errs;
}

function validateBindingSpec(b: ValidatingAdmissionPolicyBinding): FieldError[] {
  const errs: FieldError[] = [];
  const spec = b.spec ?? {};
  if (!spec.policyName) errs.push(required('spec.policyName'));
  const actions = spec.validationActions ?? [];
  if (!actions.length) errs.push(required('spec.validationActions'));
  const seen = new Set<string>();
  actions.forEach((a, i) => {
    if (!ACTIONS.includes(a)) errs.push(notSupported(`spec.validationActions[${i}]`, a, ACTIONS));
    else if (seen.has(a)) errs.push(duplicate(`spec.validationActions[${i}]`, a));
    seen.add(a);
  });
  if (seen.has('Deny') && seen.has('Warn')) {
    errs.push(invalid('spec.validationActions', actions, 'must not contain both Deny and Warn (repeating the same validation failure information in the API response and headers serves no purpose)'));
  }
  const ref = spec.paramRef;
  if (ref) {
    if (ref.name && ref.selector) errs.push(forbidden('spec.paramRef.name', 'name and selector are mutually exclusive'));
    if (!ref.name && !ref.selector) errs.push(required('spec.paramRef', 'one of name or selector must be specified'));
    if (!ref.parameterNotFoundAction) errs.push(required('spec.paramRef.parameterNotFoundAction'));
    else if (!NOT_FOUND_ACTIONS.includes(ref.parameterNotFoundAction)) errs.push(notSupported('spec.paramRef.parameterNotFoundAction', ref.parameterNotFoundAction, NOT_FOUND_ACTIONS));
    errs.push(...validateLabelSelector(ref.selector, 'spec.paramRef.selector'));
  }
  errs.push(...validateMatchResources(spec.matchResources, 'spec.matchResources', false));
  return errs;
}

export const policyValidation = {
  validate: (p: ValidatingAdmissionPolicy): StatusCause[] => toStatusCauses([...validateObjectMeta(p.metadata, false, nameIsDNSSubdomain), ...validatePolicySpec(p)]),
  validateUpdate: (p: ValidatingAdmissionPolicy, old: ValidatingAdmissionPolicy): StatusCause[] => toStatusCauses([...validateObjectMetaUpdate(p.metadata, old.metadata), ...validatePolicySpec(p)]),
};

export const bindingValidation = {
  validate: (b: ValidatingAdmissionPolicyBinding): StatusCause[] => toStatusCauses([...validateObjectMeta(b.metadata, false, nameIsDNSSubdomain), ...validateBindingSpec(b)]),
  validateUpdate: (b: ValidatingAdmissionPolicyBinding, old: ValidatingAdmissionPolicyBinding): StatusCause[] =>
    toStatusCauses([...validateObjectMetaUpdate(b.metadata, old.metadata), ...validateBindingSpec(b)]),
};
