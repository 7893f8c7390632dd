// Which requests a policy's matchConstraints (or a binding's matchResources) take in:
// selectors, excluded rules, then rules (with resourceNames), as Kubernetes matches policies.
import type { MatchResources, NamedRuleWithOperations } from '../../../../api/admissionregistration/v1/types.ts';
import type { AdmissionAttributes } from '../../types.ts';
import type { NamespaceAccess } from '../../namespace-access.ts';
import { matchRules, namespaceSelectorMatches, objectSelectorMatches, type MatchedTarget } from './rules.ts';

function withNames(rules: readonly NamedRuleWithOperations[] | undefined, attrs: AdmissionAttributes): NamedRuleWithOperations[] {
  const name = attrs.name || (attrs.object?.metadata?.name ?? '');
  return (rules ?? []).filter((r) => !r.resourceNames?.length || r.resourceNames.includes(name));
}

export async function matchPolicyResources(m: MatchResources | undefined, attrs: AdmissionAttributes, namespaces: NamespaceAccess): Promise<MatchedTarget | undefined> {
  if (!m) return undefined;
  if (!objectSelectorMatches(m.objectSelector, attrs) || !(await namespaceSelectorMatches(m.namespaceSelector, attrs, namespaces))) return undefined;
  if (m.excludeResourceRules?.length && matchRules(withNames(m.excludeResourceRules, attrs), m.matchPolicy, attrs)) return undefined;
  return matchRules(withNames(m.resourceRules, attrs), m.matchPolicy, attrs);
}
