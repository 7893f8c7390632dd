// Kubernetes' defaults for pods (pkg/apis/core/v1 defaults and conversion): every pod spec, a
// pod's or a template's, gets restartPolicy Always, dnsPolicy ClusterFirst, schedulerName
// default-scheduler, terminationGracePeriodSeconds 30 and an empty securityContext, keeps
// serviceAccountName and the deprecated serviceAccount equal, and has its containers and
// volumes defaulted. A pod itself also gets requests from limits where a container sets only
// limits, pod-level resources completed from its containers' when it sets some, enableServiceLinks
// true, and host ports equal to container ports with hostNetwork.
import type { Pod, PodSpec } from '../../../../api/core/v1/pod-types.ts';
import type { Container } from '../../../../api/core/v1/container-types.ts';
import { defaultContainerOf, defaultVolumeOf } from './parts.ts';
import { defaultPodLevelResources } from './pod-level-resources.ts';

export const DEFAULT_SCHEDULER_NAME = 'default-scheduler';
export const DEFAULT_TERMINATION_GRACE_PERIOD_SECONDS = 30;

export function defaultPodSpec(spec: PodSpec): void {
  spec.dnsPolicy ||= 'ClusterFirst';
  spec.restartPolicy ||= 'Always';
  spec.securityContext ??= {};
  spec.terminationGracePeriodSeconds ??= DEFAULT_TERMINATION_GRACE_PERIOD_SECONDS;
  spec.schedulerName ||= DEFAULT_SCHEDULER_NAME;
  // serviceAccount is an alias: serviceAccountName wins, and the alias always mirrors it.
  if (!spec.serviceAccountName && spec.serviceAccount) spec.serviceAccountName = spec.serviceAccount;
  if (spec.serviceAccountName) spec.serviceAccount = spec.serviceAccountName;
  else delete spec.serviceAccount;
  for (const v of spec.volumes ?? []) defaultVolumeOf(v);
  for (const c of spec.initContainers ?? []) defaultContainerOf(c);
  for (const c of spec.containers ?? []) defaultContainerOf(c);
  for (const c of spec.ephemeralContainers ?? []) defaultContainerOf(c);
}

/** A container that sets a limit and no request for a resource requests its limit. */
function requestsFromLimits(c: Container): void {
  const limits = c.resources?.limits;
  if (!limits) return;
  const requests = (c.resources!.requests ??= {});
  for (const [name, value] of Object.entries(limits)) if (!(name in requests)) requests[name] = value;
}

function hostPortsFromContainerPorts(containers: readonly Container[] | undefined): void {
  for (const c of containers ?? []) for (const p of c.ports ?? []) if (!p.hostPort) p.hostPort = p.containerPort;
}

export function defaultPod(pod: Pod): void {
  const spec = (pod.spec ??= {} as PodSpec);
  for (const c of spec.containers ?? []) requestsFromLimits(c);
  for (const c of spec.initContainers ?? []) requestsFromLimits(c);
  // Pod-level defaults read the containers' requests, so they come after them.
  defaultPodLevelResources(spec);
  spec.enableServiceLinks ??= true;
  if (spec.hostNetwork) {
    hostPortsFromContainerPorts(spec.containers);
    hostPortsFromContainerPorts(spec.initContainers);
  }
  defaultPodSpec(spec);
}
