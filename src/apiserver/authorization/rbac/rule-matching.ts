// Whether one RBAC PolicyRule allows a request, with the wildcards Kubernetes accepts: `*` verbs,
// groups and resources, `*/sub` for a subresource of any resource, and a trailing `*` on
// non-resource URLs.
import type { PolicyRule } from '../../../api/rbac/v1/types.ts';

/** The request attributes a rule is matched against. */
export interface RuleRequest {
  verb: string;
  isResourceRequest: boolean;
  apiGroup: string;
  resource: string;
  subresource: string;
  name: string;
  path: string;
}

export function verbMatches(rule: PolicyRule, verb: string): boolean {
  return rule.verbs.some((v) => v === '*' || v === verb);
}

export function apiGroupMatches(rule: PolicyRule, group: string): boolean {
  return (rule.apiGroups ?? []).some((g) => g === '*' || g === group);
}

export function resourceMatches(rule: PolicyRule, resource: string, subresource: string): boolean {
  const combined = subresource ? `${resource}/${subresource}` : resource;
  for (const r of rule.resources ?? []) {
    if (r === '*' || r === combined) return true;
    if (subresource && r.length === subresource.length + 2 && r.startsWith('*/') && r.endsWith(subresource)) return true;
  }
  return false;
}

export function resourceNameMatches(rule: PolicyRule, name: string): boolean {
  const names = rule.resourceNames ?? [];
  return names.length === 0 || names.includes(name);
}

export function nonResourceURLMatches(pattern: string, path: string): boolean {
  if (pattern === '*' || pattern === path) return true;
  return pattern.endsWith('*') && path.startsWith(pattern.replace(/\*+$/, ''));
}

export function ruleAllows(req: RuleRequest, rule: PolicyRule): boolean {
  if (!verbMatches(rule, req.verb)) return false;
  if (req.isResourceRequest) {
    return apiGroupMatches(rule, req.apiGroup) && resourceMatches(rule, req.resource, req.subresource) && resourceNameMatches(rule, req.name);
  }
  return (rule.nonResourceURLs ?? []).some((u) => nonResourceURLMatches(u, req.path));
}

export function rulesAllow(req: RuleRequest, rules: readonly PolicyRule[]): boolean {
  return rules.some((r) => ruleAllows(req, r));
}
