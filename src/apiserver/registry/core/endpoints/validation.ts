// Endpoints validation as Kubernetes' ValidateEndpoints and ValidateEndpointsUpdate: every subset
// has addresses, each address a valid IP outside the special ranges, a DNS-label hostname and a
// DNS-subdomain node name; ports are 1-65535 with TCP, UDP or SCTP, named as DNS labels, and a
// subset of more than one port names every one of them.
import type { EndpointAddress, EndpointPort, Endpoints } from '../../../../api/core/v1/endpoints-types.ts';
import type { StatusCause } from '../../../../machinery/status.ts';
import { invalid, notSupported, required, toStatusCauses, type FieldError } from '../../../../machinery/validation/field-error.ts';
import { isLinkLocalMulticast, isLinkLocalUnicast, isLoopback, isUnspecified, parseIPSloppy } from '../../../../machinery/validation/ip.ts';
import { isDNS1123Label, isDNS1123Subdomain, isQualifiedName, nameIsDNSSubdomain } from '../../../../machinery/validation/names.ts';
import { validateObjectMeta, validateObjectMetaUpdate } from '../../../../machinery/validation/object-meta.ts';

export const PORT_PROTOCOLS = ['SCTP', 'TCP', 'UDP'] as const;

function each(field: string, value: string, messages: string[]): FieldError[] {
  return messages.map((msg) => invalid(field, value, msg));
}

/** The ranges an endpoint may not point at; checked only once the address is otherwise valid. */
export function specialIPErrors(ip: string, field: string): FieldError[] {
  const bytes = parseIPSloppy(ip);
  if (!bytes) return [invalid(field, ip, 'must be a valid IP address')];
  const errs: FieldError[] = [];
  if (isUnspecified(bytes)) errs.push(invalid(field, ip, `may not be unspecified (${ip})`));
  if (isLoopback(bytes)) errs.push(invalid(field, ip, 'may not be in the loopback range (127.0.0.0/8, ::1/128)'));
  if (isLinkLocalUnicast(bytes)) errs.push(invalid(field, ip, 'may not be in the link-local range (169.254.0.0/16, fe80::/10)'));
  if (isLinkLocalMulticast(bytes)) errs.push(invalid(field, ip, 'may not be in the link-local multicast range (224.0.0.0/24, ff02::/10)'));
  return errs;
}

function validateAddress(addr: EndpointAddress, path: string): FieldError[] {
  const errs: FieldError[] = [];
  const ip = addr.ip ?? '';
  if (ip === '') errs.push(required(`${path}.ip`));
  else if (!parseIPSloppy(ip)) errs.push(invalid(`${path}.ip`, ip, 'must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)'));
  if (addr.hostname) errs.push(...each(`${path}.hostname`, addr.hostname, isDNS1123Label(addr.hostname)));
  if (addr.nodeName !== undefined) errs.push(...each(`${path}.nodeName`, addr.nodeName, isDNS1123Subdomain(addr.nodeName)));
  if (errs.length) return errs;
  return specialIPErrors(ip, `${path}.ip`);
}

function validatePort(port: EndpointPort, requireName: boolean, path: string): FieldError[] {
  const errs: FieldError[] = [];
  const name = port.name ?? '';
  if (requireName && name === '') errs.push(required(`${path}.name`));
  else if (name !== '') errs.push(...each(`${path}.name`, name, isDNS1123Label(name)));
  if (!(port.port >= 1 && port.port <= 65535)) errs.push(invalid(`${path}.port`, port.port, 'must be between 1 and 65535, inclusive'));
  const protocol = port.protocol ?? '';
  if (protocol === '') errs.push(required(`${path}.protocol`));
  else if (!(PORT_PROTOCOLS as readonly string[]).includes(protocol)) errs.push(notSupported(`${path}.protocol`, protocol, PORT_PROTOCOLS));
  if (port.appProtocol !== undefined) errs.push(...each(`${path}.appProtocol`, port.appProtocol, isQualifiedName(port.appProtocol)));
  return errs;
}

function validateSubsets(ep: Endpoints): FieldError[] {
  const errs: FieldError[] = [];
  (ep.subsets ?? []).forEach((ss, i) => {
    const path = `subsets[${i}]`;
    if (!ss.addresses?.length && !ss.notReadyAddresses?.length) errs.push(required(path, 'must specify `addresses` or `notReadyAddresses`'));
    (ss.addresses ?? []).forEach((a, j) => errs.push(...validateAddress(a, `${path}.addresses[${j}]`)));
    (ss.notReadyAddresses ?? []).forEach((a, j) => errs.push(...validateAddress(a, `${path}.notReadyAddresses[${j}]`)));
    const ports = ss.ports ?? [];
    ports.forEach((p, j) => errs.push(...validatePort(p, ports.length > 1, `${path}.ports[${j}]`)));
  });
  return errs;
}

export function validateEndpoints(ep: Endpoints): StatusCause[] {
  return toStatusCauses([...validateObjectMeta(ep.metadata, true, nameIsDNSSubdomain), ...validateSubsets(ep)]);
}

export function validateEndpointsUpdate(ep: Endpoints, old: Endpoints): StatusCause[] {
  return toStatusCauses([...validateObjectMetaUpdate(ep.metadata, old.metadata), ...validateObjectMeta(ep.metadata, true, nameIsDNSSubdomain), ...validateSubsets(ep)]);
}
