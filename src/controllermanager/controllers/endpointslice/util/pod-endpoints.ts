// What the endpoints controllers read from a pod and its service: readiness, whether the pod is
// published at all, its hostname, which pod port a service port reaches, and whether a change to
// the pod can change what is published (Kubernetes' endpointslice util and podutil helpers).
import type { Pod } from '../../../../api/core/v1/pod-types.ts';
import type { Service, ServicePort } from '../../../../api/core/v1/service-types.ts';
import { ipFamilyOf } from '../../../../machinery/validation/cidr.ts';

export function isPodReady(pod: Pod): boolean {
  return pod.status?.conditions?.some((c) => c.type === 'Ready' && c.status === 'True') ?? false;
}

export function readyConditionTime(pod: Pod): string | undefined {
  return pod.status?.conditions?.find((c) => c.type === 'Ready')?.lastTransitionTime ?? undefined;
}

function isPodTerminal(pod: Pod): boolean {
  return pod.status?.phase === 'Failed' || pod.status?.phase === 'Succeeded';
}

/** Published pods have an IP and have not finished; terminating ones only when asked for. */
export function shouldPodBeInEndpoints(pod: Pod, includeTerminating: boolean): boolean {
  if (isPodTerminal(pod)) return false;
  if (!pod.status?.podIP && !pod.status?.podIPs?.length) return false;
  if (!includeTerminating && pod.metadata.deletionTimestamp) return false;
  return true;
}

/** A pod's hostname is published when its subdomain names the service. */
export function shouldSetHostname(pod: Pod, svc: Service): boolean {
  return Boolean(pod.spec?.hostname) && pod.spec?.subdomain === svc.metadata.name && svc.metadata.namespace === pod.metadata.namespace;
}

export function isIPv6(ip: string): boolean {
  return ipFamilyOf(ip) === 'IPv6';
}

/** A service has a cluster IP unless it is headless (None) or has none yet. */
export function isServiceIPSet(svc: Service): boolean {
  const ip = svc.spec?.clusterIP;
  return Boolean(ip) && ip !== 'None';
}

/**
 * The pod port a service port reaches: a number as it is, a name from the containers' ports (and
 * those of restartable init containers) of the same protocol; undefined when none has it.
 */
export function findPort(pod: Pod, svcPort: ServicePort): number | undefined {
  const target = svcPort.targetPort ?? svcPort.port;
  if (typeof target === 'number') return target;
  const protocol = svcPort.protocol ?? 'TCP';
  const sidecars = (pod.spec?.initContainers ?? []).filter((c) => c.restartPolicy === 'Always');
  for (const container of [...(pod.spec?.containers ?? []), ...sidecars]) {
    for (const port of container.ports ?? []) {
      if (port.name === target && (port.protocol ?? 'TCP') === protocol) return port.containerPort;
    }
  }
  return undefined;
}

const sameLabels = (a: Record<string, string> | undefined, b: Record<string, string> | undefined) => {
  const ka = Object.keys(a ?? {});
  return ka.length === Object.keys(b ?? {}).length && ka.every((k) => b?.[k] === a?.[k]);
};

/**
 * Whether an update can change the pod's endpoint (podChanged) or the services it belongs to
 * (labelsChanged). As in Kubernetes, a deletion timestamp on either side counts as a change.
 */
export function podEndpointsChanged(oldPod: Pod, newPod: Pod): { podChanged: boolean; labelsChanged: boolean } {
  const labelsChanged = !sameLabels(oldPod.metadata.labels, newPod.metadata.labels)
    || oldPod.spec?.hostname !== newPod.spec?.hostname || oldPod.spec?.subdomain !== newPod.spec?.subdomain;
  if (oldPod.metadata.deletionTimestamp || newPod.metadata.deletionTimestamp) return { podChanged: true, labelsChanged };
  if (isPodReady(oldPod) !== isPodReady(newPod)) return { podChanged: true, labelsChanged };
  const oldIPs = oldPod.status?.podIPs ?? [];
  const newIPs = newPod.status?.podIPs ?? [];
  if (oldIPs.length !== newIPs.length || oldIPs.some((ip, i) => ip.ip !== newIPs[i]!.ip)) return { podChanged: true, labelsChanged };
  return { podChanged: false, labelsChanged };
}
