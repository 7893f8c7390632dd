// List a collection (one namespace or all) with selectors, paging and resourceVersion semantics.
import type { ApiObject, ListOptions } from '../../../storage/interface.ts';
import { groupResource, servedForReading, type InstalledResource } from './context.ts';
import { collectionPrefix } from './keys.ts';
import type { ResourceDeclaration } from '../resource.ts';
import { checkContinueWithResourceVersion, type ListQuery } from './list-options.ts';
import { compileSelection } from './selection.ts';
import { interpretStorageError } from './storage-errors.ts';

/** A page of a list: the stored objects, in order, and the list's metadata. */
export interface ListOutcome<S extends ApiObject> {
  stored: S[];
  resourceVersion: string;
  continue?: string;
  remainingItemCount?: number;
}

/** The items of a list as clients see them. They are only serialized or read, never changed. */
export function servedItems<T extends ApiObject, S extends ApiObject>(decl: ResourceDeclaration<T, S>, stored: readonly S[]): T[] {
  const items = new Array<T>(stored.length);
  for (let i = 0; i < stored.length; i++) items[i] = servedForReading(decl, stored[i]!);
  return items;
}

export async function listObjects<T extends ApiObject, S extends ApiObject>(
  res: InstalledResource<T, S>,
  namespace: string,
  query: ListQuery,
): Promise<ListOutcome<S>> {
  const decl = res.declaration;
  checkContinueWithResourceVersion(query);
  const predicate = compileSelection(decl, query.labelSelector, query.fieldSelector);
  if (res.virtualRead) {
    // Computed on each request: every object, selected here, in one page without a resourceVersion.
    const items = await res.virtualRead.list();
    return { stored: predicate ? items.filter(predicate) : items, resourceVersion: '' };
  }
  const opts: ListOptions<S> = { recursive: true, limit: query.limit, predicate };
  if (query.continue) opts.continue = query.continue;
  else if (query.resourceVersion) opts.resourceVersion = query.resourceVersion;
  if (query.resourceVersionMatch) opts.resourceVersionMatch = query.resourceVersionMatch;
  try {
    const out = await res.store.list(collectionPrefix(decl, namespace), opts);
    const result: ListOutcome<S> = { stored: out.items, resourceVersion: out.resourceVersion };
    if (out.continue) result.continue = out.continue;
    if (out.remainingItemCount !== undefined && out.continue) result.remainingItemCount = out.remainingItemCount;
    return result;
  } catch (err) {
    throw interpretStorageError(err, { resource: groupResource(decl), requestedResourceVersion: query.resourceVersion, storeName: res.storeName });
  }
}
