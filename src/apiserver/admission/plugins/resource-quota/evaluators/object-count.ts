// Quota of any resource by object count (count/<resource>.<group>), charged when an object is
// created; config maps, secrets, resource quotas and replication controllers are also counted under
// their older bare names (configmaps, secrets, …).
import type { QuotaEvaluator } from './evaluator.ts';
import { NO_SCOPES, objectCountName } from './evaluator.ts';

export function objectCountEvaluator(group: string, resource: string, alias?: string): QuotaEvaluator {
  const names = [objectCountName(group, resource), ...(alias ? [alias] : [])];
  return {
    group,
    resource,
    ...NO_SCOPES,
    handles: (attrs) => attrs.operation === 'CREATE',
    matchingResources: (input) => input.filter((n) => names.includes(n)),
    usage: () => Object.fromEntries(names.map((n) => [n, '1'])),
  };
}
