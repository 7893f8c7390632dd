// CIDR prefixes as numbers, for the pod range arithmetic of the node IPAM controller: parsed as
// Go's net.ParseCIDR reads them (the address masked to its prefix) and printed as IPNet.String
// does (dotted quads; RFC 5952 for IPv6, the longest run of zero groups as "::").
import { FAMILY_BITS, formatIP, parseIP, type IPFamily } from '../../../machinery/net/ip-address.ts';

export { FAMILY_BITS, type IPFamily };

export interface IPPrefix {
  family: IPFamily;
  /** The first address, as a number. */
  base: bigint;
  /** Prefix length in bits. */
  bits: number;
}

/** The prefix, or undefined when the text is not a CIDR. */
export function parsePrefix(text: string): IPPrefix | undefined {
  const slash = text.indexOf('/');
  if (slash < 0) return undefined;
  const bitsText = text.slice(slash + 1);
  if (!/^\d{1,3}$/.test(bitsText)) return undefined;
  const ip = parseIP(text.slice(0, slash));
  if (!ip) return undefined;
  const bits = Number(bitsText);
  if (bits > FAMILY_BITS[ip.family]) return undefined;
  return { family: ip.family, base: ip.value & ~hostMask(ip.family, bits), bits };
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
  return formatIP({ family, value });
}
