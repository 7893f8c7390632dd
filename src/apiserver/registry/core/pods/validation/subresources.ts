// What Kubernetes checks on the writes of a pod's subresources. /status: condition types,
// nominatedNodeName, a fixed qosClass, no terminated container coming back where the restart
// policy forbids it, pod and host IPs. /ephemeralcontainers: ephemeral containers may only be
// added. /resize: only cpu and memory of containers (and sidecars) may change, without removing
// requests or limits, lowering or adding a memory limit the container cannot take without a
// restart, or changing the pod's QoS class.
import type { Pod, PodSpec } from '../../../../../api/core/v1/pod-types.ts';
import type { Container, ContainerStatus } from '../../../../../api/core/v1/container-types.ts';
import { duplicate, forbidden, invalid, RenderedValue, type FieldError } from '../../../../../machinery/validation/field-error.ts';
import { deepEqual, validateImmutableField } from '../../../../../machinery/validation/immutable.ts';
import { nameIsDNSSubdomain } from '../../../../../machinery/validation/names.ts';
import { validateObjectMetaUpdate } from '../../../../../machinery/validation/object-meta.ts';
import { compareQuantities, parseQuantity } from '../../../../../machinery/quantity/quantity.ts';
import { parseIPSloppy } from '../../../../../machinery/validation/ip.ts';
import { computePodQOS } from '../qos.ts';
import { qualifiedName, validIP } from './checks.ts';
import { MIRROR_POD_ANNOTATION, validatePodAnnotationUpdates, validatePodMetadataAndSpec } from './pod.ts';
import { podSpecDiff } from './spec-diff.ts';

const SYSTEM_CONDITIONS = new Set(['PodScheduled', 'Ready', 'Initialized']);

/** Terminated containers stay terminated unless the restart policy restarts them. */
function validateStateTransitions(now: readonly ContainerStatus[] | undefined, before: readonly ContainerStatus[] | undefined, restartPolicy: string, restartable: (name: string) => boolean, path: string): FieldError[] {
  if (restartPolicy === 'Always') return [];
  const errs: FieldError[] = [];
  (before ?? []).forEach((old, i) => {
    const t = old.state?.terminated;
    if (!t) return;
    if ((t.exitCode ?? 0) !== 0 && restartPolicy === 'OnFailure') return;
    if (restartable(old.name)) return;
    for (const s of now ?? []) if (s.name === old.name && !s.state?.terminated) errs.push(forbidden(`${path}[${i}].state`, 'may not be transitioned to non-terminated state'));
  });
  return errs;
}

function ipFamily(ip: string): 4 | 6 | undefined {
  const bytes = parseIPSloppy(ip);
  if (!bytes) return undefined;
  return bytes.length === 4 || (bytes.length === 16 && bytes.slice(0, 10).every((b) => b === 0) && bytes[10] === 0xff && bytes[11] === 0xff) ? 4 : 6;
}

function goIPList(kind: string, ips: readonly { ip: string }[]): RenderedValue {
  return new RenderedValue(`[]core.${kind}{${ips.map((p) => `core.${kind}{IP:${JSON.stringify(p.ip)}}`).join(', ')}}`);
}

function validateIPList(kind: 'PodIP' | 'HostIP', ips: readonly { ip: string }[] | undefined, path: string): FieldError[] {
  const list = ips ?? [];
  const errs = list.flatMap((p, i) => validIP(p.ip ?? '', `${path}[${i}]`));
  if (list.length > 1) {
    const families = list.map((p) => ipFamily(p.ip ?? ''));
    const dual = list.length === 2 && families[0] !== undefined && families[1] !== undefined && families[0] !== families[1];
    if (!dual) errs.push(invalid(path, goIPList(kind, list), 'may specify no more than one IP for each IP family'));
    const seen = new Set<string>();
    list.forEach((p, i) => {
      if (seen.has(p.ip)) errs.push(duplicate(`${path}[${i}]`, new RenderedValue(`core.${kind}{IP:${JSON.stringify(p.ip)}}`)));
      seen.add(p.ip);
    });
  }
  return errs;
}

