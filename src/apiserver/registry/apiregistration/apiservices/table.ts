// The columns `kubectl get apiservices` shows, as Kubernetes prints them: NAME, SERVICE
// (<namespace>/<name>, or Local), AVAILABLE (True, or the status with its reason in brackets,
// Unknown before any check) and AGE.
import type { APIService } from '../../../../api/apiregistration/v1/types.ts';
import { availableCondition } from '../../../../api/apiregistration/v1/types.ts';
import type { ResourceTable } from '../../resource.ts';
import { nameAgeTable } from '../../simple-table.ts';

function availability(api: APIService): string {
  const c = availableCondition(api);
  if (!c) return 'Unknown';
  if (c.status === 'True' || !c.reason) return c.status;
  return `${c.status} (${c.reason})`;
}

export function apiServiceTable(): ResourceTable<APIService> {
  return nameAgeTable<APIService>(
    [
      { name: 'Service', type: 'string', format: '', priority: 0, description: 'The service in front of the server that answers, or Local for this server.' },
      { name: 'Available', type: 'string', format: '', priority: 0, description: 'Whether the server answers.' },
    ],
    (api) => [api.spec?.service ? `${api.spec.service.namespace}/${api.spec.service.name}` : 'Local', availability(api)],
  );
}
