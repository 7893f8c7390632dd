// Get one object by name.
import type { ApiObject } from '../../../api/meta/v1/types.ts';
import type { StoredEntry } from '../../../storage/interface.ts';
import { notFound } from '../../../machinery/status.ts';
import { groupResource, served, servedForReading, type InstalledResource } from './context.ts';
import { objectKey } from './keys.ts';
import { interpretStorageError } from './storage-errors.ts';

/**
 * The served object. With readOnly the caller only serializes it: it may then share parts with
 * the watch cache, which answers most-recent reads once it has caught up with the store;
 * otherwise it is the caller's own copy, to change at will.
 */
export async function getObject<T extends ApiObject, S extends ApiObject>(
  res: InstalledResource<T, S>,
  name: string,
  namespace: string,
  resourceVersion = '',
  readOnly = false,
): Promise<T> {
  const decl = res.declaration;
  const errCtx = { resource: groupResource(decl), name, requestedResourceVersion: resourceVersion, storeName: res.storeName };
  let stored: S | undefined;
  try {
    stored = res.virtualRead ? await res.virtualRead.get(name) : await res.store.get(objectKey(decl, namespace, name), { resourceVersion, ignoreNotFound: true, readOnly });
  } catch (err) {
    throw interpretStorageError(err, errCtx);
  }
  if (!stored) throw notFound(groupResource(decl), name);
  return readOnly ? servedForReading(decl, stored) : served(decl, stored);
}

/**
 * The stored object for a caller that only serializes it, as the watch cache keeps it (its JSON,
 * decoded only if asked) where the resource's store has one; undefined when the resource cannot
 * answer so (computed resources, stores without a cache), and getObject should be used.
 */
export async function getStoredEntry<S extends ApiObject>(res: InstalledResource<any, S>, name: string, namespace: string, resourceVersion = ''): Promise<StoredEntry<S> | undefined> {
  if (res.virtualRead || !res.store.getEntry) return undefined;
  const decl = res.declaration;
  let entry: StoredEntry<S> | undefined;
  try {
    entry = await res.store.getEntry(objectKey(decl, namespace, name), { resourceVersion, ignoreNotFound: true, readOnly: true });
  } catch (err) {
    throw interpretStorageError(err, { resource: groupResource(decl), name, requestedResourceVersion: resourceVersion, storeName: res.storeName });
  }
  if (!entry) throw notFound(groupResource(decl), name);
  return entry;
}
