// ServiceCIDR validation as Kubernetes' ValidateServiceCIDR, ValidateServiceCIDRUpdate and
// ValidateServiceCIDRStatusUpdate: one or two ranges, each a strict CIDR in canonical form, at
// most one per IP family; ranges never change, except that a single range may gain a second of
// the other family.
import type { ServiceCIDR } from '../../../../api/networking/v1/types.ts';
import type { StatusCause } from '../../../../machinery/status.ts';
import { invalid, RenderedValue, required, toStatusCauses, type FieldError } from '../../../../machinery/validation/field-error.ts';
import { goQuote } from '../../../../machinery/validation/go-format.ts';
import { nameIsDNSSubdomain } from '../../../../machinery/validation/names.ts';
import { validateObjectMeta, validateObjectMetaUpdate } from '../../../../machinery/validation/object-meta.ts';
import { parseCIDRSloppy, strictCIDRErrors } from '../syntax.ts';

const PATH = 'spec.cidrs';
const IMMUTABLE = 'field is immutable';

function goStrings(values: readonly string[]): string {
  return `[]string{${values.map(goQuote).join(', ')}}`;
}

function validateCIDRs(cidrs: readonly string[] | undefined): FieldError[] {
  const list = cidrs ?? [];
  if (!list.length) return [required(PATH, 'at least one CIDR required')];
  if (list.length > 2) return [invalid(PATH, new RenderedValue(`networking.ServiceCIDRSpec{CIDRs:${goStrings(list)}}`), 'may only hold up to 2 values')];
  const errs = list.flatMap((cidr, i) => strictCIDRErrors(`${PATH}[${i}]`, cidr));
  if (list.length === 2) {
    const [a, b] = list.map((c) => parseCIDRSloppy(c)?.family);
    if (a !== undefined && a === b) {
      errs.push(invalid(PATH, new RenderedValue(goStrings(list)), 'may specify no more than one IP for each IP family, i.e 192.168.0.0/24 and 2001:db8::/64'));
    }
  }
  return errs;
}

export function validateServiceCIDR(sc: ServiceCIDR): StatusCause[] {
  return toStatusCauses([...validateObjectMeta(sc.metadata, false, nameIsDNSSubdomain), ...validateCIDRs(sc.spec?.cidrs)]);
}

export function validateServiceCIDRUpdate(sc: ServiceCIDR, old: ServiceCIDR): StatusCause[] {
  const errs = validateObjectMetaUpdate(sc.metadata, old.metadata);
  const next = sc.spec?.cidrs ?? [];
  const prev = old.spec?.cidrs ?? [];
  if (next.length === prev.length) {
    prev.forEach((cidr, i) => {
      if (cidr !== next[i]) errs.push(invalid(`${PATH}[${i}]`, next[i]!, IMMUTABLE));
    });
  } else if (prev.length === 1 && next.length === 2) {
    // A single-stack range may become dual-stack; the range it had stays.
    if (next[0] !== prev[0]) errs.push(invalid(`${PATH}[0]`, next[0]!, IMMUTABLE));
    errs.push(...validateCIDRs(next));
  } else {
    errs.push(invalid(PATH, new RenderedValue(sc.spec?.cidrs === undefined ? '[]string(nil)' : goStrings(next)), IMMUTABLE));
  }
  return toStatusCauses(errs);
}

export function validateServiceCIDRStatusUpdate(sc: ServiceCIDR, old: ServiceCIDR): StatusCause[] {
  return toStatusCauses(validateObjectMetaUpdate(sc.metadata, old.metadata));
}
