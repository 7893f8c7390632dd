// The persistentvolume-protection controller: a PersistentVolume being deleted keeps its
// orch.io/pv-protection finalizer while it is Bound to a claim, and loses it once it is not, so
// the deletion completes; a volume that lacks the finalizer (made before the admission plugin)
// gets it. One worker, as Kubernetes runs it; failures back off per volume.
import type { PersistentVolume } from '../../../../api/core/v1/volume-types.ts';
import { PV_PROTECTION_FINALIZER } from '../../../../api/core/v1/well-known-finalizers.ts';
import { realClock, type Clock } from '../../../../client/clock/clock.ts';
import { ResourceClient } from '../../../../client/rest/resource.ts';
import { RateLimitingQueue } from '../../../../client/workqueue/rate-limiting-queue.ts';
import { isNotFound } from '../../../../machinery/status.ts';
import { klog } from '../../../../component-base/logs/klog.ts';
import type { ControllerContext, ControllerRun } from '../../../controller.ts';
import { runWorker, waitForSync } from '../../serviceaccount/queue-worker.ts';
import { isDeletionCandidate, needsFinalizer, withFinalizer, withoutFinalizer } from '../protection-finalizer.ts';

const log = klog('controllermanager/pvprotection');

export const CONTROLLER_NAME = 'persistentvolume-protection-controller';
const PERSISTENT_VOLUMES = { group: '', version: 'v1', resource: 'persistentvolumes' };

/** A volume Bound to a claim is in use; the binder moves it to Released or Available when the claim goes. */
export const isVolumeInUse = (pv: PersistentVolume) => pv.status?.phase === 'Bound';

/** What to do with a volume: let go of the finalizer, add it, or nothing. */
export function volumeAction(pv: PersistentVolume): 'remove' | 'add' | 'none' {
  if (isDeletionCandidate(pv, PV_PROTECTION_FINALIZER) && !isVolumeInUse(pv)) return 'remove';
  if (needsFinalizer(pv, PV_PROTECTION_FINALIZER)) return 'add';
  return 'none';
}

export function pvProtectionController(opts: { clock?: Clock } = {}): ControllerRun {
  return async (ctx: ControllerContext) => {
    const client = ctx.client;
    if (!client || !ctx.informers) throw new Error('the persistentvolume-protection controller needs an API client and informers');
    const volumes = ctx.informers.informerFor<PersistentVolume>(PERSISTENT_VOLUMES);
    const queue = new RateLimitingQueue<string>(opts.clock ?? realClock);
    const enqueue = (pv: PersistentVolume) => {
      const name = pv.metadata.name;
      if (name && (needsFinalizer(pv, PV_PROTECTION_FINALIZER) || isDeletionCandidate(pv, PV_PROTECTION_FINALIZER))) queue.add(name);
    };
    volumes.addEventHandler({ onAdd: enqueue, onUpdate: (_old, pv) => enqueue(pv) });
    ctx.signal.addEventListener('abort', () => queue.shutDown(), { once: true });
    await waitForSync(ctx.signal, volumes);
    if (ctx.signal.aborted) return;
    log.info('Volume protection controller synced; starting the worker', { controller: CONTROLLER_NAME });

    const api = new ResourceClient<PersistentVolume>(client, PERSISTENT_VOLUMES);
    const sync = async (name: string) => {
      const pv = volumes.indexer.get(name);
      if (!pv) return;
      const action = volumeAction(pv);
      if (action === 'none') {
        if (isDeletionCandidate(pv, PV_PROTECTION_FINALIZER)) log.info('Keeping the volume: it is bound', { pv: name }, 4);
        return;
      }
      try {
        await api.update(action === 'remove' ? withoutFinalizer(pv, PV_PROTECTION_FINALIZER) : withFinalizer(pv, PV_PROTECTION_FINALIZER), ctx.signal);
      } catch (err) {
        // Gone meanwhile: nothing left to protect.
        if (isNotFound(err)) return;
        throw err;
      }
      log.info(action === 'remove' ? 'Removed the protection finalizer from the volume' : 'Added the protection finalizer to the volume', { pv: name }, 3);
    };
    await runWorker(CONTROLLER_NAME, queue, sync, ctx.signal);
  };
}
