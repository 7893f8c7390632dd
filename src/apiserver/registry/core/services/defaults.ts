// A service's defaults as Kubernetes 1.35 fills them (SetDefaults_Service, and the IP family
// policy the allocator would otherwise infer): type ClusterIP, sessionAffinity None with the
// ClientIP timeout of 10800 s, TCP ports whose targetPort is their port, Cluster traffic policies
// where they apply, node ports for LoadBalancer services, and the IP family policy. The cluster
// IPs, IP families and node ports themselves are left to the allocator.
import type { Service } from '../../../../api/core/v1/service-types.ts';
import { needsClusterIP } from './allocation-facts.ts';

export const DEFAULT_CLIENT_IP_TIMEOUT_SECONDS = 10800;

/** Reached from outside the cluster: node ports, a load balancer, or external IPs on a ClusterIP service. */
export function externallyAccessible(svc: Service): boolean {
  const type = svc.spec?.type;
  return type === 'LoadBalancer' || type === 'NodePort' || (type === 'ClusterIP' && (svc.spec?.externalIPs?.length ?? 0) > 0);
}

export function defaultService(svc: Service): void {
  const spec = (svc.spec ??= {});
  if (!spec.sessionAffinity) spec.sessionAffinity = 'None';
  if (spec.sessionAffinity === 'None') delete spec.sessionAffinityConfig;
  if (spec.sessionAffinity === 'ClientIP' && spec.sessionAffinityConfig?.clientIP?.timeoutSeconds === undefined) {
    spec.sessionAffinityConfig = { clientIP: { timeoutSeconds: DEFAULT_CLIENT_IP_TIMEOUT_SECONDS } };
  }
  if (!spec.type) spec.type = 'ClusterIP';
  for (const port of spec.ports ?? []) {
    if (!port.protocol) port.protocol = 'TCP';
    if (port.targetPort === undefined || port.targetPort === 0 || port.targetPort === '') port.targetPort = port.port;
  }
  if (externallyAccessible(svc) && !spec.externalTrafficPolicy) spec.externalTrafficPolicy = 'Cluster';
  if (spec.internalTrafficPolicy === undefined && ['ClusterIP', 'NodePort', 'LoadBalancer'].includes(spec.type)) spec.internalTrafficPolicy = 'Cluster';
  if (spec.type === 'LoadBalancer' && spec.allocateLoadBalancerNodePorts === undefined) spec.allocateLoadBalancerNodePorts = true;
  // Two families or two addresses asked for mean dual-stack; anything else starts single-stack.
  if (needsClusterIP(svc) && spec.ipFamilyPolicy === undefined) {
    const dual = (spec.ipFamilies?.length ?? 0) === 2 || (spec.clusterIPs?.length ?? 0) === 2;
    spec.ipFamilyPolicy = dual ? 'RequireDualStack' : 'SingleStack';
  }
  // A load balancer address without a mode is a VIP (LoadBalancerIPMode, on by default).
  if (spec.type === 'LoadBalancer') for (const ing of svc.status?.loadBalancer?.ingress ?? []) if (ing.ip && !ing.ipMode) ing.ipMode = 'VIP';
}
