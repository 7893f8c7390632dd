// The persistentvolumeclaim-protection controller: a claim being deleted keeps its
// orch.io/pvc-protection finalizer while a pod uses it (pod-uses-claim.ts), and loses it once none
// does, so the deletion completes; a live claim lacking the finalizer gets it. Use is looked up
// first in the pod informer's cache (indexed by claim), and when the cache shows no user, in a
// live list of the namespace's pods, since a pod just created may not be cached yet; one live list
// serves a whole batch of the namespace's claims. Claims are queued by their own events and by
// pod events that may release them (a pod deleted, terminated or unscheduled). A main worker
// groups queued claims by namespace and one worker processes the batches, as Kubernetes runs it.
import type { Pod } from '../../../../api/core/v1/pod-types.ts';
import type { PersistentVolumeClaim } from '../../../../api/core/v1/volume-types.ts';
import { PVC_PROTECTION_FINALIZER } from '../../../../api/core/v1/well-known-finalizers.ts';
import { realClock, type Clock } from '../../../../client/clock/clock.ts';
import type { SharedInformer } from '../../../../client/cache/shared-informer.ts';
import { ResourceClient } from '../../../../client/rest/resource.ts';
import type { RestClient } from '../../../../client/rest/client.ts';
import { RateLimitingQueue } from '../../../../client/workqueue/rate-limiting-queue.ts';
import { isNotFound } from '../../../../machinery/status.ts';
import { klog } from '../../../../component-base/logs/klog.ts';
import type { ControllerContext, ControllerRun } from '../../../controller.ts';
import { waitForSync } from '../../serviceaccount/queue-worker.ts';
import { isDeletionCandidate, needsFinalizer, withFinalizer, withoutFinalizer } from '../protection-finalizer.ts';
import { NamespaceBatches } from './namespace-batches.ts';
import { POD_CLAIM_INDEX, podClaimKeys, podEventMayReleaseClaims, podUsesClaim } from './pod-uses-claim.ts';

const log = klog('controllermanager/pvcprotection');

export const CONTROLLER_NAME = 'persistentvolumeclaim-protection-controller';
const CLAIMS = { group: '', version: 'v1', resource: 'persistentvolumeclaims' };
const PODS = { group: '', version: 'v1', resource: 'pods' };

export interface PvcProtectionOptions {
  /** Workers taking namespace batches (Kubernetes starts one). */
  workers?: number;
  clock?: Clock;
}

/** The namespace's pods listed from the server once, on first need, for one batch. */
class LazyLivePods {
  private pods: Pod[] | undefined;
  private readonly client: RestClient;
  private readonly namespace: string;

  constructor(client: RestClient, namespace: string) {
    this.client = client;
    this.namespace = namespace;
  }

  async get(signal: AbortSignal): Promise<Pod[]> {
    if (!this.pods) {
      log.info('Live listing pods in namespace', { namespace: this.namespace }, 4);
      try {
        this.pods = (await new ResourceClient<Pod>(this.client, PODS, this.namespace).list({}, signal)).items ?? [];
      } catch (err) {
        throw new Error(`live list of pods failed: ${(err as Error).message}`);
      }
    }
    return this.pods;
  }
}

/** Whether any pod uses the claim: the cache first, then the live list. */
export async function claimIsUsed(claim: PersistentVolumeClaim, cached: (key: string) => Pod[], live: () => Promise<Pod[]>): Promise<boolean> {
  const key = `${claim.metadata.namespace}/${claim.metadata.name}`;
  if (cached(key).some((pod) => podUsesClaim(pod, claim))) return true;
  return (await live()).some((pod) => podUsesClaim(pod, claim));
}

