// A pod's security settings as Kubernetes validates them: user and group IDs in range,
// shareProcessNamespace not with hostPID, sysctls (well-formed, unique, not of a namespace the
// pod shares with the node), fsGroupChangePolicy, supplementalGroupsPolicy and
// seLinuxChangePolicy values, seccomp and AppArmor profiles; hostUsers=false with no host
// namespace; and the fields a linux or windows pod may not set.
import type { PodSecurityContext, PodSpec } from '../../../../../api/core/v1/pod-types.ts';
import { duplicate, forbidden, invalid, notSupported, required, tooLong, type FieldError } from '../../../../../machinery/validation/field-error.ts';
import { validID } from './checks.ts';

const SYSCTL_SEGMENT = '[a-z0-9]([-_a-z0-9]*[a-z0-9])?';
const SYSCTL_RE_TEXT = `^(${SYSCTL_SEGMENT}[\\./])*${SYSCTL_SEGMENT}$`;
const SYSCTL_RE = new RegExp(SYSCTL_RE_TEXT);
const SYSCTL_MAX_LENGTH = 253;
const PROFILE_TYPES = ['Localhost', 'RuntimeDefault', 'Unconfined'];

/** The kernel namespace a sysctl belongs to, as Kubernetes' sysctl helper classifies it. */
function sysctlNamespace(name: string): 'net' | 'ipc' | undefined {
  const n = name.replaceAll('/', '.');
  if (n.startsWith('net.')) return 'net';
  if (n === 'kernel.sem' || n.startsWith('kernel.shm') || n.startsWith('kernel.msg') || n.startsWith('fs.mqueue.')) return 'ipc';
  return undefined;
}

function validateSysctls(spec: PodSpec, sysctls: NonNullable<PodSecurityContext['sysctls']>, path: string): FieldError[] {
  const errs: FieldError[] = [];
  const names = new Set<string>();
  sysctls.forEach((s, i) => {
    const at = `${path}[${i}].name`;
    const name = s.name ?? '';
    if (!name) errs.push(required(at));
    else if (name.length > SYSCTL_MAX_LENGTH || !SYSCTL_RE.test(name)) errs.push(invalid(at, name, `must have at most ${SYSCTL_MAX_LENGTH} characters and match regex ${SYSCTL_RE_TEXT}`));
    else if (names.has(name)) errs.push(duplicate(at, name));
    const ns = sysctlNamespace(name);
    if (spec.hostNetwork && ns === 'net') errs.push(invalid(at, name, "may not be specified when 'hostNetwork' is true"));
    else if (spec.hostIPC && ns === 'ipc') errs.push(invalid(at, name, "may not be specified when 'hostIPC' is true"));
    names.add(name);
  });
  return errs;
}

function relativeDescendingPath(p: string, path: string): FieldError[] {
  const errs: FieldError[] = [];
  if (p.startsWith('/')) errs.push(invalid(path, p, 'must be a relative path'));
  if (p.split('/').includes('..')) errs.push(invalid(path, p, "must not contain '..'"));
  return errs;
}

export function validateSeccompProfile(profile: { type: string; localhostProfile?: string } | undefined, path: string): FieldError[] {
  if (!profile) return [];
  const errs: FieldError[] = [];
  if (!profile.type) errs.push(required(`${path}.type`, 'type is required when seccompProfile is set'));
  else if (!PROFILE_TYPES.includes(profile.type)) errs.push(notSupported(`${path}.type`, profile.type, PROFILE_TYPES));
  if (profile.type === 'Localhost') {
    if (profile.localhostProfile === undefined) errs.push(required(`${path}.localhostProfile`, 'must be set when seccomp type is Localhost'));
    else errs.push(...relativeDescendingPath(profile.localhostProfile, `${path}.localhostProfile`));
  } else if (profile.localhostProfile !== undefined) {
    errs.push(invalid(`${path}.localhostProfile`, profile, 'can only be set when seccomp type is Localhost'));
  }
  return errs;
}

export function validateAppArmorProfile(profile: { type: string; localhostProfile?: string } | undefined, path: string): FieldError[] {
  if (!profile) return [];
  const errs: FieldError[] = [];
  switch (profile.type) {
    case 'Localhost': {
      const local = profile.localhostProfile;
      if (local === undefined) errs.push(required(`${path}.localhostProfile`, 'must be set when AppArmor type is Localhost'));
      else {
        if (local.trim() !== local) errs.push(invalid(`${path}.localhostProfile`, local, 'must not be padded with whitespace'));
        else if (local === '') errs.push(required(`${path}.localhostProfile`, 'must be set when AppArmor type is Localhost'));
        if (local.length > 4095) errs.push(tooLong(`${path}.localhostProfile`, 4095));
      }
      break;
    }
    case 'RuntimeDefault':
    case 'Unconfined':
      if (profile.localhostProfile !== undefined) errs.push(invalid(`${path}.localhostProfile`, profile.localhostProfile, 'can only be set when AppArmor type is Localhost'));
      break;
    case '':
    case undefined:
      errs.push(required(`${path}.type`, 'type is required when appArmorProfile is set'));
      break;
    default:
      errs.push(notSupported(`${path}.type`, profile.type, PROFILE_TYPES));
  }
  return errs;
}

function oneOf(value: string | undefined, allowed: readonly string[], path: string): FieldError[] {
  return value === undefined || value === null || allowed.includes(value) ? [] : [notSupported(path, value, allowed)];
}

