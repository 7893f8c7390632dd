// Restricted checks: only core volume types, no privilege escalation, non-root users, a seccomp
// profile, all capabilities dropped (NET_BIND_SERVICE the only one added back) and a masked
// /proc. Some replace a baseline check from the version they appear in (`overrides`).
import type { ObjectMeta } from '../../../../api/meta/v1/types.ts';
import type { PodSpec } from '../../../../api/core/v1/pod-types.ts';
import type { Volume } from '../../../../api/core/v1/volume-types.ts';
import { ALLOWED, containersPhrase, forbid, inUserNamespace, isWindowsPod, joinQuote, pluralize, sortedSet, visitContainers, type Check, type CheckPod, type CheckResult } from './check.ts';
import { CAPABILITIES_BASELINE_ID, PROC_MOUNT_ID, procMountUnmasked, SECCOMP_BASELINE_ID, validSeccompType } from './checks-baseline.ts';
import { HOST_PATH_VOLUMES_ID } from './checks-host.ts';
import { v1 } from './policy-labels.ts';

/** Volume sources restricted pods may use. */
const ALLOWED_VOLUME_SOURCES = ['configMap', 'csi', 'downwardAPI', 'emptyDir', 'ephemeral', 'persistentVolumeClaim', 'projected', 'secret', 'image'] as const;

/** Every other source, in the order Kubernetes names the first one a volume sets. */
const RESTRICTED_VOLUME_SOURCES = [
  'hostPath', 'gcePersistentDisk', 'awsElasticBlockStore', 'gitRepo', 'nfs', 'iscsi', 'glusterfs', 'rbd', 'flexVolume', 'cinder', 'cephfs',
  'flocker', 'fc', 'azureFile', 'vsphereVolume', 'quobyte', 'azureDisk', 'photonPersistentDisk', 'portworxVolume', 'scaleIO', 'storageos',
] as const;

function restrictedVolumes(_meta: ObjectMeta, spec: PodSpec): CheckResult {
  const bad: string[] = [];
  const types: string[] = [];
  for (const volume of spec.volumes ?? []) {
    const source = volume as unknown as Record<string, unknown>;
    if (ALLOWED_VOLUME_SOURCES.some((k) => source[k] != null)) continue;
    bad.push((volume as Volume).name);
    types.push(RESTRICTED_VOLUME_SOURCES.find((k) => source[k] != null) ?? 'unknown');
  }
  if (!bad.length) return ALLOWED;
  const distinct = sortedSet(types);
  return forbid(
    'restricted volume types',
    `${pluralize('volume', 'volumes', bad.length)} ${joinQuote(bad)} ${pluralize('uses', 'use', bad.length)} ${pluralize('restricted volume type', 'restricted volume types', distinct.length)} ${joinQuote(distinct)}`,
  );
}

/** From 1.25, restricted checks of Linux-only settings skip pods that declare spec.os.name=windows. */
const exceptWindows =
  (check: CheckPod): CheckPod =>
  (meta, spec) =>
    isWindowsPod(spec) ? ALLOWED : check(meta, spec);

/** From 1.35, checks about root in the container skip pods in a user namespace. */
const exceptUserNamespace =
  (check: CheckPod): CheckPod =>
  (meta, spec) =>
    inUserNamespace(spec) ? ALLOWED : check(meta, spec);

function allowPrivilegeEscalation(_meta: ObjectMeta, spec: PodSpec): CheckResult {
  const bad: string[] = [];
  visitContainers(spec, (c) => {
    if (c.securityContext?.allowPrivilegeEscalation !== false) bad.push(c.name);
  });
  return bad.length ? forbid('allowPrivilegeEscalation != false', `${containersPhrase(bad)} must set securityContext.allowPrivilegeEscalation=false`) : ALLOWED;
}

function runAsNonRoot(_meta: ObjectMeta, spec: PodSpec): CheckResult {
  const setters: string[] = [];
  const podValue = spec.securityContext?.runAsNonRoot;
  if (podValue === false) setters.push('pod');
  const podNonRoot = podValue === true;
  const explicit: string[] = [];
  const implicit: string[] = [];
  visitContainers(spec, (c) => {
    const value = c.securityContext?.runAsNonRoot;
    if (value === false) explicit.push(c.name);
    else if (value == null && !podNonRoot) implicit.push(c.name);
  });
  if (explicit.length) setters.push(containersPhrase(explicit));
  if (setters.length) return forbid('runAsNonRoot != true', `${setters.join(' and ')} must not set securityContext.runAsNonRoot=false`);
  if (implicit.length) return forbid('runAsNonRoot != true', `pod or ${containersPhrase(implicit)} must set securityContext.runAsNonRoot=true`);
  return ALLOWED;
}

