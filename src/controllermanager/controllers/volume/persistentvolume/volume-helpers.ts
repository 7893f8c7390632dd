// The small questions every part of the binder asks of a claim and a volume, as Kubernetes'
// storage helpers answer them: which class each names, their sizes, whether their volume modes and
// access modes agree, whether a volume points at a claim, and the reference a bound volume keeps.
import type { ObjectReference } from '../../../../api/meta/v1/types.ts';
import type { PersistentVolume, PersistentVolumeClaim } from '../../../../api/core/v1/volume-types.ts';
import { ANN_BETA_STORAGE_CLASS } from '../../../../api/core/v1/well-known-volume-annotations.ts';
import { parseQuantity, scaledValue } from '../../../../machinery/quantity/quantity.ts';

export const claimKey = (claim: PersistentVolumeClaim) => `${claim.metadata.namespace}/${claim.metadata.name}`;
export const claimRefKey = (ref: ObjectReference) => `${ref.namespace}/${ref.name}`;

/** The class a claim asks for: the beta annotation first, then spec.storageClassName, else "". */
export function claimClass(claim: PersistentVolumeClaim): string {
  const annotated = claim.metadata.annotations?.[ANN_BETA_STORAGE_CLASS];
  if (annotated !== undefined) return annotated;
  return claim.spec?.storageClassName ?? '';
}

/** Whether the claim names a class at all (an empty one counts: it asks for none). */
export function claimHasClass(claim: PersistentVolumeClaim): boolean {
  return claim.metadata.annotations?.[ANN_BETA_STORAGE_CLASS] !== undefined || claim.spec?.storageClassName !== undefined;
}

/** The class a volume belongs to, read as a claim's is. */
export function volumeClass(volume: PersistentVolume): string {
  const annotated = volume.metadata.annotations?.[ANN_BETA_STORAGE_CLASS];
  if (annotated !== undefined) return annotated;
  return volume.spec?.storageClassName ?? '';
}

/** A storage quantity in bytes, rounded up as Go's Quantity.Value; absent or unreadable is 0. */
export function storageBytes(quantity: string | undefined): bigint {
  if (!quantity) return 0n;
  try {
    return scaledValue(parseQuantity(quantity), 0);
  } catch {
    return 0n;
  }
}

export const requestedBytes = (claim: PersistentVolumeClaim) => storageBytes(claim.spec?.resources?.requests?.storage);
export const capacityBytes = (volume: PersistentVolume) => storageBytes(volume.spec?.capacity?.storage);

/** True when the two disagree on Block or Filesystem (absent means Filesystem). */
export function volumeModeMismatch(claim: PersistentVolumeClaim, volume: PersistentVolume): boolean {
  return (claim.spec?.volumeMode || 'Filesystem') !== (volume.spec?.volumeMode || 'Filesystem');
}

/** Whether the volume offers every access mode the claim asks for. */
export function accessModesSatisfied(claim: PersistentVolumeClaim, volume: PersistentVolume): boolean {
  const offered = new Set(volume.spec?.accessModes ?? []);
  return (claim.spec?.accessModes ?? []).every((mode) => offered.has(mode));
}

/** Whether the volume's claimRef names this claim (and its uid, once one is recorded). */
export function isVolumeBoundToClaim(volume: PersistentVolume, claim: PersistentVolumeClaim): boolean {
  const ref = volume.spec?.claimRef;
  if (!ref) return false;
  if (ref.name !== claim.metadata.name || ref.namespace !== claim.metadata.namespace) return false;
  return !ref.uid || ref.uid === claim.metadata.uid;
}

/** The reference a volume bound to the claim keeps, as client-go's GetReference makes it. */
export function claimReference(claim: PersistentVolumeClaim): ObjectReference {
  return {
    kind: 'PersistentVolumeClaim',
    namespace: claim.metadata.namespace,
    name: claim.metadata.name,
    uid: claim.metadata.uid,
    apiVersion: 'v1',
    resourceVersion: claim.metadata.resourceVersion,
  };
}

/** Why a volume the claim asked for by name cannot serve it, or undefined when it can. */
export function volumeUnfitForClaim(volume: PersistentVolume, claim: PersistentVolumeClaim): string | undefined {
  if (volume.metadata.deletionTimestamp) return `the volume is marked for deletion "${volume.metadata.name}"`;
  if (capacityBytes(volume) < requestedBytes(claim)) return 'requested PV is too small';
  if (volumeClass(volume) !== claimClass(claim)) return 'storageClassName does not match';
  if (volumeModeMismatch(claim, volume)) return 'incompatible volumeMode';
  if (!accessModesSatisfied(claim, volume)) return 'incompatible accessMode';
  return undefined;
}
