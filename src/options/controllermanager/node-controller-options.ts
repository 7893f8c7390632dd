// The node controllers' rows as typed options, named as Kubernetes names their configurations
// (NodeLifecycleController, NodeIPAMController and the cloud rows of KubeCloudShared). The
// taint-eviction and ttl controllers have no rows of their own.
import type { OptionReader } from '../option-reader.ts';

export interface NodeLifecycleControllerOptions {
  /** --node-monitor-period: how often node health is looked at. */
  monitorPeriodMs: number;
  /** --node-monitor-grace-period: a node silent this long goes Unknown. */
  monitorGracePeriodMs: number;
  /** --node-startup-grace-period: the same for a node that never reported. */
  startupGracePeriodMs: number;
  /** --node-eviction-rate: nodes tainted per second in a healthy zone. */
  evictionRate: number;
  /** --secondary-node-eviction-rate: the same in a partly disrupted large zone. */
  secondaryEvictionRate: number;
  /** --large-cluster-size-threshold */
  largeClusterThreshold: number;
  /** --unhealthy-zone-threshold: the share of not-ready nodes that makes a zone unhealthy. */
  unhealthyZoneThreshold: number;
}

export function nodeLifecycleControllerOptions(r: OptionReader): NodeLifecycleControllerOptions {
  return {
    monitorPeriodMs: r.number('node-monitor-period'),
    monitorGracePeriodMs: r.number('node-monitor-grace-period'),
    startupGracePeriodMs: r.number('node-startup-grace-period'),
    evictionRate: r.number('node-eviction-rate'),
    secondaryEvictionRate: r.number('secondary-node-eviction-rate'),
    largeClusterThreshold: r.number('large-cluster-size-threshold'),
    unhealthyZoneThreshold: r.number('unhealthy-zone-threshold'),
  };
}

export interface NodeIPAMControllerOptions {
  /** --allocate-node-cidrs: without it the controller does not start, as in Kubernetes. */
  allocateNodeCIDRs: boolean;
  /** --cluster-cidr: one CIDR, or two of different families for dual stack. */
  clusterCIDRs: string[];
  /** --service-cluster-ip-range: kept out of the pod ranges. */
  serviceCIDRs: string[];
  /** --cidr-allocator-type */
  allocatorType: string;
  /** The mask flags, 0 where not given (the defaults then depend on the families). */
  nodeCIDRMaskSize: number;
  nodeCIDRMaskSizeIPv4: number;
  nodeCIDRMaskSizeIPv6: number;
}

export function nodeIPAMControllerOptions(r: OptionReader): NodeIPAMControllerOptions {
  const list = (name: string) => r.string(name).split(',').map((s) => s.trim()).filter(Boolean);
  const mask = (name: string) => (r.given(name) ? r.number(name) : 0);
  return {
    allocateNodeCIDRs: r.bool('allocate-node-cidrs'),
    clusterCIDRs: list('cluster-cidr'),
    serviceCIDRs: list('service-cluster-ip-range'),
    allocatorType: r.string('cidr-allocator-type'),
    nodeCIDRMaskSize: mask('node-cidr-mask-size'),
    nodeCIDRMaskSizeIPv4: mask('node-cidr-mask-size-ipv4'),
    nodeCIDRMaskSizeIPv6: mask('node-cidr-mask-size-ipv6'),
  };
}
