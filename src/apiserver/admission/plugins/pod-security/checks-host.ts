// Baseline checks against sharing the host: host namespaces, host ports, hostPath volumes,
// Windows HostProcess containers, and probe or lifecycle handlers aimed at another host.
import type { PodSpec } from '../../../../api/core/v1/pod-types.ts';
import type { LifecycleHandler, Probe } from '../../../../api/core/v1/container-types.ts';
import { ALLOWED, containersPhrase, forbid, joinQuote, pluralize, sortedSet, visitContainers, type Check, type CheckResult } from './check.ts';
import { v1 } from './policy-labels.ts';

const V1_0 = v1(0);

function hostNamespaces(_meta: unknown, spec: PodSpec): CheckResult {
  const shared: string[] = [];
  if (spec.hostNetwork) shared.push('hostNetwork=true');
  if (spec.hostPID) shared.push('hostPID=true');
  if (spec.hostIPC) shared.push('hostIPC=true');
  return shared.length ? forbid('host namespaces', shared.join(', ')) : ALLOWED;
}

function hostPorts(_meta: unknown, spec: PodSpec): CheckResult {
  const containers: string[] = [];
  const ports: string[] = [];
  visitContainers(spec, (c) => {
    const used = (c.ports ?? []).filter((p) => p.hostPort).map((p) => String(p.hostPort));
    if (used.length) containers.push(c.name);
    ports.push(...used);
  });
  if (!containers.length) return ALLOWED;
  const distinct = sortedSet(ports);
  return forbid(
    'hostPort',
    `${containersPhrase(containers)} ${pluralize('uses', 'use', containers.length)} ${pluralize('hostPort', 'hostPorts', distinct.length)} ${distinct.join(', ')}`,
  );
}

export const HOST_PATH_VOLUMES_ID = 'hostPathVolumes';

function hostPathVolumes(_meta: unknown, spec: PodSpec): CheckResult {
  const names = (spec.volumes ?? []).filter((v) => v.hostPath != null).map((v) => v.name);
  return names.length ? forbid('hostPath volumes', `${pluralize('volume', 'volumes', names.length)} ${joinQuote(names)}`) : ALLOWED;
}

function windowsHostProcess(_meta: unknown, spec: PodSpec): CheckResult {
  const setters: string[] = [];
  if (spec.securityContext?.windowsOptions?.hostProcess === true) setters.push('pod');
  const containers: string[] = [];
  visitContainers(spec, (c) => {
    if (c.securityContext?.windowsOptions?.hostProcess === true) containers.push(c.name);
  });
  if (containers.length) setters.push(containersPhrase(containers));
  return setters.length ? forbid('hostProcess', `${setters.join(' and ')} must not set securityContext.windowsOptions.hostProcess=true`) : ALLOWED;
}

function probeHosts(probe: Probe | LifecycleHandler | undefined): string[] {
  if (!probe) return [];
  return [probe.httpGet?.host, probe.tcpSocket?.host].filter((h): h is string => !!h);
}

function hostProbesAndHostLifecycle(_meta: unknown, spec: PodSpec): CheckResult {
  const containers = new Set<string>();
  const hosts: string[] = [];
  visitContainers(spec, (c) => {
    for (const handler of [c.livenessProbe, c.readinessProbe, c.startupProbe, c.lifecycle?.postStart, c.lifecycle?.preStop]) {
      const found = probeHosts(handler);
      if (found.length) containers.add(c.name);
      hosts.push(...found);
    }
  });
  if (!containers.size) return ALLOWED;
  const names = sortedSet(containers);
  const distinct = sortedSet(hosts);
  return forbid(
    'probe or lifecycle host',
    `${containersPhrase(names)} ${pluralize('uses', 'use', names.length)} ${pluralize('probe or lifecycle host', 'probe or lifecycle hosts', distinct.length)} ${joinQuote(distinct)}`,
  );
}

export const HOST_CHECKS: readonly Check[] = [
  { id: 'hostNamespaces', level: 'baseline', versions: [{ minimumVersion: V1_0, checkPod: hostNamespaces }] },
  { id: 'hostPorts', level: 'baseline', versions: [{ minimumVersion: V1_0, checkPod: hostPorts }] },
  { id: HOST_PATH_VOLUMES_ID, level: 'baseline', versions: [{ minimumVersion: V1_0, checkPod: hostPathVolumes }] },
  { id: 'windowsHostProcess', level: 'baseline', versions: [{ minimumVersion: V1_0, checkPod: windowsHostProcess }] },
  { id: 'hostProbesAndHostLifecycle', level: 'baseline', versions: [{ minimumVersion: v1(34), checkPod: hostProbesAndHostLifecycle }] },
];
