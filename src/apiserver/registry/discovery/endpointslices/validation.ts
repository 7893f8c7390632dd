// EndpointSlice validation as Kubernetes' ValidateEndpointSliceCreate and ...Update: an address
// type of IPv4, IPv6 or FQDN, fixed once set; at most 1000 endpoints, each with 1 to 100 addresses
// of that type (IPs outside the unspecified, loopback and link-local ranges; fully qualified
// names), a DNS-label hostname, a DNS-subdomain node name, at most 16 topology labels and at most
// 8 zone and 8 node hints, each named once; at most 20000 ports, uniquely named (empty or a DNS
// label), with TCP, UDP or SCTP and a label-style appProtocol.
import type { Endpoint, EndpointHints, EndpointPort, EndpointSlice } from '../../../../api/discovery/v1/types.ts';
import type { StatusCause } from '../../../../machinery/status.ts';
import { duplicate, invalid, notSupported, required, toStatusCauses, tooMany, type FieldError } from '../../../../machinery/validation/field-error.ts';
import { ipFamilyOf } from '../../../../machinery/validation/cidr.ts';
import { isDNS1123Label, isDNS1123Subdomain, isQualifiedName, isValidLabelValue, nameIsDNSSubdomain } from '../../../../machinery/validation/names.ts';
import { validateLabels, validateObjectMeta, validateObjectMetaUpdate } from '../../../../machinery/validation/object-meta.ts';
import { validateImmutableField } from '../../../../machinery/validation/immutable.ts';
import { specialIPErrors } from '../../core/endpoints/validation.ts';

export const ADDRESS_TYPES = ['FQDN', 'IPv4', 'IPv6'];
const PROTOCOLS = ['SCTP', 'TCP', 'UDP'];
const MAX_ENDPOINTS = 1000;
const MAX_ADDRESSES = 100;
const MAX_PORTS = 20000;
const MAX_TOPOLOGY_LABELS = 16;
const MAX_HINTS = 8;

function each(path: string, value: string, messages: string[]): FieldError[] {
  return messages.map((msg) => invalid(path, value, msg));
}

/** IsFullyQualifiedDomainName: a DNS subdomain of at least two labels, a trailing dot allowed. */
function fqdnErrors(path: string, value: string): FieldError[] {
  if (!value) return [required(path)];
  const name = value.endsWith('.') ? value.slice(0, -1) : value;
  const subdomain = isDNS1123Subdomain(name);
  if (subdomain.length) return [invalid(path, name, subdomain.join(','))];
  const labels = name.split('.');
  if (labels.length < 2) return [invalid(path, name, 'should be a domain with at least two segments separated by dots')];
  for (const label of labels) {
    const errs = isDNS1123Label(label);
    if (errs.length) return [invalid(path, label, errs.join(','))];
  }
  return [];
}

function addressErrors(addressType: string, address: string, path: string): FieldError[] {
  switch (addressType) {
    case 'IPv4':
      return [...(ipFamilyOf(address) === 'IPv4' ? [] : [invalid(path, address, 'must be a valid IPv4 address')]), ...specialIPErrors(address, path)];
    case 'IPv6':
      return [...(ipFamilyOf(address) === 'IPv6' ? [] : [invalid(path, address, 'must be a valid IPv6 address')]), ...specialIPErrors(address, path)];
    case 'FQDN':
      return fqdnErrors(path, address);
    default:
      // Unknown types are refused by the address type check; their addresses are left alone.
      return [];
  }
}

function validateHintList(list: readonly { name: string }[] | undefined, path: string, nameErrors: (name: string) => string[]): FieldError[] {
  const items = list ?? [];
  if (items.length > MAX_HINTS) return [tooMany(path, items.length, MAX_HINTS)];
  const errs: FieldError[] = [];
  const seen = new Set<string>();
  items.forEach((item, i) => {
    const at = `${path}[${i}].name`;
    if (seen.has(item.name)) errs.push(duplicate(at, item.name));
    else seen.add(item.name);
    errs.push(...each(at, item.name, nameErrors(item.name)));
  });
  return errs;
}