export function validatePodStatusUpdate(pod: Pod, old: Pod): FieldError[] {
  const errs = validateObjectMetaUpdate(pod.metadata, old.metadata);
  errs.push(...validatePodAnnotationUpdates(pod, old));
  const status = pod.status ?? {};
  // Kubernetes reports custom condition types under metadata, and so do we.
  (status.conditions ?? []).forEach((c, i) => {
    if (!SYSTEM_CONDITIONS.has(c.type)) errs.push(...qualifiedName(c.type ?? '', `metadata.conditions[${i}].Type`));
  });
  const nominated = status.nominatedNodeName ?? '';
  if (nominated && nominated !== (old.status?.nominatedNodeName ?? '')) {
    errs.push(...nameIsDNSSubdomain(nominated, false).map((msg) => invalid('status.nominatedNodeName', nominated, msg)));
  }
  errs.push(...validateImmutableField(status.qosClass ?? '', old.status?.qosClass ?? '', 'status.qosClass'));
  const spec = old.spec ?? ({} as PodSpec);
  const restartPolicy = spec.restartPolicy ?? '';
  const sidecars = new Set((spec.initContainers ?? []).filter((c) => c.restartPolicy === 'Always').map((c) => c.name));
  errs.push(...validateStateTransitions(status.containerStatuses, old.status?.containerStatuses, restartPolicy, () => false, 'status.containerStatuses'));
  errs.push(...validateStateTransitions(status.initContainerStatuses, old.status?.initContainerStatuses, restartPolicy, (n) => sidecars.has(n), 'status.initContainerStatuses'));
  errs.push(...validateStateTransitions(status.ephemeralContainerStatuses, old.status?.ephemeralContainerStatuses, 'Never', () => false, 'status.ephemeralContainerStatuses'));
  const claims = new Set((pod.spec?.resourceClaims ?? []).map((c) => c.name));
  const seenClaims = new Set<string>();
  (status.resourceClaimStatuses ?? []).forEach((c, i) => {
    if (!claims.has(c.name)) errs.push(invalid(`status.resourceClaimStatuses[${i}].name`, c.name, 'must match the name of an entry in `spec.resourceClaims`'));
    if (seenClaims.has(c.name)) errs.push(duplicate(`status.resourceClaimStatuses[${i}].name`, c.name));
    seenClaims.add(c.name);
  });
  errs.push(...validateIPList('PodIP', status.podIPs, 'status.podIPs'));
  const hostIPs = status.hostIPs ?? [];
  if (hostIPs.length && (status.hostIP ?? '') !== hostIPs[0]!.ip) errs.push(invalid('status.hostIPs[0].ip', hostIPs[0]!.ip, 'must be equal to `hostIP`'));
  errs.push(...validateIPList('HostIP', hostIPs, 'status.hostIPs'));
  return errs;
}

export function validateEphemeralContainersUpdate(pod: Pod, old: Pod): FieldError[] {
  const errs = validateObjectMetaUpdate(pod.metadata, old.metadata);
  errs.push(...validatePodMetadataAndSpec(pod), ...validatePodAnnotationUpdates(pod, old));
  if (MIRROR_POD_ANNOTATION in (old.metadata.annotations ?? {})) return [forbidden('', 'static pods do not support ephemeral containers')];
  const now = new Map((pod.spec?.ephemeralContainers ?? []).map((c) => [c.name, c]));
  for (const before of old.spec?.ephemeralContainers ?? []) {
    const after = now.get(before.name);
    if (!after) errs.push(forbidden('spec.ephemeralContainers', `existing ephemeral containers ${JSON.stringify(before.name)} may not be removed\n`));
    else if (!deepEqual(before, after)) {
      const diff = podSpecDiff(before as unknown as Record<string, unknown>, after as unknown as Record<string, unknown>).replace('core.PodSpec', 'core.EphemeralContainer');
      errs.push(forbidden('spec.ephemeralContainers', `existing ephemeral containers ${JSON.stringify(before.name)} may not be changed\n${diff}`));
    }
  }
  return errs;
}

function removed(now: Record<string, string> | undefined, before: Record<string, string> | undefined): boolean {
  return Object.keys(before ?? {}).some((k) => !(k in (now ?? {})));
}

function validateContainerResize(now: Container, before: Container, path: string): FieldError[] {
  const errs: FieldError[] = [];
  if (removed(now.resources?.requests, before.resources?.requests)) errs.push(forbidden(`${path}.requests`, 'resource requests cannot be removed'));
  if (removed(now.resources?.limits, before.resources?.limits)) errs.push(forbidden(`${path}.limits`, 'resource limits cannot be removed'));
  const memoryPolicy = (now.resizePolicy ?? []).find((p) => p.resourceName === 'memory')?.restartPolicy ?? '';
  if (memoryPolicy === 'NotRequired' || memoryPolicy === '') {
    const newLimit = now.resources?.limits?.['memory'];
    const oldLimit = before.resources?.limits?.['memory'];
    if (newLimit !== undefined && oldLimit !== undefined) {
      if (compareQuantities(parseQuantity(newLimit), parseQuantity(oldLimit)) < 0) errs.push(forbidden(`${path}.limits[memory]`, 'memory limits cannot be decreased unless resizePolicy is RestartContainer'));
    } else if (newLimit !== undefined) {
      errs.push(forbidden(`${path}.limits[memory]`, 'memory limits cannot be added unless resizePolicy is RestartContainer'));
    }
  }
  return errs;
}

