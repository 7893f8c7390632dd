// GetWarningsForIP: an address Go's sloppy parser reads but a strict one refuses (leading zeros,
// an IPv4-mapped IPv6 address) or an IPv6 address not in RFC 5952 form is accepted with a warning
// that names its canonical form. Unparsable addresses get none (validation refuses them).
import { parseIPSloppy } from '../../../../machinery/validation/ip.ts';
import { formatIP, parseIP } from '../../../../machinery/net/ip-address.ts';

function hasLeadingZeroOctet(addr: string): boolean {
  const v4 = addr.includes(':') ? addr.slice(addr.lastIndexOf(':') + 1) : addr;
  return v4.includes('.') && v4.split('.').some((o) => o.length > 1 && o.startsWith('0'));
}

export function ipAddressWarnings(path: string, value: string): string[] {
  const bytes = parseIPSloppy(value);
  if (!bytes) return [];
  const canonical = formatIP(parseIP(value)!);
  const mapped = value.includes(':') && parseIP(value)!.family === 'IPv4';
  if (hasLeadingZeroOctet(value) || mapped) {
    return [`${path}: non-standard IP address ${JSON.stringify(value)} will be considered invalid in a future orch release: use ${JSON.stringify(canonical)}`];
  }
  if (value.includes(':') && value !== canonical) return [`${path}: IPv6 address ${JSON.stringify(value)} should be in RFC 5952 canonical format (${JSON.stringify(canonical)})`];
  return [];
}
