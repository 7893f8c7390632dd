// The rules an aggregated ClusterRole should hold: for each of its selectors in order, the rules of
// the ClusterRoles it selects (by name, itself excluded), each rule once, as Kubernetes computes them.
import type { ClusterRole, PolicyRule } from '../../../api/rbac/v1/types.ts';
import { labelSelectorMatches } from '../../../machinery/selectors/label-selector.ts';

function normalize(rule: PolicyRule): string {
  const list = (v: string[] | undefined) => v ?? [];
  return JSON.stringify([list(rule.verbs), list(rule.apiGroups), list(rule.resources), list(rule.resourceNames), list(rule.nonResourceURLs)]);
}

export function aggregatedRules(role: ClusterRole, all: readonly ClusterRole[]): PolicyRule[] {
  const rules: PolicyRule[] = [];
  const seen = new Set<string>();
  const byName = [...all].sort((a, b) => (a.metadata.name! < b.metadata.name! ? -1 : a.metadata.name! > b.metadata.name! ? 1 : 0));
  for (const selector of role.aggregationRule?.clusterRoleSelectors ?? []) {
    for (const other of byName) {
      if (other.metadata.name === role.metadata.name) continue;
      if (!labelSelectorMatches(selector, other.metadata.labels as Record<string, string> | undefined)) continue;
      for (const rule of other.rules ?? []) {
        const key = normalize(rule);
        if (seen.has(key)) continue;
        seen.add(key);
        rules.push(rule);
      }
    }
  }
  return rules;
}

export function sameRules(a: readonly PolicyRule[] | undefined, b: readonly PolicyRule[]): boolean {
  const x = a ?? [];
  return x.length === b.length && x.every((r, i) => normalize(r) === normalize(b[i]!));
}
