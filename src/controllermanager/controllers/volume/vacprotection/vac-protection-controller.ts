// The volumeattributesclass-protection controller: a VolumeAttributesClass keeps the
// orch.io/vac-protection finalizer while a volume names it (spec.volumeAttributesClassName) or a
// claim does (its spec, status.currentVolumeAttributesClassName or the target of a modification in
// progress), and loses it once being deleted and unused; one lacking it gets it. As in
// Kubernetes, only the informers' caches are asked (indexed by class), so a claim created in the
// same instant as the deletion may be missed. Volumes and claims that stop naming a class, or
// go, queue it. One worker.
import type { PersistentVolume, PersistentVolumeClaim } from '../../../../api/core/v1/volume-types.ts';
import type { VolumeAttributesClass } from '../../../../api/storage/v1/types.ts';
import { VAC_PROTECTION_FINALIZER } from '../../../../api/core/v1/well-known-volume-annotations.ts';
import { realClock, type Clock } from '../../../../client/clock/clock.ts';
import { ResourceClient } from '../../../../client/rest/resource.ts';
import { RateLimitingQueue } from '../../../../client/workqueue/rate-limiting-queue.ts';
import { isNotFound } from '../../../../machinery/status.ts';
import { klog } from '../../../../component-base/logs/klog.ts';
import type { ControllerContext, ControllerRun } from '../../../controller.ts';
import { runWorker, waitForSync } from '../../serviceaccount/queue-worker.ts';
import { isDeletionCandidate, needsFinalizer, withFinalizer, withoutFinalizer } from '../protection-finalizer.ts';

const log = klog('controllermanager/vacprotection');

export const CONTROLLER_NAME = 'volumeattributesclass-protection-controller';
const CLASSES = { group: 'storage.orch.io', version: 'v1', resource: 'volumeattributesclasses' };
const VOLUMES = { group: '', version: 'v1', resource: 'persistentvolumes' };
const CLAIMS = { group: '', version: 'v1', resource: 'persistentvolumeclaims' };
const VAC_INDEX = 'volumeAttributesClassName';

export function claimClassNames(claim: PersistentVolumeClaim): string[] {
  const names = new Set<string>();
  if (claim.spec?.volumeAttributesClassName) names.add(claim.spec.volumeAttributesClassName);
  if (claim.status?.currentVolumeAttributesClassName) names.add(claim.status.currentVolumeAttributesClassName);
  const target = claim.status?.modifyVolumeStatus?.targetVolumeAttributesClassName;
  if (target) names.add(target);
  return [...names];
}

export const volumeClassNames = (volume: PersistentVolume) => (volume.spec?.volumeAttributesClassName ? [volume.spec.volumeAttributesClassName] : []);

/** The names the old object named and the new one does not. */
const dropped = (before: string[], after: string[]) => before.filter((name) => !after.includes(name));

export function vacProtectionController(opts: { clock?: Clock } = {}): ControllerRun {
  return async (ctx: ControllerContext) => {
    const client = ctx.client;
    if (!client || !ctx.informers) throw new Error('the volumeattributesclass-protection controller needs an API client and informers');
    const classes = ctx.informers.informerFor<VolumeAttributesClass>(CLASSES);
    const volumes = ctx.informers.informerFor<PersistentVolume>(VOLUMES);
    const claims = ctx.informers.informerFor<PersistentVolumeClaim>(CLAIMS);
    volumes.indexer.addIndexer(VAC_INDEX, volumeClassNames);
    claims.indexer.addIndexer(VAC_INDEX, claimClassNames);
    const queue = new RateLimitingQueue<string>(opts.clock ?? realClock);
    const enqueueClass = (vac: VolumeAttributesClass) => {
      if (needsFinalizer(vac, VAC_PROTECTION_FINALIZER) || isDeletionCandidate(vac, VAC_PROTECTION_FINALIZER)) queue.add(vac.metadata.name ?? '');
    };
    const enqueueNames = (names: string[]) => names.forEach((name) => queue.add(name));
    classes.addEventHandler({ onAdd: enqueueClass, onUpdate: (_o, vac) => enqueueClass(vac) });
    claims.addEventHandler({ onUpdate: (o, n) => enqueueNames(dropped(claimClassNames(o), claimClassNames(n))), onDelete: (c) => enqueueNames(claimClassNames(c)) });
    volumes.addEventHandler({ onUpdate: (o, n) => enqueueNames(dropped(volumeClassNames(o), volumeClassNames(n))), onDelete: (v) => enqueueNames(volumeClassNames(v)) });
    ctx.signal.addEventListener('abort', () => queue.shutDown(), { once: true });
    await waitForSync(ctx.signal, classes, volumes, claims);
    if (ctx.signal.aborted) return;
    log.info('Starting VAC protection controller', { controller: CONTROLLER_NAME });

    const api = new ResourceClient<VolumeAttributesClass>(client, CLASSES);
    const update = async (vac: VolumeAttributesClass, done: string) => {
      try {
        await api.update(vac, ctx.signal);
        log.info(done, { VAC: vac.metadata.name }, 3);
      } catch (err) {
        if (!isNotFound(err)) throw err;
      }
    };
    const sync = async (name: string) => {
      const vac = classes.indexer.get(name);
      if (!vac) return;
      if (isDeletionCandidate(vac, VAC_PROTECTION_FINALIZER)) {
        const used = volumes.indexer.byIndex(VAC_INDEX, name).length > 0 || claims.indexer.byIndex(VAC_INDEX, name).length > 0;
        if (!used) return await update(withoutFinalizer(vac, VAC_PROTECTION_FINALIZER), 'Removed protection finalizer from VAC');
        log.info('Keeping VAC because it is being used', { VAC: name }, 4);
      }
      if (needsFinalizer(vac, VAC_PROTECTION_FINALIZER)) await update(withFinalizer(vac, VAC_PROTECTION_FINALIZER), 'Added protection finalizer to VAC');
    };
    await runWorker(CONTROLLER_NAME, queue, sync, ctx.signal);
  };
}
