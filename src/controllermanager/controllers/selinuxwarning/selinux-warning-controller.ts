// The selinux-warning controller (off by default, as in Kubernetes 1.35): it watches every pod
// and tells pods that share a volume with a different SELinux label or change policy, with an
// event on each, that only one of them could use the volume on the same node. It changes no
// object. Pods are looked at when they appear, finish or go; all pods naming a claim when the
// claim or its volume gets bound; all pods using a CSI driver's volumes when the driver's
// seLinuxMount changes. One worker, as Kubernetes runs it.
import type { Pod } from '../../../api/core/v1/pod-types.ts';
import type { PersistentVolume, PersistentVolumeClaim } from '../../../api/core/v1/volume-types.ts';
import type { CSIDriver } from '../../../api/storage/v1/types.ts';
import { realClock, type Clock } from '../../../client/clock/clock.ts';
import { metaNamespaceKey } from '../../../client/cache/store.ts';
import { controllerEventRecorder } from '../../../client/record/index.ts';
import { RateLimitingQueue } from '../../../client/workqueue/rate-limiting-queue.ts';
import { klog } from '../../../component-base/logs/klog.ts';
import type { ControllerContext, ControllerRun } from '../../controller.ts';
import { runWorker, waitForSync } from '../serviceaccount/queue-worker.ts';
import { POD_CLAIM_INDEX, podClaimKeys } from '../volume/pvcprotection/pod-uses-claim.ts';
import { syncPodKey } from './pod-sync.ts';
import { VolumeLabelCache } from './volume-label-cache.ts';

const log = klog('controllermanager/selinuxwarning');

export const CONTROLLER_NAME = 'selinux-warning-controller';
/** The component Kubernetes records these events as. */
const EVENT_SOURCE = 'selinux_warning';
const gvr = (group: string, resource: string) => ({ group, version: 'v1', resource });

export function selinuxWarningController(clock: Clock = realClock): ControllerRun {
  return async (ctx: ControllerContext) => {
    const client = ctx.client;
    if (!client || !ctx.informers) throw new Error('the selinux-warning controller needs an API client and informers');
    const pods = ctx.informers.informerFor<Pod>(gvr('', 'pods'));
    const claims = ctx.informers.informerFor<PersistentVolumeClaim>(gvr('', 'persistentvolumeclaims'));
    const volumes = ctx.informers.informerFor<PersistentVolume>(gvr('', 'persistentvolumes'));
    const drivers = ctx.informers.informerFor<CSIDriver>(gvr('storage.orch.io', 'csidrivers'));
    pods.indexer.addIndexer(POD_CLAIM_INDEX, podClaimKeys);
    const queue = new RateLimitingQueue<string>(clock);
    const cache = new VolumeLabelCache();
    const events = controllerEventRecorder(client, EVENT_SOURCE, { clock });

    const enqueue = (pod: Pod) => queue.add(metaNamespaceKey(pod));
    const enqueueClaimUsers = (namespace: string | undefined, name: string | undefined) => {
      for (const pod of pods.indexer.byIndex(POD_CLAIM_INDEX, `${namespace ?? ''}/${name ?? ''}`)) enqueue(pod);
    };
    const enqueueDriverUsers = (driver: string) => {
      for (const key of cache.podsForCSIDriver(driver)) queue.add(key);
    };
    const finished = (pod: Pod) => pod.status?.phase === 'Succeeded' || pod.status?.phase === 'Failed';
    pods.addEventHandler({
      onAdd: enqueue,
      // What the controller reads of a pod cannot change, except that it finishes.
      onUpdate: (old, cur) => {
        if (old.status?.phase !== cur.status?.phase && finished(cur)) enqueue(cur);
      },
      onDelete: enqueue,
    });
    claims.addEventHandler({
      onAdd: (claim) => claim.spec?.volumeName && enqueueClaimUsers(claim.metadata.namespace, claim.metadata.name),
      onUpdate: (old, cur) => old.spec?.volumeName !== cur.spec?.volumeName && enqueueClaimUsers(cur.metadata.namespace, cur.metadata.name),
    });
    volumes.addEventHandler({
      onAdd: (pv) => pv.spec?.claimRef?.uid && enqueueClaimUsers(pv.spec.claimRef.namespace, pv.spec.claimRef.name),
      onUpdate: (old, cur) => {
        const ref = cur.spec?.claimRef;
        if (!ref?.uid || old.spec?.claimRef?.uid === ref.uid) return;
        enqueueClaimUsers(ref.namespace, ref.name);
      },
    });
    const seLinuxMount = (d: CSIDriver) => d.spec?.seLinuxMount === true;
    drivers.addEventHandler({
      onAdd: (d) => enqueueDriverUsers(d.metadata.name ?? ''),
      onUpdate: (old, cur) => seLinuxMount(old) !== seLinuxMount(cur) && enqueueDriverUsers(cur.metadata.name ?? ''),
      // Without a CSIDriver a driver has no mount context: only one that had it changes anything.
      onDelete: (d) => seLinuxMount(d) && enqueueDriverUsers(d.metadata.name ?? ''),
    });
    ctx.signal.addEventListener('abort', () => queue.shutDown(), { once: true });

    log.info('Starting SELinux warning controller');
    await waitForSync(ctx.signal, pods, claims, volumes, drivers);
    if (!ctx.signal.aborted) {
      const deps = {
        pod: (key: string) => pods.indexer.get(key),
        claim: (key: string) => claims.indexer.get(key),
        volume: (name: string) => volumes.indexer.get(name),
        csiDriver: (name: string) => drivers.indexer.get(name),
        cache,
        recorder: events.recorder,
      };
      await runWorker(CONTROLLER_NAME, queue, async (key) => syncPodKey(key, deps), ctx.signal);
    }
    log.info('Shutting down SELinux warning controller');
    await events.broadcaster.shutdown();
  };
}