export function pvcProtectionController(opts: PvcProtectionOptions = {}): ControllerRun {
  return async (ctx: ControllerContext) => {
    const client = ctx.client;
    if (!client || !ctx.informers) throw new Error('the persistentvolumeclaim-protection controller needs an API client and informers');
    const claims: SharedInformer<PersistentVolumeClaim> = ctx.informers.informerFor<PersistentVolumeClaim>(CLAIMS);
    const pods: SharedInformer<Pod> = ctx.informers.informerFor<Pod>(PODS);
    pods.indexer.addIndexer(POD_CLAIM_INDEX, podClaimKeys);
    const queue = new RateLimitingQueue<string>(opts.clock ?? realClock);
    const batches = new NamespaceBatches();

    const enqueueClaim = (claim: PersistentVolumeClaim) => {
      if (needsFinalizer(claim, PVC_PROTECTION_FINALIZER) || isDeletionCandidate(claim, PVC_PROTECTION_FINALIZER)) {
        queue.add(`${claim.metadata.namespace}/${claim.metadata.name}`);
      }
    };
    const enqueuePodClaims = (pod: Pod, deleted: boolean) => {
      if (!podEventMayReleaseClaims(pod, deleted)) return;
      for (const key of podClaimKeys(pod)) queue.add(key);
    };
    claims.addEventHandler({ onAdd: enqueueClaim, onUpdate: (_old, claim) => enqueueClaim(claim) });
    pods.addEventHandler({
      onAdd: (pod) => enqueuePodClaims(pod, false),
      onDelete: (pod) => enqueuePodClaims(pod, true),
      onUpdate: (old, pod) => {
        enqueuePodClaims(pod, false);
        // An update may hide a pod deleted and another made under its name: the old one may have held other claims.
        if (old.metadata.uid !== pod.metadata.uid) enqueuePodClaims(old, true);
      },
    });
    ctx.signal.addEventListener('abort', () => {
      queue.shutDown();
      batches.shutDown();
    }, { once: true });
    await waitForSync(ctx.signal, claims, pods);
    if (ctx.signal.aborted) return;
    log.info('Claim protection controller synced; starting workers', { controller: CONTROLLER_NAME });

    const api = (namespace: string) => new ResourceClient<PersistentVolumeClaim>(client, CLAIMS, namespace);
    const processClaim = async (key: string, live: LazyLivePods) => {
      const claim = claims.indexer.get(key);
      if (!claim) return;
      if (isDeletionCandidate(claim, PVC_PROTECTION_FINALIZER)) {
        const used = await claimIsUsed(claim, (k) => pods.indexer.byIndex(POD_CLAIM_INDEX, k), () => live.get(ctx.signal));
        if (!used) return await update(withoutFinalizer(claim, PVC_PROTECTION_FINALIZER), 'Removed the protection finalizer from the claim');
        log.info('Keeping the claim: a pod uses it', { pvc: key }, 2);
      }
      if (needsFinalizer(claim, PVC_PROTECTION_FINALIZER)) await update(withFinalizer(claim, PVC_PROTECTION_FINALIZER), 'Added the protection finalizer to the claim');
    };
    const update = async (claim: PersistentVolumeClaim, done: string) => {
      try {
        await api(claim.metadata.namespace ?? '').update(claim, ctx.signal);
        log.info(done, { pvc: `${claim.metadata.namespace}/${claim.metadata.name}` }, 3);
      } catch (err) {
        if (!isNotFound(err)) throw err;
      }
    };

    // The main worker files queued claims by namespace; a claim stays `processing` in the queue until its batch is done.
    const mainWorker = async () => {
      for (;;) {
        const next = await queue.get();
        if (next.shutdown) return batches.shutDown();
        batches.add(next.item);
      }
    };
    const namespaceWorker = async () => {
      for (;;) {
        const batch = await batches.next();
        if (!batch) return;
        const live = new LazyLivePods(client, batch.namespace);
        for (const key of batch.keys) {
          try {
            await processClaim(key, live);
            queue.forget(key);
          } catch (err) {
            if (!ctx.signal.aborted) {
              log.error('Claim protection failed; retrying', { pvc: key, err: (err as Error).message });
              queue.addRateLimited(key);
            }
          } finally {
            queue.done(key);
          }
        }
      }
    };
    await Promise.all([mainWorker(), ...Array.from({ length: opts.workers ?? 1 }, namespaceWorker)]);
  };
}
