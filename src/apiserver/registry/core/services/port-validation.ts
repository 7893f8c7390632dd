// A service's ports as Kubernetes' validateServicePort checks them: DNS-label names, unique and
// required when there are several; port numbers 1-65535; TCP, UDP or SCTP; a target port that is
// a port number or an IANA service name; a label-style appProtocol. Node port numbers are only
// checked for duplicates here; their range is the allocator's to enforce.
import type { ServicePort } from '../../../../api/core/v1/service-types.ts';
import { duplicate, invalid, notSupported, required, RenderedValue, type FieldError } from '../../../../machinery/validation/field-error.ts';
import { goQuote } from '../../../../machinery/validation/go-format.ts';
import { isDNS1123Label, isQualifiedName, maxLenError } from '../../../../machinery/validation/names.ts';

export const SERVICE_PROTOCOLS = ['SCTP', 'TCP', 'UDP'] as const;

const PORT_RANGE_MESSAGE = 'must be between 1 and 65535, inclusive';

export function isValidPortNum(port: number): boolean {
  return Number.isInteger(port) && port >= 1 && port <= 65535;
}

/** IsValidPortName: an IANA service name, at most 15 characters with a letter and no double or edge hyphens. */
export function portNameErrors(name: string): string[] {
  const errs: string[] = [];
  if (name.length > 15) errs.push(maxLenError(15));
  if (!/^[-a-z0-9]+$/.test(name)) errs.push('must contain only alpha-numeric characters (a-z, 0-9), and hyphens (-)');
  else if (!/[a-z]/.test(name)) errs.push('must contain at least one letter (a-z)');
  if (name.includes('--')) errs.push('must not contain consecutive hyphens');
  if (name.startsWith('-') || name.endsWith('-')) errs.push('must not begin or end with a hyphen');
  return errs;
}

/** ValidatePortNumOrName for an IntOrString. */
export function validatePortNumOrName(port: number | string | undefined, path: string): FieldError[] {
  if (typeof port === 'string') return portNameErrors(port).map((msg) => invalid(path, port, msg));
  const n = port ?? 0;
  return isValidPortNum(n) ? [] : [invalid(path, n, PORT_RANGE_MESSAGE)];
}

/** A ServicePort holding only protocol and port, as Go's %#v prints it in a duplicate-port error. */
function portKeyValue(p: ServicePort): RenderedValue {
  return new RenderedValue(`core.ServicePort{Name:"", Protocol:${goQuote(p.protocol ?? '')}, AppProtocol:(*string)(nil), Port:${p.port ?? 0}, TargetPort:intstr.IntOrString{Type:0, IntVal:0, StrVal:""}, NodePort:0}`);
}

function validatePort(p: ServicePort, requireName: boolean, names: Set<string>, path: string): FieldError[] {
  const errs: FieldError[] = [];
  const name = p.name ?? '';
  if (requireName && !name) errs.push(required(`${path}.name`));
  else if (name) {
    errs.push(...isDNS1123Label(name).map((msg) => invalid(`${path}.name`, name, msg)));
    if (names.has(name)) errs.push(duplicate(`${path}.name`, name));
    else names.add(name);
  }
  if (!isValidPortNum(p.port ?? 0)) errs.push(invalid(`${path}.port`, p.port ?? 0, PORT_RANGE_MESSAGE));
  const protocol = p.protocol ?? '';
  if (!protocol) errs.push(required(`${path}.protocol`));
  else if (!(SERVICE_PROTOCOLS as readonly string[]).includes(protocol)) errs.push(notSupported(`${path}.protocol`, protocol, SERVICE_PROTOCOLS));
  errs.push(...validatePortNumOrName(p.targetPort, `${path}.targetPort`));
  if (p.appProtocol !== undefined) errs.push(...isQualifiedName(p.appProtocol).map((msg) => invalid(`${path}.appProtocol`, p.appProtocol, msg)));
  return errs;
}

/** Each port, then node ports and ports unique by protocol, as ValidateService orders them. */
export function validateServicePorts(ports: readonly ServicePort[]): FieldError[] {
  const errs: FieldError[] = [];
  const names = new Set<string>();
  ports.forEach((p, i) => errs.push(...validatePort(p, ports.length > 1, names, `spec.ports[${i}]`)));
  return errs;
}

/** Duplicate node ports (per protocol) and duplicate ports (per protocol). */
export function validateServicePortUniqueness(ports: readonly ServicePort[]): FieldError[] {
  const errs: FieldError[] = [];
  const nodePorts = new Set<string>();
  ports.forEach((p, i) => {
    if (!p.nodePort) return;
    const key = `${p.protocol ?? ''}/${p.nodePort}`;
    if (nodePorts.has(key)) errs.push(duplicate(`spec.ports[${i}].nodePort`, p.nodePort));
    nodePorts.add(key);
  });
  const seen = new Set<string>();
  ports.forEach((p, i) => {
    const key = `${p.protocol ?? ''}/${p.port ?? 0}`;
    if (seen.has(key)) errs.push({ type: 'FieldValueDuplicate', field: `spec.ports[${i}]`, badValue: portKeyValue(p), detail: '' });
    seen.add(key);
  });
  return errs;
}
