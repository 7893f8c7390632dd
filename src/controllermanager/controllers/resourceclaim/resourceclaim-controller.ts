// The resourceclaim controller, as Kubernetes 1.35 runs it. For each pod entry naming a
// ResourceClaimTemplate it makes a claim from the template (generated name, the pod as
// controlling owner, the pod-claim-name annotation) and records it in
// pod.status.resourceClaimStatuses by server-side apply; a pod bound to a node without the
// scheduler gets its allocated claims reserved. For each claim it drops reservedFor entries of
// pods that are gone, replaced or done, deallocates a claim it protects once nobody uses it, and
// deletes a generated claim whose pod will not run.
import type { Pod } from '../../../api/core/v1/pod-types.ts';
import type { ResourceClaim, ResourceClaimTemplate } from '../../../api/resource/v1/types.ts';
import { realClock, type Clock } from '../../../client/clock/clock.ts';
import { controllerEventRecorder } from '../../../client/record/index.ts';
import { collectionPath } from '../../../client/rest/resource.ts';
import { RateLimitingQueue } from '../../../client/workqueue/rate-limiting-queue.ts';
import { klog } from '../../../component-base/logs/klog.ts';
import { isNotFound } from '../../../machinery/status.ts';
import type { ControllerContext, ControllerRun } from '../../controller.ts';
import { runWorker, waitForSync } from '../serviceaccount/queue-worker.ts';
import { waitForApi } from '../apiwait/wait-for-api.ts';
import {
  DELETE_PROTECTION_FINALIZER, POD_CLAIM_NAME_ANNOTATION, canBeReserved, claimNameFor, generateNameFor,
  isControlledBy, isPodDone, isReservedForPod, notForPodError, owningPod,
} from './claim-names.ts';

const log = klog('controllermanager/resourceclaim');

export const CONTROLLER_NAME = 'resourceclaim-controller';
const FIELD_MANAGER = 'ResourceClaimController';
const PODS = { group: '', version: 'v1', resource: 'pods' };
const CLAIMS = { group: 'resource.orch.io', version: 'v1', resource: 'resourceclaims' };
const TEMPLATES = { group: 'resource.orch.io', version: 'v1', resource: 'resourceclaimtemplates' };
const POD_CLAIM_INDEX = 'pod-resource-claim-index';
const CLAIM_OWNER_INDEX = 'claim-pod-owner-index';
/** Kubernetes starts ten workers; 1.35 has no option for it. */
const WORKERS = 10;
const MAX_DELETED_UIDS = 500;

