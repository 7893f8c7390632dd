// What the binder does with a claim, as Kubernetes' syncClaim decides it. A claim not yet bound
// (no bind-completed annotation) gets the best matching volume, or a provisioned one when it
// names a class (after waiting for its first consumer if the class says so), or stays Pending; a
// claim that asks for a volume by name gets it if it fits and is free. A bound claim whose volume
// vanished or went to another claim is Lost.
import type { PersistentVolumeClaim } from '../../../../api/core/v1/volume-types.ts';
import { ANN_BIND_COMPLETED, ANN_BOUND_BY_CONTROLLER, ANN_SELECTED_NODE } from '../../../../api/core/v1/well-known-volume-annotations.ts';
import { klog } from '../../../../component-base/logs/klog.ts';
import type { BinderContext } from './binder-context.ts';
import { assignDefaultStorageClass, bind, updateClaimStatus, updateClaimStatusWithEvent } from './binder-writes.ts';
import { provisionClaim } from './provision.ts';
import { claimClass, claimKey, claimRefKey, isVolumeBoundToClaim, volumeUnfitForClaim } from './volume-helpers.ts';
import { findBestMatchForClaim } from './volume-index.ts';
import { podIsTerminated } from '../pvcprotection/pod-uses-claim.ts';

const log = klog('controllermanager/persistentvolume');

/** Whether the claim's class binds only once a pod uses it (a class not found binds at once). */
export function isDelayBindingMode(ctx: BinderContext, claim: PersistentVolumeClaim): boolean {
  const name = claimClass(claim);
  if (!name) return false;
  const storageClass = ctx.listers.storageClass(name);
  if (!storageClass) return false;
  if (!storageClass.volumeBindingMode) throw new Error(`VolumeBindingMode not set for StorageClass "${name}"`);
  return storageClass.volumeBindingMode === 'WaitForFirstConsumer';
}

/** The scheduler has picked a node for the claim's first pod. */
export const isDelayBindingProvisioning = (claim: PersistentVolumeClaim) => claim.metadata.annotations?.[ANN_SELECTED_NODE] !== undefined;

/** Tells the user why a WaitForFirstConsumer claim is still Pending. */
function eventForUnboundDelayBindingClaim(ctx: BinderContext, claim: PersistentVolumeClaim): void {
  const waiting = ctx.listers.podsOfClaim(claimKey(claim)).filter((pod) => !podIsTerminated(pod) && !pod.spec?.nodeName).map((pod) => pod.metadata.name ?? '');
  if (waiting.length === 0) {
    ctx.recorder.eventf(claim, undefined, 'Normal', 'WaitForFirstConsumer', 'Binding', 'waiting for first consumer to be created before binding');
  } else if (waiting.length === 1) {
    ctx.recorder.eventf(claim, undefined, 'Normal', 'WaitForPodScheduled', 'Binding', `waiting for pod ${waiting[0]} to be scheduled`);
  } else {
    ctx.recorder.eventf(claim, undefined, 'Normal', 'WaitForPodScheduled', 'Binding', `waiting for pods ${waiting.join(',')} to be scheduled`);
  }
}

async function syncUnboundClaim(ctx: BinderContext, claim: PersistentVolumeClaim): Promise<void> {
  const wanted = claim.spec?.volumeName ?? '';
  if (!wanted) {
    const delayBinding = isDelayBindingMode(ctx, claim);
    let volume;
    try {
      volume = findBestMatchForClaim(claim, ctx.volumes.list(), delayBinding);
    } catch (err) {
      throw new Error(`error finding PV for claim "${claimKey(claim)}": ${(err as Error).message}`);
    }
    if (volume) return await bind(ctx, volume, claim);
    if (await assignDefaultStorageClass(ctx, claim)) return;
    if (delayBinding && !isDelayBindingProvisioning(claim)) {
      eventForUnboundDelayBindingClaim(ctx, claim);
    } else if (claimClass(claim) !== '') {
      // Provisioning runs beside the sync; the volume it makes is bound by a later sync.
      return provisionClaim(ctx, claim);
    } else {
      ctx.recorder.eventf(claim, undefined, 'Normal', 'FailedBinding', 'Binding', 'no persistent volumes available for this claim and no storage class is set');
    }
    await updateClaimStatus(ctx, claim, 'Pending');
    return;
  }
  const volume = ctx.volumes.get(wanted);
  if (!volume) {
    log.info('Volume requested and not found, will try again next time', { PVC: claimKey(claim), volumeName: wanted }, 4);
    await updateClaimStatus(ctx, claim, 'Pending');
    return;
  }
  if (!volume.spec?.claimRef) {
    const unfit = volumeUnfitForClaim(volume, claim);
    if (unfit) {
      ctx.recorder.eventf(claim, undefined, 'Warning', 'VolumeMismatch', 'Binding', `Cannot bind to requested volume "${wanted}": ${unfit}`);
      await updateClaimStatus(ctx, claim, 'Pending');
      return;
    }
    return await bind(ctx, volume, claim);
  }
  if (isVolumeBoundToClaim(volume, claim)) return await bind(ctx, volume, claim);
  // The volume is another claim's.
  ctx.recorder.eventf(claim, undefined, 'Warning', 'FailedBinding', 'Binding', `volume "${wanted}" already bound to a different claim.`);
  if (claim.metadata.annotations?.[ANN_BOUND_BY_CONTROLLER] === undefined) {
    await updateClaimStatus(ctx, claim, 'Pending');
    return;
  }
  throw new Error(`invalid binding of claim "${claimKey(claim)}" to volume "${wanted}": volume already claimed by "${claimRefKey(volume.spec.claimRef)}"`);
}

async function syncBoundClaim(ctx: BinderContext, claim: PersistentVolumeClaim): Promise<void> {
  const name = claim.spec?.volumeName ?? '';
  if (!name) {
    await updateClaimStatusWithEvent(ctx, claim, 'Lost', undefined, 'Warning', 'ClaimLost', 'Bound claim has lost reference to PersistentVolume. Data on the volume is lost!');
    return;
  }
  const volume = ctx.volumes.get(name);
  if (!volume) {
    await updateClaimStatusWithEvent(ctx, claim, 'Lost', undefined, 'Warning', 'ClaimLost', 'Bound claim has lost its PersistentVolume. Data on the volume is lost!');
    return;
  }
  const ref = volume.spec?.claimRef;
  // Unbound volume (or our write not seen yet), or all well: bind() sets whatever is missing.
  if (!ref || ref.uid === claim.metadata.uid) return await bind(ctx, volume, claim);
  await updateClaimStatusWithEvent(ctx, claim, 'Lost', undefined, 'Warning', 'ClaimMisbound', 'Two claims are bound to the same volume, this one is bound incorrectly');
}

export async function syncClaim(ctx: BinderContext, claim: PersistentVolumeClaim): Promise<void> {
  log.info('Synchronizing PersistentVolumeClaim', { PVC: claimKey(claim), phase: claim.status?.phase ?? '', volumeName: claim.spec?.volumeName ?? '' }, 4);
  if (claim.metadata.annotations?.[ANN_BIND_COMPLETED] === undefined) return await syncUnboundClaim(ctx, claim);
  return await syncBoundClaim(ctx, claim);
}
