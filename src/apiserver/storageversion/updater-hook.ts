// With the StorageVersionAPI gate (and APIServerIdentity, which names the server), the API server
// records after start-up, for each resource it stores, the version it writes in and the versions
// it reads and serves, under its identity in that resource's StorageVersion, as Kubernetes'
// storage version manager does; a failed round is tried again. Writes are not held back while it
// runs (Kubernetes answers them 503 until it is done).
import type { StorageVersion } from '../../api/apiserverinternal/v1alpha1/types.ts';
import { klog } from '../../component-base/logs/klog.ts';
import { isAlreadyExists, isConflict, isNotFound } from '../../machinery/status.ts';
import { storageVersionReports, withServerEntry, type StorageVersionReport } from '../../machinery/storageversion/server-storage-versions.ts';
import type { InstalledResource } from '../registry/generic/context.ts';
import { createObject } from '../registry/generic/create.ts';
import { getObject } from '../registry/generic/get.ts';
import { updateObject } from '../registry/generic/update.ts';
import type { PostStartHook } from '../server/config.ts';
import { subresourceOf } from '../endpoints/subresources.ts';

const log = klog('apiserver/storageversion');

const WRITE = { dryRun: false, fieldValidation: 'Ignore' as const, fieldManager: 'orch-apiserver' };
const ATTEMPTS = 3;
const RETRY_MS = 1000;

export interface StorageVersionHookOptions {
  /** Everything installed, once the hook runs. */
  resources: () => readonly InstalledResource<any, any>[];
  serverId: string;
  /** Waited for before the first write. */
  after?: Promise<void>;
  retryMs?: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms).unref());

/** The StorageVersions resource and its /status, when served. */
function storageVersionsOf(resources: readonly InstalledResource<any, any>[]) {
  const isSV = (r: InstalledResource<any, any>) => r.declaration.kind === 'StorageVersion' && !r.declaration.aliasOf;
  const main = resources.find((r) => isSV(r) && !r.subresource) as InstalledResource<StorageVersion, StorageVersion> | undefined;
  const status = main && (subresourceOf(main, 'status') as InstalledResource<StorageVersion, StorageVersion> | undefined);
  return main && status ? { main, status } : undefined;
}

async function singleUpdate(api: NonNullable<ReturnType<typeof storageVersionsOf>>, serverId: string, report: StorageVersionReport): Promise<void> {
  let current: StorageVersion | undefined;
  try {
    current = structuredClone(await getObject(api.main, report.name, ''));
  } catch (err) {
    if (!isNotFound(err)) throw err;
  }
  if (!current) {
    const fresh: StorageVersion = { apiVersion: 'internal.apiserver.orch.io/v1alpha1', kind: 'StorageVersion', metadata: { name: report.name }, spec: {}, status: {} };
    const created = structuredClone((await createObject(api.main, fresh, '', WRITE)).object);
    await updateObject(api.status, report.name, '', withServerEntry(created, serverId, report), WRITE);
    return;
  }
  await updateObject(api.status, report.name, '', withServerEntry(current, serverId, report), WRITE);
}

/** updateStorageVersionFor: conflicts retried without limit, other errors three times. */
async function update(api: NonNullable<ReturnType<typeof storageVersionsOf>>, serverId: string, report: StorageVersionReport, retryMs: number, signal: AbortSignal): Promise<void> {
  let failures = 0;
  for (;;) {
    try {
      return await singleUpdate(api, serverId, report);
    } catch (err) {
      if (signal.aborted) throw err;
      if (!isAlreadyExists(err) && !isConflict(err)) {
        log.error('Failed to update storage version', { retry: failures, resource: report.name, err: String((err as Error)?.message ?? err) });
        if (++failures >= ATTEMPTS) throw err;
      }
      await sleep(retryMs);
    }
  }
}

export function storageVersionUpdaterHook(opts: StorageVersionHookOptions): PostStartHook {
  return {
    name: 'built-in-resources-storage-version-updater',
    async run({ signal }) {
      await opts.after;
      const resources = opts.resources();
      const api = storageVersionsOf(resources);
      if (!api) return;
      const reports = storageVersionReports(resources.filter((r) => !r.subresource && !r.virtualCreate && !r.virtualRead).map((r) => r.declaration));
      let failed = false;
      for (const report of reports) {
        if (signal.aborted) return;
        try {
          await update(api, opts.serverId, report, opts.retryMs ?? RETRY_MS, signal);
          log.info('Successfully updated storage version', { resource: report.name }, 2);
        } catch {
          failed = true;
        }
      }
      if (!failed) log.info('Storage version updates complete', {}, 2);
    },
  };
}
