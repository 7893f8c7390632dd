// Whose claims a stateful set's claims are, by its persistentVolumeClaimRetentionPolicy, as
// Kubernetes keeps them: Retain/Retain — no reference from the set or the pod; deleted with the set
// — the set as controller; deleted on scale-down — the pod as controller once it is out of range;
// both — the set while the pod is in range, the pod once it is not. A claim referring to an older
// set or pod of the same name, or controlled by someone else, is left alone (only our own stale
// references are cleared from the latter).
import type { StatefulSet } from '../../../api/apps/v1/types.ts';
import type { OwnerReference } from '../../../api/meta/v1/types.ts';
import type { Pod } from '../../../api/core/v1/pod-types.ts';
import type { PersistentVolumeClaim } from '../../../api/core/v1/volume-types.ts';
import { klog } from '../../../component-base/logs/klog.ts';
import { podInOrdinalRange, POD_KIND, STATEFUL_SET_KIND } from './identity.ts';

const log = klog('controllermanager/statefulset');

interface Named {
  metadata: { name?: string; uid?: string };
}
type Kind = { apiVersion: string; kind: string };

export interface RetentionPolicy {
  whenDeleted: string;
  whenScaled: string;
}

export function retentionPolicy(set: StatefulSet): RetentionPolicy {
  const p = set.spec?.persistentVolumeClaimRetentionPolicy;
  return { whenDeleted: p?.whenDeleted ?? 'Retain', whenScaled: p?.whenScaled ?? 'Retain' };
}

function refs(claim: PersistentVolumeClaim): OwnerReference[] {
  return (claim.metadata.ownerReferences as OwnerReference[] | undefined) ?? [];
}

function matchesRef(ref: OwnerReference, obj: Named, kind: Kind): boolean {
  return ref.apiVersion === kind.apiVersion && ref.kind === kind.kind && ref.name === obj.metadata.name;
}

function hasOwnerRef(claim: PersistentVolumeClaim, owner: Named): boolean {
  return refs(claim).some((ref) => ref.uid === owner.metadata.uid);
}

/** A reference to the object's name and kind but another uid: an older object of that name. */
export function hasStaleOwnerRef(claim: PersistentVolumeClaim, obj: Named, kind: Kind): boolean {
  const ref = refs(claim).find((r) => matchesRef(r, obj, kind));
  return ref !== undefined && ref.uid !== obj.metadata.uid;
}

/** Under a policy that deletes, a controller other than the set or pod (or our name with another uid). */
export function hasUnexpectedController(claim: PersistentVolumeClaim, set: StatefulSet, pod: Pod): boolean {
  const policy = retentionPolicy(set);
  if (policy.whenScaled === 'Retain' && policy.whenDeleted === 'Retain') return false;
  for (const ref of refs(claim)) {
    if (matchesRef(ref, set, STATEFUL_SET_KIND)) {
      if (ref.uid !== set.metadata.uid) return true;
      continue;
    }
    if (matchesRef(ref, pod, POD_KIND)) {
      if (ref.uid !== pod.metadata.uid) return true;
      continue;
    }
    if (ref.controller === true) return true;
  }
  return false;
}

function hasNonControllerOwner(claim: PersistentVolumeClaim, set: StatefulSet, pod: Pod): boolean {
  return refs(claim).some((ref) => (ref.uid === set.metadata.uid || ref.uid === pod.metadata.uid) && ref.controller !== true);
}

/** isClaimOwnerUpToDate: the claim's references are what the policy asks for (or must not be touched). */
export function isClaimOwnerUpToDate(claim: PersistentVolumeClaim, set: StatefulSet, pod: Pod): boolean {
  if (hasStaleOwnerRef(claim, set, STATEFUL_SET_KIND) || hasStaleOwnerRef(claim, pod, POD_KIND)) return true;
  if (hasUnexpectedController(claim, set, pod)) return !(hasOwnerRef(claim, set) || hasOwnerRef(claim, pod));
  if (hasNonControllerOwner(claim, set, pod)) return false;
  const policy = retentionPolicy(set);
  const scaledDown = !podInOrdinalRange(pod, set);
  const setRef = hasOwnerRef(claim, set);
  const podRef = hasOwnerRef(claim, pod);
  if (policy.whenScaled === 'Retain' && policy.whenDeleted === 'Delete') return setRef && !podRef;
  if (policy.whenScaled === 'Delete' && policy.whenDeleted === 'Retain') return !setRef && scaledDown === podRef;
  if (policy.whenScaled === 'Delete' && policy.whenDeleted === 'Delete') return scaledDown !== setRef && scaledDown === podRef;
  if (policy.whenScaled !== 'Retain' || policy.whenDeleted !== 'Retain') log.error('Unknown policy, treating as Retain', { policy: JSON.stringify(set.spec?.persistentVolumeClaimRetentionPolicy) });
  return !setRef && !podRef;
}

function controllerRef(owner: Named, kind: Kind): OwnerReference {
  return { apiVersion: kind.apiVersion, kind: kind.kind, name: owner.metadata.name ?? '', uid: owner.metadata.uid ?? '', controller: true, blockOwnerDeletion: true };
}

function addControllerRef(list: OwnerReference[], owner: Named, kind: Kind): OwnerReference[] {
  return list.some((ref) => ref.uid === owner.metadata.uid) ? list : [...list, controllerRef(owner, kind)];
}

/** updateClaimOwnerRefForSetAndPod: our references on the claim rewritten to what the policy asks for. */
export function updateClaimOwnerRefs(claim: PersistentVolumeClaim, set: StatefulSet, pod: Pod): void {
  const unexpected = hasUnexpectedController(claim, set, pod);
  let list = refs(claim).filter((ref) => !matchesRef(ref, set, STATEFUL_SET_KIND) && !matchesRef(ref, pod, POD_KIND));
  if (!unexpected) {
    const policy = retentionPolicy(set);
    const scaledDown = !podInOrdinalRange(pod, set);
    if (policy.whenScaled === 'Retain' && policy.whenDeleted === 'Delete') list = addControllerRef(list, set, STATEFUL_SET_KIND);
    else if (policy.whenScaled === 'Delete' && policy.whenDeleted === 'Retain' && scaledDown) list = addControllerRef(list, pod, POD_KIND);
    else if (policy.whenScaled === 'Delete' && policy.whenDeleted === 'Delete') list = scaledDown ? addControllerRef(list, pod, POD_KIND) : addControllerRef(list, set, STATEFUL_SET_KIND);
  }
  claim.metadata.ownerReferences = list;
}
