// Go's net.IP.IsGlobalUnicast, which decides whether the server may proxy to an address: pods'
// and nodes' proxies refuse loopback, link-local, multicast, broadcast and unspecified addresses
// (private ranges are global unicast in Go's sense, and allowed).
import { isLinkLocalUnicast, isLoopback, isUnspecified, parseIPSloppy } from '../../../../machinery/validation/ip.ts';

/** An IPv4 address as its 4 bytes, IPv4-mapped IPv6 included (Go's To4). */
function to4(ip: number[]): number[] | undefined {
  if (ip.length === 4) return ip;
  const mapped = ip.slice(0, 10).every((b) => b === 0) && ip[10] === 0xff && ip[11] === 0xff;
  return mapped ? ip.slice(12) : undefined;
}

function isMulticast(ip: number[]): boolean {
  const v4 = to4(ip);
  return v4 ? (v4[0]! & 0xf0) === 0xe0 : ip[0] === 0xff;
}

function isBroadcast(ip: number[]): boolean {
  return to4(ip)?.every((b) => b === 255) ?? false;
}

/** True for an address Go parses (sloppily) and calls global unicast. */
export function isGlobalUnicastAddress(address: string): boolean {
  const ip = parseIPSloppy(address);
  if (!ip) return false;
  return !isBroadcast(ip) && !isUnspecified(ip) && !isLoopback(ip) && !isMulticast(ip) && !isLinkLocalUnicast(ip);
}
