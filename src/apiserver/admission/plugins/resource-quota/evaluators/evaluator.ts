// How the ResourceQuota admission plugin judges one resource (Kubernetes' quota.Evaluator): the
// counting it shares with the resourcequota controller (machinery/quota), plus which requests
// change usage, which scopes configuration limits, and what a pod must declare when a quota
// limits cpu or memory.
import type { ApiObject } from '../../../../../api/meta/v1/types.ts';
import type { ScopedResourceSelectorRequirement } from '../../../../../api/core/v1/policy-types.ts';
import type { QuotaMeasure } from '../../../../../machinery/quota/measure.ts';
import type { AdmissionAttributes } from '../../../types.ts';

export interface QuotaEvaluator extends QuotaMeasure {
  /** The request may change what is used. */
  handles(attrs: AdmissionAttributes): boolean;
  /** The scopes of those limited by configuration that no matched quota scope covers. */
  uncoveredScopes(limited: readonly ScopedResourceSelectorRequirement[], matched: readonly ScopedResourceSelectorRequirement[]): ScopedResourceSelectorRequirement[];
  /** Why the object cannot be admitted under a quota on `required`, or undefined. */
  constraints(required: readonly string[], obj: ApiObject): string | undefined;
}

/** Evaluators of kinds without scopes: nothing to cover, nothing to declare. */
export const NO_SCOPES = {
  uncoveredScopes: () => [],
  constraints: () => undefined,
};
