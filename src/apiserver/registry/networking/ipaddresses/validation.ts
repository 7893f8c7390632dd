// IPAddress validation as Kubernetes' ValidateIPAddress and ValidateIPAddressUpdate: the name is
// an IP address in canonical form (no leading zeros, no IPv4-mapped IPv6); parentRef is required,
// with a resource and a name that are path segments, a group that is a DNS subdomain when set and
// a namespace that is a path segment when set; parentRef never changes.
import type { IPAddress, ParentReference } from '../../../../api/networking/v1/types.ts';
import type { StatusCause } from '../../../../machinery/status.ts';
import { invalid, RenderedValue, required, toStatusCauses, type FieldError } from '../../../../machinery/validation/field-error.ts';
import { goQuote } from '../../../../machinery/validation/go-format.ts';
import { validateImmutableField } from '../../../../machinery/validation/immutable.ts';
import { isDNS1123Subdomain, pathSegmentNameErrors, type NameValidator } from '../../../../machinery/validation/names.ts';
import { validateObjectMeta, validateObjectMetaUpdate } from '../../../../machinery/validation/object-meta.ts';
import { strictIPErrors } from '../syntax.ts';

/** Names are never generated, so a prefix is read as a whole name. */
const nameIsIPAddress: NameValidator = (name) => strictIPErrors(name);

function each(path: string, value: string, messages: string[]): FieldError[] {
  return messages.map((msg) => invalid(path, value, msg));
}

function validateParentRef(ref: ParentReference | undefined | null): FieldError[] {
  if (!ref) return [required('spec.parentRef')];
  const path = 'spec.parentRef';
  const errs: FieldError[] = [];
  if (ref.group) errs.push(...each(`${path}.group`, ref.group, isDNS1123Subdomain(ref.group)));
  if (!ref.resource) errs.push(required(`${path}.resource`));
  else errs.push(...each(`${path}.resource`, ref.resource, pathSegmentNameErrors(ref.resource)));
  if (!ref.name) errs.push(required(`${path}.name`));
  else errs.push(...each(`${path}.name`, ref.name, pathSegmentNameErrors(ref.name)));
  if (ref.namespace) errs.push(...each(`${path}.namespace`, ref.namespace, pathSegmentNameErrors(ref.namespace)));
  return errs;
}

function validate(ip: IPAddress): FieldError[] {
  return [...validateObjectMeta(ip.metadata, false, nameIsIPAddress), ...validateParentRef(ip.spec?.parentRef)];
}

export function validateIPAddress(ip: IPAddress): StatusCause[] {
  return toStatusCauses(validate(ip));
}

/** A *ParentReference as Go's %#v prints it in an immutability error. */
function parentRefValue(ref: ParentReference | undefined | null): RenderedValue {
  if (!ref) return new RenderedValue('null');
  const field = (s: string | undefined) => goQuote(s ?? '');
  return new RenderedValue(`networking.ParentReference{Group:${field(ref.group)}, Resource:${field(ref.resource)}, Namespace:${field(ref.namespace)}, Name:${field(ref.name)}}`);
}

export function validateIPAddressUpdate(ip: IPAddress, old: IPAddress): StatusCause[] {
  const normal = (ref: ParentReference | undefined | null) => (ref ? { group: ref.group ?? '', resource: ref.resource ?? '', namespace: ref.namespace ?? '', name: ref.name ?? '' } : null);
  return toStatusCauses([
    ...validate(ip),
    ...validateObjectMetaUpdate(ip.metadata, old.metadata),
    ...validateImmutableField(normal(ip.spec?.parentRef), normal(old.spec?.parentRef), 'spec.parentRef', parentRefValue(ip.spec?.parentRef)),
  ]);
}
