// A list (one page of it, with limit) answered from the cache's memory at the cache's revision,
// with the same continue token as the store's, so a later page can be read from either. Items stay
// encoded; a predicate that reads only labels is given the labels kept beside each object, so
// label selection decodes nothing.
import { encodeContinue } from '../continue-token.ts';
import type { ApiObject, EntryListResult, Predicate } from '../interface.ts';
import type { CachedObject } from './cached-object.ts';
import type { WatchCache } from './watch-cache.ts';

export interface CacheListRequest<T extends ApiObject> {
  key: string;
  recursive: boolean;
  predicate?: Predicate<T>;
  limit?: number;
  startKey?: string;
}

/** Whether `entry` passes `predicate`; a predicate that throws selects nothing. */
export function entryMatches<T extends ApiObject>(predicate: Predicate<T> | undefined, entry: CachedObject<T>): boolean {
  if (!predicate) return true;
  try {
    return predicate.labelsOnly ? predicate({ metadata: { labels: entry.labels } } as T) : predicate(entry.object());
  } catch {
    return false;
  }
}

export function listFromCache<T extends ApiObject>(cache: WatchCache<T>, req: CacheListRequest<T>): EntryListResult<T> {
  const revision = cache.revision;
  const resourceVersion = String(revision);
  if (!req.recursive) {
    const entry = cache.get(req.key);
    return { items: entry && entryMatches(req.predicate, entry) ? [entry] : [], resourceVersion };
  }
  const keys = cache.keysInRange(req.key, req.startKey);
  const limit = req.limit && req.limit > 0 ? req.limit : 0;
  const items: Array<CachedObject<T>> = [];
  let i = 0;
  for (; i < keys.length; i++) {
    const entry = cache.get(keys[i]!)!;
    if (!entryMatches(req.predicate, entry)) continue;
    if (limit && items.length === limit) break;
    items.push(entry);
  }
  if (!limit || i >= keys.length) return { items, resourceVersion };
  const lastKey = keys[i - 1] ?? keys[i]!;
  // The next page starts just after the last key this one looked at.
  const result: EntryListResult<T> = { items, resourceVersion, continue: encodeContinue(`${lastKey}\x00`, req.key, revision) };
  if (!req.predicate) result.remainingItemCount = keys.length - i;
  return result;
}
