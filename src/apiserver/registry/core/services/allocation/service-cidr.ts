// The service IP ranges of --service-cluster-ip-range (one, or one per family for dual-stack),
// each with the bounds the allocator hands addresses from. As Kubernetes: the network address is
// never given, nor IPv4's broadcast address; the low end of a range (16 to 256 addresses, a
// sixteenth of the range) is a band for addresses that clients ask for by number, which dynamic
// allocation only uses once the rest is full; the first address is the orch service's.
import { FAMILY_BITS, formatIP, parseIP, type IPFamily } from '../../../../../machinery/net/ip-address.ts';

/** Kubernetes' DefaultServiceIPCIDR, used (with a warning) when no range is given. */
export const DEFAULT_SERVICE_CIDR = '10.0.0.0/24';

export interface ServiceIPRange {
  family: IPFamily;
  /** The masked prefix as Go prints it, e.g. 10.96.0.0/12: named in "not in the valid range" messages. */
  cidr: string;
  network: bigint;
  prefixLength: number;
  /** The first and last addresses the allocator may give, inclusive. */
  first: bigint;
  last: bigint;
  /** Size of the low band, kept for requested addresses while the upper part has room. */
  staticBand: number;
}

/** Kubernetes' calculateRangeOffset: min(max(16, size / 16), 256), none for ranges of 16 or fewer. */
function staticBandSize(hostBits: number): number {
  if (hostBits >= 63) return 256;
  const size = 2 ** hostBits;
  if (size <= 16) return 0;
  return Math.min(Math.max(16, Math.floor(size / 16)), 256);
}

/** Parses one CIDR; throws with the message kube-apiserver stops with. */
export function parseServiceCIDR(text: string): ServiceIPRange {
  const slash = text.indexOf('/');
  const ip = slash > 0 ? parseIP(text.slice(0, slash)) : undefined;
  const prefixLength = Number(text.slice(slash + 1));
  if (!ip || !/^\d{1,3}$/.test(text.slice(slash + 1)) || prefixLength > FAMILY_BITS[ip.family]) {
    throw new Error(`--service-cluster-ip-range: ${JSON.stringify(text)} is not a valid CIDR`);
  }
  const bits = FAMILY_BITS[ip.family];
  const hostBits = bits - prefixLength;
  if (ip.family === 'IPv6' && prefixLength < 64) throw new Error(`shortest allowed prefix length for service CIDR is 64, got ${prefixLength}`);
  if (hostBits < 3) throw new Error('the service cluster IP range must be at least 8 IP addresses');
  const hostMask = (1n << BigInt(hostBits)) - 1n;
  const network = ip.value & ~hostMask & ((1n << BigInt(bits)) - 1n);
  const broadcast = network | hostMask;
  return {
    family: ip.family,
    cidr: `${formatIP({ family: ip.family, value: network })}/${prefixLength}`,
    network,
    prefixLength,
    first: network + 1n,
    last: ip.family === 'IPv4' ? broadcast - 1n : broadcast,
    staticBand: staticBandSize(hostBits),
  };
}

/** The ranges of --service-cluster-ip-range, the primary first; the default range when it is empty. */
export function parseServiceCIDRs(flag: string): ServiceIPRange[] {
  const texts = flag.trim() === '' ? [DEFAULT_SERVICE_CIDR] : flag.split(',').map((c) => c.trim());
  return texts.map(parseServiceCIDR);
}

export function rangeContains(range: ServiceIPRange, family: IPFamily, value: bigint): boolean {
  return family === range.family && value >= range.first && value <= range.last;
}

/** The orch service's address: the first of the primary range (Kubernetes' GetIndexedIP(range, 1)). */
export function orchServiceIP(range: ServiceIPRange): string {
  return formatIP({ family: range.family, value: range.network + 1n });
}

/** The range's network address as text, which a dry-run allocation answers with, as Kubernetes does. */
export function networkAddress(range: ServiceIPRange): string {
  return formatIP({ family: range.family, value: range.network });
}
