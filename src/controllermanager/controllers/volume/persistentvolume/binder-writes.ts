// The binder's writes, each made only when something changes and remembered in its versioned
// cache: claim and volume status with the events that go with a change of phase, the two halves
// of a binding (the volume's claimRef first, then the claim's volumeName and annotations), the
// rollback of a binding, the provisioner a claim waits for, and the default class given to a
// claim made before one existed.
import type { PersistentVolume, PersistentVolumeClaim } from '../../../../api/core/v1/volume-types.ts';
import {
  ANN_BETA_STORAGE_PROVISIONER, ANN_BIND_COMPLETED, ANN_BOUND_BY_CONTROLLER, ANN_PRE_RESIZE_CAPACITY, ANN_STORAGE_PROVISIONER,
} from '../../../../api/core/v1/well-known-volume-annotations.ts';
import type { EventType } from '../../../../client/record/index.ts';
import { klog } from '../../../../component-base/logs/klog.ts';
import { defaultStorageClassOf } from '../../../../machinery/storage/default-storage-class.ts';
import type { BinderContext } from './binder-context.ts';
import { claimHasClass, claimKey, claimReference, isVolumeBoundToClaim } from './volume-helpers.ts';

const log = klog('controllermanager/persistentvolume');

const sameList = (a: readonly string[] | undefined, b: readonly string[] | undefined) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** Writes the claim's phase, and its access modes and capacity from the volume it is bound to. */
export async function updateClaimStatus(ctx: BinderContext, claim: PersistentVolumeClaim, phase: string, volume?: PersistentVolume): Promise<PersistentVolumeClaim> {
  const status = { ...claim.status };
  let dirty = false;
  if (claim.status?.phase !== phase) {
    status.phase = phase;
    dirty = true;
  }
  if (!volume) {
    if (status.accessModes) (delete status.accessModes, (dirty = true));
    if (status.capacity) (delete status.capacity, (dirty = true));
  } else {
    if (!sameList(claim.status?.accessModes, volume.spec?.accessModes)) {
      status.accessModes = volume.spec?.accessModes;
      dirty = true;
    }
    // Capacity is taken when the claim becomes Bound, never later: a difference may be deliberate.
    if (claim.status?.phase !== phase) {
      const capacity = volume.spec?.capacity?.storage;
      if (capacity === undefined) throw new Error(`PersistentVolume "${volume.metadata.name}" is without a storage capacity`);
      const preResize = volume.metadata.annotations?.[ANN_PRE_RESIZE_CAPACITY];
      if (preResize !== undefined) {
        status.capacity = { ...status.capacity, storage: preResize };
        dirty = true;
      } else if (claim.status?.capacity?.storage !== capacity) {
        status.capacity = { ...volume.spec?.capacity };
        dirty = true;
      }
    }
  }
  if (!dirty) return claim;
  const updated = await ctx.client.updateClaimStatus({ ...claim, status });
  ctx.claims.store(updated);
  log.info('Claim entered phase', { PVC: claimKey(claim), phase }, 2);
  return updated;
}

/** updateClaimStatus that records the event only when the phase changes. */
export async function updateClaimStatusWithEvent(ctx: BinderContext, claim: PersistentVolumeClaim, phase: string, volume: PersistentVolume | undefined, type: EventType, reason: string, note: string): Promise<PersistentVolumeClaim> {
  if (claim.status?.phase === phase) return claim;
  const updated = await updateClaimStatus(ctx, claim, phase, volume);
  ctx.recorder.eventf(updated, undefined, type, reason, 'Binding', note);
  return updated;
}

/** Writes the volume's phase (and message) through /status when it changes. */
export async function updateVolumePhase(ctx: BinderContext, volume: PersistentVolume, phase: string, message = ''): Promise<PersistentVolume> {
  if (volume.status?.phase === phase) return volume;
  const status = { ...volume.status, phase };
  if (message) status.message = message;
  else delete status.message;
  const updated = await ctx.client.updateVolumeStatus({ ...volume, status });
  ctx.volumes.store(updated);
  log.info('Volume entered phase', { volumeName: volume.metadata.name, phase }, 2);
  return updated;
}

export async function updateVolumePhaseWithEvent(ctx: BinderContext, volume: PersistentVolume, phase: string, type: EventType, reason: string, note: string, action = 'Reclaiming'): Promise<PersistentVolume> {
  if (volume.status?.phase === phase) return volume;
  const updated = await updateVolumePhase(ctx, volume, phase, note);
  ctx.recorder.eventf(updated, undefined, type, reason, action, note);
  return updated;
}

/** The volume with its claimRef set to the claim (and marked bound by the binder when it was not pre-bound). */
export function volumeBoundToClaim(volume: PersistentVolume, claim: PersistentVolumeClaim): { volume: PersistentVolume; dirty: boolean } {
  const ref = volume.spec?.claimRef;
  const setByBinder = !isVolumeBoundToClaim(volume, claim);
  let out = volume;
  let dirty = false;
  if (!ref || ref.name !== claim.metadata.name || ref.namespace !== claim.metadata.namespace || ref.uid !== claim.metadata.uid) {
    out = { ...out, spec: { ...out.spec, claimRef: claimReference(claim) } };
    dirty = true;
  }
  if (setByBinder && out.metadata.annotations?.[ANN_BOUND_BY_CONTROLLER] === undefined) {
    out = { ...out, metadata: { ...out.metadata, annotations: { ...out.metadata.annotations, [ANN_BOUND_BY_CONTROLLER]: 'yes' } } };
    dirty = true;
  }
  return { volume: out, dirty };
}

