// Ranges and addresses as numbers, for the ServiceCIDR questions of the service-cidr controller:
// which ServiceCIDRs hold an address, which hold a whole range, which overlap one (Kubernetes'
// pkg/api/servicecidr helpers over netip.Prefix).
import type { ServiceCIDR } from '../../../api/networking/v1/types.ts';
import { parseIPSloppy } from '../../../machinery/validation/ip.ts';

export interface Prefix {
  v6: boolean;
  /** The first address. */
  base: bigint;
  bits: number;
}

function toNumber(bytes: number[]): { v6: boolean; value: bigint } {
  const mapped = bytes.length === 16 && bytes.slice(0, 10).every((b) => b === 0) && bytes[10] === 0xff && bytes[11] === 0xff;
  const used = bytes.length === 4 || mapped ? bytes.slice(-4) : bytes;
  return { v6: used.length === 16, value: used.reduce((n, b) => (n << 8n) | BigInt(b), 0n) };
}

const width = (v6: boolean) => (v6 ? 128 : 32);

export function parseAddress(text: string): { v6: boolean; value: bigint } | undefined {
  const bytes = parseIPSloppy(text);
  return bytes ? toNumber(bytes) : undefined;
}

export function parsePrefix(text: string): Prefix | undefined {
  const slash = text.indexOf('/');
  if (slash < 0 || !/^\d{1,3}$/.test(text.slice(slash + 1))) return undefined;
  const addr = parseAddress(text.slice(0, slash));
  const bits = Number(text.slice(slash + 1));
  if (!addr || bits > width(addr.v6)) return undefined;
  const hostBits = BigInt(width(addr.v6) - bits);
  return { v6: addr.v6, base: (addr.value >> hostBits) << hostBits, bits };
}

function containsValue(p: Prefix, v6: boolean, value: bigint): boolean {
  if (p.v6 !== v6) return false;
  const hostBits = BigInt(width(p.v6) - p.bits);
  return value >> hostBits === p.base >> hostBits;
}

/** Whether two ranges share an address: the shorter one holds the other's first address. */
export function overlaps(a: Prefix, b: Prefix): boolean {
  return a.bits <= b.bits ? containsValue(a, b.v6, b.base) : containsValue(b, a.v6, a.base);
}

function prefixesOf(sc: ServiceCIDR): Prefix[] {
  return (sc.spec?.cidrs ?? []).map(parsePrefix).filter((p): p is Prefix => p !== undefined);
}

/** ServiceCIDRs with a range that holds the address. */
export function containingAddress(all: readonly ServiceCIDR[], address: string): ServiceCIDR[] {
  const a = parseAddress(address);
  if (!a) return [];
  return all.filter((sc) => prefixesOf(sc).some((p) => containsValue(p, a.v6, a.value)));
}

/** ServiceCIDRs with a range that holds the whole prefix (the same range counts). */
export function containingPrefix(all: readonly ServiceCIDR[], prefix: Prefix): ServiceCIDR[] {
  return all.filter((sc) => prefixesOf(sc).some((p) => overlaps(p, prefix) && p.bits <= prefix.bits));
}

/** ServiceCIDRs with a range that overlaps the prefix. */
export function overlappingPrefix(all: readonly ServiceCIDR[], prefix: Prefix): ServiceCIDR[] {
  return all.filter((sc) => prefixesOf(sc).some((p) => overlaps(p, prefix)));
}
