// Service validation as Kubernetes' ValidateService, ValidateServiceUpdate and
// ValidateServiceStatusUpdate, with their messages and field paths (Kubernetes' own quirks
// included: spec.LoadBalancerSourceRanges, a bare allocateLoadBalancerNodePorts). Allocated values
// are judged for form only: an unset clusterIP, nodePort or healthCheckNodePort is the allocator's
// to fill after validation, and the node port range is its to enforce.
import type { LoadBalancerStatus, Service, ServiceSpec } from '../../../../api/core/v1/service-types.ts';
import type { StatusCause } from '../../../../machinery/status.ts';
import { forbidden, invalid, notSupported, required, toStatusCauses, type FieldError } from '../../../../machinery/validation/field-error.ts';
import { cidrFamilyOf, ipFamilyOf } from '../../../../machinery/validation/cidr.ts';
import { isLinkLocalMulticast, isLinkLocalUnicast, isLoopback, isUnspecified, parseIPSloppy } from '../../../../machinery/validation/ip.ts';
import { byteLength, isDNS1123Subdomain, isQualifiedName, maxLenError, regexError, type NameValidator } from '../../../../machinery/validation/names.ts';
import { validateLabels, validateObjectMeta, validateObjectMetaUpdate } from '../../../../machinery/validation/object-meta.ts';
import { INVALID_IP_MESSAGE, headless, validateClusterIPFields, validateClusterIPsUpdate, validateExternalNameClusterIPs, validateIPFamiliesUpdate } from './cluster-ip-validation.ts';
import { externallyAccessible } from './defaults.ts';
import { isValidPortNum, validateServicePorts, validateServicePortUniqueness } from './port-validation.ts';

const SERVICE_TYPES = ['ClusterIP', 'ExternalName', 'LoadBalancer', 'NodePort'];
const SESSION_AFFINITIES = ['ClientIP', 'None'];
const TRAFFIC_POLICIES = ['Cluster', 'Local'];
const TRAFFIC_DISTRIBUTIONS = ['PreferClose', 'PreferSameNode', 'PreferSameZone'];
const IP_MODES = ['Proxy', 'VIP'];
const MAX_CLIENT_IP_TIMEOUT_SECONDS = 86400;
const CIDR_MESSAGE = 'must be a valid CIDR value, (e.g. 10.9.8.0/24 or 2001:db8::/64)';

const DNS1035_FMT = '[a-z]([-a-z0-9]*[a-z0-9])?';
const DNS1035 = new RegExp(`^${DNS1035_FMT}$`);

/** Service names are DNS-1035 labels: they become DNS names and environment variable prefixes. */
export const nameIsDNS1035Label: NameValidator = (name, prefix) => {
  const value = prefix && name.length > 1 && name.endsWith('-') ? `${name.slice(0, -2)}a` : name;
  const errs: string[] = [];
  if (byteLength(value) > 63) errs.push(maxLenError(63));
  if (!DNS1035.test(value)) {
    errs.push(regexError("a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character", DNS1035_FMT, 'my-name', 'abc-123'));
  }
  return errs;
};

function validateTypeSpecific(svc: Service): FieldError[] {
  const spec = svc.spec ?? {};
  switch (spec.type) {
    case 'LoadBalancer':
    case 'NodePort':
      return headless(svc) ? [invalid('spec.clusterIPs[0]', spec.clusterIPs![0], `may not be set to 'None' for ${spec.type} services`)] : [];
    case 'ExternalName': {
      const errs = validateExternalNameClusterIPs(svc);
      // A trailing dot marks the name fully qualified.
      const cname = (spec.externalName ?? '').replace(/\.$/, '');
      if (cname) errs.push(...isDNS1123Subdomain(cname).map((msg) => invalid('spec.externalName', cname, msg)));
      else errs.push(required('spec.externalName'));
      return errs;
    }
    default:
      return [];
  }
}

function validateSessionAffinity(spec: ServiceSpec): FieldError[] {
  const errs: FieldError[] = [];
  if (!spec.sessionAffinity) errs.push(required('spec.sessionAffinity'));
  else if (!SESSION_AFFINITIES.includes(spec.sessionAffinity)) errs.push(notSupported('spec.sessionAffinity', spec.sessionAffinity, SESSION_AFFINITIES));
  if (spec.sessionAffinity === 'ClientIP') {
    const when = 'when session affinity type is ClientIP';
    const config = spec.sessionAffinityConfig;
    if (!config) errs.push(required('spec.sessionAffinityConfig', when));
    else if (!config.clientIP) errs.push(required('spec.sessionAffinityConfig.clientIP', when));
    else if (config.clientIP.timeoutSeconds === undefined) errs.push(required('spec.sessionAffinityConfig.clientIP.timeoutSeconds', when));
    else if (config.clientIP.timeoutSeconds <= 0 || config.clientIP.timeoutSeconds > MAX_CLIENT_IP_TIMEOUT_SECONDS) {
      errs.push(invalid('spec.sessionAffinityConfig.clientIP.timeoutSeconds', config.clientIP.timeoutSeconds, `must be greater than 0 and less than ${MAX_CLIENT_IP_TIMEOUT_SECONDS}`));
    }
  } else if (spec.sessionAffinity === 'None' && spec.sessionAffinityConfig !== undefined) {
    errs.push(forbidden('spec.sessionAffinityConfig', 'must not be set when session affinity is None'));
  }
  return errs;
}

