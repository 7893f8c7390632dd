// A list (one page of it, with limit) answered from the cache's memory at the cache's revision,
// with the same continue token as the store's, so a later page can be read from either.
import { encodeContinue } from '../continue-token.ts';
import type { ApiObject, ListResult, Predicate } from '../interface.ts';
import type { WatchCache } from './watch-cache.ts';

export interface CacheListRequest<T extends ApiObject> {
  key: string;
  recursive: boolean;
  predicate?: Predicate<T>;
  limit?: number;
  startKey?: string;
}

export function listFromCache<T extends ApiObject>(cache: WatchCache<T>, req: CacheListRequest<T>): ListResult<T> {
  const revision = cache.revision;
  const resourceVersion = String(revision);
  const keep = (obj: T): boolean => {
    if (!req.predicate) return true;
    try {
      return req.predicate(obj);
    } catch {
      return false;
    }
  };
  if (!req.recursive) {
    const obj = cache.get(req.key);
    return { items: obj && keep(obj) ? [obj] : [], resourceVersion };
  }
  const keys = cache.keysInRange(req.key, req.startKey);
  const limit = req.limit && req.limit > 0 ? req.limit : 0;
  const items: T[] = [];
  let i = 0;
  for (; i < keys.length; i++) {
    const obj = cache.get(keys[i]!)!;
    if (!keep(obj)) continue;
    if (limit && items.length === limit) break;
    items.push(obj);
  }
  if (!limit || i >= keys.length) return { items, resourceVersion };
  const lastKey = keys[i - 1] ?? keys[i]!;
  // The next page starts just after the last key this one looked at.
  const result: ListResult<T> = { items, resourceVersion, continue: encodeContinue(`${lastKey}\x00`, req.key, revision) };
  if (!req.predicate) result.remainingItemCount = keys.length - i;
  return result;
}
