// The persistentvolume-binder controller: binds claims to volumes, provisions volumes for claims of
// classes whose provisioner is one of the controller manager's plugins (orch.io/simulated among
// them), and reclaims volumes whose claims are gone. Informer events queue volumes and claims on
// two queues with one worker each (a sync is not re-entrant); every --pvclaimbinder-sync-period
// all of them are queued again. A key no longer in the informer is a deletion: a deleted claim
// queues its volume, a deleted volume its claim. Events are recorded as persistentvolume-controller.
import type { Node } from '../../../../api/core/v1/node-types.ts';
import type { Pod } from '../../../../api/core/v1/pod-types.ts';
import type { PersistentVolume, PersistentVolumeClaim } from '../../../../api/core/v1/volume-types.ts';
import type { StorageClass } from '../../../../api/storage/v1/types.ts';
import { realClock, type Clock } from '../../../../client/clock/clock.ts';
import { controllerEventRecorder } from '../../../../client/record/index.ts';
import { RateLimitingQueue } from '../../../../client/workqueue/rate-limiting-queue.ts';
import { isConflict } from '../../../../machinery/status.ts';
import { klog } from '../../../../component-base/logs/klog.ts';
import type { ControllerContext, ControllerRun } from '../../../controller.ts';
import { waitForSync } from '../../serviceaccount/queue-worker.ts';
import { POD_CLAIM_INDEX, podClaimKeys } from '../pvcprotection/pod-uses-claim.ts';
import type { BinderContext, RecyclerSettings } from './binder-context.ts';
import { CLAIMS, NODES, PERSISTENT_VOLUMES, PODS, restBinderClient, STORAGE_CLASSES } from './binder-client.ts';
import { OperationMap } from './operation-map.ts';
import { syncClaim } from './sync-claim.ts';
import { syncVolume } from './sync-volume.ts';
import { VersionedCache } from './versioned-cache.ts';
import { claimKey } from './volume-helpers.ts';
import { volumePlugins } from './volume-plugins.ts';

const log = klog('controllermanager/persistentvolume');

export const CONTROLLER_NAME = 'persistentvolume-binder-controller';
/** The component Kubernetes' binder records events as. */
export const EVENT_SOURCE = 'persistentvolume-controller';

export interface BinderSettings {
  /** --pvclaimbinder-sync-period. */
  syncPeriodMs: number;
  /** --enable-dynamic-provisioning. */
  enableDynamicProvisioning: boolean;
  /** --enable-hostpath-provisioner. */
  enableHostPathProvisioner: boolean;
  recycler: RecyclerSettings;
  clock?: Clock;
  createRetries?: { count: number; intervalMs: number };
}

/** One sync, logged as Kubernetes logs it: conflicts are expected and quiet. */
async function guarded(what: string, key: string, sync: () => Promise<void>): Promise<void> {
  try {
    await sync();
  } catch (err) {
    if (isConflict(err)) log.info(`Could not sync ${what}`, { key, err: (err as Error).message }, 3);
    else log.error(`Could not sync ${what}`, { key, err: (err as Error).message });
  }
}

