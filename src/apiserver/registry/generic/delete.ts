// Delete one object, honouring uid/resourceVersion preconditions; dryRun removes nothing.
import type { ApiObject, Preconditions } from '../../../storage/interface.ts';
import { conflict, notFound, type GroupResource } from '../../../machinery/status.ts';
import { groupResource, served, type InstalledResource } from './context.ts';
import { objectKey } from './keys.ts';
import { interpretStorageError } from './storage-errors.ts';

export interface DeleteRequest {
  dryRun: boolean;
  preconditions?: Preconditions;
}

export async function deleteObject<T extends ApiObject, S extends ApiObject>(
  res: InstalledResource<T, S>,
  name: string,
  namespace: string,
  req: DeleteRequest,
): Promise<T> {
  const decl = res.declaration;
  const gr = groupResource(decl);
  const key = objectKey(decl, namespace, name);
  const check = (current: S) => checkPreconditions(gr, name, current, req.preconditions);
  try {
    if (req.dryRun) {
      const current = await res.store.get(key, { ignoreNotFound: true });
      if (!current) throw notFound(gr, name);
      check(current);
      return served(decl, current);
    }
    return served(decl, await res.store.delete(key, { validateDeletion: check }));
  } catch (err) {
    throw interpretStorageError(err, { resource: gr, name, storeName: res.storeName });
  }
}

/** 409 worded as Kubernetes' precondition failures. */
export function checkPreconditions(gr: GroupResource, name: string, current: ApiObject, pre: Preconditions | undefined): void {
  if (!pre) return;
  if (pre.uid && pre.uid !== current.metadata.uid) {
    throw conflict(gr, name, `Precondition failed: UID in precondition: ${pre.uid}, UID in object meta: ${current.metadata.uid ?? ''}`);
  }
  if (pre.resourceVersion && pre.resourceVersion !== current.metadata.resourceVersion) {
    throw conflict(gr, name, `Precondition failed: ResourceVersion in precondition: ${pre.resourceVersion}, ResourceVersion in object meta: ${current.metadata.resourceVersion ?? ''}`);
  }
}
