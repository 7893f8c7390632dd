// Baseline checks on what a pod asks of the kernel: privileged containers, added capabilities,
// /proc mounts, SELinux options, seccomp and AppArmor profiles, and sysctls. Each versioned as
// Kubernetes versions it, so a namespace pinned to an older policy version is judged by it.
import type { ObjectMeta } from '../../../../api/meta/v1/types.ts';
import type { PodSpec } from '../../../../api/core/v1/pod-types.ts';
import type { SELinuxOptions } from '../../../../api/core/v1/container-types.ts';
import { goQuote } from '../../../../machinery/validation/go-format.ts';
import {
  allowedAppArmorAnnotation,
  allowedSeccompAnnotation,
  APPARMOR_CONTAINER_ANNOTATION_PREFIX,
  SECCOMP_CONTAINER_ANNOTATION_PREFIX,
  SECCOMP_POD_ANNOTATION,
} from './annotation-keys.ts';
import { ALLOWED, byteOrder, containersPhrase, forbid, inUserNamespace, joinQuote, pluralize, sortedSet, visitContainers, type Check, type CheckResult } from './check.ts';
import { v1 } from './policy-labels.ts';

function privileged(_meta: ObjectMeta, spec: PodSpec): CheckResult {
  const bad: string[] = [];
  visitContainers(spec, (c) => {
    if (c.securityContext?.privileged === true) bad.push(c.name);
  });
  return bad.length ? forbid('privileged', `${containersPhrase(bad)} must not set securityContext.privileged=true`) : ALLOWED;
}

const DEFAULT_CAPABILITIES = new Set(['AUDIT_WRITE', 'CHOWN', 'DAC_OVERRIDE', 'FOWNER', 'FSETID', 'KILL', 'MKNOD', 'NET_BIND_SERVICE', 'SETFCAP', 'SETGID', 'SETPCAP', 'SETUID', 'SYS_CHROOT']);

export const CAPABILITIES_BASELINE_ID = 'capabilities_baseline';

function capabilitiesBaseline(_meta: ObjectMeta, spec: PodSpec): CheckResult {
  const bad: string[] = [];
  const added: string[] = [];
  visitContainers(spec, (c) => {
    const extra = (c.securityContext?.capabilities?.add ?? []).filter((cap) => !DEFAULT_CAPABILITIES.has(cap));
    if (extra.length) bad.push(c.name);
    added.push(...extra);
  });
  if (!bad.length) return ALLOWED;
  return forbid('non-default capabilities', `${containersPhrase(bad)} must not include ${joinQuote(sortedSet(added))} in securityContext.capabilities.add`);
}

export const PROC_MOUNT_ID = 'procMount';

/** Any /proc mount but Default is refused. */
export function procMountUnmasked(_meta: ObjectMeta, spec: PodSpec): CheckResult {
  const bad: string[] = [];
  const types: string[] = [];
  visitContainers(spec, (c) => {
    const type = c.securityContext?.procMount;
    if (type != null && type !== 'Default') {
      bad.push(c.name);
      types.push(type);
    }
  });
  if (!bad.length) return ALLOWED;
  return forbid('procMount', `${containersPhrase(bad)} must not set securityContext.procMount to ${joinQuote(sortedSet(types))}`);
}

/** From 1.35 a pod in a user namespace may unmask /proc under baseline. */
function procMountBaseline135(meta: ObjectMeta, spec: PodSpec): CheckResult {
  return inUserNamespace(spec) ? ALLOWED : procMountUnmasked(meta, spec);
}

