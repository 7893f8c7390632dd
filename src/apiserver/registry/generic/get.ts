// Get one object by name.
import type { ApiObject } from '../../../storage/interface.ts';
import { notFound } from '../../../machinery/status.ts';
import { groupResource, served, type InstalledResource } from './context.ts';
import { objectKey } from './keys.ts';
import { interpretStorageError } from './storage-errors.ts';

export async function getObject<T extends ApiObject, S extends ApiObject>(
  res: InstalledResource<T, S>,
  name: string,
  namespace: string,
  resourceVersion = '',
): Promise<T> {
  const decl = res.declaration;
  const errCtx = { resource: groupResource(decl), name, requestedResourceVersion: resourceVersion, storeName: res.storeName };
  let stored: S | undefined;
  try {
    stored = await res.store.get(objectKey(decl, namespace, name), { resourceVersion, ignoreNotFound: true });
  } catch (err) {
    throw interpretStorageError(err, errCtx);
  }
  if (!stored) throw notFound(groupResource(decl), name);
  return served(decl, stored);
}
