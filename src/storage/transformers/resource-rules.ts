// The resource names of an EncryptionConfiguration rule: `secrets` (core group),
// `deployments.apps`, `*.` (every core resource), `*.apps` (every resource of a group) and `*.*`.
export interface ResourceRule {
  text: string;
  /** "*" for any. */
  group: string;
  /** "*" for any. */
  resource: string;
  /** 2 for a named resource, 1 for a group wildcard, 0 for "*.*". */
  specificity: 0 | 1 | 2;
}

/** A rule, or the reason the name is not one. */
export function parseResourceRule(raw: unknown): ResourceRule | string {
  if (typeof raw !== 'string' || raw === '') return 'resource name must not be empty';
  const text = raw;
  if (text !== text.toLowerCase()) return 'resource name must be lower case';
  if (text === '*') return 'use "*." to encrypt all the resources from core API group or "*.*" to encrypt all resources';
  const dot = text.indexOf('.');
  const resource = dot < 0 ? text : text.slice(0, dot);
  const group = dot < 0 ? '' : text.slice(dot + 1);
  if (resource === '*' && group === '*') return { text, group, resource, specificity: 0 };
  if (group.includes('*')) return 'a group wildcard must be the whole group ("*.*")';
  if (resource === '*') return { text, group, resource, specificity: 1 };
  if (resource.includes('*')) return 'a resource wildcard must be the whole resource ("*.<group>")';
  return { text, group, resource, specificity: 2 };
}

export function ruleMatches(rule: ResourceRule, gr: { group: string; resource: string }): boolean {
  return (rule.group === '*' || rule.group === gr.group) && (rule.resource === '*' || rule.resource === gr.resource);
}

/** Every resource `other` names is also named by `rule`. */
export function ruleCovers(rule: ResourceRule, other: ResourceRule): boolean {
  if (rule.group !== '*' && rule.group !== other.group) return false;
  return rule.resource === '*' || rule.resource === other.resource;
}
