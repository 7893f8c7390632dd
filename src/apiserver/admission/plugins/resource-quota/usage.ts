// A quota's usage measured from the objects in its namespace, as Kubernetes' quota controller
// measures it: for each resource the quota limits, the sum over the objects in all its scopes,
// zero when there are none. Resources no evaluator measures, or of kinds this server does not
// serve, are left out.
import type { ResourceList, ResourceQuota } from '../../../../api/core/v1/policy-types.ts';
import { addLists, maskList } from '../core-v1/resource-lists.ts';
import type { NamespacedObjects } from './access.ts';
import type { EvaluatorRegistry } from './evaluators/registry.ts';
import { quotaScopeSelectors } from './evaluators/evaluator.ts';

/** The group and resource a count/<resource>.<group> name counts. */
function countedResource(name: string): { group: string; resource: string } | undefined {
  if (!name.startsWith('count/')) return undefined;
  const rest = name.slice('count/'.length);
  const dot = rest.indexOf('.');
  return dot < 0 ? { group: '', resource: rest } : { group: rest.slice(dot + 1), resource: rest.slice(0, dot) };
}

export async function calculateUsage(quota: ResourceQuota, hard: ResourceList, registry: EvaluatorRegistry, objects: NamespacedObjects): Promise<ResourceList> {
  const namespace = quota.metadata.namespace ?? '';
  const names = Object.keys(hard);
  // Object counts of any resource get their evaluator made before the evaluators are listed.
  for (const name of names) {
    const counted = countedResource(name);
    if (counted) registry.get(counted.group, counted.resource);
  }
  const selectors = quotaScopeSelectors(quota);
  let used: ResourceList = {};
  const measured = new Set<string>();
  for (const evaluator of registry.list()) {
    const tracked = evaluator.matchingResources(names);
    if (!tracked.length) continue;
    const items = await objects.list(evaluator.group, evaluator.resource, namespace);
    if (!items) continue;
    let sum: ResourceList = Object.fromEntries(tracked.map((n) => [n, '0']));
    for (const item of items) {
      if (selectors.every((s) => evaluator.matchesScope(s, item))) sum = addLists(sum, evaluator.usage(item));
    }
    used = addLists(used, sum);
    for (const n of tracked) measured.add(n);
  }
  return maskList(used, measured);
}
