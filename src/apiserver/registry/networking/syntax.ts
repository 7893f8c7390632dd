// Syntax checks the networking kinds share, with Kubernetes' messages: wildcard host names,
// domain-prefixed paths (an ingress class's controller), CIDRs as legacy fields read them
// (Go's sloppy parser, as while StrictIPCIDRValidation is off) and as new fields must write them
// (strict and canonical: a ServiceCIDR's ranges), and IP addresses in canonical form (an
// IPAddress's name).
import { invalid, required, type FieldError } from '../../../machinery/validation/field-error.ts';
import { parseIPSloppy } from '../../../machinery/validation/ip.ts';
import { isDNS1123Subdomain, maxLenError, regexError, DNS1123_SUBDOMAIN_MAX_LENGTH } from '../../../machinery/validation/names.ts';
import { formatIP, parseIP, type IPFamily } from '../../../machinery/net/ip-address.ts';

const DNS1123_LABEL_FMT = '[a-z0-9]([-a-z0-9]*[a-z0-9])?';
const WILDCARD_SUBDOMAIN_FMT = `\\*\\.${DNS1123_LABEL_FMT}(\\.${DNS1123_LABEL_FMT})*`;
const WILDCARD_SUBDOMAIN = new RegExp(`^${WILDCARD_SUBDOMAIN_FMT}$`);
const WILDCARD_SUBDOMAIN_MSG =
  "a wildcard DNS-1123 subdomain must start with '*.', followed by a valid DNS subdomain, which must consist of lower case alphanumeric characters, '-' or '.' and end with an alphanumeric character";

/** IsWildcardDNS1123Subdomain: `*.` and a DNS subdomain. */
export function wildcardSubdomainErrors(value: string): string[] {
  const errs: string[] = [];
  if (Buffer.byteLength(value) > DNS1123_SUBDOMAIN_MAX_LENGTH) errs.push(maxLenError(DNS1123_SUBDOMAIN_MAX_LENGTH));
  if (!WILDCARD_SUBDOMAIN.test(value)) errs.push(regexError(WILDCARD_SUBDOMAIN_MSG, WILDCARD_SUBDOMAIN_FMT, '*.example.com'));
  return errs;
}

/** A host name: a wildcard one when it holds `*`, a DNS subdomain otherwise. */
export function hostErrors(host: string, path: string): FieldError[] {
  const msgs = host.includes('*') ? wildcardSubdomainErrors(host) : isDNS1123Subdomain(host);
  return msgs.map((msg) => invalid(path, host, msg));
}

const HTTP_PATH_FMT = "[A-Za-z0-9/\\-._~%!$&'()*+,;=:]+";
const HTTP_PATH = new RegExp(`^${HTTP_PATH_FMT}$`);

/** IsDomainPrefixedPath: `<DNS subdomain>/<HTTP path>`, e.g. example.com/ingress. */
export function domainPrefixedPathErrors(path: string, value: string): FieldError[] {
  if (value === '') return [required(path)];
  const slash = value.indexOf('/');
  const host = slash < 0 ? '' : value.slice(0, slash);
  const rest = slash < 0 ? '' : value.slice(slash + 1);
  if (!host || !rest) return [invalid(path, value, 'must be a domain-prefixed path (such as "acme.io/foo")')];
  const errs = isDNS1123Subdomain(host).map((msg) => invalid(path, host, msg));
  if (!HTTP_PATH.test(rest)) errs.push(invalid(path, rest, regexError('Invalid path', HTTP_PATH_FMT)));
  return errs;
}

/** A CIDR as Go's ParseCIDRSloppy reads it: the masked network, its prefix length and family. */
export interface ParsedCIDR {
  family: IPFamily;
  network: bigint;
  prefix: number;
  /** The address as written (bits past the prefix kept). */
  address: bigint;
}

const FAMILY_BITS: Record<IPFamily, number> = { IPv4: 32, IPv6: 128 };

