// What the binder does with a volume, as Kubernetes' syncVolume decides it: an unclaimed or merely
// pre-bound volume is Available; one bound to a live claim that points back is Bound; one whose
// claim is gone (or was replaced by a claim of the same name) is Released and reclaimed; one whose
// claim went to another volume is deleted if it was provisioned for it with policy Delete, else
// unbound. A provisioned volume keeps the orch.io/pv-controller finalizer exactly while its policy
// is Delete.
import type { PersistentVolume, PersistentVolumeClaim } from '../../../../api/core/v1/volume-types.ts';
import { ANN_BOUND_BY_CONTROLLER, ANN_DYNAMICALLY_PROVISIONED, PV_CONTROLLER_FINALIZER } from '../../../../api/core/v1/well-known-volume-annotations.ts';
import { isNotFound } from '../../../../machinery/status.ts';
import { klog } from '../../../../component-base/logs/klog.ts';
import type { BinderContext } from './binder-context.ts';
import { unbindVolume, updateVolumePhase } from './binder-writes.ts';
import { reclaimVolume } from './reclaim.ts';
import { claimKey, claimRefKey, volumeModeMismatch } from './volume-helpers.ts';
import { IN_TREE_PREFIX } from './volume-plugins.ts';

const log = klog('controllermanager/persistentvolume');

/** The finalizers a volume should carry, or undefined when they are right already. */
export function deletionFinalizers(volume: PersistentVolume): string[] | undefined {
  const provisioner = volume.metadata.annotations?.[ANN_DYNAMICALLY_PROVISIONED];
  if (!provisioner || !provisioner.startsWith(IN_TREE_PREFIX)) return undefined;
  const finalizers = volume.metadata.finalizers ?? [];
  const has = finalizers.includes(PV_CONTROLLER_FINALIZER);
  const policy = volume.spec?.persistentVolumeReclaimPolicy;
  if (policy === 'Delete' && !has) return [...finalizers, PV_CONTROLLER_FINALIZER];
  if ((policy === 'Retain' || policy === 'Recycle') && has) return finalizers.filter((f) => f !== PV_CONTROLLER_FINALIZER);
  return undefined;
}

async function claimOfVolume(ctx: BinderContext, volume: PersistentVolume): Promise<PersistentVolumeClaim | undefined> {
  const ref = volume.spec!.claimRef!;
  const key = claimRefKey(ref);
  let claim = ctx.claims.get(key);
  // A claim made by a provisioner or the scheduler may not be cached yet: ask before releasing.
  if (!claim && volume.status?.phase !== 'Released' && volume.status?.phase !== 'Failed') {
    claim = ctx.listers.claim(key);
    if (!claim) {
      try {
        claim = await ctx.client.getClaim(ref.namespace ?? '', ref.name ?? '');
      } catch (err) {
        if (!isNotFound(err)) throw err;
      }
    }
  }
  if (claim && claim.metadata.uid !== ref.uid) {
    // The cache may be behind a claim deleted and made again: the server decides.
    try {
      claim = await ctx.client.getClaim(ref.namespace ?? '', ref.name ?? '');
    } catch (err) {
      if (!isNotFound(err)) throw err;
      claim = undefined;
    }
    if (claim && claim.metadata.uid !== ref.uid) claim = undefined;
  }
  return claim;
}

export async function syncVolume(ctx: BinderContext, original: PersistentVolume): Promise<void> {
  let volume = original;
  log.info('Synchronizing PersistentVolume', { volumeName: volume.metadata.name, phase: volume.status?.phase ?? '' }, 4);
  const finalizers = deletionFinalizers(volume);
  if (finalizers) {
    volume = await ctx.client.updateVolume({ ...volume, metadata: { ...volume.metadata, finalizers } });
    ctx.volumes.store(volume);
  }
  const ref = volume.spec?.claimRef;
  // Unused, or reserved for a claim that has not bound yet (the claim's sync does that).
  if (!ref || !ref.uid) {
    await updateVolumePhase(ctx, volume, 'Available');
    return;
  }
  const claim = await claimOfVolume(ctx, volume);
  if (!claim) {
    if (volume.status?.phase !== 'Released' && volume.status?.phase !== 'Failed') {
      log.info('Volume is released and reclaim policy will be executed', { volumeName: volume.metadata.name, reclaimPolicy: volume.spec?.persistentVolumeReclaimPolicy }, 2);
      volume = await updateVolumePhase(ctx, volume, 'Released');
    }
    await reclaimVolume(ctx, volume);
    return;
  }
  const bound = claim.spec?.volumeName ?? '';
  if (!bound) {
    if (volumeModeMismatch(claim, volume)) {
      ctx.recorder.eventf(volume, undefined, 'Warning', 'VolumeMismatch', 'Binding', `Cannot bind PersistentVolume to requested PersistentVolumeClaim "${claim.metadata.name}" due to incompatible volumeMode.`);
      ctx.recorder.eventf(claim, undefined, 'Warning', 'VolumeMismatch', 'Binding', `Cannot bind PersistentVolume "${volume.metadata.name}" to requested PersistentVolumeClaim due to incompatible volumeMode.`);
      return;
    }
    // The claim's sync finishes the binding; it is queued now rather than at the next resync.
    ctx.enqueueClaim(claimKey(claim));
    return;
  }
  if (bound === volume.metadata.name) {
    await updateVolumePhase(ctx, volume, 'Bound');
    return;
  }
  // The claim is bound to another volume.
  if (volume.metadata.annotations?.[ANN_DYNAMICALLY_PROVISIONED] !== undefined && volume.spec?.persistentVolumeReclaimPolicy === 'Delete') {
    if (volume.status?.phase !== 'Released' && volume.status?.phase !== 'Failed') volume = await updateVolumePhase(ctx, volume, 'Released');
    await reclaimVolume(ctx, volume);
    return;
  }
  log.info(volume.metadata.annotations?.[ANN_BOUND_BY_CONTROLLER] !== undefined
    ? 'Volume is bound by controller to a claim that is bound to another volume, unbinding'
    : 'Volume is bound by user to a claim that is bound to another volume, waiting for the claim to get unbound', { volumeName: volume.metadata.name }, 4);
  await unbindVolume(ctx, volume);
}