/** ValidateNonSpecialIP after a valid address: not unspecified, loopback or link-local. */
function validateExternalIP(ip: string, path: string): FieldError[] {
  const bytes = parseIPSloppy(ip);
  if (!bytes) return [invalid(path, ip, INVALID_IP_MESSAGE)];
  const errs: FieldError[] = [];
  if (isUnspecified(bytes)) errs.push(invalid(path, ip, `may not be unspecified (${ip})`));
  if (isLoopback(bytes)) errs.push(invalid(path, ip, 'may not be in the loopback range (127.0.0.0/8, ::1/128)'));
  if (isLinkLocalUnicast(bytes)) errs.push(invalid(path, ip, 'may not be in the link-local range (169.254.0.0/16, fe80::/10)'));
  if (isLinkLocalMulticast(bytes)) errs.push(invalid(path, ip, 'may not be in the link-local multicast range (224.0.0.0/24, ff02::/10)'));
  return errs;
}

function validateLoadBalancerFields(spec: ServiceSpec): FieldError[] {
  const errs: FieldError[] = [];
  const isLB = spec.type === 'LoadBalancer';
  const ranges = spec.loadBalancerSourceRanges ?? [];
  if (ranges.length) {
    if (!isLB) errs.push(forbidden('spec.LoadBalancerSourceRanges', "may only be used when `type` is 'LoadBalancer'"));
    // Padding with spaces is tolerated, a leftover of the annotation this field replaced.
    ranges.forEach((r, i) => {
      const value = r.trim();
      if (!cidrFamilyOf(value)) errs.push(invalid(`spec.LoadBalancerSourceRanges[${i}]`, value, CIDR_MESSAGE));
    });
  }
  if (spec.allocateLoadBalancerNodePorts !== undefined && !isLB) errs.push(forbidden('spec.allocateLoadBalancerNodePorts', "may only be used when `type` is 'LoadBalancer'"));
  if (isLB && spec.allocateLoadBalancerNodePorts === undefined) errs.push(required('allocateLoadBalancerNodePorts'));
  if (spec.loadBalancerClass !== undefined) {
    if (isLB) errs.push(...isQualifiedName(spec.loadBalancerClass).map((msg) => invalid('spec.loadBalancerClass', spec.loadBalancerClass, msg)));
    else errs.push(forbidden('spec.loadBalancerClass', "may only be used when `type` is 'LoadBalancer'"));
  }
  return errs;
}

function validateTrafficPolicies(svc: Service): FieldError[] {
  const spec = svc.spec ?? {};
  const errs: FieldError[] = [];
  if (!externallyAccessible(svc)) {
    if (spec.externalTrafficPolicy) errs.push(invalid('spec.externalTrafficPolicy', spec.externalTrafficPolicy, 'may only be set for externally-accessible services'));
  } else if (!spec.externalTrafficPolicy) errs.push(required('spec.externalTrafficPolicy'));
  else if (!TRAFFIC_POLICIES.includes(spec.externalTrafficPolicy)) errs.push(notSupported('spec.externalTrafficPolicy', spec.externalTrafficPolicy, TRAFFIC_POLICIES));
  const needsHealthCheck = spec.type === 'LoadBalancer' && spec.externalTrafficPolicy === 'Local';
  const hc = spec.healthCheckNodePort ?? 0;
  if (!needsHealthCheck && hc !== 0) {
    errs.push(invalid('spec.healthCheckNodePort', hc, "may only be set when `type` is 'LoadBalancer' and `externalTrafficPolicy` is 'Local'"));
  } else if (needsHealthCheck && hc !== 0 && !isValidPortNum(hc)) {
    errs.push(invalid('spec.healthCheckNodePort', hc, 'must be between 1 and 65535, inclusive'));
  }
  const itp = spec.internalTrafficPolicy;
  if (itp === undefined && ['ClusterIP', 'NodePort', 'LoadBalancer'].includes(spec.type ?? '')) errs.push(required('spec.internalTrafficPolicy'));
  if (itp !== undefined && !TRAFFIC_POLICIES.includes(itp)) errs.push(notSupported('spec.internalTrafficPolicy', itp, TRAFFIC_POLICIES));
  if (spec.trafficDistribution !== undefined && !TRAFFIC_DISTRIBUTIONS.includes(spec.trafficDistribution)) {
    errs.push(notSupported('spec.trafficDistribution', spec.trafficDistribution, TRAFFIC_DISTRIBUTIONS));
  }
  return errs;
}

