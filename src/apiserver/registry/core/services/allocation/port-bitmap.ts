// The node port range of --service-node-port-range as a bitmap, one bit per port, as Kubernetes
// keeps it. Random allocation prefers the upper part of the range and keeps a low band (16 to 128
// ports, a thirty-second of the range) for ports clients ask for by number. The snapshot is the
// bitmap as Go's big.Int writes it (big-endian bytes, bit i = port base + i), base64 in JSON.
import { randomInt } from 'node:crypto';

export interface PortRange {
  base: number;
  size: number;
}

export function portRangeString(range: PortRange): string {
  return `${range.base}-${range.base + range.size - 1}`;
}

/** Kubernetes' port calculateRangeOffset: min(max(16, size / 32), 128), none for 16 ports or fewer. */
export function portStaticBand(size: number): number {
  if (size <= 16) return 0;
  return Math.min(Math.max(16, Math.floor(size / 32)), 128);
}

export class PortBitmap {
  readonly range: PortRange;
  private readonly bits: Uint8Array;

  constructor(range: PortRange, bits?: Uint8Array) {
    this.range = range;
    this.bits = bits ?? new Uint8Array(Math.ceil(range.size / 8));
  }

  inRange(port: number): boolean {
    return Number.isInteger(port) && port >= this.range.base && port < this.range.base + this.range.size;
  }

  has(port: number): boolean {
    if (!this.inRange(port)) return false;
    const i = port - this.range.base;
    return (this.bits[i >> 3]! & (1 << (i & 7))) !== 0;
  }

  set(port: number): void {
    const i = port - this.range.base;
    this.bits[i >> 3]! |= 1 << (i & 7);
  }

  clear(port: number): void {
    if (!this.inRange(port)) return;
    const i = port - this.range.base;
    this.bits[i >> 3]! &= ~(1 << (i & 7));
  }

  count(): number {
    let n = 0;
    for (const b of this.bits) for (let v = b; v; v &= v - 1) n++;
    return n;
  }

  /** A free port at random, the upper part first, or undefined when the range is full. */
  pickFree(): number | undefined {
    const band = portStaticBand(this.range.size);
    return this.scan(band, this.range.size - band) ?? (band > 0 ? this.scan(0, band) : undefined);
  }

  private scan(offset: number, length: number): number | undefined {
    if (length <= 0) return undefined;
    const start = randomInt(length);
    for (let k = 0; k < length; k++) {
      const port = this.range.base + offset + ((start + k) % length);
      if (!this.has(port)) return port;
    }
    return undefined;
  }

  clone(): PortBitmap {
    return new PortBitmap(this.range, this.bits.slice());
  }

  /** Go's big.Int.Bytes() of the bitmap, base64. */
  snapshot(): string {
    const bigEndian = this.bits.slice().reverse();
    let start = 0;
    while (start < bigEndian.length && bigEndian[start] === 0) start++;
    return Buffer.from(bigEndian.subarray(start)).toString('base64');
  }

  static restore(range: PortRange, data: string | undefined): PortBitmap {
    const map = new PortBitmap(range);
    const bytes = Buffer.from(data ?? '', 'base64');
    // Byte j from the end holds bits 8j..8j+7; bits past the range (a range that shrank) are dropped.
    for (let j = 0; j < bytes.length && j < map.bits.length; j++) map.bits[j] = bytes[bytes.length - 1 - j]!;
    const extra = map.bits.length * 8 - range.size;
    if (extra > 0) map.bits[map.bits.length - 1]! &= 0xff >> extra;
    return map;
  }
}