export function persistentVolumeBinderController(settings: BinderSettings): ControllerRun {
  return async (ctx: ControllerContext) => {
    const client = ctx.client;
    if (!client || !ctx.informers) throw new Error('the persistentvolume-binder controller needs an API client and informers');
    const clock = settings.clock ?? realClock;
    const volumeInformer = ctx.informers.informerFor<PersistentVolume>(PERSISTENT_VOLUMES);
    const claimInformer = ctx.informers.informerFor<PersistentVolumeClaim>(CLAIMS);
    const classInformer = ctx.informers.informerFor<StorageClass>(STORAGE_CLASSES);
    const podInformer = ctx.informers.informerFor<Pod>(PODS);
    const nodeInformer = ctx.informers.informerFor<Node>(NODES);
    podInformer.indexer.addIndexer(POD_CLAIM_INDEX, podClaimKeys);
    const volumeQueue = new RateLimitingQueue<string>(clock);
    const claimQueue = new RateLimitingQueue<string>(clock);
    const events = controllerEventRecorder(client, EVENT_SOURCE, { clock });
    const binder: BinderContext = {
      client: restBinderClient(client, ctx.signal),
      listers: {
        volume: (name) => volumeInformer.indexer.get(name),
        claim: (key) => claimInformer.indexer.get(key),
        volumes: () => volumeInformer.indexer.list(),
        claims: () => claimInformer.indexer.list(),
        storageClass: (name) => classInformer.indexer.get(name),
        storageClasses: () => classInformer.indexer.list(),
        node: (name) => nodeInformer.indexer.get(name),
        podsOfClaim: (key) => podInformer.indexer.byIndex(POD_CLAIM_INDEX, key),
      },
      recorder: events.recorder,
      volumes: new VersionedCache<PersistentVolume>(),
      claims: new VersionedCache<PersistentVolumeClaim>(),
      operations: new OperationMap(clock),
      plugins: volumePlugins(settings.enableHostPathProvisioner),
      enableDynamicProvisioning: settings.enableDynamicProvisioning,
      recycler: settings.recycler,
      clock,
      enqueueClaim: (key) => claimQueue.add(key),
      createRetries: settings.createRetries ?? { count: 5, intervalMs: 10_000 },
    };
    const volumeName = (pv: PersistentVolume) => pv.metadata.name ?? '';
    volumeInformer.addEventHandler({ onAdd: (pv) => volumeQueue.add(volumeName(pv)), onUpdate: (_o, pv) => volumeQueue.add(volumeName(pv)), onDelete: (pv) => volumeQueue.add(volumeName(pv)) });
    claimInformer.addEventHandler({ onAdd: (c) => claimQueue.add(claimKey(c)), onUpdate: (_o, c) => claimQueue.add(claimKey(c)), onDelete: (c) => claimQueue.add(claimKey(c)) });
    ctx.signal.addEventListener('abort', () => (volumeQueue.shutDown(), claimQueue.shutDown()), { once: true });
    await waitForSync(ctx.signal, volumeInformer, claimInformer, classInformer, podInformer, nodeInformer);
    if (ctx.signal.aborted) return await events.broadcaster.shutdown();
    for (const pv of volumeInformer.indexer.list()) binder.volumes.store(structuredClone(pv));
    for (const claim of claimInformer.indexer.list()) binder.claims.store(structuredClone(claim));
    log.info('Persistent volume binder controller synced; starting workers', { controller: CONTROLLER_NAME });

    const processVolume = async (name: string) => {
      const pv = volumeInformer.indexer.get(name);
      if (pv) {
        if (binder.volumes.store(pv)) await guarded('volume', name, () => syncVolume(binder, pv));
        return;
      }
      const gone = binder.volumes.get(name);
      if (!gone) return;
      binder.volumes.delete(name);
      log.info('volume deleted', { volumeName: name }, 4);
      // Its claim learns at once that it is Lost, not at the next resync.
      const ref = gone.spec?.claimRef;
      if (ref) claimQueue.add(`${ref.namespace}/${ref.name}`);
    };
    const processClaim = async (key: string) => {
      const claim = claimInformer.indexer.get(key);
      if (claim) {
        if (binder.claims.store(claim)) await guarded('claim', key, () => syncClaim(binder, claim));
        return;
      }
      const gone = binder.claims.get(key);
      if (!gone) return;
      binder.claims.delete(key);
      log.info('Claim deleted', { PVC: key }, 4);
      // Its volume is released at once, not at the next resync.
      if (gone.spec?.volumeName) volumeQueue.add(gone.spec.volumeName);
    };
    const worker = async (queue: RateLimitingQueue<string>, process: (key: string) => Promise<void>) => {
      for (;;) {
        const next = await queue.get();
        if (next.shutdown) return;
        try {
          await process(next.item);
        } finally {
          queue.done(next.item);
        }
      }
    };
    const resync = () => {
      log.info('Resyncing PV controller', {}, 4);
      for (const claim of claimInformer.indexer.list()) claimQueue.add(claimKey(claim));
      for (const pv of volumeInformer.indexer.list()) volumeQueue.add(volumeName(pv));
    };
    const period = Math.max(settings.syncPeriodMs, 1000);
    const timer = setInterval(resync, period);
    ctx.signal.addEventListener('abort', () => clearInterval(timer), { once: true });
    await Promise.all([worker(volumeQueue, processVolume), worker(claimQueue, processClaim)]);
    await binder.operations.drain();
    await events.broadcaster.shutdown();
  };
}
