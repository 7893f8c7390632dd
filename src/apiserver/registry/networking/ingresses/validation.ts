// Ingress validation as Kubernetes' ValidateIngressCreate, ValidateIngressUpdate and
// ValidateIngressStatusUpdate: a default backend or rules; hosts that are DNS names (a wildcard
// only as the whole first label), not addresses; paths with a pathType (absolute for Exact and
// Prefix, without //, /./, /../, %2f or a trailing /. or /..); backends that are a service (a
// DNS-1035 name and a port name or number) or a resource, never both; TLS hosts and secret names;
// a class name that is a DNS subdomain and agrees with the orch.io/ingress.class annotation.
// Updates keep accepting what an older server stored (invalid secret names, wildcard rules).
import { INGRESS_CLASS_ANNOTATION } from '../../../../api/networking/v1/well-known.ts';
import type { HTTPIngressPath, Ingress, IngressBackend, IngressRule, IngressSpec } from '../../../../api/networking/v1/types.ts';
import type { TypedLocalObjectReference } from '../../../../api/core/v1/volume-types.ts';
import type { StatusCause } from '../../../../machinery/status.ts';
import { invalid, notSupported, RenderedValue, required, toStatusCauses, type FieldError } from '../../../../machinery/validation/field-error.ts';
import { parseIPSloppy } from '../../../../machinery/validation/ip.ts';
import { isDNS1123Subdomain, nameIsDNSSubdomain, pathSegmentNameErrors } from '../../../../machinery/validation/names.ts';
import { validateObjectMeta, validateObjectMetaUpdate } from '../../../../machinery/validation/object-meta.ts';
import { isValidPortNum, portNameErrors } from '../../core/services/port-validation.ts';
import { nameIsDNS1035Label } from '../../core/services/validation.ts';
import { hostErrors, legacyIPErrors } from '../syntax.ts';

const PATH_TYPES = ['Exact', 'ImplementationSpecific', 'Prefix'];
const INVALID_PATH_SEQUENCES = ['//', '/./', '/../', '%2f', '%2F'];
const INVALID_PATH_SUFFIXES = ['/..', '/.'];

interface Options {
  /** An older object held a secret name that is not one: keep accepting them. */
  allowInvalidSecretName: boolean;
  /** An older object held a wildcard rule whose paths do not validate: leave wildcard rules' paths alone. */
  allowInvalidWildcardHostRule: boolean;
}

const STRICT: Options = { allowInvalidSecretName: false, allowInvalidWildcardHostRule: false };

function each(path: string, value: string, messages: string[]): FieldError[] {
  return messages.map((msg) => invalid(path, value, msg));
}

function validateResourceBackend(ref: TypedLocalObjectReference, path: string): FieldError[] {
  const errs: FieldError[] = [];
  if (ref.apiGroup !== undefined && ref.apiGroup !== null) errs.push(...each(`${path}.apiGroup`, ref.apiGroup, isDNS1123Subdomain(ref.apiGroup)));
  if (!ref.kind) errs.push(required(`${path}.kind`));
  else errs.push(...each(`${path}.kind`, ref.kind, pathSegmentNameErrors(ref.kind)));
  if (!ref.name) errs.push(required(`${path}.name`));
  else errs.push(...each(`${path}.name`, ref.name, pathSegmentNameErrors(ref.name)));
  return errs;
}

function validateBackend(backend: IngressBackend, path: string): FieldError[] {
  if (backend.resource && backend.service) return [invalid(path, '', 'cannot set both resource and service backends')];
  if (backend.resource) return validateResourceBackend(backend.resource, `${path}.resource`);
  if (!backend.service) return [invalid(path, '', 'resource or service backend is required')];
  const errs: FieldError[] = [];
  const name = backend.service.name ?? '';
  if (!name) errs.push(required(`${path}.service.name`));
  else errs.push(...each(`${path}.service.name`, name, nameIsDNS1035Label(name, false)));
  const portName = backend.service.port?.name ?? '';
  const portNumber = backend.service.port?.number ?? 0;
  if (portName && portNumber) errs.push(invalid(path, '', 'cannot set both port name & port number'));
  else if (portName) errs.push(...each(`${path}.service.port.name`, portName, portNameErrors(portName)));
  else if (portNumber) {
    if (!isValidPortNum(portNumber)) errs.push(invalid(`${path}.service.port.number`, portNumber, 'must be between 1 and 65535, inclusive'));
  } else errs.push(required(path, 'port name or number is required'));
  return errs;
}

function validatePath(p: HTTPIngressPath, path: string): FieldError[] {
  if (p.pathType === undefined || p.pathType === null) return [required(`${path}.pathType`, 'pathType must be specified')];
  const errs: FieldError[] = [];
  const text = p.path ?? '';
  switch (p.pathType) {
    case 'Exact':
    case 'Prefix':
      if (!text.startsWith('/')) errs.push(invalid(`${path}.path`, text, 'must be an absolute path'));
      for (const seq of INVALID_PATH_SEQUENCES) if (text.includes(seq)) errs.push(invalid(`${path}.path`, text, `must not contain '${seq}'`));
      for (const suffix of INVALID_PATH_SUFFIXES) if (text.endsWith(suffix)) errs.push(invalid(`${path}.path`, text, `cannot end with '${suffix}'`));
      break;
    case 'ImplementationSpecific':
      if (text && !text.startsWith('/')) errs.push(invalid(`${path}.path`, text, 'must be an absolute path'));
      break;
    default:
      errs.push(notSupported(`${path}.pathType`, p.pathType, PATH_TYPES));
  }
  errs.push(...validateBackend(p.backend ?? {}, `${path}.backend`));
  return errs;
}

