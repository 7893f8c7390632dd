// What a quota's status should say after a measurement, as Kubernetes' syncResourceQuota decides
// it: status.hard becomes spec.hard, status.used keeps what was known and takes every measured
// figure, limited to the names the quota limits. The write is needed when the limits changed,
// when either half of the status is missing, or when usage differs.
import type { ResourceList, ResourceQuota, ResourceQuotaStatus } from '../../../api/core/v1/policy-types.ts';
import { equalLists, maskList } from '../../../machinery/quantity/resource-lists.ts';
import type { QuotaRegistry } from '../../../machinery/quota/registry.ts';

export function nextQuotaStatus(quota: ResourceQuota, measured: ResourceList): { status: ResourceQuotaStatus; changed: boolean } {
  const hard: ResourceList = { ...(quota.spec?.hard ?? {}) };
  const used = maskList({ ...(quota.status?.used ?? {}), ...measured }, Object.keys(hard));
  const changed = !equalLists(hard, quota.status?.hard ?? {}) || !quota.status?.hard || !quota.status?.used || !equalLists(used, quota.status.used);
  return { status: { hard, used }, changed };
}

/**
 * A quota to measure before the others: its limits are not yet in its status, or it limits a
 * resource that some measure counts and has no usage figure for it.
 */
export function needsUsageFirst(quota: ResourceQuota, registry: QuotaRegistry): boolean {
  const statusHard = quota.status?.hard ?? {};
  if (!equalLists(quota.spec?.hard ?? {}, statusHard)) return true;
  const used = quota.status?.used ?? {};
  const missing = Object.keys(statusHard).filter((name) => !(name in used));
  return missing.some((name) => registry.list().some((m) => m.matchingResources([name]).length > 0));
}

/** The quotas counting anything of a kind: those whose status.hard names a resource its measure accounts for. */
export function quotasCounting(quotas: readonly ResourceQuota[], matchingResources: (names: readonly string[]) => string[]): ResourceQuota[] {
  return quotas.filter((q) => matchingResources(Object.keys(q.status?.hard ?? {})).length > 0);
}