export function parseCIDRSloppy(text: string): ParsedCIDR | undefined {
  const slash = text.indexOf('/');
  if (slash < 0) return undefined;
  const addr = text.slice(0, slash);
  const prefixText = text.slice(slash + 1);
  if (!/^\d{1,3}$/.test(prefixText) || !parseIPSloppy(addr)) return undefined;
  const ip = parseIP(addr)!;
  // Go measures the prefix against the text's form: 32 bits for a dotted quad, 128 otherwise.
  const textBits = addr.includes(':') ? 128 : 32;
  const prefix = Number(prefixText);
  if (prefix > textBits) return undefined;
  const bits = FAMILY_BITS[ip.family];
  const effective = Math.max(0, prefix - (textBits - bits));
  const hostMask = (1n << BigInt(bits - effective)) - 1n;
  return { family: ip.family, network: ip.value & ~hostMask, prefix: effective, address: ip.value };
}

export const INVALID_CIDR_MESSAGE = 'must be a valid CIDR value, (e.g. 10.9.8.0/24 or 2001:db8::/64)';
export const INVALID_IP_MESSAGE = 'must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)';

/** IsValidCIDRForLegacyField without strict validation: anything Go's sloppy parser reads. */
export function legacyCIDRErrors(path: string, value: string): FieldError[] {
  return parseCIDRSloppy(value) ? [] : [invalid(path, value, INVALID_CIDR_MESSAGE)];
}

/** IsValidIPForLegacyField without strict validation. */
export function legacyIPErrors(path: string, value: string): FieldError[] {
  return parseIPSloppy(value) ? [] : [invalid(path, value, INVALID_IP_MESSAGE)];
}

/** An IPv4 octet written with a leading zero (which Go's strict parser refuses). */
function hasLeadingZeroOctet(addr: string): boolean {
  const v4 = addr.includes(':') ? addr.slice(addr.lastIndexOf(':') + 1) : addr;
  return v4.includes('.') && v4.split('.').some((o) => o.length > 1 && o.startsWith('0'));
}

/** An IPv6 address text that is an IPv4-mapped one (::ffff:a.b.c.d). */
function isMappedText(addr: string): boolean {
  if (!addr.includes(':')) return false;
  const bytes = parseIPSloppy(addr);
  return !!bytes && bytes.length === 16 && bytes.slice(0, 10).every((b) => b === 0) && bytes[10] === 0xff && bytes[11] === 0xff;
}

/** IsValidIP: strict (no leading zeros, no IPv4-mapped IPv6) and in canonical form. */
export function strictIPErrors(value: string): string[] {
  if (!parseIPSloppy(value)) return [INVALID_IP_MESSAGE];
  const errs: string[] = [];
  if (hasLeadingZeroOctet(value)) errs.push('must not have leading 0s');
  else if (isMappedText(value)) errs.push('must not be an IPv4-mapped IPv6 address');
  if (errs.length) return errs;
  const canonical = formatIP(parseIP(value)!);
  return value === canonical ? [] : [`must be in canonical form ("${canonical}")`];
}

/** IsValidCIDR: strict (as strictIPErrors, no bits past the prefix) and in canonical form. */
export function strictCIDRErrors(path: string, value: string): FieldError[] {
  const cidr = parseCIDRSloppy(value);
  if (!cidr) return [invalid(path, value, INVALID_CIDR_MESSAGE)];
  const slash = value.indexOf('/');
  const addr = value.slice(0, slash);
  const prefixText = value.slice(slash + 1);
  if (hasLeadingZeroOctet(addr) || (prefixText.length > 1 && prefixText.startsWith('0'))) {
    return [invalid(path, value, 'must not have leading 0s in IP or prefix length')];
  }
  if (isMappedText(addr)) return [invalid(path, value, 'must not have an IPv4-mapped IPv6 address')];
  if (cidr.address !== cidr.network) return [invalid(path, value, 'must not have bits set beyond the prefix length')];
  const canonical = `${formatIP({ family: cidr.family, value: cidr.network })}/${cidr.prefix}`;
  return value === canonical ? [] : [invalid(path, value, `must be in canonical form ("${canonical}")`)];
}

/** net.IPNet.Contains for two parsed CIDRs: `inner`'s network address lies in `outer`. */
export function cidrContains(outer: ParsedCIDR, inner: ParsedCIDR): boolean {
  if (outer.family !== inner.family) return false;
  const bits = FAMILY_BITS[outer.family];
  const hostMask = (1n << BigInt(bits - outer.prefix)) - 1n;
  return (inner.network & ~hostMask) === outer.network;
}
