// List a collection (one namespace or all) with selectors, paging and resourceVersion semantics.
import type { ApiObject, ListOptions } from '../../../storage/interface.ts';
import { groupResource, servedForReading, type InstalledResource } from './context.ts';
import { collectionPrefix } from './keys.ts';
import { checkContinueWithResourceVersion, type ListQuery } from './list-options.ts';
import { compileSelection } from './selection.ts';
import { interpretStorageError } from './storage-errors.ts';

export interface ListOutcome<T> {
  items: T[];
  /** The stored objects the items were served from, in the same order. */
  stored: ApiObject[];
  resourceVersion: string;
  continue?: string;
  remainingItemCount?: number;
}

export async function listObjects<T extends ApiObject, S extends ApiObject>(
  res: InstalledResource<T, S>,
  namespace: string,
  query: ListQuery,
): Promise<ListOutcome<T>> {
  const decl = res.declaration;
  checkContinueWithResourceVersion(query);
  const predicate = compileSelection(decl, query.labelSelector, query.fieldSelector);
  const opts: ListOptions<S> = { recursive: true, limit: query.limit, predicate };
  if (query.continue) opts.continue = query.continue;
  else if (query.resourceVersion) opts.resourceVersion = query.resourceVersion;
  if (query.resourceVersionMatch) opts.resourceVersionMatch = query.resourceVersionMatch;
  try {
    const out = await res.store.list(collectionPrefix(decl, namespace), opts);
    const items = new Array<T>(out.items.length);
    // The items are only serialized, or read by deletecollection.
    for (let i = 0; i < out.items.length; i++) items[i] = servedForReading(decl, out.items[i]!);
    const result: ListOutcome<T> = { items, stored: out.items, resourceVersion: out.resourceVersion };
    if (out.continue) result.continue = out.continue;
    if (out.remainingItemCount !== undefined && out.continue) result.remainingItemCount = out.remainingItemCount;
    return result;
  } catch (err) {
    throw interpretStorageError(err, { resource: groupResource(decl), requestedResourceVersion: query.resourceVersion, storeName: res.storeName, currentRevision: await currentRevisionOf(res) });
  }
}

async function currentRevisionOf(res: InstalledResource<any, any>): Promise<number | undefined> {
  try {
    return await res.store.currentRevision();
  } catch {
    return undefined;
  }
}
