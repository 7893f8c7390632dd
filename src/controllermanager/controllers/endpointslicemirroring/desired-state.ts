// The slices an Endpoints object asks for (the desired half of Kubernetes' mirroring
// reconciler): its subsets repacked, each address an endpoint (ready under addresses, not ready
// under notReadyAddresses, its IP in canonical form) grouped by address type and ports; at most
// maxEndpointsPerSubset addresses of a subset are taken, and addresses that are not IPs are
// skipped. The counts of skipped addresses are kept for the events.
import type { EndpointAddress, EndpointPort as CorePort, Endpoints } from '../../../api/core/v1/endpoints-types.ts';
import type { Endpoint, EndpointPort } from '../../../api/discovery/v1/types.ts';
import { parseIPSloppy } from '../../../machinery/validation/ip.ts';
import { repackSubsets } from '../endpoint/repack-subsets.ts';
import { EndpointSet, portMapKey } from '../endpointslice/util/endpoint-set.ts';

export type AddressType = 'IPv4' | 'IPv6';

export interface DesiredGroup {
  addressType: AddressType;
  ports: EndpointPort[];
  endpoints: EndpointSet;
}

export interface DesiredState {
  /** By address type and ports' key. */
  groups: Map<string, DesiredGroup>;
  invalidAddresses: number;
  /** Skipped for any reason: invalid, or past the limit. */
  skippedAddresses: number;
}

export const groupKey = (addressType: string, ports: readonly EndpointPort[] | null | undefined) => `${addressType}${portMapKey(ports)}`;

/** Go's net.IP String(): dotted quads for IPv4 (and IPv4-mapped), RFC 5952 for IPv6. */
function canonicalIP(bytes: number[]): { ip: string; type: AddressType } {
  const mapped = bytes.length === 16 && bytes.slice(0, 10).every((b) => b === 0) && bytes[10] === 0xff && bytes[11] === 0xff;
  if (bytes.length === 4 || mapped) return { ip: bytes.slice(-4).join('.'), type: 'IPv4' };
  const groups: string[] = [];
  for (let i = 0; i < 16; i += 2) groups.push(((bytes[i]! << 8) | bytes[i + 1]!).toString(16));
  // The URL parser writes IPv6 hosts the way Go does: lower case, the longest zero run as "::".
  return { ip: new URL(`http://[${groups.join(':')}]`).hostname.slice(1, -1), type: 'IPv6' };
}

function addressToEndpoint(address: EndpointAddress, ready: boolean): { endpoint: Endpoint; type: AddressType } | undefined {
  const bytes = parseIPSloppy(address.ip);
  if (!bytes) return undefined;
  const { ip, type } = canonicalIP(bytes);
  const endpoint: Endpoint = { addresses: [ip], conditions: { ready } };
  if (address.targetRef) endpoint.targetRef = address.targetRef;
  if (address.nodeName !== undefined && address.nodeName !== null) endpoint.nodeName = address.nodeName;
  if (address.hostname) endpoint.hostname = address.hostname;
  return { endpoint, type };
}

function slicePorts(ports: readonly CorePort[] | undefined): EndpointPort[] {
  return (ports ?? []).map((p) => {
    const port: EndpointPort = { name: p.name ?? '', port: p.port, protocol: p.protocol ?? 'TCP' };
    if (p.appProtocol !== undefined) port.appProtocol = p.appProtocol;
    return port;
  });
}

export function desiredState(endpoints: Endpoints, maxEndpointsPerSubset: number): DesiredState {
  const state: DesiredState = { groups: new Map(), invalidAddresses: 0, skippedAddresses: 0 };
  for (const subset of repackSubsets(endpoints.subsets ?? [])) {
    const ports = slicePorts(subset.ports);
    const total = (subset.addresses?.length ?? 0) + (subset.notReadyAddresses?.length ?? 0);
    let added = 0;
    const take = (address: EndpointAddress, ready: boolean): boolean => {
      if (added >= maxEndpointsPerSubset) return false;
      const converted = addressToEndpoint(address, ready);
      if (!converted) {
        state.invalidAddresses++;
        return true;
      }
      const key = groupKey(converted.type, ports);
      let group = state.groups.get(key);
      if (!group) state.groups.set(key, (group = { addressType: converted.type, ports, endpoints: new EndpointSet() }));
      group.endpoints.insert(converted.endpoint);
      added++;
      return true;
    };
    for (const a of subset.addresses ?? []) if (!take(a, true)) break;
    for (const a of subset.notReadyAddresses ?? []) if (!take(a, false)) break;
    state.skippedAddresses += total - added;
  }
  return state;
}
