// Pod addresses from a node's pod CIDR (a /24, 10.244.<n>.0/24 for node n): the first address is
// the node's gateway, the last its broadcast, the rest go to pods, lowest free first, and come
// back when the pod's sandbox goes.
export class PodAddressPool {
  readonly cidr: string;
  private readonly prefix: string;
  private readonly used = new Set<number>();

  constructor(cidr: string) {
    const match = /^(\d+\.\d+\.\d+)\.0\/24$/.exec(cidr);
    if (!match) throw new Error(`pod CIDR ${cidr} is not a /24 network`);
    this.cidr = cidr;
    this.prefix = match[1]!;
  }

  /** A free address, or undefined when all 253 are taken. */
  allocate(): string | undefined {
    for (let host = 2; host < 255; host++) {
      if (this.used.has(host)) continue;
      this.used.add(host);
      return `${this.prefix}.${host}`;
    }
    return undefined;
  }

  /** Marks an address as taken (found on a pod when the agent starts); false when outside the pool. */
  reserve(ip: string): boolean {
    const host = this.hostOf(ip);
    if (host === undefined) return false;
    this.used.add(host);
    return true;
  }

  release(ip: string | undefined): void {
    const host = ip === undefined ? undefined : this.hostOf(ip);
    if (host !== undefined) this.used.delete(host);
  }

  private hostOf(ip: string): number | undefined {
    if (!ip.startsWith(`${this.prefix}.`)) return undefined;
    const host = Number(ip.slice(this.prefix.length + 1));
    return Number.isInteger(host) && host >= 2 && host < 255 ? host : undefined;
  }
}

/** The pod CIDR of the node numbered `n` (from 1). */
export function podCIDRFor(n: number): string {
  return `10.244.${n}.0/24`;
}