function validateSpec(svc: Service): FieldError[] {
  const spec = svc.spec ?? {};
  const ports = spec.ports ?? [];
  const errs: FieldError[] = [];
  if (!ports.length && !headless(svc) && spec.type !== 'ExternalName') errs.push(required('spec.ports'));
  errs.push(...validateTypeSpecific(svc), ...validateServicePorts(ports));
  if (spec.selector) errs.push(...validateLabels(spec.selector, 'spec.selector'));
  errs.push(...validateSessionAffinity(spec), ...validateClusterIPFields(svc));
  (spec.externalIPs ?? []).forEach((ip, i) => errs.push(...validateExternalIP(ip, `spec.externalIPs[${i}]`)));
  if (!spec.type) errs.push(required('spec.type'));
  else if (!SERVICE_TYPES.includes(spec.type)) errs.push(notSupported('spec.type', spec.type, SERVICE_TYPES));
  if (spec.type === 'ClusterIP') {
    ports.forEach((p, i) => {
      if (p.nodePort) errs.push(forbidden(`spec.ports[${i}].nodePort`, "may not be used when `type` is 'ClusterIP'"));
    });
  }
  errs.push(...validateServicePortUniqueness(ports), ...validateLoadBalancerFields(spec), ...validateTrafficPolicies(svc));
  return errs;
}

export function validateServiceFields(svc: Service): FieldError[] {
  return [...validateObjectMeta(svc.metadata, true, nameIsDNS1035Label), ...validateSpec(svc)];
}

export function validateService(svc: Service): StatusCause[] {
  return toStatusCauses(validateServiceFields(svc));
}

function validateLoadBalancerClassUpdate(old: Service, svc: Service): FieldError[] {
  if (old.spec?.type !== 'LoadBalancer' || svc.spec?.type !== 'LoadBalancer') return [];
  if (old.spec.loadBalancerClass === svc.spec.loadBalancerClass) return [];
  return [invalid('spec.loadBalancerClass', svc.spec.loadBalancerClass ?? null, 'may not change once set')];
}

export function validateServiceUpdateFields(svc: Service, old: Service): FieldError[] {
  const errs = validateObjectMetaUpdate(svc.metadata, old.metadata);
  errs.push(...validateClusterIPsUpdate(old, svc), ...validateIPFamiliesUpdate(old, svc), ...validateLoadBalancerClassUpdate(old, svc));
  const hcBefore = old.spec?.type === 'LoadBalancer' && old.spec.externalTrafficPolicy === 'Local';
  const hcAfter = svc.spec?.type === 'LoadBalancer' && svc.spec.externalTrafficPolicy === 'Local';
  // Unset is not a change: the allocator keeps or fills it.
  if (hcBefore && hcAfter && svc.spec?.healthCheckNodePort && svc.spec.healthCheckNodePort !== old.spec?.healthCheckNodePort) {
    errs.push(forbidden('spec.healthCheckNodePort', 'field is immutable'));
  }
  errs.push(...validateServiceFields(svc));
  return errs;
}

export function validateServiceUpdate(svc: Service, old: Service): StatusCause[] {
  return toStatusCauses(validateServiceUpdateFields(svc, old));
}

/** ValidateLoadBalancerStatus: addresses and DNS names of a LoadBalancer service's ingress points. */
export function validateLoadBalancerStatus(status: LoadBalancerStatus | undefined, spec: ServiceSpec | undefined): FieldError[] {
  const ingress = status?.ingress ?? [];
  const path = 'status.loadBalancer.ingress';
  if (spec?.type !== 'LoadBalancer' && ingress.length) return [forbidden(path, "may only be used when `spec.type` is 'LoadBalancer'")];
  const errs: FieldError[] = [];
  ingress.forEach((ing, i) => {
    const at = `${path}[${i}]`;
    if (ing.ip && !ipFamilyOf(ing.ip)) errs.push(invalid(`${at}.ip`, ing.ip, INVALID_IP_MESSAGE));
    if (ing.ipMode === undefined) {
      if (ing.ip) errs.push(required(`${at}.ipMode`, 'must be specified when `ip` is set'));
    } else if (!ing.ip) errs.push(forbidden(`${at}.ipMode`, 'may not be specified when `ip` is not set'));
    else if (!IP_MODES.includes(ing.ipMode)) errs.push(notSupported(`${at}.ipMode`, ing.ipMode, IP_MODES));
    if (ing.hostname) {
      errs.push(...isDNS1123Subdomain(ing.hostname).map((msg) => invalid(`${at}.hostname`, ing.hostname, msg)));
      if (parseIPSloppy(ing.hostname)) errs.push(invalid(`${at}.hostname`, ing.hostname, 'must be a DNS name, not an IP address'));
    }
  });
  return errs;
}

export function validateServiceStatusUpdate(svc: Service, old: Service): StatusCause[] {
  return toStatusCauses([...validateObjectMetaUpdate(svc.metadata, old.metadata), ...validateLoadBalancerStatus(svc.status?.loadBalancer, svc.spec)]);
}
