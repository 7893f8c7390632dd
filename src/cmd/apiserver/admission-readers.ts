// The stored objects the core/v1 admission plugins read, over the installed resources: service
// accounts and limit ranges (from the watch cache, or from storage when asked), quotas (read
// consistently, their status written by compare-and-swap), any namespace's objects for measuring
// a quota, and the watch that fills in the status of new or changed quotas.
import type { ApiObject } from '../../api/meta/v1/types.ts';
import type { LimitRange, ResourceQuota } from '../../api/core/v1/policy-types.ts';
import type { ServiceAccount } from '../../api/core/v1/service-account-types.ts';
import type { InstalledResource } from '../../apiserver/registry/generic/context.ts';
import { groupResource } from '../../apiserver/registry/generic/context.ts';
import { collectionPrefix, objectKey } from '../../apiserver/registry/generic/keys.ts';
import { interpretStorageError } from '../../apiserver/registry/generic/storage-errors.ts';
import type { CoreObjectReaders } from '../../apiserver/admission/core-object-readers.ts';
import type { NamespacedObjects, QuotaStore } from '../../apiserver/admission/plugins/resource-quota/access.ts';
import { evaluatorRegistry } from '../../apiserver/admission/plugins/resource-quota/evaluators/registry.ts';
import { quotaStatusKeeper } from '../../apiserver/admission/plugins/resource-quota/status-keeper.ts';
import { notFound } from '../../machinery/status.ts';
import { watchQuotaStatus } from './quota-status-watch.ts';

type Resources = readonly InstalledResource<any, any>[];

function finder(resources: Resources) {
  return (group: string, plural: string) =>
    resources.find((r) => !r.subresource && !r.virtualRead && r.declaration.group === group && r.declaration.plural === plural);
}

/** "0" lets the watch cache answer; "" asks storage for the latest. */
const rv = (live: boolean) => (live ? '' : '0');

async function listIn<T extends ApiObject>(res: InstalledResource<any, any>, namespace: string, live: boolean): Promise<T[]> {
  try {
    const out = await res.store.list(collectionPrefix(res.declaration, namespace), { recursive: true, resourceVersion: rv(live) });
    return out.items as T[];
  } catch (err) {
    throw interpretStorageError(err, { resource: groupResource(res.declaration), storeName: res.storeName });
  }
}

function quotaStore(res: InstalledResource<any, any> | undefined): QuotaStore {
  return {
    list: async (namespace, opts) => (res ? listIn<ResourceQuota>(res, namespace, !opts?.cached) : []),
    async updateStatus(quota) {
      const name = quota.metadata.name ?? '';
      if (!res) throw notFound({ group: '', resource: 'resourcequotas' }, name);
      try {
        return (await res.store.guaranteedUpdate(objectKey(res.declaration, quota.metadata.namespace ?? '', name), {
          preconditions: { resourceVersion: quota.metadata.resourceVersion },
          tryUpdate: (current) => {
            if (!current) throw notFound(groupResource(res.declaration), name);
            return { object: { ...current, status: quota.status } };
          },
        })) as ResourceQuota;
      } catch (err) {
        throw interpretStorageError(err, { resource: groupResource(res.declaration), name, storeName: res.storeName });
      }
    },
  };
}

export interface AdmissionReaders {
  readers: CoreObjectReaders;
  /** Stops the quota watch (before storage closes). */
  stop(): void;
}

export function buildAdmissionReaders(resources: Resources): AdmissionReaders {
  const find = finder(resources);
  const accounts = find('', 'serviceaccounts');
  const limitRanges = find('', 'limitranges');
  const quotaResource = find('', 'resourcequotas');
  const objects: NamespacedObjects = {
    async list(group, resource, namespace) {
      const res = find(group, resource);
      return res ? listIn(res, namespace, true) : undefined;
    },
  };
  const quotas = quotaStore(quotaResource);
  const keeper = quotaStatusKeeper({ quotas, objects, registry: evaluatorRegistry() });
  const readers: CoreObjectReaders = {
    serviceAccounts: {
      async get(namespace, name, live) {
        if (!accounts || !name) return undefined;
        try {
          const key = objectKey(accounts.declaration, namespace, name);
          return ((await accounts.store.get(key, { resourceVersion: rv(live), ignoreNotFound: true, readOnly: true })) ?? undefined) as ServiceAccount | undefined;
        } catch (err) {
          throw interpretStorageError(err, { resource: groupResource(accounts.declaration), name, storeName: accounts.storeName });
        }
      },
    },
    limitRanges: { list: async (namespace, live) => (limitRanges ? listIn<LimitRange>(limitRanges, namespace, live) : []) },
    quotas: { quotas, keeper },
  };
  const watch = quotaResource ? watchQuotaStatus(quotaResource, keeper) : undefined;
  return { readers, stop: () => watch?.stop() };
}
