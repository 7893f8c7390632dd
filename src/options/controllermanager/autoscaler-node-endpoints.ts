// Autoscaler, node lifecycle and eviction, and endpoint and slice rows.
import type { FlagSpec } from '../flag.ts';
import { AUTOSCALER, ENDPOINTS, NODE_LIFECYCLE } from './groups.ts';

const status = 'implemented' as const;

export const autoscalerFlags: readonly FlagSpec[] = [
  { name: 'horizontal-pod-autoscaler-sync-period', type: 'duration', default: '15s', group: AUTOSCALER, status,
    help: 'The period for syncing the number of pods in horizontal pod autoscaler.' },
  { name: 'horizontal-pod-autoscaler-downscale-stabilization', type: 'duration', default: '5m0s', group: AUTOSCALER, status,
    help: 'Period for which autoscaler will look backwards and not scale down below any recommendation it made during that period.' },
  { name: 'horizontal-pod-autoscaler-cpu-initialization-period', type: 'duration', default: '5m0s', group: AUTOSCALER, status,
    help: 'The period after pod start when CPU samples might be skipped.' },
  { name: 'horizontal-pod-autoscaler-initial-readiness-delay', type: 'duration', default: '30s', group: AUTOSCALER, status,
    help: 'The period after pod start during which readiness changes will be treated as initial readiness.' },
  { name: 'horizontal-pod-autoscaler-tolerance', type: 'float', default: '0.1', group: AUTOSCALER, status, valueName: 'float',
    help: 'The minimum change (from 1.0) in the desired-to-actual metrics ratio for the horizontal pod autoscaler to consider scaling.' },
];

export const nodeLifecycleFlags: readonly FlagSpec[] = [
  { name: 'node-monitor-grace-period', type: 'duration', default: '50s', group: NODE_LIFECYCLE, status: 'implemented',
    help: 'Amount of time which we allow running Node to be unresponsive before marking it unhealthy. Must be N times more than the node agent\'s nodeStatusUpdateFrequency, where N means number of retries allowed for the node agent to post node status. This value should also be greater than the sum of HTTP2_PING_TIMEOUT_SECONDS and HTTP2_READ_IDLE_TIMEOUT_SECONDS' },
  { name: 'node-startup-grace-period', type: 'duration', default: '1m0s', group: NODE_LIFECYCLE, status: 'implemented',
    help: 'Amount of time which we allow starting Node to be unresponsive before marking it unhealthy.' },
  { name: 'node-monitor-period', type: 'duration', default: '5s', group: NODE_LIFECYCLE, status: 'implemented',
    help: 'The period for syncing NodeStatus in cloud-node-lifecycle-controller.' },
  { name: 'node-eviction-rate', type: 'float', default: '0.1', group: NODE_LIFECYCLE, status: 'implemented', valueName: 'float',
    help: 'Number of nodes per second on which pods are deleted in case of node failure when a zone is healthy (see --unhealthy-zone-threshold for definition of healthy/unhealthy). Zone refers to entire cluster in non-multizone clusters.' },
  { name: 'secondary-node-eviction-rate', type: 'float', default: '0.01', group: NODE_LIFECYCLE, status: 'implemented', valueName: 'float',
    help: 'Number of nodes per second on which pods are deleted in case of node failure when a zone is unhealthy (see --unhealthy-zone-threshold for definition of healthy/unhealthy). Zone refers to entire cluster in non-multizone clusters. This value is implicitly overridden to 0 if the cluster size is smaller than --large-cluster-size-threshold.' },
  { name: 'large-cluster-size-threshold', type: 'int', default: '50', group: NODE_LIFECYCLE, status: 'implemented', valueName: 'int32',
    help: 'Number of nodes from which node-lifecycle-controller treats the cluster as large for the eviction logic purposes. --secondary-node-eviction-rate is implicitly overridden to 0 for clusters this size or smaller. Notice: If nodes reside in multiple zones, this threshold will be considered as zone node size threshold for each zone to determine node eviction rate independently.' },
  { name: 'unhealthy-zone-threshold', type: 'float', default: '0.55', group: NODE_LIFECYCLE, status: 'implemented', valueName: 'float32',
    help: 'Fraction of Nodes in a zone which needs to be not Ready (minimum 3) for zone to be treated as unhealthy.' },
  { name: 'terminated-pod-gc-threshold', type: 'int', default: '12500', group: NODE_LIFECYCLE, status: 'implemented', valueName: 'int32',
    help: 'Number of terminated pods that can exist before the terminated pod garbage collector starts deleting terminated pods. If <= 0, the terminated pod garbage collector is disabled.' },
];

export const endpointFlags: readonly FlagSpec[] = [
  { name: 'endpoint-updates-batch-period', type: 'duration', group: ENDPOINTS, status: 'implemented',
    help: 'The length of endpoint updates batching period. Processing of pod changes will be delayed by this duration to join them with potential upcoming updates and reduce the overall number of endpoints updates. Larger number = higher endpoint programming latency, but lower number of endpoints revision generated' },
  { name: 'endpointslice-updates-batch-period', type: 'duration', group: ENDPOINTS, status: 'implemented',
    help: 'The length of endpoint slice updates batching period. Processing of pod changes will be delayed by this duration to join them with potential upcoming updates and reduce the overall number of endpoints updates. Larger number = higher endpoint programming latency, but lower number of endpoints revision generated' },
  { name: 'mirroring-endpointslice-updates-batch-period', type: 'duration', group: ENDPOINTS, status: 'implemented',
    help: 'The length of EndpointSlice updates batching period for endpointslice-mirroring-controller. Processing of EndpointSlice changes will be delayed by this duration to join them with potential upcoming updates and reduce the overall number of EndpointSlice updates. Larger number = higher endpoint programming latency, but lower number of endpoints revision generated' },
  { name: 'max-endpoints-per-slice', type: 'int', default: '100', group: ENDPOINTS, status: 'implemented', valueName: 'int32',
    help: 'The maximum number of endpoints that will be added to an EndpointSlice. More endpoints per slice will result in less endpoint slices, but larger resources. Defaults to 100.' },
  { name: 'mirroring-max-endpoints-per-subset', type: 'int', default: '1000', group: ENDPOINTS, status: 'implemented', valueName: 'int32',
    help: 'The maximum number of endpoints that will be added to an EndpointSlice by the endpointslice-mirroring-controller. More endpoints per slice will result in less endpoint slices, but larger resources. Defaults to 1000.' },
];
