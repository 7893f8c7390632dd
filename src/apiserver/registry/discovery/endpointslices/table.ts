// The columns `kubectl get endpointslices` shows, as Kubernetes prints them: NAME, ADDRESSTYPE,
// PORTS (the first three ports' numbers, or names, or "*"), ENDPOINTS (the first three addresses),
// AGE; longer lists end "+ N more...", empty ones read <unset>.
import type { EndpointSlice } from '../../../../api/discovery/v1/types.ts';
import type { ResourceTable } from '../../resource.ts';
import { nameAgeTable } from '../../simple-table.ts';

const SHOWN = 3;

function listWithMore(items: readonly string[]): string {
  const text = items.slice(0, SHOWN).join(',');
  if (items.length > SHOWN) return `${text} + ${items.length - SHOWN} more...`;
  return text || '<unset>';
}

export function formatPorts(slice: EndpointSlice): string {
  return listWithMore((slice.ports ?? []).map((p) => (p.port !== undefined && p.port !== null ? String(p.port) : p.name !== undefined && p.name !== null ? p.name : '*')));
}

export function formatEndpoints(slice: EndpointSlice): string {
  return listWithMore((slice.endpoints ?? []).flatMap((ep) => ep.addresses ?? []));
}

export function endpointSliceTable(): ResourceTable<EndpointSlice> {
  return nameAgeTable<EndpointSlice>(
    [
      { name: 'AddressType', type: 'string', format: '', priority: 0, description: 'The kind of the slice\'s addresses: IPv4, IPv6 or FQDN.' },
      { name: 'Ports', type: 'string', format: '', priority: 0, description: 'The ports the slice\'s endpoints serve.' },
      { name: 'Endpoints', type: 'string', format: '', priority: 0, description: 'The addresses of the slice\'s endpoints.' },
    ],
    (slice) => [slice.addressType ?? '', formatPorts(slice), formatEndpoints(slice)],
  );
}
