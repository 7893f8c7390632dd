// The columns `kubectl get ingress` shows, as Kubernetes prints them: NAME, CLASS (<none> when
// unset), HOSTS (the first three rules' hosts, "*" when no rule names one, then "+ N more..."),
// ADDRESS (the load balancer's addresses or names, sorted and unique), PORTS (80, and 443 with
// TLS), AGE.
import type { Ingress, IngressRule } from '../../../../api/networking/v1/types.ts';
import type { ResourceTable } from '../../resource.ts';
import { nameAgeTable } from '../../simple-table.ts';

const SHOWN_HOSTS = 3;

export function formatHosts(rules: readonly IngressRule[]): string {
  const hosts: string[] = [];
  let more = false;
  for (const rule of rules) {
    if (hosts.length === SHOWN_HOSTS) more = true;
    if (!more && rule.host) hosts.push(rule.host);
  }
  if (!hosts.length) return '*';
  const text = hosts.join(',');
  return more ? `${text} + ${rules.length - SHOWN_HOSTS} more...` : text;
}

/** The server prints tables wide, so the address is never clipped. */
export function formatAddress(ing: Ingress): string {
  const points = new Set<string>();
  for (const point of ing.status?.loadBalancer?.ingress ?? []) {
    if (point.ip) points.add(point.ip);
    else if (point.hostname) points.add(point.hostname);
  }
  return [...points].sort().join(',');
}

export function ingressTable(): ResourceTable<Ingress> {
  return nameAgeTable<Ingress>(
    [
      { name: 'Class', type: 'string', format: '', priority: 0, description: 'The IngressClass whose controller serves the ingress.' },
      { name: 'Hosts', type: 'string', format: '', priority: 0, description: 'The host names requests are matched against.' },
      { name: 'Address', type: 'string', format: '', priority: 0, description: 'Where the load balancer receives the ingress\'s traffic.' },
      { name: 'Ports', type: 'string', format: '', priority: 0, description: 'The ports the ingress is served on: 80, and 443 when it has TLS settings.' },
    ],
    (ing) => [ing.spec?.ingressClassName ?? '<none>', formatHosts(ing.spec?.rules ?? []), formatAddress(ing), ing.spec?.tls?.length ? '80, 443' : '80'],
  );
}
