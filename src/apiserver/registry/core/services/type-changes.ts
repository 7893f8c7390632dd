// How an update reads clusterIP, clusterIPs and a change of type, as Kubernetes' service
// strategy does before validation: clusterIPs follows clusterIP when only that was given, and
// values a new type has no use for are cleared when the client left them as they were (the
// allocator then releases them). Values the client changed stay, for validation to judge.
import type { Service } from '../../../../api/core/v1/service-types.ts';
import { deepEqual } from '../../../../machinery/validation/immutable.ts';
import { mayHaveNodePorts, needsClusterIP, needsHealthCheckNodePort } from './allocation-facts.ts';

const sameList = (a: readonly string[] | undefined, b: readonly string[] | undefined) => deepEqual(a ?? [], b ?? []);

/** NormalizeClusterIPs: on create clusterIPs starts as [clusterIP]; on update it follows a changed clusterIP. */
export function normalizeClusterIPs(next: Service, old: Service | undefined): void {
  const spec = (next.spec ??= {});
  if (!old) {
    if (spec.clusterIP && !spec.clusterIPs?.length) spec.clusterIPs = [spec.clusterIP];
    return;
  }
  const was = old.spec ?? {};
  // Only when the client changed clusterIP and left clusterIPs alone.
  if ((spec.clusterIP ?? '') === (was.clusterIP ?? '') || !sameList(spec.clusterIPs, was.clusterIPs)) return;
  if (!spec.clusterIP) delete spec.clusterIPs;
  else if (!spec.clusterIPs?.length) spec.clusterIPs = [spec.clusterIP];
  else spec.clusterIPs = [spec.clusterIP, ...spec.clusterIPs.slice(1)];
}

/** dropTypeDependentFields: what the new type does not use, cleared when unchanged by the client. */
export function dropTypeDependentFields(next: Service, old: Service): void {
  const spec = (next.spec ??= {});
  const was = old.spec ?? {};
  if (needsClusterIP(old) && !needsClusterIP(next)) {
    if ((spec.clusterIP ?? '') === (was.clusterIP ?? '') && sameList(spec.clusterIPs, was.clusterIPs)) {
      delete spec.clusterIP;
      delete spec.clusterIPs;
    }
    if (sameList(spec.ipFamilies, was.ipFamilies)) delete spec.ipFamilies;
    if (spec.ipFamilyPolicy === was.ipFamilyPolicy) delete spec.ipFamilyPolicy;
  }
  if (mayHaveNodePorts(old) && !mayHaveNodePorts(next)) {
    const oldPorts = new Set((was.ports ?? []).map((p) => p.nodePort ?? 0));
    // Only when no node port was added: ports may change, but not gain node ports.
    if ((spec.ports ?? []).every((p) => !p.nodePort || oldPorts.has(p.nodePort))) for (const p of spec.ports ?? []) delete p.nodePort;
  }
  if (needsHealthCheckNodePort(old) && !needsHealthCheckNodePort(next) && spec.healthCheckNodePort === was.healthCheckNodePort) delete spec.healthCheckNodePort;
  if (was.type === 'LoadBalancer' && spec.type !== 'LoadBalancer') {
    if (spec.allocateLoadBalancerNodePorts !== undefined && spec.allocateLoadBalancerNodePorts === was.allocateLoadBalancerNodePorts) delete spec.allocateLoadBalancerNodePorts;
    if (spec.loadBalancerClass === was.loadBalancerClass) delete spec.loadBalancerClass;
  }
  const external = (t: string | undefined) => t === 'NodePort' || t === 'LoadBalancer';
  if (external(was.type) && !external(spec.type) && spec.externalTrafficPolicy === was.externalTrafficPolicy) delete spec.externalTrafficPolicy;
  // A load balancer's status goes with the type.
  if (spec.type !== 'LoadBalancer' && next.status?.loadBalancer) next.status.loadBalancer = {};
}
