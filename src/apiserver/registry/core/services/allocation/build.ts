// The services resource's allocators from the server's options: one IP allocator per range of
// --service-cluster-ip-range over the IPAddress store, the node port bitmap of
// --service-node-port-range over its RangeAllocation, the allocation hook the services resource is
// installed with, and the repair hook. An IPAddress or node port counts as leaked once it is older
// than --request-timeout, the longest a create that took it may still be under way (Kubernetes
// waits its 60-second default).
import type { Service } from '../../../../../api/core/v1/service-types.ts';
import { klog } from '../../../../../component-base/logs/klog.ts';
import type { ApiObject, Store } from '../../../../../storage/interface.ts';
import type { GroupResourceName } from '../../../../../storage/keys.ts';
import type { Allocation } from '../../../generic/context.ts';
import type { IPFamily } from '../../../../../machinery/net/ip-address.ts';
import { IPAllocator } from './ip-allocator.ts';
import { IPADDRESS_RESOURCE, type IPAddress } from './ipaddress-object.ts';
import { NodePortAllocator, RANGES_RESOURCE, type RangeAllocation } from './node-port-allocator.ts';
import type { PortRange } from './port-bitmap.ts';
import { serviceRepairHook, type RepairHook } from './repair-hook.ts';
import { repairClusterIPs } from './repair-ips.ts';
import { nodePortRepair } from './repair-node-ports.ts';
import { DEFAULT_SERVICE_CIDR, orchServiceIP, parseServiceCIDRs, type ServiceIPRange } from './service-cidr.ts';
import { serviceAllocation } from './service-allocation.ts';

const log = klog('registry/services/allocation');

export interface ServiceAllocationOptions {
  /** --service-cluster-ip-range; '' for the default range. */
  serviceClusterIPRange: string;
  /** --service-node-port-range. */
  nodePortRange: PortRange;
  /** --request-timeout: the grace period of the repairs. */
  requestTimeoutMs: number;
  /** Repair period; Kubernetes' three minutes unless a test shortens it. */
  repairIntervalMs?: number;
}

export type StoreFor = <S extends ApiObject>(gr: GroupResourceName) => Store<S>;

export interface ServiceAllocationSetup {
  allocation: Allocation<Service>;
  ranges: ServiceIPRange[];
  /** The first address of the primary range, the orch service's. */
  orchServiceIP: string;
  /** The repair hook, once the services' store is known. */
  repairHook(services: { store: Store<Service>; prefix: string }): RepairHook;
}

/** Throws with kube-apiserver's message when a range cannot serve. */
export function buildServiceAllocation(opts: ServiceAllocationOptions, storeFor: StoreFor): ServiceAllocationSetup {
  if (opts.serviceClusterIPRange.trim() === '') {
    log.warning(`No CIDR for service cluster IPs specified. Default value which was ${DEFAULT_SERVICE_CIDR} is deprecated and will be removed in future releases. Please specify it using --service-cluster-ip-range on orch-apiserver.`);
  }
  const ranges = parseServiceCIDRs(opts.serviceClusterIPRange);
  const ipStore = storeFor<IPAddress>(IPADDRESS_RESOURCE);
  const rangeStore = storeFor<RangeAllocation>(RANGES_RESOURCE);
  const allocators = ranges.map((range) => new IPAllocator(range, ipStore));
  const ips = new Map<IPFamily, IPAllocator>(allocators.map((a) => [a.family, a]));
  const nodePorts = new NodePortAllocator(opts.nodePortRange, rangeStore);
  const graceMs = opts.requestTimeoutMs;
  return {
    allocation: serviceAllocation({ ips, nodePorts }),
    ranges,
    orchServiceIP: orchServiceIP(ranges[0]!),
    repairHook: ({ store, prefix }) => {
      const ports = nodePortRepair({ rangeStore, serviceStore: store, servicesPrefix: prefix, range: opts.nodePortRange, graceMs });
      return serviceRepairHook({
        intervalMs: opts.repairIntervalMs,
        passes: {
          'cluster IPs': () => repairClusterIPs({ ipStore, serviceStore: store, servicesPrefix: prefix, ranges, graceMs }),
          'node ports': () => ports.runOnce(),
        },
      });
    },
  };
}
