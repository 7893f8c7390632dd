// IP address checks as Kubernetes makes them on legacy fields: Go's sloppy parser (IPv4 octets
// may have leading zeros), and the special ranges an endpoint may not use.
import { isIPv6 } from 'node:net';

const SLOPPY_V4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

function v4Bytes(s: string): number[] | undefined {
  const m = SLOPPY_V4.exec(s);
  if (!m) return undefined;
  const bytes = m.slice(1).map(Number);
  return bytes.every((b) => b <= 255) ? bytes : undefined;
}

function v6Bytes(s: string): number[] | undefined {
  if (!isIPv6(s) || s.includes('%')) return undefined;
  let text = s;
  let tail: number[] = [];
  const lastColon = text.lastIndexOf(':');
  if (text.slice(lastColon + 1).includes('.')) {
    tail = v4Bytes(text.slice(lastColon + 1)) ?? [];
    text = `${text.slice(0, lastColon + 1)}0:0`;
  }
  const [head, rest] = text.includes('::') ? text.split('::') : [text, undefined];
  const groups = (g: string | undefined) => (g ? g.split(':').filter((x) => x !== '') : []);
  const left = groups(head);
  const right = groups(rest);
  const fill = rest === undefined ? [] : new Array<string>(8 - left.length - right.length).fill('0');
  const all = [...left, ...fill, ...right].map((g) => parseInt(g, 16));
  const bytes = all.flatMap((g) => [g >> 8, g & 0xff]);
  if (tail.length) bytes.splice(12, 4, ...tail);
  return bytes;
}

/** The address as 4 or 16 bytes, or undefined when Go's ParseIPSloppy would refuse it. */
export function parseIPSloppy(s: string): number[] | undefined {
  // The sloppy pattern takes every strict address too; node:net's isIPv4 compiles a large pattern on first use.
  if (SLOPPY_V4.test(s)) return v4Bytes(s);
  return v6Bytes(s);
}

/** An IPv4 address, or an IPv4-mapped IPv6 one, as its 4 bytes (Go's To4). */
function to4(ip: number[]): number[] | undefined {
  if (ip.length === 4) return ip;
  const mapped = ip.slice(0, 10).every((b) => b === 0) && ip[10] === 0xff && ip[11] === 0xff;
  return mapped ? ip.slice(12) : undefined;
}

export function isUnspecified(ip: number[]): boolean {
  const v4 = to4(ip);
  return v4 ? v4.every((b) => b === 0) : ip.every((b) => b === 0);
}

export function isLoopback(ip: number[]): boolean {
  const v4 = to4(ip);
  return v4 ? v4[0] === 127 : ip.slice(0, 15).every((b) => b === 0) && ip[15] === 1;
}

export function isLinkLocalUnicast(ip: number[]): boolean {
  const v4 = to4(ip);
  return v4 ? v4[0] === 169 && v4[1] === 254 : ip[0] === 0xfe && (ip[1]! & 0xc0) === 0x80;
}

export function isLinkLocalMulticast(ip: number[]): boolean {
  const v4 = to4(ip);
  return v4 ? v4[0] === 224 && v4[1] === 0 && v4[2] === 0 : ip[0] === 0xff && (ip[1]! & 0x0f) === 0x02;
}
