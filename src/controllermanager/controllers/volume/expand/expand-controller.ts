// The persistentvolume-expander controller: a Bound claim whose request grew past its capacity
// has its volume expanded when one of the controller manager's plugins expands it (orch.io/simulated:
// no file system to grow, so no node-side step): the claim is marked ControllerResizeInProgress
// with a Resizing condition and the size in allocatedResources, the volume's capacity set, then
// the claim's capacity, with a VolumeResizeSuccessful event (VolumeResizeFailed on error). A
// volume no plugin here expands is left to an external resizer (ExternalExpanding). Claims are
// queued when their request or capacity changes; ten workers, as Kubernetes runs.
import type { PersistentVolume, PersistentVolumeClaim } from '../../../../api/core/v1/volume-types.ts';
import { ANN_PRE_RESIZE_CAPACITY, ANN_STORAGE_RESIZER } from '../../../../api/core/v1/well-known-volume-annotations.ts';
import { nowTime } from '../../../../api/meta/v1/time.ts';
import { realClock, type Clock } from '../../../../client/clock/clock.ts';
import { controllerEventRecorder } from '../../../../client/record/index.ts';
import { collectionPath, ResourceClient } from '../../../../client/rest/resource.ts';
import { RateLimitingQueue } from '../../../../client/workqueue/rate-limiting-queue.ts';
import { klog } from '../../../../component-base/logs/klog.ts';
import type { ControllerContext, ControllerRun } from '../../../controller.ts';
import { runWorker, waitForSync } from '../../serviceaccount/queue-worker.ts';
import { CLAIMS, PERSISTENT_VOLUMES } from '../persistentvolume/binder-client.ts';
import { storageBytes } from '../persistentvolume/volume-helpers.ts';
import { volumePlugins } from '../persistentvolume/volume-plugins.ts';
import { controllerResizeInProgress, resizeFinished, sizeToExpand } from './resize-status.ts';

const log = klog('controllermanager/expand');

export const CONTROLLER_NAME = 'persistentvolume-expander-controller';
const EVENT_SOURCE = 'volume_expand';
const WORKERS = 10;

export function expandController(opts: { clock?: Clock; enableHostPathProvisioner?: boolean } = {}): ControllerRun {
  return async (ctx: ControllerContext) => {
    const client = ctx.client;
    if (!client || !ctx.informers) throw new Error('the persistentvolume-expander controller needs an API client and informers');
    const clock = opts.clock ?? realClock;
    const claims = ctx.informers.informerFor<PersistentVolumeClaim>(CLAIMS);
    const queue = new RateLimitingQueue<string>(clock);
    const events = controllerEventRecorder(client, EVENT_SOURCE, { clock });
    const plugins = volumePlugins(Boolean(opts.enableHostPathProvisioner));
    const key = (c: PersistentVolumeClaim) => `${c.metadata.namespace}/${c.metadata.name}`;
    const enqueue = (c: PersistentVolumeClaim) => c.status?.phase === 'Bound' && queue.add(key(c));
    claims.addEventHandler({
      onAdd: enqueue,
      onUpdate: (old, c) => {
        if (old.spec?.resources?.requests?.storage !== c.spec?.resources?.requests?.storage || old.status?.capacity?.storage !== c.status?.capacity?.storage) enqueue(c);
      },
    });
    ctx.signal.addEventListener('abort', () => queue.shutDown(), { once: true });
    await waitForSync(ctx.signal, claims);
    if (ctx.signal.aborted) return await events.broadcaster.shutdown();
    log.info('Expand controller synced; starting workers', { controller: CONTROLLER_NAME });

    const volumes = new ResourceClient<PersistentVolume>(client, PERSISTENT_VOLUMES);
    const writeClaimStatus = (c: PersistentVolumeClaim) =>
      client.request<PersistentVolumeClaim>({ method: 'PUT', path: `${collectionPath(CLAIMS, c.metadata.namespace)}/${encodeURIComponent(c.metadata.name ?? '')}/status`, body: c, signal: ctx.signal });

    const sync = async (claimKey: string) => {
      const cached = claims.indexer.get(claimKey);
      if (!cached || !cached.spec?.volumeName) return;
      let volume: PersistentVolume;
      try {
        volume = await volumes.get(cached.spec.volumeName, ctx.signal);
      } catch (err) {
        throw new Error(`failed to get PV "${cached.spec.volumeName}": ${(err as Error).message}`);
      }
      const ref = volume.spec?.claimRef;
      if (!ref || ref.namespace !== cached.metadata.namespace || ref.uid !== cached.metadata.uid) throw new Error(`persistent Volume is not bound to PVC being updated : ${claimKey}`);
      const requested = storageBytes(cached.spec.resources?.requests?.storage);
      if (requested <= storageBytes(cached.status?.capacity?.storage) && volume.metadata.annotations?.[ANN_PRE_RESIZE_CAPACITY] === undefined) return;
      const plugin = plugins.find((p) => p.expands?.(volume));
      if (!plugin) {
        events.recorder.eventf(cached, undefined, 'Normal', 'ExternalExpanding', 'Resizing', 'waiting for an external controller to expand this PVC');
        log.info('Waiting for an external controller to expand the PVC', { PVC: claimKey }, 2);
        return;
      }
      const size = sizeToExpand(cached, volume);
      if (!size) return;
      try {
        let claim = controllerResizeInProgress(cached, size, nowTime(new Date(clock.now())));
        if (claim.metadata.annotations?.[ANN_STORAGE_RESIZER] !== plugin.name) claim = { ...claim, metadata: { ...claim.metadata, annotations: { ...claim.metadata.annotations, [ANN_STORAGE_RESIZER]: plugin.name } } };
        claim = await writeClaimStatus(claim);
        // The simulated volume grows by saying so: there is no device behind it.
        if (volume.spec?.capacity?.storage !== size) await volumes.update({ ...volume, spec: { ...volume.spec, capacity: { ...volume.spec?.capacity, storage: size } } }, ctx.signal);
        await writeClaimStatus(resizeFinished(claim, size));
      } catch (err) {
        events.recorder.eventf(cached, undefined, 'Warning', 'VolumeResizeFailed', 'Resizing', `error expanding pvc ${claimKey}: ${(err as Error).message}`);
        throw err;
      }
      log.info('Volume expanded', { PVC: claimKey, volumeName: volume.metadata.name, size }, 2);
      events.recorder.eventf(cached, undefined, 'Normal', 'VolumeResizeSuccessful', 'Resizing', `ExpandVolume succeeded for volume ${claimKey}`);
    };
    await Promise.all(Array.from({ length: WORKERS }, () => runWorker(CONTROLLER_NAME, queue, sync, ctx.signal)));
    await events.broadcaster.shutdown();
  };
}
