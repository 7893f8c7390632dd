// A pod as a slice endpoint of one address type: its IPs of that family, ready (serving and not
// terminating, or always under publishNotReadyAddresses), serving (the Ready condition),
// terminating (a deletion timestamp), its node and the node's zone, its hostname when its
// subdomain names the service; and the ports of the service it offers (named target ports
// looked up in its containers).
import type { Node } from '../../../api/core/v1/node-types.ts';
import type { Pod } from '../../../api/core/v1/pod-types.ts';
import type { Service } from '../../../api/core/v1/service-types.ts';
import type { Endpoint, EndpointPort } from '../../../api/discovery/v1/types.ts';
import { findPort, isIPv6, isPodReady, shouldSetHostname } from './util/pod-endpoints.ts';
import { ZONE_LABEL } from './util/well-known.ts';

export type AddressType = 'IPv4' | 'IPv6';

export function podToEndpoint(pod: Pod, node: Node | undefined, svc: Service, addressType: AddressType): Endpoint {
  const serving = isPodReady(pod);
  const terminating = Boolean(pod.metadata.deletionTimestamp);
  const ready = (svc.spec?.publishNotReadyAddresses ?? false) || (serving && !terminating);
  const ep: Endpoint = {
    addresses: (pod.status?.podIPs ?? []).map((p) => p.ip).filter((ip) => isIPv6(ip) === (addressType === 'IPv6')),
    conditions: { ready, serving, terminating },
    targetRef: { kind: 'Pod', namespace: pod.metadata.namespace, name: pod.metadata.name, uid: pod.metadata.uid },
  };
  if (pod.spec?.nodeName) ep.nodeName = pod.spec.nodeName;
  const zone = node?.metadata.labels?.[ZONE_LABEL];
  if (zone) ep.zone = zone;
  if (shouldSetHostname(pod, svc)) ep.hostname = pod.spec!.hostname;
  return ep;
}

/** The service's ports the pod offers; none for a headless service without ports. */
export function endpointPorts(svc: Service, pod: Pod): EndpointPort[] {
  const svcPorts = svc.spec?.ports ?? [];
  if (svcPorts.length === 0 && svc.spec?.clusterIP === 'None') return [];
  const ports: EndpointPort[] = [];
  for (const svcPort of svcPorts) {
    const port = findPort(pod, svcPort);
    if (port === undefined) continue;
    const ep: EndpointPort = { name: svcPort.name ?? '', protocol: svcPort.protocol ?? 'TCP', port };
    if (svcPort.appProtocol !== undefined) ep.appProtocol = svcPort.appProtocol;
    ports.push(ep);
  }
  return ports;
}

/** The address types a service's slices have: its IP families, else its cluster IP's, else both. */
export function addressTypesForService(svc: Service): Set<AddressType> {
  const types = new Set<AddressType>();
  for (const family of svc.spec?.ipFamilies ?? []) if (family === 'IPv4' || family === 'IPv6') types.add(family);
  if (types.size > 0) return types;
  const clusterIP = svc.spec?.clusterIP;
  if (clusterIP && clusterIP !== 'None') return new Set([isIPv6(clusterIP) ? 'IPv6' : 'IPv4']);
  return new Set(['IPv4', 'IPv6']);
}
