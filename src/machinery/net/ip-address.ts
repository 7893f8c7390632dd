// IP addresses as numbers, for range arithmetic: parsed as Go's sloppy parser reads a service's
// cluster IPs, and printed in the canonical form an IPAddress object is named by (Go's
// net.IP.String: dotted quads, and RFC 5952 for IPv6 with the longest run of zero groups as "::").
import { parseIPSloppy } from '../validation/ip.ts';

export type IPFamily = 'IPv4' | 'IPv6';

export interface IPValue {
  family: IPFamily;
  value: bigint;
}

export const FAMILY_BITS: Record<IPFamily, number> = { IPv4: 32, IPv6: 128 };

/** The address, or undefined when Go's ParseIPSloppy would refuse it. An IPv4-mapped IPv6 address is IPv4, as net.IP.To4 sees it. */
export function parseIP(text: string): IPValue | undefined {
  const bytes = parseIPSloppy(text);
  if (!bytes) return undefined;
  const mapped = bytes.length === 16 && bytes.slice(0, 10).every((b) => b === 0) && bytes[10] === 0xff && bytes[11] === 0xff;
  const used = mapped ? bytes.slice(12) : bytes;
  let value = 0n;
  for (const b of used) value = (value << 8n) | BigInt(b);
  return { family: used.length === 4 ? 'IPv4' : 'IPv6', value };
}

export function familyOf(text: string): IPFamily | undefined {
  return parseIP(text)?.family;
}

export function formatIP(ip: IPValue): string {
  if (ip.family === 'IPv4') {
    const v = Number(ip.value);
    return [v >>> 24, (v >>> 16) & 0xff, (v >>> 8) & 0xff, v & 0xff].join('.');
  }
  const groups: number[] = [];
  for (let i = 7; i >= 0; i--) groups.push(Number((ip.value >> BigInt(i * 16)) & 0xffffn));
  // The longest run of two or more zero groups (the first of equals) becomes "::".
  let bestStart = -1;
  let bestLen = 1;
  for (let i = 0; i < 8; ) {
    if (groups[i] !== 0) {
      i++;
      continue;
    }
    let j = i;
    while (j < 8 && groups[j] === 0) j++;
    if (j - i > bestLen) {
      bestStart = i;
      bestLen = j - i;
    }
    i = j;
  }
  const hex = (g: number[]) => g.map((n) => n.toString(16)).join(':');
  if (bestStart < 0) return hex(groups);
  return `${hex(groups.slice(0, bestStart))}::${hex(groups.slice(bestStart + bestLen))}`;
}

/** The canonical text of an address given in any form Go's sloppy parser accepts, or undefined. */
export function canonicalIP(text: string): string | undefined {
  const ip = parseIP(text);
  return ip ? formatIP(ip) : undefined;
}
