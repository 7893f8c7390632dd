// The columns `kubectl get services` shows, as Kubernetes prints them: NAME TYPE CLUSTER-IP
// EXTERNAL-IP PORT(S) AGE, and SELECTOR when wide. EXTERNAL-IP is the external IPs, a load
// balancer's addresses (<pending> until it has one) or the external name; PORT(S) is
// port[:nodePort]/protocol for each port.
import type { Service, ServicePort } from '../../../../api/core/v1/service-types.ts';
import { timestampSince } from '../../human-duration.ts';
import type { ResourceTable } from '../../resource.ts';
import { NAME_COLUMN } from '../../simple-table.ts';

export function portsCell(ports: readonly ServicePort[] | undefined): string {
  const cells = (ports ?? []).map((p) => (p.nodePort ? `${p.port}:${p.nodePort}/${p.protocol ?? ''}` : `${p.port}/${p.protocol ?? ''}`));
  return cells.length ? cells.join(',') : '<none>';
}

/** The load balancer's addresses (or host names), sorted and unique, as one comma-separated string. */
function loadBalancerAddresses(svc: Service): string[] {
  const found = new Set<string>();
  for (const ing of svc.status?.loadBalancer?.ingress ?? []) {
    if (ing.ip) found.add(ing.ip);
    else if (ing.hostname) found.add(ing.hostname);
  }
  return [...found].sort();
}

export function externalIPCell(svc: Service): string {
  const external = svc.spec?.externalIPs ?? [];
  switch (svc.spec?.type) {
    case 'ClusterIP':
    case 'NodePort':
      return external.length ? external.join(',') : '<none>';
    case 'LoadBalancer': {
      const all = [...loadBalancerAddresses(svc), ...external];
      return all.length ? all.join(',') : '<pending>';
    }
    case 'ExternalName':
      return svc.spec.externalName ?? '';
    default:
      return '<unknown>';
  }
}

function selectorCell(selector: Record<string, string> | undefined): string {
  const keys = Object.keys(selector ?? {}).sort();
  return keys.length ? keys.map((k) => `${k}=${selector![k]}`).join(',') : '<none>';
}

export function serviceTable(): ResourceTable<Service> {
  return {
    columns: [
      NAME_COLUMN,
      { name: 'Type', type: 'string', format: '', priority: 0, description: 'How the service is reached: ClusterIP, NodePort, LoadBalancer or ExternalName.' },
      { name: 'Cluster-IP', type: 'string', format: '', priority: 0, description: 'The service\'s virtual IP address inside the cluster; None for a headless service.' },
      { name: 'External-IP', type: 'string', format: '', priority: 0, description: 'Where the service is reached from outside the cluster: external IPs, load balancer addresses, or the external name.' },
      { name: 'Port(s)', type: 'string', format: '', priority: 0, description: 'The ports the service exposes, each as port[:nodePort]/protocol.' },
      { name: 'Age', type: 'string', format: '', priority: 0, description: 'Time since the service was created (metadata.creationTimestamp).' },
      { name: 'Selector', type: 'string', format: '', priority: 1, description: 'Labels of the pods the service sends traffic to.' },
    ],
    row(svc) {
      return [
        svc.metadata.name ?? '',
        svc.spec?.type ?? '',
        svc.spec?.clusterIPs?.[0] ?? '<none>',
        externalIPCell(svc),
        portsCell(svc.spec?.ports),
        timestampSince(svc.metadata.creationTimestamp, new Date()),
        selectorCell(svc.spec?.selector),
      ];
    },
  };
}