function seLinuxOptions(allowedTypes: ReadonlySet<string>) {
  return (_meta: ObjectMeta, spec: PodSpec): CheckResult => {
    const badTypes: string[] = [];
    let setUser = false;
    let setRole = false;
    const valid = (o: SELinuxOptions): boolean => {
      let ok = true;
      if (!allowedTypes.has(o.type ?? '')) {
        ok = false;
        badTypes.push(o.type ?? '');
      }
      if (o.user) {
        ok = false;
        setUser = true;
      }
      if (o.role) {
        ok = false;
        setRole = true;
      }
      return ok;
    };
    const setters: string[] = [];
    const podOptions = spec.securityContext?.seLinuxOptions;
    if (podOptions && !valid(podOptions)) setters.push('pod');
    const containers: string[] = [];
    visitContainers(spec, (c) => {
      const o = c.securityContext?.seLinuxOptions;
      if (o && !valid(o)) containers.push(c.name);
    });
    if (containers.length) setters.push(containersPhrase(containers));
    if (!setters.length) return ALLOWED;
    const details: string[] = [];
    const types = sortedSet(badTypes);
    if (types.length) details.push(`${pluralize('type', 'types', types.length)} ${joinQuote(types)}`);
    if (setUser) details.push('user may not be set');
    if (setRole) details.push('role may not be set');
    return forbid('seLinuxOptions', `${setters.join(' and ')} set forbidden securityContext.seLinuxOptions: ${details.join('; ')}`);
  };
}

const SELINUX_TYPES_1_0 = new Set(['', 'container_t', 'container_init_t', 'container_kvm_t']);
const SELINUX_TYPES_1_31 = new Set([...SELINUX_TYPES_1_0, 'container_engine_t']);

export const SECCOMP_BASELINE_ID = 'seccompProfile_baseline';

/** Before 1.19 seccomp was chosen by annotations. */
function seccompBaselineAnnotations(meta: ObjectMeta, spec: PodSpec): CheckResult {
  const annotations = meta.annotations ?? {};
  const bad: string[] = [];
  const check = (key: string) => {
    const value = annotations[key];
    if (value !== undefined && !allowedSeccompAnnotation(value)) bad.push(`${key}=${goQuote(value)}`);
  };
  check(SECCOMP_POD_ANNOTATION);
  visitContainers(spec, (c) => check(SECCOMP_CONTAINER_ANNOTATION_PREFIX + c.name));
  if (!bad.length) return ALLOWED;
  const list = sortedSet(bad);
  return forbid('seccompProfile', `forbidden ${pluralize('annotation', 'annotations', list.length)} ${list.join(', ')}`);
}

export function validSeccompType(type: string): boolean {
  return type === 'RuntimeDefault' || type === 'Localhost';
}

function seccompBaselineFields(_meta: ObjectMeta, spec: PodSpec): CheckResult {
  const setters: string[] = [];
  const badValues: string[] = [];
  const podProfile = spec.securityContext?.seccompProfile;
  if (podProfile && !validSeccompType(podProfile.type)) {
    setters.push('pod');
    badValues.push(podProfile.type);
  }
  const containers: string[] = [];
  visitContainers(spec, (c) => {
    const profile = c.securityContext?.seccompProfile;
    if (profile && !validSeccompType(profile.type)) {
      containers.push(c.name);
      badValues.push(profile.type);
    }
  });
  if (containers.length) setters.push(containersPhrase(containers));
  if (!setters.length) return ALLOWED;
  return forbid('seccompProfile', `${setters.join(' and ')} must not set securityContext.seccompProfile.type to ${joinQuote(sortedSet(badValues))}`);
}

