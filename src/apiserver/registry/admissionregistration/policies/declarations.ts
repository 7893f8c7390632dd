// ValidatingAdmissionPolicy and ValidatingAdmissionPolicyBinding (admissionregistration.orch.io/v1).
import type { ValidatingAdmissionPolicy, ValidatingAdmissionPolicyBinding } from '../../../../api/admissionregistration/v1/types.ts';
import type { ResourceDeclaration } from '../../resource.ts';
import { clusterKindDeclaration } from '../cluster-kind.ts';
import { defaultBinding, defaultPolicy } from './defaults.ts';
import { bindingValidation, policyValidation } from './validation.ts';

export function validatingAdmissionPoliciesDeclaration(): ResourceDeclaration<ValidatingAdmissionPolicy, ValidatingAdmissionPolicy> {
  return clusterKindDeclaration<ValidatingAdmissionPolicy>({
    version: 'v1',
    kind: 'ValidatingAdmissionPolicy',
    plural: 'validatingadmissionpolicies',
    singular: 'validatingadmissionpolicy',
    defaults: defaultPolicy,
    ...policyValidation,
    // Type checking is the validatingadmissionpolicy-status controller's, written through /status.
    statusSubresource: true,
    columns: [
      { name: 'Validations', type: 'integer', format: '', priority: 0, description: 'Validations indicates the number of validation rules defined in this configuration' },
      { name: 'ParamKind', type: 'string', format: '', priority: 0, description: 'ParamKind specifies the kind of resources used to parameterize this policy' },
    ],
    cells: (p) => [p.spec?.validations?.length ?? 0, p.spec?.paramKind ? `${p.spec.paramKind.apiVersion}/${p.spec.paramKind.kind}` : '<unset>'],
  });
}

export function validatingAdmissionPolicyBindingsDeclaration(): ResourceDeclaration<ValidatingAdmissionPolicyBinding, ValidatingAdmissionPolicyBinding> {
  return clusterKindDeclaration<ValidatingAdmissionPolicyBinding>({
    version: 'v1',
    kind: 'ValidatingAdmissionPolicyBinding',
    plural: 'validatingadmissionpolicybindings',
    singular: 'validatingadmissionpolicybinding',
    defaults: defaultBinding,
    ...bindingValidation,
    columns: [
      { name: 'PolicyName', type: 'string', format: '', priority: 0, description: 'PolicyName references a ValidatingAdmissionPolicy name which the ValidatingAdmissionPolicyBinding binds to' },
      { name: 'ParamRef', type: 'string', format: '', priority: 0, description: 'ParamRef specifies the parameter resource used to configure the admission control policy' },
    ],
    cells: (b) => [b.spec?.policyName ?? '', b.spec?.paramRef ? `${b.spec.paramRef.namespace ?? ''}/${b.spec.paramRef.name ?? '*'}` : '<unset>'],
  });
}