async function bindVolumeToClaim(ctx: BinderContext, volume: PersistentVolume, claim: PersistentVolumeClaim): Promise<PersistentVolume> {
  const { volume: bound, dirty } = volumeBoundToClaim(volume, claim);
  if (!dirty) return volume;
  log.info('Claim bound to volume', { PVC: claimKey(claim), volumeName: volume.metadata.name }, 2);
  const updated = await ctx.client.updateVolume(bound);
  ctx.volumes.store(updated);
  return updated;
}

async function bindClaimToVolume(ctx: BinderContext, claim: PersistentVolumeClaim, volume: PersistentVolume): Promise<PersistentVolumeClaim> {
  let annotations = { ...claim.metadata.annotations };
  let spec = claim.spec;
  let dirty = false;
  if (claim.spec?.volumeName !== volume.metadata.name) {
    spec = { ...spec, volumeName: volume.metadata.name };
    if (annotations[ANN_BOUND_BY_CONTROLLER] === undefined) annotations = { ...annotations, [ANN_BOUND_BY_CONTROLLER]: 'yes' };
    dirty = true;
  }
  if (annotations[ANN_BIND_COMPLETED] === undefined) {
    annotations = { ...annotations, [ANN_BIND_COMPLETED]: 'yes' };
    dirty = true;
  }
  if (!dirty) return claim;
  log.info('Volume bound to claim', { PVC: claimKey(claim), volumeName: volume.metadata.name }, 2);
  const updated = await ctx.client.updateClaim({ ...claim, metadata: { ...claim.metadata, annotations }, spec });
  ctx.claims.store(updated);
  return updated;
}

/** Both halves of a binding and both phases, volume first; a failure leaves the rest to the next sync. */
export async function bind(ctx: BinderContext, volume: PersistentVolume, claim: PersistentVolumeClaim): Promise<void> {
  let pv = await bindVolumeToClaim(ctx, volume, claim);
  pv = await updateVolumePhase(ctx, pv, 'Bound');
  const bound = await bindClaimToVolume(ctx, claim, pv);
  await updateClaimStatus(ctx, bound, 'Bound', pv);
}

/** Undoes a binding: the binder's own is dropped, a user's pre-binding keeps its name without the uid. */
export async function unbindVolume(ctx: BinderContext, volume: PersistentVolume): Promise<void> {
  let spec = volume.spec ?? {};
  let metadata = volume.metadata;
  if (volume.metadata.annotations?.[ANN_BOUND_BY_CONTROLLER] !== undefined) {
    spec = { ...spec };
    delete spec.claimRef;
    const annotations = { ...metadata.annotations };
    delete annotations[ANN_BOUND_BY_CONTROLLER];
    metadata = { ...metadata, annotations };
    if (Object.keys(annotations).length === 0) delete metadata.annotations;
  } else {
    const ref = { ...spec.claimRef };
    delete ref.uid;
    spec = { ...spec, claimRef: ref };
  }
  const updated = await ctx.client.updateVolume({ ...volume, metadata, spec });
  ctx.volumes.store(updated);
  await updateVolumePhase(ctx, updated, 'Available');
}

/** Records on the claim which provisioner is to make its volume (both spellings). */
export async function setClaimProvisioner(ctx: BinderContext, claim: PersistentVolumeClaim, provisioner: string): Promise<PersistentVolumeClaim> {
  if (claim.metadata.annotations?.[ANN_STORAGE_PROVISIONER] === provisioner) return claim;
  const annotations = { ...claim.metadata.annotations, [ANN_BETA_STORAGE_PROVISIONER]: provisioner, [ANN_STORAGE_PROVISIONER]: provisioner };
  const updated = await ctx.client.updateClaim({ ...claim, metadata: { ...claim.metadata, annotations } });
  ctx.claims.store(updated);
  return updated;
}

/** Gives a claim without any class the default one, if there is a default now; true when written. */
export async function assignDefaultStorageClass(ctx: BinderContext, claim: PersistentVolumeClaim): Promise<boolean> {
  if (claimHasClass(claim)) return false;
  const chosen = defaultStorageClassOf(ctx.listers.storageClasses());
  if (!chosen) {
    log.info('Can not assign storage class to PersistentVolumeClaim: default storage class not found', { PVC: claimKey(claim) }, 4);
    return false;
  }
  await ctx.client.updateClaim({ ...claim, spec: { ...claim.spec, storageClassName: chosen.metadata.name } });
  log.info('Successfully assigned StorageClass to PersistentVolumeClaim', { PVC: claimKey(claim), storageClassName: chosen.metadata.name }, 4);
  return true;
}
