// IP families and CIDRs as Kubernetes' legacy fields read them (k8s.io/utils/net's sloppy
// parsers): the family of an address or range, CIDR syntax, and the "one per family" rule that
// dual-stack lists (a service's clusterIPs, a node's podCIDRs) follow.
import { parseIPSloppy } from './ip.ts';

export type IPFamily = 'IPv4' | 'IPv6';

/** The family of an address Go's ParseIPSloppy accepts, or undefined. IPv4-mapped IPv6 counts as IPv4, as in Go. */
export function ipFamilyOf(ip: string): IPFamily | undefined {
  const bytes = parseIPSloppy(ip);
  if (!bytes) return undefined;
  if (bytes.length === 4) return 'IPv4';
  const mapped = bytes.slice(0, 10).every((b) => b === 0) && bytes[10] === 0xff && bytes[11] === 0xff;
  return mapped ? 'IPv4' : 'IPv6';
}

/** The family of a CIDR Go's ParseCIDRSloppy accepts (`addr/prefix`), or undefined. */
export function cidrFamilyOf(cidr: string): IPFamily | undefined {
  const slash = cidr.indexOf('/');
  if (slash < 0) return undefined;
  const addr = cidr.slice(0, slash);
  const prefix = cidr.slice(slash + 1);
  if (!/^\d{1,3}$/.test(prefix)) return undefined;
  const bytes = parseIPSloppy(addr);
  if (!bytes) return undefined;
  // Go takes the prefix against the textual form: 32 bits for dotted quads, 128 otherwise.
  const bits = addr.includes(':') ? 128 : 32;
  if (Number(prefix) > bits) return undefined;
  return ipFamilyOf(addr);
}

/** net.IsDualStack*: at least one entry of each family (entries must already parse). */
export function isDualStack(families: readonly (IPFamily | undefined)[]): boolean {
  return families.includes('IPv4') && families.includes('IPv6');
}