export function resourceClaimController(clock: Clock = realClock): ControllerRun {
  return async (ctx: ControllerContext) => {
    const client = ctx.client;
    if (!client || !ctx.informers) throw new Error('the resourceclaim controller needs an API client and informers');
    if (!(await waitForApi(ctx, CONTROLLER_NAME, clock)).served) return;
    const pods = ctx.informers.informerFor<Pod>(PODS);
    const claims = ctx.informers.informerFor<ResourceClaim>(CLAIMS);
    const templates = ctx.informers.informerFor<ResourceClaimTemplate>(TEMPLATES);
    // Pods by the claims they name; claims by the pod that owns them.
    pods.indexer.addIndexer(POD_CLAIM_INDEX, (pod) => (pod.spec?.resourceClaims ?? []).flatMap((pc) => {
      const n = claimNameFor(pod, pc);
      return n.kind === 'name' ? [`${pod.metadata.namespace}/${n.name}`] : [];
    }));
    claims.indexer.addIndexer(CLAIM_OWNER_INDEX, (claim) => {
      const owner = owningPod(claim);
      return owner ? [owner.uid] : [];
    });
    // Claims this controller made, until the informer has them (a retry must not make another).
    const created = new Map<string, ResourceClaim>();
    // Pods seen deleted: their reservations can go without asking the server.
    const deletedUids = new Set<string>();
    const queue = new RateLimitingQueue<string>(clock);
    const { recorder, broadcaster } = controllerEventRecorder(client, CONTROLLER_NAME, { clock });

    const enqueuePod = (pod: Pod, deleted: boolean) => {
      if (!pod.spec?.resourceClaims?.length) return;
      if (deleted && pod.metadata.uid) {
        deletedUids.add(pod.metadata.uid);
        if (deletedUids.size > MAX_DELETED_UIDS) deletedUids.delete(deletedUids.values().next().value!);
      }
      // A pod that will not run releases its claims.
      if (deleted || isPodDone(pod)) {
        for (const pc of pod.spec.resourceClaims) {
          const n = claimNameFor(pod, pc);
          if (n.kind === 'name') queue.add(`claim:${pod.metadata.namespace}/${n.name}`);
        }
      }
      if (!pod.metadata.deletionTimestamp && podNeedsWork(pod)) queue.add(`pod:${pod.metadata.namespace}/${pod.metadata.name}`);
    };
    const podNeedsWork = (pod: Pod): boolean => {
      for (const pc of pod.spec?.resourceClaims ?? []) {
        const n = claimNameFor(pod, pc);
        if (n.kind === 'not-created' || n.kind === 'unsupported') return true;
        if (n.kind === 'not-needed') return false;
        const claim = claims.indexer.get(`${pod.metadata.namespace}/${n.name}`);
        if (!claim) {
          if (pc.resourceClaimTemplateName) return true;
          continue;
        }
        if (n.checkOwner && !isControlledBy(claim, pod)) return false;
        if (!pod.spec?.nodeName) continue;
        if (claim.status?.allocation && !isReservedForPod(pod, claim) && canBeReserved(claim)) return true;
      }
      return false;
    };
    const enqueueClaim = (claim: ResourceClaim, deleted: boolean) => {
      const key = `${claim.metadata.namespace}/${claim.metadata.name}`;
      if (!deleted) queue.add(`claim:${key}`);
      for (const pod of pods.indexer.byIndex(POD_CLAIM_INDEX, key)) enqueuePod(pod, false);
    };
    pods.addEventHandler({ onAdd: (p) => enqueuePod(p, false), onUpdate: (_o, p) => enqueuePod(p, false), onDelete: (p) => enqueuePod(p, true) });
    claims.addEventHandler({
      onAdd: (c) => {
        created.delete(`${c.metadata.namespace}/${c.metadata.name}`);
        enqueueClaim(c, false);
      },
      onUpdate: (_o, c) => enqueueClaim(c, false),
      onDelete: (c) => enqueueClaim(c, true),
    });
    ctx.signal.addEventListener('abort', () => queue.shutDown(), { once: true });
    ctx.informers.start(ctx.signal);
    log.info('Starting controller', { controller: CONTROLLER_NAME });
    await waitForSync(ctx.signal, pods, claims, templates);
    if (ctx.signal.aborted) return;

    const claimPath = (ns: string, name?: string) => `${collectionPath(CLAIMS, ns)}${name ? `/${encodeURIComponent(name)}` : ''}`;

    /** An existing claim of the pod for this entry: made before the pod's status could say so. */
    const findPodClaim = (pod: Pod, podClaimName: string): ResourceClaim | undefined => {
      const owned = [...claims.indexer.byIndex(CLAIM_OWNER_INDEX, pod.metadata.uid ?? ''), ...[...created.values()].filter((c) => owningPod(c)?.uid === pod.metadata.uid)];
      return owned.find((c) => c.metadata.annotations?.[POD_CLAIM_NAME_ANNOTATION] === podClaimName);
    };

    const handleClaim = async (pod: Pod, podClaim: NonNullable<NonNullable<Pod['spec']>['resourceClaims']>[number], statuses: Map<string, string>) => {
      const ns = pod.metadata.namespace ?? '';
      const n = claimNameFor(pod, podClaim);
      if (n.kind === 'unsupported') throw new Error('checking for claim before creating it: unsupported PodResourceClaim source');
      if (n.kind === 'not-needed') return;
      if (n.kind === 'name') {
        const claim = claims.indexer.get(`${ns}/${n.name}`) ?? created.get(`${ns}/${n.name}`);
        if (claim && (!n.checkOwner || isControlledBy(claim, pod))) return;
        // Recorded but gone (or no longer the pod's): a template entry gets a new one below.
      }
      const templateName = podClaim.resourceClaimTemplateName;
      if (!templateName) return;
      let claim = findPodClaim(pod, podClaim.name);
      if (!claim) {
        const template = templates.indexer.get(`${ns}/${templateName}`);
        if (!template) throw new Error(`resource claim template "${templateName}": resourceclaimtemplate.resource.orch.io "${templateName}" not found`);
        const body: ResourceClaim = {
          apiVersion: 'resource.orch.io/v1',
          kind: 'ResourceClaim',
          metadata: {
            generateName: generateNameFor(pod.metadata.name ?? '', podClaim.name),
            ownerReferences: [{ apiVersion: 'v1', kind: 'Pod', name: pod.metadata.name ?? '', uid: pod.metadata.uid ?? '', controller: true, blockOwnerDeletion: true }],
            annotations: { ...(template.spec.metadata?.annotations ?? {}), [POD_CLAIM_NAME_ANNOTATION]: podClaim.name },
            ...(template.spec.metadata?.labels ? { labels: { ...template.spec.metadata.labels } } : {}),
          },
          spec: structuredClone(template.spec.spec),
        };
        try {
          claim = await client.request<ResourceClaim>({ method: 'POST', path: claimPath(ns), body, signal: ctx.signal });
        } catch (err) {
          throw new Error(`create ResourceClaim ${body.metadata.generateName}: ${(err as Error).message}`);
        }
        created.set(`${ns}/${claim.metadata.name}`, claim);
      }
      statuses.set(podClaim.name, claim.metadata.name ?? '');
    };

    const syncPod = async (ns: string, name: string) => {
      const pod = pods.indexer.get(`${ns}/${name}`);
      if (!pod || pod.metadata.deletionTimestamp) return;
      const statuses = new Map<string, string>();
      for (const pc of pod.spec?.resourceClaims ?? []) {
        try {
          await handleClaim(pod, pc, statuses);
        } catch (err) {
          recorder.eventf(pod, undefined, 'Warning', 'FailedResourceClaimCreation', 'Create', `PodResourceClaim ${pc.name}: ${(err as Error).message}`);
          throw new Error(`pod ${ns}/${name}, PodResourceClaim ${pc.name}: ${(err as Error).message}`);
        }
      }
      if (statuses.size) {
        await client.request({
          method: 'PATCH',
          path: `${collectionPath(PODS, ns)}/${encodeURIComponent(name)}/status`,
          query: { fieldManager: FIELD_MANAGER, force: true },
          body: { apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: ns }, status: { resourceClaimStatuses: [...statuses].map(([n, c]) => ({ name: n, resourceClaimName: c })) } },
          patchType: 'application/apply-patch+yaml',
          signal: ctx.signal,
        });
      }
      // Reservations of unscheduled pods are the scheduler's.
      if (!pod.spec?.nodeName) return;
      for (const pc of pod.spec.resourceClaims ?? []) {
        const n = claimNameFor(pod, pc);
        if (n.kind !== 'name') continue;
        const claim = claims.indexer.get(`${ns}/${n.name}`);
        if (!claim) return;
        if (n.checkOwner && !isControlledBy(claim, pod)) throw notForPodError(claim, pod);
        if (claim.status?.allocation && !isReservedForPod(pod, claim) && canBeReserved(claim)) {
          const updated = structuredClone(claim);
          updated.status = { ...updated.status, reservedFor: [...(claim.status.reservedFor ?? []), { resource: 'pods', name, uid: pod.metadata.uid ?? '' }] };
          await client.request({ method: 'PUT', path: `${claimPath(ns, n.name)}/status`, body: updated, signal: ctx.signal });
        }
      }
    };

    /** Whether a reservation by this pod still stands. */
    const podStillUses = async (ns: string, ref: { name: string; uid: string }): Promise<boolean> => {
      if (deletedUids.has(ref.uid)) return false;
      let pod = pods.indexer.get(`${ns}/${ref.name}`);
      if (!pod) {
        // Not cached yet, perhaps: only the server can say it is gone.
        pod = await client.request<Pod>({ path: `${collectionPath(PODS, ns)}/${encodeURIComponent(ref.name)}`, signal: ctx.signal }).catch((err) => {
          if (isNotFound(err)) return undefined;
          throw err;
        });
        return !!pod && pod.metadata.uid === ref.uid;
      }
      return pod.metadata.uid === ref.uid && !isPodDone(pod);
    };

    const syncClaim = async (ns: string, name: string) => {
      let claim = claims.indexer.get(`${ns}/${name}`);
      if (!claim) return;
      const reservedFor = claim.status?.reservedFor ?? [];
      const valid = [];
      for (const ref of reservedFor) {
        if ((ref.apiGroup ?? '') !== '' || ref.resource !== 'pods') throw new Error(`unsupported ReservedFor entry: ${JSON.stringify(ref)}`);
        if (await podStillUses(ns, ref)) valid.push(ref);
      }
      const protectedByUs = (claim.metadata.finalizers ?? []).includes(DELETE_PROTECTION_FINALIZER);
      const dropFinalizer = async (c: ResourceClaim) => {
        const next = structuredClone(c);
        next.metadata.finalizers = (c.metadata.finalizers ?? []).filter((f) => f !== DELETE_PROTECTION_FINALIZER);
        await client.request({ method: 'PUT', path: claimPath(ns, name), body: next, signal: ctx.signal });
      };
      if (valid.length < reservedFor.length) {
        const next = structuredClone(claim);
        next.status = { ...next.status, reservedFor: valid };
        // The last consumer left: a claim the scheduler allocated is released for the next one.
        if (protectedByUs && !valid.length) delete next.status.allocation;
        if (!next.status.reservedFor?.length) delete next.status.reservedFor;
        claim = await client.request<ResourceClaim>({ method: 'PUT', path: `${claimPath(ns, name)}/status`, body: next, signal: ctx.signal });
        if ((claim.metadata.finalizers ?? []).includes(DELETE_PROTECTION_FINALIZER) && !claim.status?.allocation) await dropFinalizer(claim);
      } else if (protectedByUs && claim.metadata.deletionTimestamp && !valid.length) {
        if (claim.status?.allocation) {
          const next = structuredClone(claim);
          delete next.status!.allocation;
          claim = await client.request<ResourceClaim>({ method: 'PUT', path: `${claimPath(ns, name)}/status`, body: next, signal: ctx.signal });
        }
        await dropFinalizer(claim);
      }
      if (valid.length) return;
      // Unused: a generated claim whose pod will not run goes now rather than when the pod does.
      const owner = owningPod(claim);
      if (!owner) return;
      const pod = pods.indexer.get(`${ns}/${owner.name}`);
      if (pod && (pod.metadata.uid !== owner.uid || isPodDone(pod))) {
        log.info('deleting unused generated claim', { claim: `${ns}/${name}`, pod: `${ns}/${owner.name}` }, 5);
        await client.request({ method: 'DELETE', path: claimPath(ns, name), signal: ctx.signal }).catch((err) => {
          if (!isNotFound(err)) throw err;
        });
      }
    };

    const sync = async (key: string) => {
      const sep = key.indexOf(':');
      const [prefix, object] = [key.slice(0, sep), key.slice(sep + 1)];
      const [ns, name] = object.split('/') as [string, string];
      if (prefix === 'pod') return syncPod(ns, name);
      if (prefix === 'claim') return syncClaim(ns, name);
      throw new Error(`unexpected key prefix: ${prefix}:`);
    };
    await Promise.all(Array.from({ length: WORKERS }, () => runWorker(CONTROLLER_NAME, queue, sync, ctx.signal)));
    broadcaster.shutdown?.();
    log.info('Shutting down controller', { controller: CONTROLLER_NAME });
  };
}
