// The columns `kubectl get quota` shows, as Kubernetes prints them: NAME, AGE, then each enforced
// limit (status.hard, sorted by name) as `name: used/hard`, limits.* ones under LIMIT and the
// rest under REQUEST. A quota no controller has counted yet shows both empty.
import type { ResourceQuota } from '../../../../api/core/v1/policy-types.ts';
import { timestampSince } from '../../human-duration.ts';
import type { ResourceTable } from '../../resource.ts';

export function resourceQuotaTable(): ResourceTable<ResourceQuota> {
  return {
    columns: [
      { name: 'Name', type: 'string', format: 'name', priority: 0, description: 'Name of the quota, unique within its namespace.' },
      { name: 'Age', type: 'string', format: '', priority: 0, description: 'Time since the quota was created.' },
      { name: 'Request', type: 'string', format: '', priority: 0, description: 'Use and limit of each resource the quota bounds other than limits.*: object counts, requests and storage.' },
      { name: 'Limit', type: 'string', format: '', priority: 0, description: 'Use and limit of each limits.* resource: the most containers may use regardless of contention.' },
    ],
    row(rq) {
      const hard = rq.status?.hard ?? {};
      const used = rq.status?.used ?? {};
      const requests: string[] = [];
      const limits: string[] = [];
      for (const name of Object.keys(hard).sort()) {
        const pieces = name.split('.');
        const cell = `${name}: ${used[name] ?? '0'}/${hard[name]}`;
        (pieces.length > 1 && pieces[0] === 'limits' ? limits : requests).push(cell);
      }
      return [rq.metadata.name ?? '', timestampSince(rq.metadata.creationTimestamp, new Date()), requests.join(', '), limits.join(', ')];
    },
  };
}
