// The pod ranges of one cluster CIDR, as Kubernetes' cidrset keeps them: the cluster CIDR cut into
// node-sized subnets, each used or free; allocation takes the next free one after the last taken
// (wrapping), occupy and release mark every subnet a given range overlaps.
import { formatPrefix, lastAddress, prefixContains, type IPPrefix } from './ip-prefix.ts';

/** Kubernetes refuses a cluster CIDR of more than 2^16 node subnets. */
const MAX_SUBNET_BITS_DIFF = 16;

export const ERR_NO_CIDRS_REMAINING = 'CIDR allocation failed; there are no remaining CIDRs left to allocate in the accepted range';
export const ERR_SUBNET_TOO_BIG = 'New CIDR set failed; the node CIDR size is too big';

export class CidrSet {
  readonly cluster: IPPrefix;
  readonly nodeBits: number;
  private readonly max: number;
  private readonly used: Uint8Array;
  private nextCandidate = 0;

  constructor(cluster: IPPrefix, nodeBits: number) {
    const diff = nodeBits - cluster.bits;
    if (diff > MAX_SUBNET_BITS_DIFF) throw new Error(ERR_SUBNET_TOO_BIG);
    this.cluster = cluster;
    this.nodeBits = nodeBits;
    this.max = 2 ** Math.max(0, diff);
    this.used = new Uint8Array(this.max);
  }

  /** The next free subnet, now taken. */
  allocateNext(): IPPrefix {
    for (let i = 0; i < this.max; i++) {
      const index = (this.nextCandidate + i) % this.max;
      if (this.used[index]) continue;
      this.used[index] = 1;
      this.nextCandidate = (index + 1) % this.max;
      return this.subnet(index);
    }
    throw new Error(ERR_NO_CIDRS_REMAINING);
  }

  /** Marks the subnets `range` overlaps as used. */
  occupy(range: IPPrefix): void {
    const [begin, end] = this.indices(range);
    for (let i = begin; i <= end; i++) this.used[i] = 1;
  }

  /** Marks the subnets `range` overlaps as free. */
  release(range: IPPrefix): void {
    const [begin, end] = this.indices(range);
    for (let i = begin; i <= end; i++) this.used[i] = 0;
  }

  /** Subnets taken (for tests and logs). */
  usedCount(): number {
    return this.used.reduce((sum, u) => sum + u, 0);
  }

  private subnet(index: number): IPPrefix {
    const shift = BigInt(bitsOf(this.cluster) - this.nodeBits);
    return { family: this.cluster.family, base: this.cluster.base + (BigInt(index) << shift), bits: this.nodeBits };
  }

  private indices(range: IPPrefix): [number, number] {
    const overlaps = prefixContains(this.cluster, range.family, range.base) || prefixContains(range, this.cluster.family, this.cluster.base);
    if (!overlaps) throw new Error(`cidr ${formatPrefix(range)} is out the range of cluster cidr ${formatPrefix(this.cluster)}`);
    // A range wider than the cluster CIDR covers all of it.
    if (range.bits <= this.cluster.bits) return [0, this.max - 1];
    return [this.indexOf(range.base), this.indexOf(lastAddress(range))];
  }

  private indexOf(address: bigint): number {
    const shift = BigInt(bitsOf(this.cluster) - this.nodeBits);
    const index = Number((address - this.cluster.base) >> shift);
    if (index >= this.max) throw new Error(`CIDR: ${formatPrefix({ ...this.cluster, base: address, bits: this.nodeBits })} is out of the range of CIDR allocator`);
    return index;
  }
}

function bitsOf(p: IPPrefix): number {
  return p.family === 'IPv4' ? 32 : 128;
}
