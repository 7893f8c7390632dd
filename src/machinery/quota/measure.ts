// How quota measures one resource (the counting half of Kubernetes' quota.Evaluator): which quota
// resource names it accounts for, which scopes an object is in, and what one object uses. The
// ResourceQuota admission plugin and the resourcequota controller count with the same measures.
import type { ApiObject } from '../../api/meta/v1/types.ts';
import type { ResourceList, ScopedResourceSelectorRequirement } from '../../api/core/v1/policy-types.ts';

export interface QuotaMeasure {
  readonly group: string;
  readonly resource: string;
  /** The names of `names` this measure accounts for. */
  matchingResources(names: readonly string[]): string[];
  /** Whether the object is in the scope the selector names. */
  matchesScope(selector: ScopedResourceSelectorRequirement, obj: ApiObject): boolean;
  /** What one object uses. */
  usage(obj: ApiObject): ResourceList;
}

/** The name counting a resource's objects: count/<resource> in the core group, else count/<resource>.<group>. */
export function objectCountName(group: string, resource: string): string {
  return group ? `count/${resource}.${group}` : `count/${resource}`;
}

/** The group and resource a count/<resource>.<group> name counts, or undefined for other names. */
export function countedResource(name: string): { group: string; resource: string } | undefined {
  if (!name.startsWith('count/')) return undefined;
  const rest = name.slice('count/'.length);
  const dot = rest.indexOf('.');
  return dot < 0 ? { group: '', resource: rest } : { group: rest.slice(dot + 1), resource: rest.slice(0, dot) };
}

/** The selectors a quota applies: each of spec.scopes as Exists, then spec.scopeSelector's expressions. */
export function quotaScopeSelectors(quota: { spec?: { scopes?: string[]; scopeSelector?: { matchExpressions?: ScopedResourceSelectorRequirement[] } } }): ScopedResourceSelectorRequirement[] {
  const fromScopes = (quota.spec?.scopes ?? []).map((scopeName) => ({ scopeName, operator: 'Exists' }));
  return [...fromScopes, ...(quota.spec?.scopeSelector?.matchExpressions ?? [])];
}

/** Kinds without scopes: an object is in none. */
export const inNoScope = () => false;