function appArmorProfile(meta: ObjectMeta, spec: PodSpec): CheckResult {
  const allowedType = (t: string) => t === 'RuntimeDefault' || t === 'Localhost';
  const setters: string[] = [];
  const badTypes: string[] = [];
  const podProfile = spec.securityContext?.appArmorProfile;
  if (podProfile && !allowedType(podProfile.type)) {
    setters.push('pod');
    badTypes.push(podProfile.type);
  }
  const containers: string[] = [];
  visitContainers(spec, (c) => {
    const profile = c.securityContext?.appArmorProfile;
    if (profile && !allowedType(profile.type)) {
      containers.push(c.name);
      badTypes.push(profile.type);
    }
  });
  if (containers.length) setters.push(containersPhrase(containers));
  const annotations = Object.entries(meta.annotations ?? {})
    .filter(([k, v]) => k.startsWith(APPARMOR_CONTAINER_ANNOTATION_PREFIX) && !allowedAppArmorAnnotation(v))
    .map(([k, v]) => `${k}=${goQuote(v)}`)
    .sort(byteOrder);
  if (annotations.length) setters.push(pluralize('annotation', 'annotations', annotations.length));
  if (!setters.length) return ALLOWED;
  const values = [...sortedSet(badTypes), ...annotations];
  return forbid(
    pluralize('forbidden AppArmor profile', 'forbidden AppArmor profiles', values.length),
    `${setters.join(' and ')} must not set AppArmor profile type to ${joinQuote(values)}`,
  );
}

const SYSCTLS_1_0 = ['kernel.shm_rmid_forced', 'net.ipv4.ip_local_port_range', 'net.ipv4.tcp_syncookies', 'net.ipv4.ping_group_range', 'net.ipv4.ip_unprivileged_port_start'];
const SYSCTLS_1_27 = [...SYSCTLS_1_0, 'net.ipv4.ip_local_reserved_ports'];
const SYSCTLS_1_29 = [...SYSCTLS_1_27, 'net.ipv4.tcp_keepalive_time', 'net.ipv4.tcp_fin_timeout', 'net.ipv4.tcp_keepalive_intvl', 'net.ipv4.tcp_keepalive_probes'];
const SYSCTLS_1_32 = [...SYSCTLS_1_29, 'net.ipv4.tcp_rmem', 'net.ipv4.tcp_wmem'];

function sysctls(allowedNames: readonly string[]) {
  const allowed = new Set(allowedNames);
  return (_meta: ObjectMeta, spec: PodSpec): CheckResult => {
    const bad = (spec.securityContext?.sysctls ?? []).map((s) => s.name).filter((name) => !allowed.has(name));
    return bad.length ? forbid('forbidden sysctls', bad.join(', ')) : ALLOWED;
  };
}

export const BASELINE_CHECKS: readonly Check[] = [
  { id: 'privileged', level: 'baseline', versions: [{ minimumVersion: v1(0), checkPod: privileged }] },
  { id: CAPABILITIES_BASELINE_ID, level: 'baseline', versions: [{ minimumVersion: v1(0), checkPod: capabilitiesBaseline }] },
  {
    id: PROC_MOUNT_ID,
    level: 'baseline',
    versions: [
      { minimumVersion: v1(0), checkPod: procMountUnmasked },
      { minimumVersion: v1(35), checkPod: procMountBaseline135 },
    ],
  },
  {
    id: 'seLinuxOptions',
    level: 'baseline',
    versions: [
      { minimumVersion: v1(0), checkPod: seLinuxOptions(SELINUX_TYPES_1_0) },
      { minimumVersion: v1(31), checkPod: seLinuxOptions(SELINUX_TYPES_1_31) },
    ],
  },
  {
    id: SECCOMP_BASELINE_ID,
    level: 'baseline',
    versions: [
      { minimumVersion: v1(0), checkPod: seccompBaselineAnnotations },
      { minimumVersion: v1(19), checkPod: seccompBaselineFields },
    ],
  },
  { id: 'appArmorProfile', level: 'baseline', versions: [{ minimumVersion: v1(0), checkPod: appArmorProfile }] },
  {
    id: 'sysctls',
    level: 'baseline',
    versions: [
      { minimumVersion: v1(0), checkPod: sysctls(SYSCTLS_1_0) },
      { minimumVersion: v1(27), checkPod: sysctls(SYSCTLS_1_27) },
      { minimumVersion: v1(29), checkPod: sysctls(SYSCTLS_1_29) },
      { minimumVersion: v1(32), checkPod: sysctls(SYSCTLS_1_32) },
    ],
  },
];
