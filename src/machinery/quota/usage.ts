// A quota's usage measured from the objects in its namespace, as Kubernetes' quota.CalculateUsage
// measures it: for each resource the quota limits, the sum over the objects in all its scopes,
// zero when there are none. Resources no measure accounts for, or of kinds the reader cannot list
// (not served), are left out. The admission plugin reads the objects from storage, the controller
// from its informers' caches.
import type { ApiObject } from '../../api/meta/v1/types.ts';
import type { ResourceList, ResourceQuota } from '../../api/core/v1/policy-types.ts';
import { addLists, maskList } from '../quantity/resource-lists.ts';
import { countedResource, quotaScopeSelectors } from './measure.ts';
import type { QuotaRegistry } from './registry.ts';

export interface NamespacedObjects {
  /** The namespace's objects of a resource, or undefined when they cannot be listed (not served). */
  list(group: string, resource: string, namespace: string): Promise<readonly ApiObject[] | undefined> | readonly ApiObject[] | undefined;
}

export async function calculateUsage(quota: ResourceQuota, hard: ResourceList, registry: QuotaRegistry, objects: NamespacedObjects): Promise<ResourceList> {
  const namespace = quota.metadata.namespace ?? '';
  const names = Object.keys(hard);
  // Object counts of any resource get their measure made before the measures are listed.
  for (const name of names) {
    const counted = countedResource(name);
    if (counted) registry.get(counted.group, counted.resource);
  }
  const selectors = quotaScopeSelectors(quota);
  let used: ResourceList = {};
  const measured = new Set<string>();
  for (const measure of registry.list()) {
    const tracked = measure.matchingResources(names);
    if (!tracked.length) continue;
    const items = await objects.list(measure.group, measure.resource, namespace);
    if (!items) continue;
    let sum: ResourceList = Object.fromEntries(tracked.map((n) => [n, '0']));
    for (const item of items) {
      if (selectors.every((s) => measure.matchesScope(s, item))) sum = addLists(sum, measure.usage(item));
    }
    used = addLists(used, sum);
    for (const n of tracked) measured.add(n);
  }
  return maskList(used, measured);
}
