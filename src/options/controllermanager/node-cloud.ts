// Node address allocation and cloud rows. The allocation rows drive the node-ipam controller; the
// cloud rows are read only by cloud provider controllers, which Kubernetes 1.35's controller
// manager no longer runs (KEP-2395), and orch skips them the same way.
import type { FlagSpec } from '../flag.ts';
import { NODE_CLOUD as group } from './groups.ts';

const status = 'implemented' as const;
const cloudNote = 'no cloud provider: as in Kubernetes 1.35, the cloud provider controllers that read it (cloud-node-lifecycle, node-route, service-lb) are skipped at start';

export const CIDR_ALLOCATOR_TYPES: readonly string[] = ['RangeAllocator', 'CloudAllocator'];

export const nodeCloudFlags: readonly FlagSpec[] = [
  { name: 'allocate-node-cidrs', type: 'bool', group, status,
    help: 'Should CIDRs for Pods be allocated and set on the cloud provider. Requires --cluster-cidr.' },
  { name: 'cluster-cidr', type: 'string', group, status,
    help: 'CIDR Range for Pods in cluster. Only used when --allocate-node-cidrs=true; if false, this option will be ignored.' },
  { name: 'service-cluster-ip-range', type: 'string', group, status,
    help: 'CIDR Range for Services in cluster. Only used when --allocate-node-cidrs=true; if false, this option will be ignored.' },
  { name: 'cidr-allocator-type', type: 'string', default: 'RangeAllocator', group, status,
    help: `Type of CIDR allocator to use (${CIDR_ALLOCATOR_TYPES.join(', ')}).` },
  { name: 'node-cidr-mask-size', type: 'int', group, status, valueName: 'int32',
    help: 'Mask size for node cidr in cluster. Default is 24 for IPv4 and 64 for IPv6.' },
  { name: 'node-cidr-mask-size-ipv4', type: 'int', default: '24', group, status, valueName: 'int32',
    help: 'Mask size for IPv4 node cidr in dual-stack cluster.' },
  { name: 'node-cidr-mask-size-ipv6', type: 'int', default: '64', group, status, valueName: 'int32',
    help: 'Mask size for IPv6 node cidr in dual-stack cluster.' },
  { name: 'configure-cloud-routes', type: 'bool', default: 'true', group, status, statusNote: cloudNote,
    help: 'Should CIDRs allocated by allocate-node-cidrs be configured on the cloud provider.' },
  { name: 'route-reconciliation-period', type: 'duration', default: '10s', group, status, statusNote: cloudNote,
    help: 'The period for reconciling routes created for Nodes by cloud provider.' },
  { name: 'cloud-provider', type: 'string', group, status, statusNote: cloudNote,
    help: 'The provider for cloud services. Empty string for no provider; "external" for a provider run outside the controller manager.' },
  { name: 'cloud-config', type: 'string', group, status, statusNote: cloudNote,
    help: 'The path to the cloud provider configuration file. Empty string for no configuration file.' },
  { name: 'external-cloud-volume-plugin', type: 'string', group, status, statusNote: cloudNote,
    help: 'The plugin to use when cloud provider is set to external. Can be empty, should only be set when cloud-provider is external. Currently used to allow node-ipam-controller, persistentvolume-binder-controller, persistentvolume-expander-controller and attach-detach-controller to work for in tree cloud providers.' },
  { name: 'cluster-name', type: 'string', default: 'orch', group, status, statusNote: cloudNote,
    help: 'The instance prefix for the cluster.' },
];
