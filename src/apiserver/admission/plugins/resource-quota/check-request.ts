// One request against a namespace's quotas (Kubernetes' CheckRequest): which quotas the object
// falls under, what the request adds to each, and the refusal when one would go over its hard
// limit. Returns the quotas with their new usage, not yet written.
import type { ApiObject } from '../../../../api/meta/v1/types.ts';
import type { ResourceList, ResourceQuota, ScopedResourceSelectorRequirement } from '../../../../api/core/v1/policy-types.ts';
import { parseQuantity, quantityString } from '../../../../machinery/quantity/quantity.ts';
import type { AdmissionAttributes } from '../../types.ts';
import { admissionForbidden } from '../../forbidden.ts';
import { addLists, exceededNames, isZeroList, maskList, negativeNames, signOf, subtractNonNegative } from '../../../../machinery/quantity/resource-lists.ts';
import { quotaScopeSelectors } from '../../../../machinery/quota/measure.ts';
import { unconvertedError } from '../core-v1/unconverted-error.ts';
import type { QuotaEvaluator } from './evaluators/evaluator.ts';
import type { LimitedResource } from './config.ts';

/** Sorted name=value pairs, comma-separated (prettyPrint). */
export function prettyList(list: ResourceList): string {
  return Object.keys(list)
    .sort()
    .map((name) => `${name}=${quantityString(parseQuantity(list[name]!))}`)
    .join(',');
}

const prettyNames = (names: Iterable<string>) => [...names].sort().join(',');

/** Go's %v of a []ScopedResourceSelectorRequirement. */
const goScopes = (scopes: readonly ScopedResourceSelectorRequirement[]) =>
  `[${scopes.map((s) => `{${s.scopeName} ${s.operator} [${(s.values ?? []).join(' ')}]}`).join(' ')}]`;

/** The quota counts the object: it tracks a resource the evaluator measures, and the object is in all its scopes. */
function matches(evaluator: QuotaEvaluator, quota: ResourceQuota, obj: ApiObject): boolean {
  if (!evaluator.matchingResources(Object.keys(quota.status?.hard ?? {})).length) return false;
  return quotaScopeSelectors(quota).every((s) => evaluator.matchesScope(s, obj));
}

/** Each hard resource of interest has a usage figure. */
function hasUsageStats(quota: ResourceQuota, interesting: readonly string[]): boolean {
  const used = quota.status?.used ?? {};
  return Object.keys(quota.status?.hard ?? {}).every((name) => !interesting.includes(name) || name in used);
}

/** Usage names, with a positive value, that contain one of the configured strings. */
function limitedByDefault(usage: ResourceList, limited: readonly LimitedResource[]): string[] {
  const out: string[] = [];
  for (const l of limited) {
    for (const [name, value] of Object.entries(usage)) {
      if (signOf(value) > 0 && l.matchContains.some((m) => name.includes(m))) out.push(name);
    }
  }
  return out;
}

export function checkRequest(quotas: readonly ResourceQuota[], attrs: AdmissionAttributes, evaluator: QuotaEvaluator, limited: readonly LimitedResource[]): readonly ResourceQuota[] {
  if (!evaluator.handles(attrs)) return quotas;
  const obj = attrs.object!;
  const limitedScopes = limited.flatMap((l) => l.matchScopes.filter((s) => evaluator.matchesScope(s, obj)));
  const limitedHere = limited.filter((l) => l.apiGroup === attrs.resource.group && l.resource === attrs.resource.resource);
  const mustBeCovered = new Set(limitedHere.length ? limitedByDefault(evaluator.usage(obj), limitedHere) : []);

  const interesting: number[] = [];
  const restricted = new Set<string>();
  const restrictedScopes: ScopedResourceSelectorRequirement[] = [];
  quotas.forEach((quota, i) => {
    const name = quota.metadata.name ?? '';
    restrictedScopes.push(...quotaScopeSelectors(quota).filter((s) => evaluator.matchesScope(s, obj)));
    if (!matches(evaluator, quota, obj)) return;
    const names = evaluator.matchingResources(Object.keys(quota.status?.hard ?? {}));
    const refusal = evaluator.constraints(names, obj);
    if (refusal) throw admissionForbidden(attrs, `failed quota: ${name}: ${refusal}`);
    if (!hasUsageStats(quota, names)) throw admissionForbidden(attrs, `status unknown for quota: ${name}, resources: ${prettyNames(names)}`);
    interesting.push(i);
    for (const n of names) restricted.add(n);
  });

  let delta = evaluator.usage(obj);
  const negative = negativeNames(delta);
  if (negative.length) throw admissionForbidden(attrs, `quota usage is negative for resource(s): ${prettyNames(negative)}`);
  if (attrs.operation === 'UPDATE') {
    if (!attrs.oldObject) throw admissionForbidden(attrs, 'unable to get previous usage since prior version of object was not found');
    // An update that creates is charged in full.
    if (attrs.oldObject.metadata.resourceVersion) delta = subtractNonNegative(delta, evaluator.usage(attrs.oldObject));
  }
  if (isZeroList(delta)) return quotas;

  const uncovered = [...mustBeCovered].filter((n) => !restricted.has(n));
  if (uncovered.length) throw admissionForbidden(attrs, `insufficient quota to consume: ${prettyNames(uncovered)}`);
  const uncoveredScopes = evaluator.uncoveredScopes(limitedScopes, restrictedScopes);
  if (uncoveredScopes.length) throw unconvertedError(`insufficient quota to match these scopes: ${goScopes(uncoveredScopes)}`);
  if (!interesting.length) return quotas;

  const out = [...quotas];
  for (const i of interesting) {
    const quota = quotas[i]!;
    const hard = quota.status?.hard ?? {};
    const used = quota.status?.used ?? {};
    const requested = maskList(delta, Object.keys(hard));
    const newUsage = addLists(used, requested);
    const exceeded = exceededNames(maskList(newUsage, Object.keys(requested)), hard);
    if (exceeded.length) {
      const why = `exceeded quota: ${quota.metadata.name}, requested: ${prettyList(maskList(requested, exceeded))}, used: ${prettyList(maskList(used, exceeded))}, limited: ${prettyList(maskList(hard, exceeded))}`;
      throw admissionForbidden(attrs, why);
    }
    out[i] = { ...quota, status: { ...quota.status, used: newUsage } };
  }
  return out;
}
