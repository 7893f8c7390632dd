// Kubernetes' range allocator without its I/O: one CidrSet per cluster CIDR (the service ranges
// taken out first), a node's existing podCIDRs occupied, a node without any given one subnet of
// each cluster CIDR, and a deleted node's released. Which nodes are being assigned is tracked so
// two events for one node do not take two ranges.
import type { Node } from '../../../api/core/v1/node-types.ts';
import { CidrSet } from './cidr-set.ts';
import { formatPrefix, parsePrefix, prefixContains, type IPPrefix } from './ip-prefix.ts';
import type { IpamConfig } from './ipam-config.ts';

export class RangeAllocator {
  private readonly sets: CidrSet[];
  private readonly inProcessing = new Set<string>();

  constructor(config: IpamConfig, onServiceOverlapError?: (err: Error) => void) {
    this.sets = config.clusterCIDRs.map((cidr, i) => new CidrSet(cidr, config.nodeMaskSizes[i]!));
    for (const service of config.serviceCIDRs) {
      for (const set of this.sets) {
        const overlaps = prefixContains(set.cluster, service.family, service.base) || prefixContains(service, set.cluster.family, set.cluster.base);
        if (!overlaps) continue;
        try {
          set.occupy(service);
        } catch (err) {
          onServiceOverlapError?.(err as Error);
        }
      }
    }
  }

  /** Marks a node's podCIDRs used; throws when one lies outside its cluster CIDR. */
  occupy(node: Node): void {
    const name = node.metadata.name ?? '';
    try {
      (node.spec?.podCIDRs ?? []).forEach((text, idx) => {
        const cidr = parsePrefix(text);
        if (!cidr) throw new Error(`failed to parse node ${name}, CIDR ${node.spec?.podCIDR ?? ''}`);
        const set = this.sets[idx];
        if (!set) throw new Error(`node:${name} has an allocated cidr: ${text} at index:${idx} that does not exist in cluster cidrs configuration`);
        try {
          set.occupy(cidr);
        } catch (err) {
          throw new Error(`failed to mark cidr[${formatPrefix(cidr)}] at idx [${idx}] as occupied for node: ${name}: ${(err as Error).message}`);
        }
      });
    } finally {
      this.inProcessing.delete(name);
    }
  }

  /**
   * For a node without podCIDRs, one new range per cluster CIDR (the caller writes them and then
   * calls done()); for a node with some, occupies them and returns undefined. Undefined too when
   * the node is already being assigned.
   */
  allocateOrOccupy(node: Node): IPPrefix[] | undefined {
    const name = node.metadata.name ?? '';
    if (this.inProcessing.has(name)) return undefined;
    this.inProcessing.add(name);
    if (node.spec?.podCIDRs?.length) {
      this.occupy(node);
      return undefined;
    }
    const taken: IPPrefix[] = [];
    for (const [idx, set] of this.sets.entries()) {
      try {
        taken.push(set.allocateNext());
      } catch (err) {
        taken.forEach((cidr, i) => this.sets[i]!.release(cidr));
        this.inProcessing.delete(name);
        throw new Error(`failed to allocate cidr from cluster cidr at idx:${idx}: ${(err as Error).message}`);
      }
    }
    return taken;
  }

  /** The node's assignment finished (written, found written, or given up). */
  done(nodeName: string): void {
    this.inProcessing.delete(nodeName);
  }

  /** Gives back ranges taken for a node that did not get them. */
  releaseRanges(ranges: IPPrefix[]): void {
    ranges.forEach((cidr, idx) => this.sets[idx]?.release(cidr));
  }

  /** Frees a deleted node's podCIDRs. */
  release(node: Node): void {
    const name = node.metadata.name ?? '';
    (node.spec?.podCIDRs ?? []).forEach((text, idx) => {
      const cidr = parsePrefix(text);
      if (!cidr) throw new Error(`failed to parse CIDR ${text} on Node ${name}`);
      const set = this.sets[idx];
      if (!set) throw new Error(`node:${name} has an allocated cidr: ${text} at index:${idx} that does not exist in cluster cidrs configuration`);
      set.release(cidr);
    });
  }

  /** Ranges in use per cluster CIDR (for tests). */
  usedCounts(): number[] {
    return this.sets.map((s) => s.usedCount());
  }
}