/** The container with its cpu and memory put back to the old container's. */
function withoutCpuMemoryChanges(c: Container, old: Container): Container {
  const keep = (list: Record<string, string> | undefined, oldList: Record<string, string> | undefined) => {
    if (!oldList) return undefined;
    const out: Record<string, string> = { ...(list ?? {}) };
    delete out['cpu'];
    delete out['memory'];
    for (const name of ['cpu', 'memory']) if (oldList[name] !== undefined) out[name] = oldList[name]!;
    return out;
  };
  const resources: Container['resources'] = {};
  const limits = keep(c.resources?.limits, old.resources?.limits);
  const requests = keep(c.resources?.requests, old.resources?.requests);
  if (limits) resources.limits = limits;
  if (requests) resources.requests = requests;
  return { ...c, resources };
}

/** Compares containers as Go does, where an empty resources struct and none are the same. */
function sameContainer(a: Container, b: Container): boolean {
  const norm = (c: Container) => ({ ...c, resources: { limits: c.resources?.limits, requests: c.resources?.requests, claims: c.resources?.claims } });
  return deepEqual(norm(a), norm(b));
}

export function validatePodResize(pod: Pod, old: Pod): FieldError[] {
  const errs = validateObjectMetaUpdate(pod.metadata, old.metadata);
  errs.push(...validatePodMetadataAndSpec(pod));
  const spec = pod.spec ?? ({} as PodSpec);
  const before = old.spec ?? ({} as PodSpec);
  const podLevel = (s: PodSpec) => Object.keys(s.resources?.requests ?? {}).length + Object.keys(s.resources?.limits ?? {}).length > 0;
  if (podLevel(before) || podLevel(spec)) return [forbidden('', 'pods with pod-level resources cannot be resized')];
  if (MIRROR_POD_ANNOTATION in (old.metadata.annotations ?? {})) return [forbidden('', 'static pods cannot be resized')];
  if (before.os?.name === 'windows') return [forbidden('', 'windows pods cannot be resized')];
  if ((old.status?.qosClass || computePodQOS(before)) !== computePodQOS(spec)) errs.push(invalid('spec', pod.status?.qosClass ?? '', 'Pod QOS Class may not change as a result of resizing'));
  const running = (old.status?.containerStatuses ?? []).find((s) => s.state?.running);
  if (running && !running.resources) errs.push(forbidden('spec', 'Pod running on node without support for resize'));
  (before.initContainers ?? []).forEach((c, i) => {
    const now = spec.initContainers?.[i];
    if (c.restartPolicy === 'Always' && now) errs.push(...validateContainerResize(now, c, `spec.initContainers[${i}].resources`));
  });
  (before.containers ?? []).forEach((c, i) => {
    const now = spec.containers?.[i];
    if (now) errs.push(...validateContainerResize(now, c, `spec.containers[${i}].resources`));
  });
  const munged: PodSpec = { ...spec };
  munged.containers = (spec.containers ?? []).map((c, i) => {
    const oldC = before.containers?.[i];
    if (!oldC) return c;
    const m = withoutCpuMemoryChanges(c, oldC);
    if (!sameContainer(m, oldC)) errs.push(forbidden('spec', 'only cpu and memory resources are mutable'));
    return m;
  });
  if (spec.initContainers) {
    munged.initContainers = spec.initContainers.map((c, i) => {
      const oldC = before.initContainers?.[i];
      if (!oldC) return c;
      if (oldC.restartPolicy === 'Always') {
        const m = withoutCpuMemoryChanges(c, oldC);
        if (!sameContainer(m, oldC)) errs.push(forbidden('spec', 'only cpu and memory resources for sidecar containers are mutable'));
        return m;
      }
      if (!sameContainer(c, oldC)) errs.push(forbidden('spec', 'resources for non-sidecar init containers are immutable'));
      return c;
    });
  }
  if (errs.length) return errs;
  const norm = (s: PodSpec) => ({ ...s, containers: (s.containers ?? []).map((c) => ({ ...c, resources: { ...c.resources } })), initContainers: s.initContainers?.map((c) => ({ ...c, resources: { ...c.resources } })) });
  if (!deepEqual(norm(munged), norm(before))) errs.push(forbidden('spec', 'only cpu and memory resources are mutable'));
  return errs;
}
