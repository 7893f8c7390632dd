// An action subresource (pods/binding, pods/eviction): the posted object passes admission as a
// create of its own kind on the subresource, then the declaration's action reads and changes the
// parent through ParentAccess, past the parent's strategy, as Kubernetes' subresource storage does.
import type { ApiObject } from '../../../api/meta/v1/types.ts';
import { internalError, notFound } from '../../../machinery/status.ts';
import type { ParentAccess, SubresourceAction } from '../resource.ts';
import { groupResource, served, type InstalledResource, type WriteOptions } from './context.ts';
import { admitMutating, admitValidating } from './admission-step.ts';
import { deleteObject } from './delete.ts';
import { getObject } from './get.ts';
import { objectKey } from './keys.ts';
import { interpretStorageError } from './storage-errors.ts';

/** The action of the subresource `res` serves, if it is an action subresource. */
export function actionOf<T extends ApiObject>(res: InstalledResource<T, any>): SubresourceAction<T> | undefined {
  const sub = res.subresource ? res.declaration.subresources?.[res.subresource] : undefined;
  return sub?.action;
}

export async function runAction<T extends ApiObject, S extends ApiObject>(
  res: InstalledResource<T, S>,
  name: string,
  namespace: string,
  posted: ApiObject,
  opts: WriteOptions,
): Promise<ApiObject> {
  const action = actionOf(res);
  if (!action) throw internalError(`${res.subresource ?? ''} is not an action subresource`);
  const admission = {
    operation: 'CREATE' as const,
    namespace,
    name,
    object: posted,
    dryRun: opts.dryRun,
    user: opts.user,
    kind: { group: action.group, version: action.version, kind: action.kind },
  };
  await admitMutating(res, admission);
  await admitValidating(res, admission);
  return action.act(parentAccess(res, name, namespace, opts), posted);
}

function parentAccess<T extends ApiObject, S extends ApiObject>(res: InstalledResource<T, S>, name: string, namespace: string, opts: WriteOptions): ParentAccess<T> {
  const decl = res.declaration;
  const gr = groupResource(decl);
  const key = objectKey(decl, namespace, name);
  // The parent's own entry: deletes and reads go through it, not through the subresource.
  const { subresource: _, ...parent } = res;
  return {
    name,
    namespace,
    dryRun: opts.dryRun,
    get: () => getObject(parent, name, namespace),
    async update(mutate) {
      try {
        if (opts.dryRun) {
          const current = await res.store.get(key, { ignoreNotFound: true });
          if (!current) throw notFound(gr, name);
          return mutate(served(decl, current));
        }
        const stored = await res.store.guaranteedUpdate(key, {
          tryUpdate: async (current) => {
            if (!current) throw notFound(gr, name);
            const next = mutate(served(decl, current));
            return { object: decl.toStored(next) };
          },
        });
        return served(decl, stored);
      } catch (err) {
        throw interpretStorageError(err, { resource: gr, name, storeName: res.storeName });
      }
    },
    async delete(options) {
      await deleteObject(parent, name, namespace, { ...options, dryRun: opts.dryRun || !!options.dryRun, user: opts.user });
    },
  };
}
