// Quota of any resource by object count (count/<resource>.<group>); config maps, secrets, resource
// quotas and replication controllers are also counted under their older bare names (configmaps,
// secrets, …).
import type { QuotaMeasure } from './measure.ts';
import { inNoScope, objectCountName } from './measure.ts';

export function objectCountMeasure(group: string, resource: string, alias?: string): QuotaMeasure {
  const names = [objectCountName(group, resource), ...(alias ? [alias] : [])];
  return {
    group,
    resource,
    matchesScope: inNoScope,
    matchingResources: (input) => input.filter((n) => names.includes(n)),
    usage: () => Object.fromEntries(names.map((n) => [n, '1'])),
  };
}
