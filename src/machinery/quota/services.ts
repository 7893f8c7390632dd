// Quota of services: each service counts once (services, count/services); a NodePort service also
// counts its ports as node ports, a LoadBalancer one its ports as node ports and itself as a load
// balancer.
import type { Service } from '../../api/core/v1/service-types.ts';
import type { ResourceList } from '../../api/core/v1/policy-types.ts';
import type { QuotaMeasure } from './measure.ts';
import { inNoScope, objectCountName } from './measure.ts';

const SERVICE_COUNT = objectCountName('', 'services');
const SERVICE_RESOURCES = [SERVICE_COUNT, 'services', 'services.nodeports', 'services.loadbalancers'];

/** The type that matters to quota: NodePort or LoadBalancer, '' for the others. */
export function quotaServiceType(svc: Service): string {
  const type = svc.spec?.type ?? '';
  return type === 'NodePort' || type === 'LoadBalancer' ? type : '';
}

export function serviceUsage(svc: Service): ResourceList {
  const ports = String(svc.spec?.ports?.length ?? 0);
  const out: ResourceList = { [SERVICE_COUNT]: '1', services: '1', 'services.loadbalancers': '0', 'services.nodeports': '0' };
  if (svc.spec?.type === 'NodePort') out['services.nodeports'] = ports;
  if (svc.spec?.type === 'LoadBalancer') {
    out['services.nodeports'] = ports;
    out['services.loadbalancers'] = '1';
  }
  return out;
}

export function serviceMeasure(): QuotaMeasure {
  return {
    group: '',
    resource: 'services',
    matchesScope: inNoScope,
    matchingResources: (input) => input.filter((n) => SERVICE_RESOURCES.includes(n)),
    usage: (obj) => serviceUsage(obj as Service),
  };
}
