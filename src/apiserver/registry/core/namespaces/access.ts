// The namespace look-ups admission plugins and start-up hooks use, over the installed resource.
import type { Namespace } from '../../../../api/core/v1/namespace-types.ts';
import type { NamespaceAccess } from '../../../admission/namespace-access.ts';
import { isAlreadyExists, isNotFound } from '../../../../machinery/status.ts';
import { groupResource, type InstalledResource } from '../../generic/context.ts';
import { objectKey } from '../../generic/keys.ts';
import { interpretStorageError } from '../../generic/storage-errors.ts';
import { createObject } from '../../generic/create.ts';
import { getObject } from '../../generic/get.ts';

const SYSTEM_WRITE = { dryRun: false, fieldValidation: 'Ignore' as const, fieldManager: 'orch-apiserver' };

/** `resource` is looked up at call time, so admission can be built before the resources are installed. */
export function namespaceAccess(resource: () => InstalledResource<Namespace, Namespace>): NamespaceAccess {
  return {
    async get(name) {
      try {
        return await getObject(resource(), name, '');
      } catch (err) {
        if (isNotFound(err)) return undefined;
        throw err;
      }
    },
    // resourceVersion "0": any state the server holds, so the watch cache answers (at once, when
    // it holds the namespace). Its object is handed out as it is held, read-only, without the copy
    // a served object gets.
    cached(name) {
      const res = resource();
      const key = objectKey(res.declaration, '', name);
      return res.store.peek?.(key) ?? cachedFromStore(res, key, name);
    },
    async create(name) {
      try {
        await createObject(resource(), { apiVersion: 'v1', kind: 'Namespace', metadata: { name } }, '', SYSTEM_WRITE);
      } catch (err) {
        if (isAlreadyExists(err)) return;
        throw err;
      }
    },
  };
}

async function cachedFromStore(res: InstalledResource<Namespace, Namespace>, key: string, name: string): Promise<Namespace | undefined> {
  try {
    return await res.store.get(key, { resourceVersion: '0', ignoreNotFound: true });
  } catch (err) {
    throw interpretStorageError(err, { resource: groupResource(res.declaration), name, requestedResourceVersion: '0', storeName: res.storeName });
  }
}
