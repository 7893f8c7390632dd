// The names dynamic resource allocation objects use, checked as Kubernetes' resource validation
// checks them: driver names (as CSI drivers'), pool names (DNS subdomains joined by slashes),
// request names (DNS labels) and attribute or capacity names (a C identifier with an optional
// driver-like domain). Messages are Kubernetes' own.
import { invalid, required, tooLong, tooMany, duplicate, type BadValue, type FieldError } from '../../../machinery/validation/field-error.ts';
import { isDNS1123Label, isDNS1123Subdomain, regexError } from '../../../machinery/validation/names.ts';
import { validateCSIDriverName } from '../core/pods/volumes/pod-sources.ts';

export const validateDriverName = validateCSIDriverName;

const POOL_NAME_MAX_LENGTH = 253;
const DEVICE_MAX_ID_LENGTH = 32;

export function dnsLabelErrors(value: string, path: string): FieldError[] {
  return isDNS1123Label(value).map((msg) => invalid(path, value, msg));
}

export function dnsSubdomainErrors(value: string, path: string): FieldError[] {
  return isDNS1123Subdomain(value).map((msg) => invalid(path, value, msg));
}

export function validatePoolName(name: string, path: string): FieldError[] {
  if (!name) return [required(path)];
  const errs: FieldError[] = [];
  if (name.length > POOL_NAME_MAX_LENGTH) errs.push(tooLong(path, POOL_NAME_MAX_LENGTH));
  for (const part of name.split('/')) errs.push(...dnsSubdomainErrors(part, path));
  return errs;
}

const C_IDENTIFIER_FMT = '[A-Za-z_][A-Za-z0-9_]*';
const C_IDENTIFIER = new RegExp(`^${C_IDENTIFIER_FMT}$`);
const C_IDENTIFIER_MSG = "a valid C identifier must start with alphabetic character or '_', followed by a string of alphanumeric characters or '_'";

function validateCIdentifier(id: string, path: string): FieldError[] {
  const errs: FieldError[] = [];
  if (id.length > DEVICE_MAX_ID_LENGTH) errs.push(tooLong(path, DEVICE_MAX_ID_LENGTH));
  if (!C_IDENTIFIER.test(id)) errs.push(invalid(path, id, regexError(C_IDENTIFIER_MSG, C_IDENTIFIER_FMT, 'my_name', 'MY_NAME', 'MyName')));
  return errs;
}

/** An attribute or capacity name: `id` or `domain/id`. */
export function validateQualifiedName(name: string, path: string): FieldError[] {
  const parts = name.split('/');
  if (parts.length === 1) return validateCIdentifier(parts[0]!, path);
  if (parts.length > 2) return [invalid(path, name, 'must not contain more than one slash')];
  const [domain, id] = parts as [string, string];
  const errs: FieldError[] = [];
  errs.push(...(domain ? validateDriverName(domain, path) : [invalid(path, '', 'the domain must not be empty')]));
  errs.push(...(id ? validateCIdentifier(id, path) : [invalid(path, '', 'the name must not be empty')]));
  return errs;
}

/** A qualified name that must carry its domain (matchAttribute, distinctAttribute). */
export function validateFullyQualifiedName(name: string, path: string): FieldError[] {
  const errs = validateQualifiedName(name, path);
  if (!name.includes('/')) errs.push(invalid(path, name, 'a fully qualified name must be a domain and a name separated by a slash'));
  return errs;
}

/**
 * Kubernetes' validateSet/validateSlice: too many items is the only error (the list is not
 * walked further); otherwise each item is validated and repeated keys are Duplicate.
 */
export function validateList<T>(
  items: readonly T[] | undefined,
  max: number,
  path: string,
  validateItem: (item: T, path: string) => FieldError[],
  key?: (item: T) => BadValue,
): FieldError[] {
  const list = items ?? [];
  if (max >= 0 && list.length > max) return [tooMany(path, list.length, max)];
  const errs: FieldError[] = [];
  list.forEach((item, i) => errs.push(...validateItem(item, `${path}[${i}]`)));
  if (key) {
    const seen = new Set<string>();
    list.forEach((item, i) => {
      const k = key(item);
      const id = JSON.stringify(k);
      if (seen.has(id)) errs.push(duplicate(`${path}[${i}]`, k));
      else seen.add(id);
    });
  }
  return errs;
}
