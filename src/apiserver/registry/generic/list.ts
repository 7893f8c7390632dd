// List a collection (one namespace or all) with selectors, paging and resourceVersion semantics.
import type { ApiObject, ListOptions, StoredEntry } from '../../../storage/interface.ts';
import { groupResource, servedForReading, type InstalledResource } from './context.ts';
import { collectionPrefix } from './keys.ts';
import type { ResourceDeclaration } from '../resource.ts';
import { checkContinueWithResourceVersion, type ListQuery } from './list-options.ts';
import { compileSelection } from './selection.ts';
import { interpretStorageError } from './storage-errors.ts';

/** A page of a list: the stored objects, in order (still encoded where a cache keeps them so), and the list's metadata. */
export interface ListOutcome<S extends ApiObject> {
  entries: Array<StoredEntry<S>>;
  resourceVersion: string;
  continue?: string;
  remainingItemCount?: number;
}

/** The items of a list as clients see them. They are only serialized or read, never changed. */
export function servedItems<T extends ApiObject, S extends ApiObject>(decl: ResourceDeclaration<T, S>, stored: ReadonlyArray<StoredEntry<S>>): T[] {
  const items = new Array<T>(stored.length);
  for (let i = 0; i < stored.length; i++) items[i] = servedForReading(decl, stored[i]!.object());
  return items;
}

/** Objects a store decoded, as entries. */
function decodedEntries<S extends ApiObject>(objects: readonly S[]): Array<StoredEntry<S>> {
  return objects.map((obj) => ({ object: () => obj }));
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
    return { entries: decodedEntries(predicate ? items.filter(predicate) : items), resourceVersion: '' };
  }
  const opts: ListOptions<S> = { recursive: true, limit: query.limit, predicate };
  if (query.continue) opts.continue = query.continue;
  else if (query.resourceVersion) opts.resourceVersion = query.resourceVersion;
  if (query.resourceVersionMatch) opts.resourceVersionMatch = query.resourceVersionMatch;
  try {
    const prefix = collectionPrefix(decl, namespace);
    const out = res.store.listEntries ? await res.store.listEntries(prefix, opts) : await res.store.list(prefix, opts).then((l) => ({ ...l, items: decodedEntries(l.items) }));
    const result: ListOutcome<S> = { entries: out.items, resourceVersion: out.resourceVersion };
    if (out.continue) result.continue = out.continue;
    if (out.remainingItemCount !== undefined && out.continue) result.remainingItemCount = out.remainingItemCount;
    return result;
  } catch (err) {
    throw interpretStorageError(err, { resource: groupResource(decl), requestedResourceVersion: query.resourceVersion, storeName: res.storeName });
  }
}