export function validatePodSecurityContext(spec: PodSpec, path: string): FieldError[] {
  const sc = spec.securityContext;
  const errs: FieldError[] = [];
  if (spec.shareProcessNamespace && spec.hostPID) {
    errs.push(invalid(`${path}.shareProcessNamespace`, true, 'ShareProcessNamespace and HostPID cannot both be enabled'));
  }
  if (!sc) return errs;
  if (sc.fsGroup !== undefined) errs.push(...validID(sc.fsGroup, `${path}.fsGroup`));
  if (sc.runAsUser !== undefined) errs.push(...validID(sc.runAsUser, `${path}.runAsUser`));
  if (sc.runAsGroup !== undefined) errs.push(...validID(sc.runAsGroup, `${path}.runAsGroup`));
  (sc.supplementalGroups ?? []).forEach((g, i) => errs.push(...validID(g, `${path}.supplementalGroups[${i}]`)));
  if (sc.sysctls?.length) errs.push(...validateSysctls(spec, sc.sysctls, `${path}.sysctls`));
  errs.push(...oneOf(sc.fsGroupChangePolicy, ['Always', 'OnRootMismatch'], `${path}.fsGroupChangePolicy`));
  errs.push(...validateSeccompProfile(sc.seccompProfile, `${path}.seccompProfile`));
  errs.push(...validateAppArmorProfile(sc.appArmorProfile, `${path}.appArmorProfile`));
  errs.push(...oneOf(sc.supplementalGroupsPolicy, ['Merge', 'Strict'], `${path}.supplementalGroupsPolicy`));
  errs.push(...oneOf(sc.seLinuxChangePolicy, ['MountOption', 'Recursive'], `${path}.seLinuxChangePolicy`));
  return errs;
}

/** A pod in its own user namespace may not share the node's network, PID or IPC namespaces. */
export function validateHostUsers(spec: PodSpec, path: string): FieldError[] {
  if (spec.hostUsers !== false) return [];
  const errs: FieldError[] = [];
  if (spec.hostNetwork) errs.push(forbidden(`${path}.hostNetwork`, 'when `pod.Spec.HostUsers` is false'));
  if (spec.hostPID) errs.push(forbidden(`${path}.HostPID`, 'when `pod.Spec.HostUsers` is false'));
  if (spec.hostIPC) errs.push(forbidden(`${path}.HostIPC`, 'when `pod.Spec.HostUsers` is false'));
  return errs;
}

type ContainerLike = { name?: string; securityContext?: Record<string, unknown> };

function everyContainer(spec: PodSpec, path: string): [ContainerLike, string][] {
  const out: [ContainerLike, string][] = [];
  (spec.initContainers ?? []).forEach((c, i) => out.push([c as ContainerLike, `${path}.initContainers[${i}]`]));
  (spec.containers ?? []).forEach((c, i) => out.push([c as ContainerLike, `${path}.containers[${i}]`]));
  (spec.ephemeralContainers ?? []).forEach((c, i) => out.push([c as ContainerLike, `${path}.ephemeralContainers[${i}]`]));
  return out;
}

const WINDOWS_FORBIDDEN_POD = ['appArmorProfile', 'seLinuxOptions', 'seccompProfile', 'fsGroup', 'fsGroupChangePolicy', 'runAsUser', 'runAsGroup', 'supplementalGroups', 'supplementalGroupsPolicy', 'seLinuxChangePolicy'] as const;
const WINDOWS_FORBIDDEN_CONTAINER = ['appArmorProfile', 'seLinuxOptions', 'seccompProfile', 'capabilities', 'readOnlyRootFilesystem', 'privileged', 'allowPrivilegeEscalation', 'procMount', 'runAsUser', 'runAsGroup'];

/** The fields spec.os.name rules out: windows options on linux, linux-only settings on windows. */
export function validateOSFields(spec: PodSpec, path: string): FieldError[] {
  const errs: FieldError[] = [];
  const sc = spec.securityContext;
  if (spec.os?.name === 'linux') {
    if (sc?.windowsOptions) errs.push(forbidden(`${path}.securityContext.windowsOptions`, 'windows options cannot be set for a linux pod'));
    for (const [c, at] of everyContainer(spec, path)) {
      if (c.securityContext?.['windowsOptions']) errs.push(forbidden(`${at}.securityContext.windowsOptions`, 'windows options cannot be set for a linux pod'));
    }
  } else if (spec.os?.name === 'windows') {
    for (const f of WINDOWS_FORBIDDEN_POD.slice(0, 2)) if (sc?.[f] !== undefined) errs.push(forbidden(`${path}.securityContext.${f}`, 'cannot be set for a windows pod'));
    if (spec.hostUsers !== undefined) errs.push(forbidden(`${path}.hostUsers`, 'cannot be set for a windows pod'));
    if (spec.hostPID) errs.push(forbidden(`${path}.hostPID`, 'cannot be set for a windows pod'));
    if (spec.hostIPC) errs.push(forbidden(`${path}.hostIPC`, 'cannot be set for a windows pod'));
    for (const f of WINDOWS_FORBIDDEN_POD.slice(2, 5)) if (sc?.[f] !== undefined) errs.push(forbidden(`${path}.securityContext.${f}`, 'cannot be set for a windows pod'));
    if (sc?.sysctls?.length) errs.push(forbidden(`${path}.securityContext.sysctls`, 'cannot be set for a windows pod'));
    if (spec.shareProcessNamespace !== undefined) errs.push(forbidden(`${path}.shareProcessNamespace`, 'cannot be set for a windows pod'));
    for (const f of WINDOWS_FORBIDDEN_POD.slice(5)) if (sc?.[f] !== undefined) errs.push(forbidden(`${path}.securityContext.${f}`, 'cannot be set for a windows pod'));
    for (const [c, at] of everyContainer(spec, path)) {
      for (const f of WINDOWS_FORBIDDEN_CONTAINER) if (c.securityContext?.[f] !== undefined) errs.push(forbidden(`${at}.securityContext.${f}`, 'cannot be set for a windows pod'));
    }
  }
  return errs;
}
