// The KubernetesAPIApprovalPolicyConformant condition of a definition in a protected group
// (*.k8s.io, *.kubernetes.io, *.orch.io): whether its approval annotation names where the API
// was approved, says it is unapproved, or is missing or malformed.
import type { CustomResourceDefinition, CustomResourceDefinitionCondition } from '../../api/apiextensions/v1/types.ts';
import { approvalOf, isProtectedGroup } from '../registry/apiextensions/customresourcedefinitions/validation.ts';

const POLICY =
  'protected groups must have approval annotation "api-approved.kubernetes.io", with either a URL or a reason starting with "unapproved", see https://github.com/kubernetes/enhancements/pull/1111';

export function approvalCondition(crd: CustomResourceDefinition): Omit<CustomResourceDefinitionCondition, 'lastTransitionTime'> | undefined {
  if (!isProtectedGroup(crd.spec.group)) return undefined;
  const { state, value } = approvalOf(crd.metadata.annotations);
  const type = 'KubernetesAPIApprovalPolicyConformant';
  switch (state) {
    case 'approved':
      return { type, status: 'True', reason: 'ApprovedAnnotation', message: `approved in ${value}` };
    case 'bypassed':
      return { type, status: 'False', reason: 'UnapprovedAnnotation', message: `not approved: ${JSON.stringify(value)}` };
    case 'invalid':
      return { type, status: 'False', reason: 'InvalidAnnotation', message: POLICY };
    default:
      return { type, status: 'False', reason: 'MissingAnnotation', message: POLICY };
  }
}
