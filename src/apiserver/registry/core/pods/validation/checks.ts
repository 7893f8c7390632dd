// Small field checks pod validation uses throughout, each worded as Kubernetes' validation
// package words it: DNS labels and subdomains, qualified (label) names, IP addresses, IDs and
// inclusive ranges.
import { invalid, type FieldError } from '../../../../../machinery/validation/field-error.ts';
import { parseIPSloppy } from '../../../../../machinery/validation/ip.ts';
import { isDNS1123Label, isDNS1123Subdomain, isQualifiedName } from '../../../../../machinery/validation/names.ts';

export const MAX_INT32 = 2147483647;

export function inclusiveRangeError(lo: number, hi: number): string {
  return `must be between ${lo} and ${hi}, inclusive`;
}

function each(path: string, value: string, messages: readonly string[]): FieldError[] {
  return messages.map((msg) => invalid(path, value, msg));
}

export const dnsLabel = (value: string, path: string) => each(path, value, isDNS1123Label(value));
export const dnsSubdomain = (value: string, path: string) => each(path, value, isDNS1123Subdomain(value));
/** ValidateQualifiedName, and ValidateLabelName, which says the same. */
export const qualifiedName = (value: string, path: string) => each(path, value, isQualifiedName(value));

/** validation.IsValidIP. */
export function validIP(value: string, path: string): FieldError[] {
  return parseIPSloppy(value) ? [] : [invalid(path, value, 'must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)')];
}

/** IsValidUserID and IsValidGroupID: 0 to 2^31-1. */
export function validID(value: number, path: string): FieldError[] {
  return value >= 0 && value <= MAX_INT32 ? [] : [invalid(path, value, inclusiveRangeError(0, MAX_INT32))];
}

/** ValidateNonnegativeField. */
export function nonNegative(value: number, path: string): FieldError[] {
  return value < 0 ? [invalid(path, value, 'must be greater than or equal to 0')] : [];
}
