// Validation of ValidatingAdmissionPolicy and its binding as Kubernetes validates them: match
// constraints, expressions that compile, reasons, validation actions, parameter references.
import type { ValidatingAdmissionPolicy, ValidatingAdmissionPolicyBinding } from '../../../../api/admissionregistration/v1/types.ts';
import type { StatusCause } from '../../../../machinery/status.ts';
import { duplicate, invalid, notSupported, required, toStatusCauses, type FieldError } from '../../../../machinery/validation/field-error.ts';
import { nameIsDNSSubdomain } from '../../../../machinery/validation/names.ts';
import { validateObjectMeta, validateObjectMetaUpdate } from '../../../../machinery/validation/object-meta.ts';
import { validateExpression, validateMatchConditions, validateMatchResources, validateParamKind, validateParamRef, validateVariables } from '../policy-spec-validation.ts';

const FAILURE_POLICIES = ['Fail', 'Ignore'];
const REASONS = ['Forbidden', 'Invalid', 'RequestEntityTooLarge', 'Unauthorized'];
const ACTIONS = ['Audit', 'Deny', 'Warn'];

function validatePolicySpec(p: ValidatingAdmissionPolicy): FieldError[] {
  const errs: FieldError[] = [];
  const spec = p.spec ?? {};
  if (spec.failurePolicy !== undefined && !FAILURE_POLICIES.includes(spec.failurePolicy)) errs.push(notSupported('spec.failurePolicy', spec.failurePolicy, FAILURE_POLICIES));
  errs.push(...validateParamKind(spec.paramKind, 'spec.paramKind'));
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
  errs.push(...validateMatchConditions(spec.matchConditions, 'spec.matchConditions'), ...validateVariables(spec.variables, 'spec.variables'));
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
  errs.push(...validateParamRef(spec.paramRef, 'spec.paramRef'));
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
