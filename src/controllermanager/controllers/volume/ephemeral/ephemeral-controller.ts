// The ephemeral-volume controller: every pod not being deleted gets the claims of its generic
// ephemeral volumes (ephemeral-claim.ts), made once; a claim deleted while its pod lives is made
// again (claims are indexed by the pods that name them). A failure is recorded on the pod as
// FailedBinding and retried with back-off. --concurrent-ephemeralvolume-syncs workers.
import type { Pod } from '../../../../api/core/v1/pod-types.ts';
import type { PersistentVolumeClaim } from '../../../../api/core/v1/volume-types.ts';
import { realClock, type Clock } from '../../../../client/clock/clock.ts';
import { controllerEventRecorder } from '../../../../client/record/index.ts';
import { ResourceClient } from '../../../../client/rest/resource.ts';
import { RateLimitingQueue } from '../../../../client/workqueue/rate-limiting-queue.ts';
import { isAlreadyExists } from '../../../../machinery/status.ts';
import { klog } from '../../../../component-base/logs/klog.ts';
import type { ControllerContext, ControllerRun } from '../../../controller.ts';
import { runWorker, waitForSync } from '../../serviceaccount/queue-worker.ts';
import { ephemeralClaimName } from '../pvcprotection/pod-uses-claim.ts';
import { claimNotForPod, ephemeralClaimFor } from './ephemeral-claim.ts';

const log = klog('controllermanager/ephemeral');

export const CONTROLLER_NAME = 'ephemeral-volume-controller';
const EVENT_SOURCE = 'ephemeral_volume';
const PODS = { group: '', version: 'v1', resource: 'pods' };
const CLAIMS = { group: '', version: 'v1', resource: 'persistentvolumeclaims' };
/** Pods by the ephemeral claims they need, `namespace/claim`. */
const EPHEMERAL_CLAIM_INDEX = 'ephemeral-volume-controller';

const ephemeralClaimKeys = (pod: Pod) =>
  (pod.spec?.volumes ?? []).filter((v) => v.ephemeral).map((v) => `${pod.metadata.namespace}/${ephemeralClaimName(pod, v)}`);

export interface EphemeralVolumeSettings {
  /** --concurrent-ephemeralvolume-syncs. */
  workers: number;
  clock?: Clock;
}

export function ephemeralVolumeController(settings: EphemeralVolumeSettings): ControllerRun {
  return async (ctx: ControllerContext) => {
    const client = ctx.client;
    if (!client || !ctx.informers) throw new Error('the ephemeral-volume controller needs an API client and informers');
    const clock = settings.clock ?? realClock;
    const pods = ctx.informers.informerFor<Pod>(PODS);
    const claims = ctx.informers.informerFor<PersistentVolumeClaim>(CLAIMS);
    pods.indexer.addIndexer(EPHEMERAL_CLAIM_INDEX, ephemeralClaimKeys);
    const queue = new RateLimitingQueue<string>(clock);
    const events = controllerEventRecorder(client, EVENT_SOURCE, { clock });
    const enqueuePod = (pod: Pod) => {
      // Pods being deleted need no new claims.
      if (pod.metadata.deletionTimestamp || !ephemeralClaimKeys(pod).length) return;
      queue.add(`${pod.metadata.namespace}/${pod.metadata.name}`);
    };
    pods.addEventHandler({ onAdd: enqueuePod, onUpdate: (_o, pod) => enqueuePod(pod) });
    claims.addEventHandler({
      onDelete: (claim) => {
        for (const pod of pods.indexer.byIndex(EPHEMERAL_CLAIM_INDEX, `${claim.metadata.namespace}/${claim.metadata.name}`)) enqueuePod(pod);
      },
    });
    ctx.signal.addEventListener('abort', () => queue.shutDown(), { once: true });
    await waitForSync(ctx.signal, pods, claims);
    if (ctx.signal.aborted) return await events.broadcaster.shutdown();
    log.info('Ephemeral volume controller synced; starting workers', { controller: CONTROLLER_NAME });

    const sync = async (key: string) => {
      const pod = pods.indexer.get(key);
      if (!pod || pod.metadata.deletionTimestamp) return;
      for (const volume of pod.spec?.volumes ?? []) {
        if (!volume.ephemeral) continue;
        try {
          const name = ephemeralClaimName(pod, volume);
          const existing = claims.indexer.get(`${pod.metadata.namespace}/${name}`);
          if (existing) {
            const why = claimNotForPod(pod, existing);
            if (why) throw new Error(why);
            continue;
          }
          try {
            await new ResourceClient<PersistentVolumeClaim>(client, CLAIMS, pod.metadata.namespace).create(ephemeralClaimFor(pod, volume), ctx.signal);
            log.info('Created the claim of an ephemeral volume', { pod: key, claim: name }, 2);
          } catch (err) {
            // Made meanwhile, or not yet in the cache: the next sync checks its owner.
            if (!isAlreadyExists(err)) throw new Error(`create PVC ${name}: ${(err as Error).message}`);
          }
        } catch (err) {
          events.recorder.eventf(pod, undefined, 'Warning', 'FailedBinding', 'CreateClaim', `ephemeral volume ${volume.name}: ${(err as Error).message}`);
          throw new Error(`pod ${key}, ephemeral volume ${volume.name}: ${(err as Error).message}`);
        }
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, settings.workers) }, () => runWorker(CONTROLLER_NAME, queue, sync, ctx.signal)));
    await events.broadcaster.shutdown();
  };
}
