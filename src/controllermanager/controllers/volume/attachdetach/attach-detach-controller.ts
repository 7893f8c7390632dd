// The attach-detach controller: keeps a VolumeAttachment for every CSI volume that a pod placed on
// a managed node uses (desired-attachments.ts), creating it when the first such pod appears and
// deleting it once none is left, as Kubernetes' reconciler attaches and detaches. Its view of what
// is attached starts from the attachments that exist; changes to pods, nodes, claims, volumes and
// CSI drivers reconcile it. Every --attach-detach-reconcile-sync-period it also checks that each
// attachment it believes in still exists, so one deleted behind its back is made again; the check
// is off under --disable-attach-detach-reconcile-sync. An attachment reported attached gives the
// pods that use it a SuccessfulAttachVolume event. On simulated nodes it also plays the CSI
// external attacher (simulated-attacher.ts).
import type { Node } from '../../../../api/core/v1/node-types.ts';
import type { Pod } from '../../../../api/core/v1/pod-types.ts';
import type { PersistentVolume, PersistentVolumeClaim } from '../../../../api/core/v1/volume-types.ts';
import type { CSIDriver, VolumeAttachment } from '../../../../api/storage/v1/types.ts';
import { realClock, type Clock } from '../../../../client/clock/clock.ts';
import { controllerEventRecorder } from '../../../../client/record/index.ts';
import { collectionPath, ResourceClient } from '../../../../client/rest/resource.ts';
import { RateLimitingQueue } from '../../../../client/workqueue/rate-limiting-queue.ts';
import { isAlreadyExists, isNotFound } from '../../../../machinery/status.ts';
import { klog } from '../../../../component-base/logs/klog.ts';
import type { ControllerContext, ControllerRun } from '../../../controller.ts';
import { runWorker, waitForSync } from '../../serviceaccount/queue-worker.ts';
import { desiredAttachments, isManagedNode, volumeAttachmentFor, type DesiredAttachment } from './desired-attachments.ts';
import { attacherStep, isSimulatedNode } from './simulated-attacher.ts';

const log = klog('controllermanager/attachdetach');

export const CONTROLLER_NAME = 'persistentvolume-attach-detach-controller';
const EVENT_SOURCE = 'attachdetach-controller';
const gvr = (group: string, resource: string) => ({ group, version: 'v1', resource });
const PODS = gvr('', 'pods');
const NODES = gvr('', 'nodes');
const CLAIMS = gvr('', 'persistentvolumeclaims');
const VOLUMES = gvr('', 'persistentvolumes');
const DRIVERS = gvr('storage.orch.io', 'csidrivers');
const ATTACHMENTS = gvr('storage.orch.io', 'volumeattachments');
const RECONCILE = 'reconcile';

export interface AttachDetachSettings {
  /** --attach-detach-reconcile-sync-period. */
  reconcileSyncPeriodMs: number;
  /** --disable-attach-detach-reconcile-sync. */
  disableReconcileSync: boolean;
  clock?: Clock;
}