/** The rule's HTTP paths (validateIngressRuleValue). */
function validateRuleValue(rule: IngressRule, path: string): FieldError[] {
  if (!rule.http) return [];
  const errs: FieldError[] = [];
  const paths = rule.http.paths ?? [];
  if (!paths.length) errs.push(required(`${path}.http.paths`));
  paths.forEach((p, i) => errs.push(...validatePath(p, `${path}.http.paths[${i}]`)));
  return errs;
}

function validateRules(rules: readonly IngressRule[], opts: Options): FieldError[] {
  const errs: FieldError[] = [];
  rules.forEach((rule, i) => {
    const at = `spec.rules[${i}]`;
    const host = rule.host ?? '';
    if (host) {
      if (parseIPSloppy(host)) errs.push(invalid(`${at}.host`, host, 'must be a DNS name, not an IP address'));
      errs.push(...hostErrors(host, `${at}.host`));
    }
    if (!host.includes('*') || !opts.allowInvalidWildcardHostRule) errs.push(...validateRuleValue(rule, at));
  });
  return errs;
}

function secretNameErrors(name: string | undefined): string[] {
  return name ? nameIsDNSSubdomain(name, false) : [];
}

function validateTLS(spec: IngressSpec, opts: Options): FieldError[] {
  const errs: FieldError[] = [];
  (spec.tls ?? []).forEach((tls, i) => {
    (tls.hosts ?? []).forEach((host, j) => errs.push(...hostErrors(host, `spec.tls[${i}].hosts[${j}]`)));
    if (!opts.allowInvalidSecretName) errs.push(...each(`spec.tls[${i}].secretName`, tls.secretName ?? '', secretNameErrors(tls.secretName)));
  });
  return errs;
}

/** spec.rules as Go's %#v prints the slice. */
function rulesValue(rules: IngressRule[] | undefined): RenderedValue {
  return new RenderedValue(rules === undefined || rules === null ? '[]networking.IngressRule(nil)' : '[]networking.IngressRule{}');
}

function validateSpec(spec: IngressSpec, opts: Options): FieldError[] {
  const errs: FieldError[] = [];
  const rules = spec.rules ?? [];
  if (!rules.length && !spec.defaultBackend) errs.push(invalid('spec', rulesValue(spec.rules), 'either `defaultBackend` or `rules` must be specified'));
  if (spec.defaultBackend) errs.push(...validateBackend(spec.defaultBackend, 'spec.defaultBackend'));
  errs.push(...validateRules(rules, opts), ...validateTLS(spec, opts));
  if (spec.ingressClassName !== undefined && spec.ingressClassName !== null) {
    errs.push(...each('spec.ingressClassName', spec.ingressClassName, nameIsDNSSubdomain(spec.ingressClassName, false)));
  }
  return errs;
}

function validateIngress(ing: Ingress, opts: Options): FieldError[] {
  return [...validateObjectMeta(ing.metadata, true, nameIsDNSSubdomain), ...validateSpec(ing.spec ?? {}, opts)];
}

export function validateIngressCreate(ing: Ingress): StatusCause[] {
  const errs = validateIngress(ing, STRICT);
  const annotated = ing.metadata.annotations?.[INGRESS_CLASS_ANNOTATION];
  const className = ing.spec?.ingressClassName;
  if (annotated !== undefined && className !== undefined && className !== null && annotated !== className) {
    errs.push(invalid(`annotations.${INGRESS_CLASS_ANNOTATION}`, annotated, 'must match `ingressClassName` when both are specified'));
  }
  return toStatusCauses(errs);
}

/** What the stored ingress already holds that today's rules refuse, and so stays accepted. */
function optionsFor(old: Ingress): Options {
  const spec = old.spec ?? {};
  return {
    allowInvalidSecretName: (spec.tls ?? []).some((tls) => secretNameErrors(tls.secretName).length > 0),
    allowInvalidWildcardHostRule: (spec.rules ?? []).some((rule) => (rule.host ?? '').includes('*') && validateRuleValue(rule, '').length > 0),
  };
}

export function validateIngressUpdate(ing: Ingress, old: Ingress): StatusCause[] {
  return toStatusCauses([...validateObjectMetaUpdate(ing.metadata, old.metadata), ...validateIngress(ing, optionsFor(old))]);
}

export function validateIngressStatusUpdate(ing: Ingress, old: Ingress): StatusCause[] {
  const errs = validateObjectMetaUpdate(ing.metadata, old.metadata);
  (ing.status?.loadBalancer?.ingress ?? []).forEach((point, i) => {
    const at = `status.loadBalancer.ingress[${i}]`;
    if (point.ip) errs.push(...legacyIPErrors(`${at}.ip`, point.ip));
    if (point.hostname) {
      errs.push(...each(`${at}.hostname`, point.hostname, isDNS1123Subdomain(point.hostname)));
      if (parseIPSloppy(point.hostname)) errs.push(invalid(`${at}.hostname`, point.hostname, 'must be a DNS name, not an IP address'));
    }
  });
  return toStatusCauses(errs);
}
