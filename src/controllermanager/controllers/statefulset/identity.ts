// A stateful set's pods and claims by ordinal, as Kubernetes names and shapes them: pod
// `<set>-<ordinal>` for ordinals from spec.ordinals.start, claim `<template>-<set>-<ordinal>` for
// each volume claim template, the pod's hostname and subdomain (the governing service), its
// statefulset.orch.io/pod-name and apps.orch.io/pod-index labels, and a volume per claim template
// that names the pod's claim. A pod whose name has no ordinal is not the set's.
import type { StatefulSet } from '../../../api/apps/v1/types.ts';
import type { Pod } from '../../../api/core/v1/pod-types.ts';
import type { PersistentVolumeClaim, Volume } from '../../../api/core/v1/volume-types.ts';
import { CONTROLLER_REVISION_HASH_LABEL, POD_INDEX_LABEL, STATEFUL_SET_POD_NAME_LABEL } from '../../../api/apps/v1/well-known-labels.ts';
import { podFromTemplate } from '../workload/pod-control.ts';
import { newControllerRef } from '../workload/controller-ref-manager.ts';

export const STATEFUL_SET_KIND = { apiVersion: 'apps/v1', kind: 'StatefulSet' };
export const POD_KIND = { apiVersion: 'v1', kind: 'Pod' };

const STATEFUL_POD_NAME = /^(.*)-([0-9]+)$/;
const INT32_MAX = 2 ** 31 - 1;

/** The parent set's name and the ordinal a pod's name carries; ordinal -1 when it carries none. */
export function parentNameAndOrdinal(pod: Pod): { parent: string; ordinal: number } {
  const m = STATEFUL_POD_NAME.exec(pod.metadata.name ?? '');
  if (!m) return { parent: '', ordinal: -1 };
  const ordinal = Number(m[2]);
  return { parent: m[1]!, ordinal: Number.isSafeInteger(ordinal) && ordinal <= INT32_MAX ? ordinal : -1 };
}

export function ordinalOf(pod: Pod): number {
  return parentNameAndOrdinal(pod).ordinal;
}

export function replicasOf(set: StatefulSet): number {
  return set.spec?.replicas ?? 1;
}

export function startOrdinal(set: StatefulSet): number {
  return set.spec?.ordinals?.start ?? 0;
}

/** The last ordinal the set keeps (inclusive). */
export function endOrdinal(set: StatefulSet): number {
  return startOrdinal(set) + replicasOf(set) - 1;
}

export function podInOrdinalRange(pod: Pod, set: StatefulSet): boolean {
  const ordinal = ordinalOf(pod);
  return ordinal >= startOrdinal(set) && ordinal <= endOrdinal(set);
}

export function podName(set: StatefulSet, ordinal: number): string {
  return `${set.metadata.name}-${ordinal}`;
}

export function claimName(set: StatefulSet, template: PersistentVolumeClaim, ordinal: number): string {
  return `${template.metadata.name}-${set.metadata.name}-${ordinal}`;
}

export function isMemberOf(set: StatefulSet, pod: Pod): boolean {
  return parentNameAndOrdinal(pod).parent === set.metadata.name;
}

/** The pod has the name, namespace and pod-name label of a member of the set. */
export function identityMatches(set: StatefulSet, pod: Pod): boolean {
  const { parent, ordinal } = parentNameAndOrdinal(pod);
  return ordinal >= 0 && parent === set.metadata.name && pod.metadata.name === podName(set, ordinal)
    && pod.metadata.namespace === set.metadata.namespace && pod.metadata.labels?.[STATEFUL_SET_POD_NAME_LABEL] === pod.metadata.name;
}

/** Every claim template has a volume of the pod that names the pod's claim. */
export function storageMatches(set: StatefulSet, pod: Pod): boolean {
  const ordinal = ordinalOf(pod);
  if (ordinal < 0) return false;
  const volumes = new Map((pod.spec?.volumes ?? []).map((v) => [v.name, v]));
  return (set.spec?.volumeClaimTemplates ?? []).every((template) => volumes.get(template.metadata.name ?? '')?.persistentVolumeClaim?.claimName === claimName(set, template, ordinal));
}

