// The storageversion-garbage-collector controller, as Kubernetes 1.35 runs it: an API server's
// entries leave every StorageVersion once its identity Lease (orch-system, labelled
// apiserver.orch.io/identity=orch-apiserver) is gone, and a StorageVersion left with no entry is
// deleted. Two workers: one for identity leases deleted, one for StorageVersions added or updated
// naming a server without such a lease. It waits while the server does not serve
// internal.apiserver.orch.io/v1alpha1 (the StorageVersionAPI gate and --runtime-config).
import type { Lease } from '../../../api/coordination/v1/types.ts';
import type { ServerStorageVersion, StorageVersion } from '../../../api/apiserverinternal/v1alpha1/types.ts';
import { realClock, type Clock } from '../../../client/clock/clock.ts';
import { ResourceClient } from '../../../client/rest/resource.ts';
import { RateLimitingQueue } from '../../../client/workqueue/rate-limiting-queue.ts';
import { klog } from '../../../component-base/logs/klog.ts';
import { isNotFound } from '../../../machinery/status.ts';
import { setCommonEncodingVersion } from '../../../machinery/storageversion/server-storage-versions.ts';
import type { ControllerContext, ControllerRun } from '../../controller.ts';
import { waitForApi } from '../apiwait/wait-for-api.ts';
import { runWorker, waitForSync } from '../serviceaccount/queue-worker.ts';

const log = klog('controllermanager/storageversiongc');

export const CONTROLLER_NAME = 'storageversion-garbage-collector-controller';
const STORAGE_VERSIONS = { group: 'internal.apiserver.orch.io', version: 'v1alpha1', resource: 'storageversions' };
const LEASES = { group: 'coordination.orch.io', version: 'v1', resource: 'leases' };
/** Where API servers keep their identity leases, and how they label them. */
export const IDENTITY_NAMESPACE = 'orch-system';
export const IDENTITY_LABEL = 'apiserver.orch.io/identity';
export const IDENTITY_LABEL_VALUE = 'orch-apiserver';

export const isIdentityLease = (lease: Lease | undefined) => lease?.metadata.labels?.[IDENTITY_LABEL] === IDENTITY_LABEL_VALUE;

/** The entries to keep, or undefined when none is stale. */
export function withoutStaleEntries(sv: StorageVersion, isLive: (apiServerID: string) => boolean): ServerStorageVersion[] | undefined {
  const entries = sv.status?.storageVersions ?? [];
  const kept = entries.filter((e) => isLive(e.apiServerID ?? ''));
  return kept.length === entries.length ? undefined : kept;
}

export function storageVersionGCController(clock: Clock = realClock): ControllerRun {
  return async (ctx: ControllerContext) => {
    const client = ctx.client;
    if (!client || !ctx.informers) throw new Error('the storageversion-garbage-collector controller needs an API client and informers');
    if (!(await waitForApi(ctx, CONTROLLER_NAME, clock)).served) return;
    const leases = ctx.informers.informerFor<Lease>(LEASES, IDENTITY_NAMESPACE);
    const storageVersions = ctx.informers.informerFor<StorageVersion>(STORAGE_VERSIONS);
    const leaseApi = new ResourceClient<Lease>(client, LEASES, IDENTITY_NAMESPACE);
    const svApi = new ResourceClient<StorageVersion>(client, STORAGE_VERSIONS);
    const leaseQueue = new RateLimitingQueue<string>(clock);
    const svQueue = new RateLimitingQueue<string>(clock);
    const cachedLease = (name: string) => leases.indexer.get(`${IDENTITY_NAMESPACE}/${name}`);
    const enqueueStorageVersion = (sv: StorageVersion) => {
      if ((sv.status?.storageVersions ?? []).some((e) => !isIdentityLease(cachedLease(e.apiServerID ?? '')))) {
        log.info('Observed storage version with invalid apiserver entry', { objName: sv.metadata.name }, 4);
        svQueue.add(sv.metadata.name ?? '');
      }
    };
    leases.addEventHandler({
      onDelete: (lease) => {
        if (lease.metadata.namespace !== IDENTITY_NAMESPACE || !isIdentityLease(lease)) return;
        log.info('Observed lease deleted', { castObjName: lease.metadata.name }, 4);
        leaseQueue.add(lease.metadata.name ?? '');
      },
    });
    storageVersions.addEventHandler({ onAdd: enqueueStorageVersion, onUpdate: (_old, sv) => enqueueStorageVersion(sv) });
    ctx.signal.addEventListener('abort', () => (leaseQueue.shutDown(), svQueue.shutDown()), { once: true });
    // Made after the API check, perhaps after the manager started the others: start them here.
    ctx.informers.start(ctx.signal);

    const updateOrDelete = async (sv: StorageVersion, kept: ServerStorageVersion[]) => {
      const name = sv.metadata.name ?? '';
      if (kept.length === 0) {
        await svApi.delete(name, ctx.signal);
        return;
      }
      const updated = structuredClone(sv);
      updated.status.storageVersions = kept;
      setCommonEncodingVersion(updated, new Date(clock.now()));
      await client.request({ method: 'PUT', path: `${svApi.path}/${encodeURIComponent(name)}/status`, body: updated, signal: ctx.signal });
    };
    /** An identity lease was deleted: if it is really gone, its entries go everywhere. */
    const processDeletedLease = async (name: string) => {
      try {
        await leaseApi.get(name, ctx.signal);
        return;
      } catch (err) {
        if (!isNotFound(err)) throw err;
      }
      const errors: string[] = [];
      for (const sv of (await svApi.list({}, ctx.signal)).items) {
        const kept = withoutStaleEntries(sv, (id) => id !== name);
        if (!kept) continue;
        await updateOrDelete(sv, kept).catch((err: Error) => errors.push(err.message));
      }
      if (errors.length) throw new Error(errors.join(', '));
    };
    /** A StorageVersion names a server without an identity lease: those entries go. */
    const syncStorageVersion = async (name: string) => {
      let sv: StorageVersion;
      try {
        sv = await svApi.get(name, ctx.signal);
      } catch (err) {
        if (isNotFound(err)) return;
        throw err;
      }
      const live = new Set<string>();
      for (const entry of sv.status?.storageVersions ?? []) {
        const id = entry.apiServerID ?? '';
        const lease = await leaseApi.get(id, ctx.signal).catch(() => undefined);
        if (isIdentityLease(lease)) live.add(id);
      }
      const kept = withoutStaleEntries(sv, (id) => live.has(id));
      if (kept) await updateOrDelete(sv, kept);
    };

    log.info('Starting controller', { controller: CONTROLLER_NAME });
    await waitForSync(ctx.signal, leases, storageVersions);
    if (!ctx.signal.aborted) {
      await Promise.all([
        runWorker(`${CONTROLLER_NAME}/leases`, leaseQueue, processDeletedLease, ctx.signal),
        runWorker(`${CONTROLLER_NAME}/storageversions`, svQueue, syncStorageVersion, ctx.signal),
      ]);
    }
    log.info('Shutting down controller', { controller: CONTROLLER_NAME });
  };
}