function runAsUser(_meta: ObjectMeta, spec: PodSpec): CheckResult {
  const setters: string[] = [];
  if (spec.securityContext?.runAsUser === 0) setters.push('pod');
  const containers: string[] = [];
  visitContainers(spec, (c) => {
    if (c.securityContext?.runAsUser === 0) containers.push(c.name);
  });
  if (containers.length) setters.push(containersPhrase(containers));
  return setters.length ? forbid('runAsUser=0', `${setters.join(' and ')} must not set runAsUser=0`) : ALLOWED;
}

function seccompRestricted(_meta: ObjectMeta, spec: PodSpec): CheckResult {
  const setters: string[] = [];
  const badValues: string[] = [];
  let podSet = false;
  const podProfile = spec.securityContext?.seccompProfile;
  if (podProfile) {
    if (validSeccompType(podProfile.type)) podSet = true;
    else {
      setters.push('pod');
      badValues.push(podProfile.type);
    }
  }
  const explicit: string[] = [];
  const implicit: string[] = [];
  visitContainers(spec, (c) => {
    const profile = c.securityContext?.seccompProfile;
    if (profile) {
      if (!validSeccompType(profile.type)) {
        explicit.push(c.name);
        badValues.push(profile.type);
      }
    } else if (!podSet) implicit.push(c.name);
  });
  if (explicit.length) setters.push(containersPhrase(explicit));
  if (setters.length) return forbid('seccompProfile', `${setters.join(' and ')} must not set securityContext.seccompProfile.type to ${joinQuote(sortedSet(badValues))}`);
  if (implicit.length) return forbid('seccompProfile', `pod or ${containersPhrase(implicit)} must set securityContext.seccompProfile.type to "RuntimeDefault" or "Localhost"`);
  return ALLOWED;
}

function capabilitiesRestricted(_meta: ObjectMeta, spec: PodSpec): CheckResult {
  const missingDropAll: string[] = [];
  const addingForbidden: string[] = [];
  const forbidden: string[] = [];
  visitContainers(spec, (c) => {
    const caps = c.securityContext?.capabilities;
    if (!caps) {
      missingDropAll.push(c.name);
      return;
    }
    if (!(caps.drop ?? []).includes('ALL')) missingDropAll.push(c.name);
    const extra = (caps.add ?? []).filter((cap) => cap !== 'NET_BIND_SERVICE');
    if (extra.length) addingForbidden.push(c.name);
    forbidden.push(...extra);
  });
  const details: string[] = [];
  if (missingDropAll.length) details.push(`${containersPhrase(missingDropAll)} must set securityContext.capabilities.drop=["ALL"]`);
  if (addingForbidden.length) details.push(`${containersPhrase(addingForbidden)} must not include ${joinQuote(sortedSet(forbidden))} in securityContext.capabilities.add`);
  return details.length ? forbid('unrestricted capabilities', details.join('; ')) : ALLOWED;
}

export const RESTRICTED_CHECKS: readonly Check[] = [
  { id: 'restrictedVolumes', level: 'restricted', versions: [{ minimumVersion: v1(0), checkPod: restrictedVolumes, overrides: [HOST_PATH_VOLUMES_ID] }] },
  {
    id: 'allowPrivilegeEscalation',
    level: 'restricted',
    versions: [
      { minimumVersion: v1(8), checkPod: allowPrivilegeEscalation },
      { minimumVersion: v1(25), checkPod: exceptWindows(allowPrivilegeEscalation) },
    ],
  },
  {
    id: 'runAsNonRoot',
    level: 'restricted',
    versions: [
      { minimumVersion: v1(0), checkPod: runAsNonRoot },
      { minimumVersion: v1(35), checkPod: exceptUserNamespace(runAsNonRoot) },
    ],
  },
  {
    id: 'runAsUser',
    level: 'restricted',
    versions: [
      { minimumVersion: v1(23), checkPod: runAsUser },
      { minimumVersion: v1(35), checkPod: exceptUserNamespace(runAsUser) },
    ],
  },
  {
    id: 'seccompProfile_restricted',
    level: 'restricted',
    versions: [
      { minimumVersion: v1(19), checkPod: seccompRestricted, overrides: [SECCOMP_BASELINE_ID] },
      { minimumVersion: v1(25), checkPod: exceptWindows(seccompRestricted), overrides: [SECCOMP_BASELINE_ID] },
    ],
  },
  {
    id: 'capabilities_restricted',
    level: 'restricted',
    versions: [
      { minimumVersion: v1(22), checkPod: capabilitiesRestricted, overrides: [CAPABILITIES_BASELINE_ID] },
      { minimumVersion: v1(25), checkPod: exceptWindows(capabilitiesRestricted), overrides: [CAPABILITIES_BASELINE_ID] },
    ],
  },
  // Baseline relaxes /proc for user-namespace pods from 1.35; restricted keeps refusing it.
  { id: 'procMount_restricted', level: 'restricted', versions: [{ minimumVersion: v1(35), checkPod: procMountUnmasked, overrides: [PROC_MOUNT_ID] }] },
];
