// Validation of MutatingAdmissionPolicy and its binding as Kubernetes validates them: match
// constraints, mutations of a known patch type whose expressions compile, failure and
// reinvocation policies, parameter references.
import type { MutatingAdmissionPolicy, MutatingAdmissionPolicyBinding } from '../../../../api/admissionregistration/v1beta1/types.ts';
import type { StatusCause } from '../../../../machinery/status.ts';
import { forbidden, notSupported, required, toStatusCauses, type FieldError } from '../../../../machinery/validation/field-error.ts';
import { nameIsDNSSubdomain } from '../../../../machinery/validation/names.ts';
import { validateObjectMeta, validateObjectMetaUpdate } from '../../../../machinery/validation/object-meta.ts';
import { validateExpression, validateMatchConditions, validateMatchResources, validateParamKind, validateParamRef, validateVariables } from '../policy-spec-validation.ts';

const PATCH_TYPES = ['ApplyConfiguration', 'JSONPatch'];
const FAILURE_POLICIES = ['Fail', 'Ignore'];
const REINVOCATION = ['IfNeeded', 'Never'];

function validatePolicySpec(p: MutatingAdmissionPolicy): FieldError[] {
  const errs: FieldError[] = [];
  const spec = p.spec ?? {};
  if (spec.failurePolicy !== undefined && !FAILURE_POLICIES.includes(spec.failurePolicy)) errs.push(notSupported('spec.failurePolicy', spec.failurePolicy, FAILURE_POLICIES));
  if (spec.reinvocationPolicy === undefined) errs.push(required('spec.reinvocationPolicy'));
  else if (!REINVOCATION.includes(spec.reinvocationPolicy)) errs.push(notSupported('spec.reinvocationPolicy', spec.reinvocationPolicy, REINVOCATION));
  errs.push(...validateParamKind(spec.paramKind, 'spec.paramKind'));
  errs.push(...validateMatchResources(spec.matchConstraints, 'spec.matchConstraints', true));
  if (!spec.mutations?.length) errs.push(required('spec.mutations', 'mutations must contain at least one item'));
  (spec.mutations ?? []).forEach((m, i) => {
    const path = `spec.mutations[${i}]`;
    if (!m.patchType) errs.push(required(`${path}.patchType`));
    else if (!PATCH_TYPES.includes(m.patchType)) errs.push(notSupported(`${path}.patchType`, m.patchType, PATCH_TYPES));
    if (m.patchType === 'ApplyConfiguration') {
      if (m.jsonPatch) errs.push(forbidden(`${path}.jsonPatch`, 'must not be specified when patchType is ApplyConfiguration'));
      errs.push(...validateExpression(m.applyConfiguration?.expression, `${path}.applyConfiguration.expression`));
    } else if (m.patchType === 'JSONPatch') {
      if (m.applyConfiguration) errs.push(forbidden(`${path}.applyConfiguration`, 'must not be specified when patchType is JSONPatch'));
      errs.push(...validateExpression(m.jsonPatch?.expression, `${path}.jsonPatch.expression`));
    }
  });
  errs.push(...validateMatchConditions(spec.matchConditions, 'spec.matchConditions'), ...validateVariables(spec.variables, 'spec.variables'));
  return errs;
}

function validateBindingSpec(b: MutatingAdmissionPolicyBinding): FieldError[] {
  const errs: FieldError[] = [];
  const spec = b.spec ?? {};
  if (!spec.policyName) errs.push(required('spec.policyName'));
  errs.push(...validateParamRef(spec.paramRef, 'spec.paramRef'));
  errs.push(...validateMatchResources(spec.matchResources, 'spec.matchResources', false));
  return errs;
}

export const mutatingPolicyValidation = {
  validate: (p: MutatingAdmissionPolicy): StatusCause[] => toStatusCauses([...validateObjectMeta(p.metadata, false, nameIsDNSSubdomain), ...validatePolicySpec(p)]),
  validateUpdate: (p: MutatingAdmissionPolicy, old: MutatingAdmissionPolicy): StatusCause[] => toStatusCauses([...validateObjectMetaUpdate(p.metadata, old.metadata), ...validatePolicySpec(p)]),
};

export const mutatingBindingValidation = {
  validate: (b: MutatingAdmissionPolicyBinding): StatusCause[] => toStatusCauses([...validateObjectMeta(b.metadata, false, nameIsDNSSubdomain), ...validateBindingSpec(b)]),
  validateUpdate: (b: MutatingAdmissionPolicyBinding, old: MutatingAdmissionPolicyBinding): StatusCause[] =>
    toStatusCauses([...validateObjectMetaUpdate(b.metadata, old.metadata), ...validateBindingSpec(b)]),
};
