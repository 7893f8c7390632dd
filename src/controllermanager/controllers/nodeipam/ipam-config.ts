// What the node IPAM controller is built from, checked as kube-controller-manager checks it before
// starting the controller: one cluster CIDR or a dual-stack pair, a node mask size per CIDR from
// --node-cidr-mask-size (single stack only) or the per-family flags (24 and 64 unless given), no
// node mask wider than its cluster CIDR, and at most two service CIDRs of different families.
import type { NodeIPAMControllerOptions } from '../../../options/controllermanager/node-controller-options.ts';
import { parsePrefix, type IPPrefix } from './ip-prefix.ts';

const DEFAULT_MASK_IPV4 = 24;
const DEFAULT_MASK_IPV6 = 64;

export interface IpamConfig {
  clusterCIDRs: IPPrefix[];
  /** One per cluster CIDR, in the same order. */
  nodeMaskSizes: number[];
  /** Ranges kept out of the pod ranges. */
  serviceCIDRs: IPPrefix[];
}

/** The checked configuration; throws with Kubernetes' message when it would not start. */
export function ipamConfig(opts: NodeIPAMControllerOptions): IpamConfig {
  if (opts.allocatorType === 'CloudAllocator') throw new Error("--cidr-allocator-type is set to 'CloudAllocator' but cloud provider is not configured");
  const clusterCIDRs = opts.clusterCIDRs.map((text) => {
    const p = parsePrefix(text);
    if (!p) throw new Error(`invalid CIDR address: ${text}`);
    return p;
  });
  if (clusterCIDRs.length === 0) throw new Error('Controller: Must specify --cluster-cidr if --allocate-node-cidrs is set');
  const dualStack = clusterCIDRs.length === 2 && clusterCIDRs[0]!.family !== clusterCIDRs[1]!.family;
  if (clusterCIDRs.length > 1 && !dualStack) {
    if (clusterCIDRs.length > 2 && new Set(clusterCIDRs.map((c) => c.family)).size === 2) throw new Error(`length of clusterCIDRs is:${clusterCIDRs.length} more than max allowed of 2`);
    throw new Error(`len of ClusterCIDRs==${clusterCIDRs.length} and they are not configured as dual stack (at least one from each IPFamily`);
  }
  const serviceCIDRs = opts.serviceCIDRs.slice(0, 2).map(parsePrefix).filter((p): p is IPPrefix => p !== undefined);
  if (serviceCIDRs.length === 2 && serviceCIDRs[0]!.family === serviceCIDRs[1]!.family) {
    throw new Error('serviceCIDR and secondaryServiceCIDR are not dualstack (from different IPfamiles)');
  }
  const nodeMaskSizes = nodeMasks(opts, clusterCIDRs);
  clusterCIDRs.forEach((cidr, i) => {
    if (cidr.bits > nodeMaskSizes[i]!) {
      throw new Error('Controller: Invalid --cluster-cidr, mask size of cluster CIDR must be less than or equal to --node-cidr-mask-size configured for CIDR family');
    }
  });
  return { clusterCIDRs, nodeMaskSizes, serviceCIDRs };
}

function nodeMasks(opts: NodeIPAMControllerOptions, clusterCIDRs: IPPrefix[]): number[] {
  const byFamily = (v4: number, v6: number) => clusterCIDRs.map((c) => (c.family === 'IPv6' ? v6 : v4));
  const v4 = opts.nodeCIDRMaskSizeIPv4 || DEFAULT_MASK_IPV4;
  const v6 = opts.nodeCIDRMaskSizeIPv6 || DEFAULT_MASK_IPV6;
  if (clusterCIDRs.length > 1) {
    if (opts.nodeCIDRMaskSize) throw new Error('usage of --node-cidr-mask-size is not allowed with dual-stack clusters');
    return byFamily(v4, v6);
  }
  if (opts.nodeCIDRMaskSize) {
    if (opts.nodeCIDRMaskSizeIPv4 || opts.nodeCIDRMaskSizeIPv6) {
      throw new Error('usage of --node-cidr-mask-size-ipv4 and --node-cidr-mask-size-ipv6 is not allowed if --node-cidr-mask-size is set. For dual-stack clusters please unset it and use IPFamily specific flags');
    }
    return byFamily(opts.nodeCIDRMaskSize, opts.nodeCIDRMaskSize);
  }
  const singleStackIPv6 = clusterCIDRs[0]!.family === 'IPv6';
  if (opts.nodeCIDRMaskSizeIPv4 && singleStackIPv6) throw new Error('usage of --node-cidr-mask-size-ipv4 is not allowed for a single-stack IPv6 cluster');
  if (opts.nodeCIDRMaskSizeIPv6 && !singleStackIPv6) throw new Error('usage of --node-cidr-mask-size-ipv6 is not allowed for a single-stack IPv4 cluster');
  return byFamily(v4, v6);
}