/** The claims of the pod's ordinal, by template name: the template with its name, namespace and the selector's labels. */
export function podClaims(set: StatefulSet, pod: Pod): Map<string, PersistentVolumeClaim> {
  const ordinal = ordinalOf(pod);
  const claims = new Map<string, PersistentVolumeClaim>();
  for (const template of set.spec?.volumeClaimTemplates ?? []) {
    const claim = structuredClone(template);
    claim.apiVersion = 'v1';
    claim.kind = 'PersistentVolumeClaim';
    claim.metadata.name = claimName(set, template, ordinal);
    claim.metadata.namespace = set.metadata.namespace;
    claim.metadata.labels = { ...claim.metadata.labels, ...set.spec?.selector?.matchLabels };
    claims.set(template.metadata.name ?? '', claim);
  }
  return claims;
}

/** updateStorage: the pod's volumes with one per claim template naming its claim (others kept). */
export function updateStorage(set: StatefulSet, pod: Pod): void {
  const claims = podClaims(set, pod);
  const volumes: Volume[] = [...claims].map(([name, claim]) => ({ name, persistentVolumeClaim: { claimName: claim.metadata.name ?? '' } }));
  for (const volume of pod.spec?.volumes ?? []) if (!claims.has(volume.name)) volumes.push(volume);
  pod.spec = { ...(pod.spec ?? { containers: [] }), volumes };
}

/** updateIdentity: name, namespace and the pod-name and pod-index labels. */
export function updateIdentity(set: StatefulSet, pod: Pod): void {
  const ordinal = ordinalOf(pod);
  pod.metadata.name = podName(set, ordinal);
  pod.metadata.namespace = set.metadata.namespace;
  pod.metadata.labels = { ...pod.metadata.labels, [STATEFUL_SET_POD_NAME_LABEL]: pod.metadata.name, [POD_INDEX_LABEL]: String(ordinal) };
}

/** newStatefulSetPod: the set's pod of `ordinal` from its template, with hostname and subdomain fixed at creation. */
export function newStatefulSetPod(set: StatefulSet, ordinal: number): Pod {
  const pod = podFromTemplate(set.spec?.template, set.metadata.name ?? '', newControllerRef({ ...STATEFUL_SET_KIND, metadata: set.metadata }));
  pod.metadata.name = podName(set, ordinal);
  updateIdentity(set, pod);
  pod.spec!.hostname = pod.metadata.name;
  if (set.spec?.serviceName) pod.spec!.subdomain = set.spec.serviceName;
  updateStorage(set, pod);
  return pod;
}

export function podRevision(pod: Pod): string {
  return pod.metadata.labels?.[CONTROLLER_REVISION_HASH_LABEL] ?? '';
}

export function setPodRevision(pod: Pod, revision: string): void {
  pod.metadata.labels = { ...pod.metadata.labels, [CONTROLLER_REVISION_HASH_LABEL]: revision };
}

/**
 * newVersionedStatefulSetPod: below the partition (or, without a rolling update, below the
 * current replicas) a new pod is made at the current revision, else at the update revision.
 */
export function newVersionedStatefulSetPod(currentSet: StatefulSet, updateSet: StatefulSet, currentRevision: string, updateRevision: string, ordinal: number): Pod {
  const strategy = currentSet.spec?.updateStrategy;
  const rolling = strategy?.rollingUpdate;
  // Kubernetes' condition, with Go's precedence: (RollingUpdate && no rollingUpdate && below current replicas) || (rollingUpdate && below partition).
  const atCurrent = (strategy?.type === 'RollingUpdate' && !rolling && ordinal < startOrdinal(currentSet) + (currentSet.status?.currentReplicas ?? 0))
    || (rolling !== undefined && ordinal < startOrdinal(currentSet) + (rolling.partition ?? 0));
  const pod = newStatefulSetPod(atCurrent ? currentSet : updateSet, ordinal);
  setPodRevision(pod, atCurrent ? currentRevision : updateRevision);
  return pod;
}
