// What a service asks of the cluster's scarce values (cluster IPs from the service range, node
// ports from the node port range), read from the service alone. Pure functions: the allocator
// decides with them what to reserve and release, and the strategy uses the same facts to keep
// allocated values across updates, so both agree on which service needs what.
import type { Service, ServicePort } from '../../../../api/core/v1/service-types.ts';

export const CLUSTER_IP_NONE = 'None';

/** Every type but ExternalName has a cluster IP (or is headless, which counts as having one). */
export function needsClusterIP(svc: Service): boolean {
  return (svc.spec?.type ?? 'ClusterIP') !== 'ExternalName';
}

/** A headless service: its cluster IP is "None", so nothing is allocated for it. */
export function isHeadless(svc: Service): boolean {
  const ips = svc.spec?.clusterIPs;
  if (ips?.length) return ips.length === 1 && ips[0] === CLUSTER_IP_NONE;
  return svc.spec?.clusterIP === CLUSTER_IP_NONE;
}

/** Whether the allocator owes this service cluster IPs: it needs one and is not headless. */
export function needsClusterIPAllocation(svc: Service): boolean {
  return needsClusterIP(svc) && !isHeadless(svc);
}

/**
 * The cluster IPs the client asked for by value, primary first: clusterIPs, or clusterIP when
 * only that is set; without "None" and empty entries. Empty when the allocator is to choose.
 */
export function requestedClusterIPs(svc: Service): string[] {
  if (!needsClusterIPAllocation(svc)) return [];
  const ips = svc.spec?.clusterIPs?.length ? svc.spec.clusterIPs : svc.spec?.clusterIP ? [svc.spec.clusterIP] : [];
  return ips.filter((ip) => ip !== '' && ip !== CLUSTER_IP_NONE);
}

/** NodePort services, and LoadBalancer ones unless allocateLoadBalancerNodePorts is false, get a node port per port. */
export function needsNodePorts(svc: Service): boolean {
  const type = svc.spec?.type;
  return type === 'NodePort' || (type === 'LoadBalancer' && svc.spec?.allocateLoadBalancerNodePorts !== false);
}

/** The types on which nodePort may be set at all (a LoadBalancer keeps ports asked for even without allocation). */
export function mayHaveNodePorts(svc: Service): boolean {
  const type = svc.spec?.type;
  return type === 'NodePort' || type === 'LoadBalancer';
}

export interface RequestedNodePort {
  /** Index of the port in spec.ports. */
  index: number;
  nodePort: number;
  protocol: string;
}

/** Node ports the client chose by value, with the port they belong to. */
export function requestedNodePorts(svc: Service): RequestedNodePort[] {
  const out: RequestedNodePort[] = [];
  (svc.spec?.ports ?? []).forEach((p, index) => {
    if (p.nodePort) out.push({ index, nodePort: p.nodePort, protocol: p.protocol ?? 'TCP' });
  });
  return out;
}

/** Indexes of the ports still waiting for a node port the allocator should choose. */
export function portsNeedingNodePort(svc: Service): number[] {
  if (!needsNodePorts(svc)) return [];
  return (svc.spec?.ports ?? []).flatMap((p, i) => (p.nodePort ? [] : [i]));
}

/** A LoadBalancer service with externalTrafficPolicy Local also gets a health-check node port. */
export function needsHealthCheckNodePort(svc: Service): boolean {
  return svc.spec?.type === 'LoadBalancer' && svc.spec?.externalTrafficPolicy === 'Local';
}

/** Every node port the service holds (its ports' and its health check's), as numbers. */
export function heldNodePorts(svc: Service): number[] {
  const ports = (svc.spec?.ports ?? []).map((p) => p.nodePort ?? 0);
  return [...ports, svc.spec?.healthCheckNodePort ?? 0].filter((p) => p > 0);
}

/** The allocated cluster IPs the service holds (not "None"). */
export function heldClusterIPs(svc: Service): string[] {
  return (svc.spec?.clusterIPs ?? []).filter((ip) => ip !== '' && ip !== CLUSTER_IP_NONE);
}

/** What `old` held and `next` no longer does: to release once the update is stored. */
export function releasedOnUpdate(old: Service, next: Service): { clusterIPs: string[]; nodePorts: number[] } {
  const keptIPs = new Set(heldClusterIPs(next));
  const keptPorts = new Set(heldNodePorts(next));
  return {
    clusterIPs: heldClusterIPs(old).filter((ip) => !keptIPs.has(ip)),
    nodePorts: heldNodePorts(old).filter((p) => !keptPorts.has(p)),
  };
}

const portKey = (p: ServicePort) => `${p.port}/${p.protocol ?? 'TCP'}`;

/**
 * An update that leaves out values the stored service holds keeps them, as Kubernetes'
 * patchAllocatedValues does (a PUT of a manifest without clusterIP or nodePort is not a request
 * to change them): the cluster IPs, IP families and family policy when both need a cluster IP,
 * each port's node port matched by port and protocol unless another port now uses it, and the
 * health-check node port.
 */
export function keepAllocatedValues(next: Service, old: Service): void {
  const spec = (next.spec ??= {});
  const was = old.spec ?? {};
  if (needsClusterIP(old) && needsClusterIP(next)) {
    if (!spec.clusterIP && was.clusterIP) spec.clusterIP = was.clusterIP;
    if (!spec.clusterIPs?.length && was.clusterIPs?.length) spec.clusterIPs = [...was.clusterIPs];
    // The families and policy the allocator settled on go with the addresses.
    if (!spec.ipFamilies?.length && was.ipFamilies?.length) spec.ipFamilies = [...was.ipFamilies];
    if (spec.ipFamilyPolicy === undefined && was.ipFamilyPolicy !== undefined) spec.ipFamilyPolicy = was.ipFamilyPolicy;
  }
  if (mayHaveNodePorts(old) && mayHaveNodePorts(next)) {
    const oldPorts = new Set(heldNodePorts({ ...old, spec: { ports: was.ports } }));
    const used = new Set((spec.ports ?? []).map((p) => p.nodePort ?? 0).filter((p) => oldPorts.has(p)));
    const byKey = new Map((was.ports ?? []).map((p) => [portKey(p), p.nodePort ?? 0]));
    for (const p of spec.ports ?? []) {
      if (p.nodePort) continue;
      const previous = byKey.get(portKey(p));
      if (previous && !used.has(previous)) p.nodePort = previous;
    }
  }
  if (needsHealthCheckNodePort(old) && needsHealthCheckNodePort(next) && !spec.healthCheckNodePort && was.healthCheckNodePort) {
    spec.healthCheckNodePort = was.healthCheckNodePort;
  }
}
