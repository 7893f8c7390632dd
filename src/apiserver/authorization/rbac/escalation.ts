// Escalation prevention: nobody writes a role or binding granting what they do not hold. The
// check and its wording follow Kubernetes: the requested rules are broken into single
// verb/group/resource(/name) rules, those not covered by the requester's own rules are compacted
// and listed in Go's %q form.
import type { PolicyRule } from '../../../api/rbac/v1/types.ts';
import type { UserInfo } from '../../../component-base/serving/request-context.ts';
import { nonResourceURLMatches } from './rule-matching.ts';

export function breakdownRule(rule: PolicyRule): PolicyRule[] {
  const out: PolicyRule[] = [];
  for (const group of rule.apiGroups ?? []) {
    for (const resource of rule.resources ?? []) {
      for (const verb of rule.verbs) {
        if (rule.resourceNames?.length) {
          for (const name of rule.resourceNames) out.push({ apiGroups: [group], resources: [resource], verbs: [verb], resourceNames: [name] });
        } else {
          out.push({ apiGroups: [group], resources: [resource], verbs: [verb] });
        }
      }
    }
  }
  for (const url of rule.nonResourceURLs ?? []) for (const verb of rule.verbs) out.push({ nonResourceURLs: [url], verbs: [verb] });
  return out;
}

function hasAll(set: readonly string[], want: readonly string[]): boolean {
  return want.every((w) => set.includes(w));
}

function resourcesCover(owner: readonly string[], wanted: readonly string[]): boolean {
  if (owner.includes('*') || hasAll(owner, wanted)) return true;
  return wanted.every((path) => {
    if (owner.includes(path)) return true;
    const slash = path.indexOf('/');
    return slash >= 0 && owner.includes(`*/${path.slice(slash + 1)}`);
  });
}

/** Whether `owner` grants everything `sub` (a broken-down rule) grants. */
export function ruleCovers(owner: PolicyRule, sub: PolicyRule): boolean {
  const verbs = owner.verbs.includes('*') || hasAll(owner.verbs, sub.verbs);
  const groups = (owner.apiGroups ?? []).includes('*') || hasAll(owner.apiGroups ?? [], sub.apiGroups ?? []);
  const resources = resourcesCover(owner.resources ?? [], sub.resources ?? []);
  const urls = (sub.nonResourceURLs ?? []).every((u) => (owner.nonResourceURLs ?? []).some((o) => nonResourceURLMatches(o, u)));
  const ownerNames = owner.resourceNames ?? [];
  const names = ownerNames.length === 0 || ((sub.resourceNames ?? []).length > 0 && hasAll(ownerNames, sub.resourceNames ?? []));
  return verbs && groups && resources && urls && names;
}

/** The broken-down rules of `wanted` no rule of `owned` covers. */
export function missingRights(owned: readonly PolicyRule[], wanted: readonly PolicyRule[]): PolicyRule[] {
  const missing: PolicyRule[] = [];
  for (const rule of wanted) for (const sub of breakdownRule(rule)) if (!owned.some((o) => ruleCovers(o, sub))) missing.push(sub);
  return missing;
}

/** Merges single group/resource rules without names that differ only in verbs. */
export function compactRules(rules: readonly PolicyRule[]): PolicyRule[] {
  const out: PolicyRule[] = [];
  const simple = new Map<string, PolicyRule>();
  for (const r of rules) {
    const isSimple = (r.apiGroups?.length ?? 0) === 1 && (r.resources?.length ?? 0) === 1 && !r.resourceNames?.length && !r.nonResourceURLs?.length;
    if (!isSimple) {
      out.push(r);
      continue;
    }
    const key = `${r.apiGroups![0]}\u0000${r.resources![0]}`;
    const existing = simple.get(key);
    if (existing) {
      for (const v of r.verbs) if (!existing.verbs.includes(v)) existing.verbs.push(v);
    } else {
      const copy: PolicyRule = { apiGroups: [...r.apiGroups!], resources: [...r.resources!], verbs: [...r.verbs] };
      simple.set(key, copy);
      out.push(copy);
    }
  }
  return out;
}

/** Go's %q of a []string: ["a" "b"]. */
export function goQuoteList(values: readonly string[]): string {
  return `[${values.map((v) => JSON.stringify(v)).join(' ')}]`;
}

/** PolicyRule.CompactString: `{APIGroups:[""], Resources:["pods"], Verbs:["get"]}`. */
export function compactString(rule: PolicyRule): string {
  const parts: string[] = [];
  if (rule.apiGroups?.length) parts.push(`APIGroups:${goQuoteList(rule.apiGroups)}`);
  if (rule.resources?.length) parts.push(`Resources:${goQuoteList(rule.resources)}`);
  if (rule.nonResourceURLs?.length) parts.push(`NonResourceURLs:${goQuoteList(rule.nonResourceURLs)}`);
  if (rule.resourceNames?.length) parts.push(`ResourceNames:${goQuoteList(rule.resourceNames)}`);
  if (rule.verbs.length) parts.push(`Verbs:${goQuoteList(rule.verbs)}`);
  return `{${parts.join(', ')}}`;
}

/** undefined when `owned` covers `wanted`; otherwise the message Kubernetes gives. */
export function escalationMessage(user: UserInfo, owned: readonly PolicyRule[], wanted: readonly PolicyRule[], resolutionErrors: readonly string[] = []): string | undefined {
  const missing = missingRights(owned, wanted);
  if (!missing.length) return undefined;
  const lines = [...new Set(compactRules(missing).map(compactString))].sort();
  let msg = `user ${JSON.stringify(user.name)} (groups=${goQuoteList(user.groups)}) is attempting to grant RBAC permissions not currently held:\n${lines.join('\n')}`;
  if (resolutionErrors.length) msg += `; resolution errors: [${resolutionErrors.join(' ')}]`;
  return msg;
}
