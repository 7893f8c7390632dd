// List over the KV seam with Kubernetes semantics: resourceVersion / resourceVersionMatch, pages of
// `limit` objects whose continue tokens pin every page to the first page's revision, predicate
// filtering that keeps reading until a page is full, and remainingItemCount when unfiltered.
import { decodeContinue, encodeContinue } from './continue-token.ts';
import { StorageError, type ApiObject, type ListOptions, type ListResult } from './interface.ts';
import { parseResourceVersion, waitForRevision } from './resource-version.ts';
import { decodeStored, type StoreContext } from './store-context.ts';

/** Most keys read from the KV store in one go while filling a filtered page. */
const MAX_FETCH = 10000;

export async function listObjects<T extends ApiObject>(ctx: StoreContext, key: string, opts: ListOptions<T>): Promise<ListResult<T>> {
  if (!opts.recursive) return listOne(ctx, key, opts);
  const prefix = key.endsWith('/') ? key : `${key}/`;
  const limit = opts.limit && opts.limit > 0 ? opts.limit : 0;
  const { revision, startKey } = await readPoint(ctx, prefix, opts);
  const predicate = opts.predicate;

  if (!limit) {
    const all = await ctx.kv.list(prefix, { revision, startKey });
    const items: T[] = [];
    for (const kv of all.kvs) {
      const obj = decodeStored<T>(ctx, kv);
      if (!predicate || predicate(obj)) items.push(obj);
    }
    return { items, resourceVersion: String(all.revision) };
  }

  const items: T[] = [];
  let readAt = revision;
  let from = startKey;
  let fetch = limit;
  let lastKey: string | undefined;
  let hasMore = false;
  let remainingItemCount: number | undefined;
  for (;;) {
    const page = await ctx.kv.list(prefix, { revision: readAt, startKey: from, limit: fetch });
    // Every later read (and every later page) sees the same snapshot.
    readAt = page.revision;
    let i = 0;
    for (; i < page.kvs.length && items.length < limit; i++) {
      const kv = page.kvs[i]!;
      lastKey = kv.key;
      const obj = decodeStored<T>(ctx, kv);
      if (!predicate || predicate(obj)) items.push(obj);
    }
    hasMore = i < page.kvs.length || page.more;
    if (!predicate && hasMore) remainingItemCount = Math.max(0, page.count - i);
    if (items.length >= limit || !page.more || lastKey === undefined) break;
    from = `${lastKey}\x00`;
    fetch = Math.min(fetch * 2, MAX_FETCH);
  }
  const result: ListResult<T> = { items, resourceVersion: String(readAt) };
  if (hasMore && lastKey !== undefined) {
    result.continue = encodeContinue(`${lastKey}\x00`, prefix, readAt);
    if (remainingItemCount !== undefined) result.remainingItemCount = remainingItemCount;
  }
  return result;
}

/** Decides which revision to read at and where to start, from resourceVersion, match and continue. */
async function readPoint<T extends ApiObject>(ctx: StoreContext, prefix: string, opts: ListOptions<T>): Promise<{ revision: number; startKey?: string }> {
  if (opts.continue) {
    if (opts.resourceVersion !== undefined && opts.resourceVersion !== '' && opts.resourceVersion !== '0') {
      throw new StorageError('BadRequest', prefix, 'specifying resource version is not allowed when using continue');
    }
    const token = decodeContinue(opts.continue, prefix);
    const compacted = await ctx.kv.compactedRevision();
    if (token.revision < compacted) {
      throw new StorageError(
        'ResourceVersionTooOld',
        prefix,
        'The provided continue parameter is too old to display a consistent list result. You can start a new list without the continue parameter.',
        compacted,
      );
    }
    return { revision: token.revision, startKey: token.startKey };
  }
  const rv = parseResourceVersion(opts.resourceVersion, prefix);
  if (opts.resourceVersionMatch === 'Exact') {
    if (rv === 0) throw new StorageError('BadRequest', prefix, 'resourceVersionMatch "Exact" is forbidden for resourceVersion "0" or unset');
    return { revision: rv };
  }
  if (rv > 0) await waitForRevision(ctx.kv, rv, prefix, ctx.freshnessTimeoutMs);
  return { revision: 0 };
}

async function listOne<T extends ApiObject>(ctx: StoreContext, key: string, opts: ListOptions<T>): Promise<ListResult<T>> {
  const rv = parseResourceVersion(opts.resourceVersion, key);
  let revision = 0;
  if (opts.resourceVersionMatch === 'Exact') revision = rv;
  else if (rv > 0) await waitForRevision(ctx.kv, rv, key, ctx.freshnessTimeoutMs);
  const got = await ctx.kv.get(key, revision);
  const items: T[] = [];
  if (got.kv) {
    const obj = decodeStored<T>(ctx, got.kv);
    if (!opts.predicate || opts.predicate(obj)) items.push(obj);
  }
  return { items, resourceVersion: String(got.revision) };
}
