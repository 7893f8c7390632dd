// IngressClass validation as Kubernetes' ValidateIngressClass and ValidateIngressClassUpdate: a
// DNS-subdomain name; a controller (required, at most 250 bytes, a domain-prefixed path, fixed
// once set); parameters naming a kind and a name (path segments), an API group that is a DNS
// subdomain, and a scope of Cluster (no namespace) or Namespace (a namespace required).
import type { IngressClass, IngressClassParametersReference, IngressClassSpec } from '../../../../api/networking/v1/types.ts';
import type { StatusCause } from '../../../../machinery/status.ts';
import { forbidden, invalid, notSupported, required, toStatusCauses, tooLong, type FieldError } from '../../../../machinery/validation/field-error.ts';
import { validateImmutableField } from '../../../../machinery/validation/immutable.ts';
import { isDNS1123Subdomain, nameIsDNSSubdomain, pathSegmentNameErrors, validateNamespaceName } from '../../../../machinery/validation/names.ts';
import { validateObjectMeta, validateObjectMetaUpdate } from '../../../../machinery/validation/object-meta.ts';
import { domainPrefixedPathErrors } from '../syntax.ts';

const MAX_CONTROLLER_BYTES = 250;
const SCOPES = ['Cluster', 'Namespace'];

function each(path: string, value: string, messages: string[]): FieldError[] {
  return messages.map((msg) => invalid(path, value, msg));
}

function validateParameters(params: IngressClassParametersReference | undefined, path: string): FieldError[] {
  if (!params) return [];
  const errs: FieldError[] = [];
  if (params.apiGroup !== undefined && params.apiGroup !== null) errs.push(...each(`${path}.apiGroup`, params.apiGroup, isDNS1123Subdomain(params.apiGroup)));
  if (!params.kind) errs.push(required(`${path}.kind`));
  else errs.push(...each(`${path}.kind`, params.kind, pathSegmentNameErrors(params.kind)));
  if (!params.name) errs.push(required(`${path}.name`));
  else errs.push(...each(`${path}.name`, params.name, pathSegmentNameErrors(params.name)));
  if (params.scope === undefined || params.scope === null) return [...errs, required(`${path}.scope`)];
  if (!SCOPES.includes(params.scope)) return [...errs, notSupported(`${path}.scope`, params.scope, SCOPES)];
  const namespace = params.namespace;
  if (params.scope === 'Namespace') {
    if (namespace === undefined || namespace === null) errs.push(required(`${path}.namespace`, "`parameters.scope` is set to 'Namespace'"));
    else errs.push(...each(`${path}.namespace`, namespace, validateNamespaceName(namespace, false)));
  }
  if (params.scope === 'Cluster' && namespace !== undefined && namespace !== null) errs.push(forbidden(`${path}.namespace`, "`parameters.scope` is set to 'Cluster'"));
  return errs;
}

function validateSpec(spec: IngressClassSpec): FieldError[] {
  const errs: FieldError[] = [];
  const controller = spec.controller ?? '';
  if (!controller) errs.push(required('spec.controller'));
  else {
    if (Buffer.byteLength(controller) > MAX_CONTROLLER_BYTES) errs.push(tooLong('spec.controller', MAX_CONTROLLER_BYTES));
    errs.push(...domainPrefixedPathErrors('spec.controller', controller));
  }
  errs.push(...validateParameters(spec.parameters, 'spec.parameters'));
  return errs;
}

function validate(ic: IngressClass): FieldError[] {
  return [...validateObjectMeta(ic.metadata, false, nameIsDNSSubdomain), ...validateSpec(ic.spec ?? {})];
}

export function validateIngressClass(ic: IngressClass): StatusCause[] {
  return toStatusCauses(validate(ic));
}

export function validateIngressClassUpdate(ic: IngressClass, old: IngressClass): StatusCause[] {
  return toStatusCauses([
    ...validateObjectMetaUpdate(ic.metadata, old.metadata),
    ...validateImmutableField(ic.spec?.controller ?? '', old.spec?.controller ?? '', 'spec.controller'),
    ...validate(ic),
  ]);
}