export function attachDetachController(settings: AttachDetachSettings): ControllerRun {
  return async (ctx: ControllerContext) => {
    const client = ctx.client;
    if (!client || !ctx.informers) throw new Error('the attach-detach controller needs an API client and informers');
    const clock = settings.clock ?? realClock;
    const pods = ctx.informers.informerFor<Pod>(PODS);
    const nodes = ctx.informers.informerFor<Node>(NODES);
    const claims = ctx.informers.informerFor<PersistentVolumeClaim>(CLAIMS);
    const volumes = ctx.informers.informerFor<PersistentVolume>(VOLUMES);
    const drivers = ctx.informers.informerFor<CSIDriver>(DRIVERS);
    const attachments = ctx.informers.informerFor<VolumeAttachment>(ATTACHMENTS);
    const queue = new RateLimitingQueue<string>(clock);
    const attacherQueue = new RateLimitingQueue<string>(clock);
    const events = controllerEventRecorder(client, EVENT_SOURCE, { clock });
    const reconcileSoon = () => queue.add(RECONCILE);
    for (const informer of [pods, nodes, claims, volumes, drivers] as const) {
      (informer as typeof pods).addEventHandler({ onAdd: reconcileSoon, onUpdate: reconcileSoon, onDelete: reconcileSoon });
    }
    /** The attachments this controller believes attached (its actual state of the world). */
    const attached = new Map<string, DesiredAttachment | undefined>();
    let desired = new Map<string, DesiredAttachment>();
    const reported = new Set<string>();
    const onAttachment = (va: VolumeAttachment) => {
      if (isSimulatedNode(nodes.indexer.get(va.spec.nodeName))) attacherQueue.add(va.metadata.name ?? '');
      const want = desired.get(va.metadata.name ?? '');
      if (va.status?.attached && want && !reported.has(want.name)) {
        reported.add(want.name);
        for (const key of want.pods) {
          const pod = pods.indexer.get(key);
          if (pod) events.recorder.eventf(pod, undefined, 'Normal', 'SuccessfulAttachVolume', 'Attach', `AttachVolume.Attach succeeded for volume "${want.volumeName}"`);
        }
      }
    };
    attachments.addEventHandler({ onAdd: onAttachment, onUpdate: (_o, va) => onAttachment(va), onDelete: (va) => reported.delete(va.metadata.name ?? '') });
    ctx.signal.addEventListener('abort', () => (queue.shutDown(), attacherQueue.shutDown()), { once: true });
    await waitForSync(ctx.signal, pods, nodes, claims, volumes, drivers, attachments);
    if (ctx.signal.aborted) return await events.broadcaster.shutdown();
    for (const va of attachments.indexer.list()) {
      if (isManagedNode(nodes.indexer.get(va.spec.nodeName)) && !va.metadata.deletionTimestamp) attached.set(va.metadata.name ?? '', undefined);
    }
    log.info('Attach detach controller synced; starting the reconciler', { controller: CONTROLLER_NAME });

    const api = new ResourceClient<VolumeAttachment>(client, ATTACHMENTS);
    const reconcile = async () => {
      desired = desiredAttachments(pods.indexer.list(), {
        node: (name) => nodes.indexer.get(name),
        claim: (key) => claims.indexer.get(key),
        volume: (name) => volumes.indexer.get(name),
        csiDriver: (name) => drivers.indexer.get(name),
      });
      for (const [name, want] of desired) {
        if (attached.has(name)) continue;
        try {
          await api.create(volumeAttachmentFor(want), ctx.signal);
          log.info('AttachVolume started', { volumeName: want.volumeName, node: want.nodeName, attachment: name }, 2);
        } catch (err) {
          if (!isAlreadyExists(err)) {
            for (const key of want.pods) {
              const pod = pods.indexer.get(key);
              if (pod) events.recorder.eventf(pod, undefined, 'Warning', 'FailedAttachVolume', 'Attach', `AttachVolume.Attach failed for volume "${want.volumeName}" : ${(err as Error).message}`);
            }
            throw err;
          }
        }
        attached.set(name, want);
      }
      for (const name of [...attached.keys()]) {
        if (desired.has(name)) continue;
        try {
          await api.delete(name, ctx.signal);
          log.info('DetachVolume started', { attachment: name }, 2);
        } catch (err) {
          if (!isNotFound(err)) throw err;
        }
        attached.delete(name);
        reported.delete(name);
      }
    };
    // The reconciler sync: what it believes attached must still exist.
    const syncStates = () => {
      for (const name of attached.keys()) if (!attachments.indexer.get(name)) attached.delete(name);
      reconcileSoon();
    };
    let timer: ReturnType<typeof setInterval> | undefined;
    if (!settings.disableReconcileSync) timer = setInterval(syncStates, Math.max(settings.reconcileSyncPeriodMs, 1000));
    ctx.signal.addEventListener('abort', () => timer && clearInterval(timer), { once: true });

    const attach = async (name: string) => {
      const va = attachments.indexer.get(name);
      if (!va || !isSimulatedNode(nodes.indexer.get(va.spec.nodeName))) return;
      const step = attacherStep(va);
      if (step.kind === 'none') return;
      try {
        const updated = await api.update({ ...step.attachment, status: va.status } as VolumeAttachment, ctx.signal);
        if (step.kind === 'attach') {
          await client.request({ method: 'PUT', path: `${collectionPath(ATTACHMENTS)}/${encodeURIComponent(name)}/status`, body: { ...updated, status: step.attachment.status }, signal: ctx.signal });
        }
      } catch (err) {
        if (!isNotFound(err)) throw err;
      }
    };
    reconcileSoon();
    await Promise.all([runWorker(CONTROLLER_NAME, queue, reconcile, ctx.signal), runWorker(`${CONTROLLER_NAME}/attacher`, attacherQueue, attach, ctx.signal)]);
    await events.broadcaster.shutdown();
  };
}
