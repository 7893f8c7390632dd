// v1 defaults of admission policies and bindings.
import type { MatchResources, ValidatingAdmissionPolicy, ValidatingAdmissionPolicyBinding } from '../../../../api/admissionregistration/v1/types.ts';

export function defaultMatchResources(m: MatchResources | undefined): void {
  if (!m) return;
  m.namespaceSelector ??= {};
  m.objectSelector ??= {};
  m.matchPolicy ??= 'Equivalent';
  for (const r of [...(m.resourceRules ?? []), ...(m.excludeResourceRules ?? [])]) r.scope ??= '*';
}

export function defaultPolicy(p: ValidatingAdmissionPolicy): void {
  p.spec ??= {};
  p.spec.failurePolicy ??= 'Fail';
  defaultMatchResources(p.spec.matchConstraints);
}

export function defaultBinding(b: ValidatingAdmissionPolicyBinding): void {
  b.spec ??= {};
  defaultMatchResources(b.spec.matchResources);
}
