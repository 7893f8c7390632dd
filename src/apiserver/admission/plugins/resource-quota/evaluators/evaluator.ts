// How quota measures one resource (Kubernetes' quota.Evaluator): which requests change usage,
// which quota resource names it accounts for, which scopes an object is in, what one object uses,
// and what a pod must declare when a quota limits cpu or memory.
import type { ApiObject } from '../../../../../api/meta/v1/types.ts';
import type { ResourceList, ScopedResourceSelectorRequirement } from '../../../../../api/core/v1/policy-types.ts';
import type { AdmissionAttributes } from '../../../types.ts';

export interface QuotaEvaluator {
  readonly group: string;
  readonly resource: string;
  /** The request may change what is used. */
  handles(attrs: AdmissionAttributes): boolean;
  /** The names of `names` this evaluator accounts for. */
  matchingResources(names: readonly string[]): string[];
  /** Whether the object is in the scope the selector names. */
  matchesScope(selector: ScopedResourceSelectorRequirement, obj: ApiObject): boolean;
  /** The scopes of those limited by configuration that no matched quota scope covers. */
  uncoveredScopes(limited: readonly ScopedResourceSelectorRequirement[], matched: readonly ScopedResourceSelectorRequirement[]): ScopedResourceSelectorRequirement[];
  /** Why the object cannot be admitted under a quota on `required`, or undefined. */
  constraints(required: readonly string[], obj: ApiObject): string | undefined;
  /** What one object uses. */
  usage(obj: ApiObject): ResourceList;
}

/** The name counting a resource's objects: count/<resource> in the core group, else count/<resource>.<group>. */
export function objectCountName(group: string, resource: string): string {
  return group ? `count/${resource}.${group}` : `count/${resource}`;
}

/** The selectors a quota applies: each of spec.scopes as Exists, then spec.scopeSelector's expressions. */
export function quotaScopeSelectors(quota: { spec?: { scopes?: string[]; scopeSelector?: { matchExpressions?: ScopedResourceSelectorRequirement[] } } }): ScopedResourceSelectorRequirement[] {
  const fromScopes = (quota.spec?.scopes ?? []).map((scopeName) => ({ scopeName, operator: 'Exists' }));
  return [...fromScopes, ...(quota.spec?.scopeSelector?.matchExpressions ?? [])];
}

/** Evaluators of kinds without scopes: an object is in no scope. */
export const NO_SCOPES = {
  matchesScope: () => false,
  uncoveredScopes: () => [],
  constraints: () => undefined,
};
