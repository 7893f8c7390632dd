// Which audit level and stages a request gets: the first rule of the policy that matches the
// request's attributes wins; a request no rule matches is not audited (level None).
import type { Attributes } from '../../machinery/authorization/types.ts';
import type { Policy, PolicyRule, GroupResources } from './policy.ts';
import type { Level, Stage } from './types.ts';

export interface RequestAuditConfig {
  level: Level;
  omitStages: ReadonlySet<Stage>;
  omitManagedFields: boolean;
}

export type PolicyEvaluator = (attrs: Attributes) => RequestAuditConfig;

const NOT_AUDITED: RequestAuditConfig = { level: 'None', omitStages: new Set(), omitManagedFields: false };

export function newPolicyEvaluator(policy: Policy): PolicyEvaluator {
  // The omitted stages of each rule, merged with the policy's, are computed once.
  const compiled = policy.rules.map((rule) => ({
    rule,
    config: {
      level: rule.level,
      omitStages: new Set([...policy.omitStages, ...rule.omitStages]),
      omitManagedFields: rule.omitManagedFields ?? policy.omitManagedFields,
    } satisfies RequestAuditConfig,
  }));
  return (attrs) => compiled.find((c) => ruleMatches(c.rule, attrs))?.config ?? NOT_AUDITED;
}

export function ruleMatches(rule: PolicyRule, attrs: Attributes): boolean {
  if (rule.users.length && !rule.users.includes(attrs.user.name)) return false;
  if (rule.userGroups.length && !attrs.user.groups.some((g) => rule.userGroups.includes(g))) return false;
  if (rule.verbs.length && !rule.verbs.includes(attrs.verb)) return false;
  if (attrs.isResourceRequest) {
    if (rule.nonResourceURLs.length) return false;
    return resourceMatches(rule, attrs);
  }
  if (rule.resources.length || rule.namespaces.length) return false;
  return nonResourceMatches(rule.nonResourceURLs, attrs.path);
}

function nonResourceMatches(specs: string[], path: string): boolean {
  if (specs.length === 0) return true;
  return specs.some((spec) => spec === '*' || spec === path || (spec.endsWith('*') && path.startsWith(spec.slice(0, -1))));
}

function resourceMatches(rule: PolicyRule, attrs: Attributes): boolean {
  // A namespaces list holding "" matches cluster-scoped requests.
  if (rule.namespaces.length && !rule.namespaces.includes(attrs.namespace)) return false;
  if (rule.resources.length === 0) return true;
  return rule.resources.some((gr) => groupResourceMatches(gr, attrs));
}

function groupResourceMatches(gr: GroupResources, attrs: Attributes): boolean {
  if (gr.group !== attrs.apiGroup) return false;
  if (gr.resources.length === 0) return true;
  if (gr.resourceNames.length && !gr.resourceNames.includes(attrs.name)) return false;
  const { resource, subresource } = attrs;
  const combined = subresource ? `${resource}/${subresource}` : resource;
  return gr.resources.some(
    (r) =>
      r === '*' ||
      r === combined ||
      (subresource !== '' && r.startsWith('*/') && r.slice(2) === subresource) ||
      (r.endsWith('/*') && r.slice(0, -2) === resource),
  );
}
