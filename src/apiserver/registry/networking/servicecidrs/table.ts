// The columns `kubectl get servicecidrs` shows, as Kubernetes prints them: NAME, CIDRS (joined by
// commas), AGE.
import type { ServiceCIDR } from '../../../../api/networking/v1/types.ts';
import type { ResourceTable } from '../../resource.ts';
import { nameAgeTable } from '../../simple-table.ts';

export function serviceCIDRTable(): ResourceTable<ServiceCIDR> {
  return nameAgeTable<ServiceCIDR>(
    [{ name: 'CIDRs', type: 'string', format: '', priority: 0, description: 'The ranges, in CIDR notation, that cluster IPs are taken from.' }],
    (sc) => [(sc.spec?.cidrs ?? []).join(',')],
  );
}