function validateHints(hints: EndpointHints, path: string): FieldError[] {
  const zones = validateHintList(hints.forZones, `${path}.forZones`, isValidLabelValue);
  // Kubernetes stops at the zone hints when there are too many of them.
  if ((hints.forZones ?? []).length > MAX_HINTS) return zones;
  return [...zones, ...validateHintList(hints.forNodes, `${path}.forNodes`, (name) => nameIsDNSSubdomain(name, false))];
}

function validateEndpoint(ep: Endpoint, addressType: string, path: string): FieldError[] {
  const errs: FieldError[] = [];
  const addresses = ep.addresses ?? [];
  if (!addresses.length) errs.push(required(`${path}.addresses`, 'must contain at least 1 address'));
  else if (addresses.length > MAX_ADDRESSES) errs.push(tooMany(`${path}.addresses`, addresses.length, MAX_ADDRESSES));
  addresses.forEach((a, i) => errs.push(...addressErrors(addressType, a, `${path}.addresses[${i}]`)));
  if (ep.nodeName !== undefined && ep.nodeName !== null) errs.push(...each(`${path}.nodeName`, ep.nodeName, nameIsDNSSubdomain(ep.nodeName, false)));
  const topology = ep.deprecatedTopology ?? {};
  if (Object.keys(topology).length > MAX_TOPOLOGY_LABELS) errs.push(tooMany(`${path}.deprecatedTopology`, Object.keys(topology).length, MAX_TOPOLOGY_LABELS));
  errs.push(...validateLabels(ep.deprecatedTopology, `${path}.deprecatedTopology`));
  if (ep.hostname !== undefined && ep.hostname !== null) errs.push(...each(`${path}.hostname`, ep.hostname, isDNS1123Label(ep.hostname)));
  if (ep.hints) errs.push(...validateHints(ep.hints, `${path}.hints`));
  return errs;
}

function validatePorts(ports: readonly EndpointPort[]): FieldError[] {
  if (ports.length > MAX_PORTS) return [tooMany('ports', ports.length, MAX_PORTS)];
  const errs: FieldError[] = [];
  const names = new Set<string>();
  ports.forEach((port, i) => {
    const at = `ports[${i}]`;
    const name = port.name ?? '';
    if (name) errs.push(...each(`${at}.name`, name, isDNS1123Label(name)));
    if (names.has(name)) errs.push(duplicate(`${at}.name`, name));
    else names.add(name);
    if (port.protocol === undefined || port.protocol === null) errs.push(required(`${at}.protocol`));
    else if (!PROTOCOLS.includes(port.protocol)) errs.push(notSupported(`${at}.protocol`, port.protocol, PROTOCOLS));
    if (port.appProtocol !== undefined && port.appProtocol !== null) errs.push(...each(`${at}.appProtocol`, port.appProtocol, isQualifiedName(port.appProtocol)));
  });
  return errs;
}

function validate(slice: EndpointSlice): FieldError[] {
  const errs = validateObjectMeta(slice.metadata, true, nameIsDNSSubdomain);
  const addressType = slice.addressType ?? '';
  if (!addressType) errs.push(required('addressType'));
  else if (!ADDRESS_TYPES.includes(addressType)) errs.push(notSupported('addressType', addressType, ADDRESS_TYPES));
  const endpoints = slice.endpoints ?? [];
  if (endpoints.length > MAX_ENDPOINTS) errs.push(tooMany('endpoints', endpoints.length, MAX_ENDPOINTS));
  else endpoints.forEach((ep, i) => errs.push(...validateEndpoint(ep, addressType, `endpoints[${i}]`)));
  errs.push(...validatePorts(slice.ports ?? []));
  return errs;
}

export function validateEndpointSlice(slice: EndpointSlice): StatusCause[] {
  return toStatusCauses(validate(slice));
}

export function validateEndpointSliceUpdate(slice: EndpointSlice, old: EndpointSlice): StatusCause[] {
  return toStatusCauses([...validate(slice), ...validateObjectMetaUpdate(slice.metadata, old.metadata), ...validateImmutableField(slice.addressType, old.addressType, 'addressType')]);
}
