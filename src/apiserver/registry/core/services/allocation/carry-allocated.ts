// Allocated values a client may leave out of a write, put back as Kubernetes' service registry
// puts them back before anything looks at the object: clusterIP and clusterIPs kept in step
// (normalizeClusterIPs), and on update the old cluster IPs, node ports and health check port kept
// when the new object omits them (patchAllocatedValues), so a PUT of an older copy is idempotent.
import type { Service } from '../../../../../api/core/v1/service-types.ts';
import { needsHealthCheck, needsNodePorts, serviceNodePorts } from './node-port-plan.ts';

function sameList(a: readonly string[] | undefined, b: readonly string[] | undefined): boolean {
  const x = a ?? [];
  const y = b ?? [];
  return x.length === y.length && x.every((v, i) => v === y[i]);
}

export function normalizeClusterIPs(svc: Service, old: Service | undefined): void {
  const spec = (svc.spec ??= {});
  const clusterIP = spec.clusterIP ?? '';
  if (!old) {
    // A client that only knows the singular field.
    if (clusterIP !== '' && (spec.clusterIPs ?? []).length === 0) spec.clusterIPs = [clusterIP];
    return;
  }
  const oldSpec = old.spec ?? {};
  const oldClusterIP = oldSpec.clusterIP ?? '';
  if ((oldSpec.clusterIPs ?? []).length > 0 && (spec.clusterIPs ?? []).length === 0 && oldClusterIP === clusterIP) {
    spec.clusterIPs = oldSpec.clusterIPs;
  }
  if (oldClusterIP !== clusterIP) {
    if (oldClusterIP !== '' && clusterIP === '' && sameList(oldSpec.clusterIPs, spec.clusterIPs)) delete spec.clusterIPs;
    if (clusterIP !== '' && sameList(oldSpec.clusterIPs, spec.clusterIPs)) spec.clusterIPs = [clusterIP];
  }
}

export function patchAllocatedValues(svc: Service, old: Service): void {
  const spec = (svc.spec ??= {});
  const oldSpec = old.spec ?? {};
  if (oldSpec.type !== 'ExternalName' && spec.type !== 'ExternalName') {
    if (!spec.clusterIP && oldSpec.clusterIP) spec.clusterIP = oldSpec.clusterIP;
    if ((spec.clusterIPs ?? []).length === 0 && (oldSpec.clusterIPs ?? []).length > 0) spec.clusterIPs = [...oldSpec.clusterIPs!];
  }
  if (needsNodePorts(old) && needsNodePorts(svc)) {
    // Ports the new object uses already cannot be handed to another of its ports.
    const newPorts = new Set(serviceNodePorts(svc));
    const used = new Set(serviceNodePorts(old).filter((p) => newPorts.has(p)));
    const byName = new Map((oldSpec.ports ?? []).map((p) => [p.name ?? '', p.nodePort ?? 0]));
    for (const p of spec.ports ?? []) {
      if ((p.nodePort ?? 0) !== 0) continue;
      const oldValue = byName.get(p.name ?? '') ?? 0;
      if (oldValue !== 0 && !used.has(oldValue)) p.nodePort = oldValue;
    }
  }
  if (needsHealthCheck(old) && needsHealthCheck(svc) && !spec.healthCheckNodePort && oldSpec.healthCheckNodePort) {
    spec.healthCheckNodePort = oldSpec.healthCheckNodePort;
  }
}
