// CIDR prefixes as numbers, for the pod range arithmetic of the node IPAM controller: parsed as
// Go's net.ParseCIDR reads them (the address masked to its prefix) and printed as IPNet.String
// does (dotted quads; RFC 5952 for IPv6, the longest run of zero groups as "::").
import { parseIPSloppy } from '../../../machinery/validation/ip.ts';

export type IPFamily = 'IPv4' | 'IPv6';

export interface IPPrefix {
  family: IPFamily;
  /** The first address, as a number. */
  base: bigint;
  /** Prefix length in bits. */
  bits: number;
}

export const FAMILY_BITS: Record<IPFamily, number> = { IPv4: 32, IPv6: 128 };

/** The prefix, or undefined when the text is not a CIDR. */
export function parsePrefix(text: string): IPPrefix | undefined {
  const slash = text.indexOf('/');
  if (slash < 0) return undefined;
  const bitsText = text.slice(slash + 1);
  if (!/^\d{1,3}$/.test(bitsText)) return undefined;
  const bytes = parseIPSloppy(text.slice(0, slash));
  if (!bytes) return undefined;
  const mapped = bytes.length === 16 && bytes.slice(0, 10).every((b) => b === 0) && bytes[10] === 0xff && bytes[11] === 0xff;
  const used = mapped ? bytes.slice(12) : bytes;
  const family: IPFamily = used.length === 4 ? 'IPv4' : 'IPv6';
  const bits = Number(bitsText);
  if (bits > FAMILY_BITS[family]) return undefined;
  let value = 0n;
  for (const b of used) value = (value << 8n) | BigInt(b);
  return { family, base: value & ~hostMask(family, bits), bits };
}

/** The host bits of a prefix length as a mask. */
export function hostMask(family: IPFamily, bits: number): bigint {
  return (1n << BigInt(FAMILY_BITS[family] - bits)) - 1n;
}

/** The last address of a prefix. */
export function lastAddress(p: IPPrefix): bigint {
  return p.base | hostMask(p.family, p.bits);
}

/** Whether the address lies in the prefix. */
export function prefixContains(p: IPPrefix, family: IPFamily, address: bigint): boolean {
  return p.family === family && (address & ~hostMask(p.family, p.bits)) === p.base;
}

export function formatPrefix(p: IPPrefix): string {
  return `${formatAddress(p.family, p.base)}/${p.bits}`;
}

export function formatAddress(family: IPFamily, value: bigint): string {
  if (family === 'IPv4') {
    const v = Number(value);
    return [v >>> 24, (v >>> 16) & 0xff, (v >>> 8) & 0xff, v & 0xff].join('.');
  }
  const groups: number[] = [];
  for (let i = 7; i >= 0; i--) groups.push(Number((value >> BigInt(i * 16)) & 0xffffn));
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
