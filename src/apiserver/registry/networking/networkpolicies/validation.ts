// NetworkPolicy validation as Kubernetes' ValidateNetworkPolicy: label selectors, ports (TCP, UDP
// or SCTP; a number 1-65535 or a port name; endPort only after a numeric port and not below it),
// peers (at least one of podSelector, namespaceSelector and ipBlock, and ipBlock alone), ipBlocks
// (CIDRs as Go's sloppy parser reads them, except ranges strictly inside cidr) and at most two
// policy types, each Ingress or Egress.
import type { IPBlock, NetworkPolicy, NetworkPolicyPeer, NetworkPolicyPort, NetworkPolicySpec } from '../../../../api/networking/v1/types.ts';
import type { StatusCause } from '../../../../machinery/status.ts';
import { forbidden, invalid, notSupported, RenderedValue, required, toStatusCauses, type FieldError } from '../../../../machinery/validation/field-error.ts';
import { goQuote } from '../../../../machinery/validation/go-format.ts';
import { nameIsDNSSubdomain } from '../../../../machinery/validation/names.ts';
import { validateObjectMeta, validateObjectMetaUpdate } from '../../../../machinery/validation/object-meta.ts';
import { validateLabelSelector } from '../../core/pods/validation/label-selector.ts';
import { isValidPortNum, portNameErrors } from '../../core/services/port-validation.ts';
import { cidrContains, legacyCIDRErrors, parseCIDRSloppy } from '../syntax.ts';

const PROTOCOLS = ['TCP', 'UDP', 'SCTP'];
const POLICY_TYPES = ['Ingress', 'Egress'];
const PORT_RANGE_MESSAGE = 'must be between 1 and 65535, inclusive';

function validatePort(port: NetworkPolicyPort, path: string): FieldError[] {
  const errs: FieldError[] = [];
  if (port.protocol !== undefined && !PROTOCOLS.includes(port.protocol)) errs.push(notSupported(`${path}.protocol`, port.protocol, PROTOCOLS));
  if (port.port === undefined) {
    if (port.endPort !== undefined) errs.push(invalid(`${path}.endPort`, port.endPort, 'may not be specified when `port` is not specified'));
    return errs;
  }
  if (typeof port.port === 'number') {
    if (!isValidPortNum(port.port)) errs.push(invalid(`${path}.port`, port.port, PORT_RANGE_MESSAGE));
    if (port.endPort !== undefined) {
      if (port.endPort < port.port) errs.push(invalid(`${path}.endPort`, port.endPort, 'must be greater than or equal to `port`'));
      if (!isValidPortNum(port.endPort)) errs.push(invalid(`${path}.endPort`, port.endPort, PORT_RANGE_MESSAGE));
    }
    return errs;
  }
  if (port.endPort !== undefined) errs.push(invalid(`${path}.endPort`, port.endPort, 'may not be specified when `port` is non-numeric'));
  errs.push(...portNameErrors(port.port).map((msg) => invalid(`${path}.port`, port.port, msg)));
  return errs;
}

function validateIPBlock(block: IPBlock, path: string): FieldError[] {
  if (!block.cidr) return [required(`${path}.cidr`)];
  const errs = legacyCIDRErrors(`${path}.cidr`, block.cidr);
  const outer = parseCIDRSloppy(block.cidr);
  if (!outer) return errs;
  (block.except ?? []).forEach((text, i) => {
    const at = `${path}.except[${i}]`;
    const inner = parseCIDRSloppy(text);
    if (!inner) {
      errs.push(...legacyCIDRErrors(at, text));
      return;
    }
    if (!cidrContains(outer, inner) || outer.prefix >= inner.prefix) errs.push(invalid(at, text, 'must be a strict subset of `cidr`'));
  });
  return errs;
}

function validatePeer(peer: NetworkPolicyPeer, path: string): FieldError[] {
  const errs: FieldError[] = [];
  let peers = 0;
  if (peer.podSelector) {
    peers++;
    errs.push(...validateLabelSelector(peer.podSelector, `${path}.podSelector`));
  }
  if (peer.namespaceSelector) {
    peers++;
    errs.push(...validateLabelSelector(peer.namespaceSelector, `${path}.namespaceSelector`));
  }
  if (peer.ipBlock) {
    peers++;
    errs.push(...validateIPBlock(peer.ipBlock, `${path}.ipBlock`));
  }
  if (peers === 0) errs.push(required(path, 'must specify a peer'));
  else if (peers > 1 && peer.ipBlock) errs.push(forbidden(path, 'may not specify both ipBlock and another peer'));
  return errs;
}

function validateSpec(spec: NetworkPolicySpec): FieldError[] {
  const errs = validateLabelSelector(spec.podSelector ?? {}, 'spec.podSelector');
  (spec.ingress ?? []).forEach((rule, i) => {
    (rule.ports ?? []).forEach((p, j) => errs.push(...validatePort(p, `spec.ingress[${i}].ports[${j}]`)));
    (rule.from ?? []).forEach((p, j) => errs.push(...validatePeer(p, `spec.ingress[${i}].from[${j}]`)));
  });
  (spec.egress ?? []).forEach((rule, i) => {
    (rule.ports ?? []).forEach((p, j) => errs.push(...validatePort(p, `spec.egress[${i}].ports[${j}]`)));
    (rule.to ?? []).forEach((p, j) => errs.push(...validatePeer(p, `spec.egress[${i}].to[${j}]`)));
  });
  const types = spec.policyTypes ?? [];
  if (types.length > POLICY_TYPES.length) {
    const shown = new RenderedValue(`[]networking.PolicyType{${types.map(goQuote).join(', ')}}`);
    return [...errs, invalid('spec.policyTypes', shown, 'may not specify more than two policyTypes')];
  }
  types.forEach((t, i) => {
    if (!POLICY_TYPES.includes(t)) errs.push(notSupported(`spec.policyTypes[${i}]`, t, POLICY_TYPES));
  });
  return errs;
}

export function validateNetworkPolicy(np: NetworkPolicy): StatusCause[] {
  return toStatusCauses([...validateObjectMeta(np.metadata, true, nameIsDNSSubdomain), ...validateSpec(np.spec ?? {})]);
}

/** As Kubernetes' strategy runs them on update: the object's own checks, then the update's (which repeat the spec's). */
export function validateNetworkPolicyUpdate(np: NetworkPolicy, old: NetworkPolicy): StatusCause[] {
  const spec = np.spec ?? {};
  return toStatusCauses([
    ...validateObjectMeta(np.metadata, true, nameIsDNSSubdomain),
    ...validateSpec(spec),
    ...validateObjectMetaUpdate(np.metadata, old.metadata),
    ...validateSpec(spec),
  ]);
}
