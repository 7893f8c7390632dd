// One migration, as Kubernetes' storage version migrator runs it: the resource is found in its
// group's preferred version through discovery (a resource the server does not serve fails the
// migration), the collection's current resourceVersion is recorded in status.resourceVersion,
// then every object at least that new is rewritten by a no-op server-side apply carrying only its
// uid and resourceVersion, so the server stores it again in its current storage version. A
// conflict means the object changed or went since it was listed: it needs no migration.
import type { StorageVersionMigration } from '../../../api/storagemigration/v1beta1/types.ts';
import type { RestClient } from '../../../client/rest/client.ts';
import { DiscoveryClient, type ApiResource } from '../../../client/discovery/discovery-client.ts';
import { collectionPath, type ObjectList } from '../../../client/rest/resource.ts';
import { isConflict } from '../../../machinery/status.ts';
import { klog } from '../../../component-base/logs/klog.ts';
import { withCondition, type MigrationConditionType } from './migration-status.ts';

const log = klog('controllermanager/storage-version-migrator');

export const CONTROLLER_NAME = 'storage-version-migrator-controller';
export const SVM_PATH = '/apis/storagemigration.orch.io/v1beta1/storageversionmigrations';
const PAGE = 500;

interface Listed {
  apiVersion?: string;
  kind?: string;
  metadata: { name?: string; namespace?: string; uid?: string; resourceVersion?: string };
}

/** The resource in its group's preferred version, or undefined when discovery does not list it. */
async function findResource(client: RestClient, group: string, resource: string, signal: AbortSignal): Promise<ApiResource | undefined> {
  const discovery = new DiscoveryClient(client);
  let groupVersion = 'v1';
  if (group) {
    const doc = await client.request<{ preferredVersion?: { groupVersion?: string } }>({ path: `/apis/${group}`, signal, contentType: 'application/json' }).catch(() => undefined);
    if (!doc?.preferredVersion?.groupVersion) return undefined;
    groupVersion = doc.preferredVersion.groupVersion;
  }
  const resources = await discovery.resourcesFor(groupVersion, signal).catch(() => []);
  return resources.find((r) => r.resource === resource);
}

export class Migrator {
  readonly #client: RestClient;
  readonly #signal: AbortSignal;
  readonly #now: () => Date;

  constructor(client: RestClient, signal: AbortSignal, now: () => Date = () => new Date()) {
    this.#client = client;
    this.#signal = signal;
    this.#now = now;
  }

  async #updateStatus(svm: StorageVersionMigration): Promise<StorageVersionMigration> {
    const name = encodeURIComponent(svm.metadata.name ?? '');
    return this.#client.request<StorageVersionMigration>({ method: 'PUT', path: `${SVM_PATH}/${name}/status`, body: svm, signal: this.#signal });
  }

  #set(svm: StorageVersionMigration, type: MigrationConditionType, message = ''): Promise<StorageVersionMigration> {
    return this.#updateStatus(withCondition(svm, type, message, this.#now()));
  }

  async migrate(original: StorageVersionMigration): Promise<void> {
    let svm = structuredClone(original);
    const group = svm.spec?.resource?.group ?? '';
    const target = await findResource(this.#client, group, svm.spec?.resource?.resource ?? '', this.#signal);
    if (!target) {
      await this.#set(svm, 'Failed', 'resource does not exist in discovery');
      return;
    }
    if (!svm.status?.resourceVersion) {
      // The collection's resourceVersion now: every object listed at least this new is migrated.
      const list = await this.#client.request<ObjectList<Listed>>({ path: collectionPath(target), query: { limit: 1 }, signal: this.#signal });
      svm.status = { ...(svm.status ?? {}), resourceVersion: list.metadata.resourceVersion ?? '' };
      svm = await this.#updateStatus(svm);
    }
    svm = await this.#set(svm, 'Running');
    const apiVersion = target.group ? `${target.group}/${target.version}` : target.version;
    let next: string | undefined;
    do {
      const query = next ? { limit: PAGE, continue: next } : { limit: PAGE, resourceVersion: svm.status?.resourceVersion, resourceVersionMatch: 'NotOlderThan' };
      const page = await this.#client.request<ObjectList<Listed>>({ path: collectionPath(target), query, signal: this.#signal });
      for (const obj of page.items) {
        const { name = '', namespace, uid, resourceVersion } = obj.metadata;
        try {
          await this.#client.request({
            method: 'PATCH',
            path: `${collectionPath(target, target.namespaced ? namespace : undefined)}/${encodeURIComponent(name)}`,
            query: { fieldManager: CONTROLLER_NAME },
            // The uid makes a deleted object a conflict rather than a create; the resourceVersion makes a changed one a conflict.
            body: { apiVersion, kind: target.kind, metadata: { name, ...(target.namespaced ? { namespace } : {}), uid, resourceVersion } },
            patchType: 'application/apply-patch+yaml',
            signal: this.#signal,
          });
        } catch (err) {
          if (isConflict(err)) continue;
          log.info('Failed to migrate the resource', { namespace, name, resource: target.resource, err: (err as Error).message }, 4);
          await this.#set(svm, 'Failed', 'migration encountered unhandled error');
          return;
        }
      }
      next = page.metadata.continue || undefined;
    } while (next);
    await this.#set(svm, 'Succeeded');
  }
}
