// MutatingAdmissionPolicy and MutatingAdmissionPolicyBinding (admissionregistration.orch.io/v1beta1),
// with Kubernetes' defaults: failurePolicy Fail, reinvocationPolicy Never, matchPolicy Equivalent,
// empty selectors.
import type { MutatingAdmissionPolicy, MutatingAdmissionPolicyBinding } from '../../../../api/admissionregistration/v1beta1/types.ts';
import type { ResourceDeclaration } from '../../resource.ts';
import { clusterKindDeclaration } from '../cluster-kind.ts';
import { defaultMatchResources } from '../policies/defaults.ts';
import { mutatingBindingValidation, mutatingPolicyValidation } from './validation.ts';

function defaultPolicy(p: MutatingAdmissionPolicy): void {
  p.spec ??= {};
  p.spec.failurePolicy ??= 'Fail';
  p.spec.reinvocationPolicy ??= 'Never';
  defaultMatchResources(p.spec.matchConstraints);
}

function defaultBinding(b: MutatingAdmissionPolicyBinding): void {
  b.spec ??= {};
  defaultMatchResources(b.spec.matchResources);
}

export function mutatingAdmissionPoliciesDeclaration(): ResourceDeclaration<MutatingAdmissionPolicy, MutatingAdmissionPolicy> {
  return clusterKindDeclaration<MutatingAdmissionPolicy>({
    version: 'v1beta1',
    kind: 'MutatingAdmissionPolicy',
    plural: 'mutatingadmissionpolicies',
    singular: 'mutatingadmissionpolicy',
    defaults: defaultPolicy,
    ...mutatingPolicyValidation,
    columns: [{ name: 'Mutations', type: 'integer', format: '', priority: 0, description: 'Mutations indicates the number of mutations defined in this configuration' }],
    cells: (p) => [p.spec?.mutations?.length ?? 0],
  });
}

export function mutatingAdmissionPolicyBindingsDeclaration(): ResourceDeclaration<MutatingAdmissionPolicyBinding, MutatingAdmissionPolicyBinding> {
  return clusterKindDeclaration<MutatingAdmissionPolicyBinding>({
    version: 'v1beta1',
    kind: 'MutatingAdmissionPolicyBinding',
    plural: 'mutatingadmissionpolicybindings',
    singular: 'mutatingadmissionpolicybinding',
    defaults: defaultBinding,
    ...mutatingBindingValidation,
    columns: [{ name: 'PolicyName', type: 'string', format: '', priority: 0, description: 'PolicyName references a MutatingAdmissionPolicy name' }],
    cells: (b) => [b.spec?.policyName ?? ''],
  });
}
