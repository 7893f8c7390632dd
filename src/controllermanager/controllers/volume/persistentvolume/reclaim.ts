// What happens to a volume whose claim is gone, by its reclaim policy, as Kubernetes' binder does
// it: Retain keeps it Released; Delete frees its storage through the plugin that provisioned it
// (or that takes its source; a volume of an external provisioner or a CSI driver is left to them),
// takes off the orch.io/pv-controller finalizer and deletes it; Recycle empties it with a recycler
// pod and makes it Available again. A failure marks it Failed with an event and is retried by
// later syncs; both run as named operations beside the sync loop.
import type { PersistentVolume } from '../../../../api/core/v1/volume-types.ts';
import { ANN_DYNAMICALLY_PROVISIONED, PV_CONTROLLER_FINALIZER } from '../../../../api/core/v1/well-known-volume-annotations.ts';
import { isNotFound } from '../../../../machinery/status.ts';
import { klog } from '../../../../component-base/logs/klog.ts';
import { podIsTerminated } from '../pvcprotection/pod-uses-claim.ts';
import type { BinderContext } from './binder-context.ts';
import { unbindVolume, updateVolumePhaseWithEvent } from './binder-writes.ts';
import { recyclerPod, runRecyclerPod } from './recycler-pod.ts';
import { claimRefKey } from './volume-helpers.ts';
import { IN_TREE_PREFIX, type VolumePlugin } from './volume-plugins.ts';

const log = klog('controllermanager/persistentvolume');

/** The volume still names a claim (with a uid) that no longer exists or is bound elsewhere. */
export function isVolumeReleased(ctx: BinderContext, volume: PersistentVolume): boolean {
  const ref = volume.spec?.claimRef;
  if (!ref || !ref.uid) return false;
  const claim = ctx.claims.get(claimRefKey(ref));
  if (claim && claim.metadata.uid === ref.uid) {
    const bound = claim.spec?.volumeName ?? '';
    return bound !== '' && bound !== volume.metadata.name;
  }
  return true;
}

/** The plugin that frees the volume; undefined: an external deleter; throws when none can. */
function findDeletablePlugin(ctx: BinderContext, volume: PersistentVolume): VolumePlugin | undefined {
  const provisioner = volume.metadata.annotations?.[ANN_DYNAMICALLY_PROVISIONED];
  if (provisioner) {
    const plugin = ctx.plugins.find((p) => p.name === provisioner && p.delete);
    if (plugin) return plugin;
    if (!provisioner.startsWith(IN_TREE_PREFIX)) return undefined;
    throw new Error(`no deletable volume plugin matched name: ${provisioner}`);
  }
  if (volume.spec?.csi) return undefined;
  const plugin = ctx.plugins.find((p) => p.deletesBySpec?.(volume) && p.delete);
  if (!plugin) throw new Error(`error getting deleter volume plugin for volume "${volume.metadata.name}": no deletable volume plugin matched`);
  return plugin;
}

async function removeDeletionFinalizer(ctx: BinderContext, name: string): Promise<void> {
  const current = await ctx.client.getVolume(name);
  const finalizers = current.metadata.finalizers ?? [];
  if (!finalizers.includes(PV_CONTROLLER_FINALIZER)) return;
  const updated = await ctx.client.updateVolume({ ...current, metadata: { ...current.metadata, finalizers: finalizers.filter((f) => f !== PV_CONTROLLER_FINALIZER) } });
  ctx.volumes.store(updated);
  log.info('PV in-tree protection finalizer removed from volume', { volumeName: name }, 2);
}

async function deleteVolumeOperation(ctx: BinderContext, volume: PersistentVolume): Promise<void> {
  const name = volume.metadata.name ?? '';
  let current: PersistentVolume;
  try {
    current = await ctx.client.getVolume(name);
  } catch (err) {
    log.info('Error reading persistent volume', { volumeName: name, err: (err as Error).message }, 3);
    return;
  }
  if (!isVolumeReleased(ctx, current)) {
    log.info('Volume no longer needs deletion, skipping', { volumeName: name }, 3);
    return;
  }
  try {
    const plugin = findDeletablePlugin(ctx, current);
    if (!plugin) {
      log.info('External deleter for volume requested, ignoring', { volumeName: name }, 3);
      return;
    }
    await plugin.delete!(current);
    log.info('Volume deleted', { volumeName: name }, 2);
    await removeDeletionFinalizer(ctx, name);
  } catch (err) {
    await updateVolumePhaseWithEvent(ctx, current, 'Failed', 'Warning', 'VolumeFailedDelete', (err as Error).message, 'Deleting');
    throw err;
  }
  try {
    await ctx.client.deleteVolume(name);
  } catch (err) {
    // The next sync tries again.
    if (!isNotFound(err)) log.info('Failed to delete volume from database', { volumeName: name, err: (err as Error).message }, 3);
  }
}

async function recycleVolumeOperation(ctx: BinderContext, volume: PersistentVolume): Promise<void> {
  const name = volume.metadata.name ?? '';
  const current = await ctx.client.getVolume(name);
  if (!isVolumeReleased(ctx, current)) return;
  const ref = current.spec!.claimRef!;
  const users = ctx.listers.podsOfClaim(claimRefKey(ref)).filter((pod) => !podIsTerminated(pod)).map((pod) => `${pod.metadata.namespace}/${pod.metadata.name}`).sort();
  if (users.length && !ctx.claims.get(claimRefKey(ref))) {
    ctx.recorder.eventf(current, undefined, 'Normal', 'VolumeFailedRecycle', 'Recycling', `Volume is used by pods: ${users.join(',')}`);
    return;
  }
  const pod = recyclerPod(ctx, current);
  if (!pod) {
    await updateVolumePhaseWithEvent(ctx, current, 'Failed', 'Warning', 'VolumeFailedRecycle', 'No recycler plugin found for the volume!', 'Recycling');
    return;
  }
  try {
    await runRecyclerPod(ctx, pod);
  } catch (err) {
    await updateVolumePhaseWithEvent(ctx, current, 'Failed', 'Warning', 'VolumeFailedRecycle', `Recycle failed: ${(err as Error).message}`, 'Recycling');
    return;
  }
  log.info('Volume recycled', { volumeName: name }, 2);
  ctx.recorder.eventf(current, undefined, 'Normal', 'VolumeRecycled', 'Recycling', 'Volume recycled');
  await unbindVolume(ctx, current);
}

/** Starts what the volume's reclaim policy asks for. */
export async function reclaimVolume(ctx: BinderContext, volume: PersistentVolume): Promise<void> {
  const name = volume.metadata.name ?? '';
  switch (volume.spec?.persistentVolumeReclaimPolicy) {
    case 'Retain':
      return;
    case 'Recycle':
      ctx.operations.run(`recycle-${name}[${volume.metadata.uid}]`, () => recycleVolumeOperation(ctx, volume));
      return;
    case 'Delete':
      ctx.operations.run(`delete-${name}[${volume.metadata.uid}]`, () => deleteVolumeOperation(ctx, volume));
      return;
    default:
      await updateVolumePhaseWithEvent(ctx, volume, 'Failed', 'Warning', 'VolumeUnknownReclaimPolicy', 'Volume has unrecognized PersistentVolumeReclaimPolicy');
  }
}
