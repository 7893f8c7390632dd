// Watch over the KV seam: KV events become ADDED / MODIFIED / DELETED with Kubernetes predicate
// semantics (an object that stops matching is DELETED, one that starts matching is ADDED),
// optional initial state ending in an annotated BOOKMARK, progress BOOKMARKs, and a bounded queue.
import { klog } from '../component-base/logs/klog.ts';
import { reportInternalError } from '../component-base/logs/internal-error.ts';
import { isStorageError, type ApiObject, type Predicate, type WatchEvent, type WatchOptions, type Watcher } from './interface.ts';
import type { KeyValue, KvEvent, KvWatch } from './kv/interface.ts';
import { parseResourceVersion, waitForRevision } from './resource-version.ts';
import { decodeStored, decodeStoredShared, type StoreContext } from './store-context.ts';
import { BoundedWatchQueue, errorEvent, expiredEvent } from './watch-queue.ts';

const log = klog('storage/watch');

export const INITIAL_EVENTS_END_ANNOTATION = 'k8s.io/initial-events-end';

function bookmark<T extends ApiObject>(revision: number, initialEventsEnd = false): WatchEvent<T> {
  const metadata: ApiObject['metadata'] = { resourceVersion: String(revision) };
  if (initialEventsEnd) metadata.annotations = { [INITIAL_EVENTS_END_ANNOTATION]: 'true' };
  return { type: 'BOOKMARK', object: { metadata } as T };
}

export async function watchObjects<T extends ApiObject>(
  ctx: StoreContext,
  key: string,
  opts: WatchOptions<T>,
  track: (w: Watcher<T>) => () => void,
): Promise<Watcher<T>> {
  const prefix = opts.recursive ? (key.endsWith('/') ? key : `${key}/`) : key;
  const inScope = opts.recursive ? (k: string) => k.startsWith(prefix) : (k: string) => k === key;
  const rv = parseResourceVersion(opts.resourceVersion, key);
  // As in Kubernetes: no resourceVersion (or "0") means "current state, then changes", unless the
  // client said sendInitialEvents=false; sendInitialEvents=true always starts with the state.
  const wantsInitial = opts.sendInitialEvents === true || (rv === 0 && opts.sendInitialEvents !== false);

  let kvWatch: KvWatch | undefined;
  let untrack = (): void => undefined;
  const queue = new BoundedWatchQueue<T>(ctx.watchQueueSize, () => {
    kvWatch?.cancel();
    untrack();
  });
  untrack = track(queue);

  let startAfter = rv;
  try {
    if (wantsInitial) {
      if (rv > 0) await waitForRevision(ctx.kv, rv, key, ctx.freshnessTimeoutMs);
      const state = opts.recursive ? await ctx.kv.list(prefix) : await ctx.kv.get(key).then((g) => ({ kvs: g.kv ? [g.kv] : [], revision: g.revision }));
      startAfter = state.revision;
      queue.setInitial(initialEvents(ctx, state.kvs, state.revision, opts.predicate, opts.sendInitialEvents === true));
    } else if (rv === 0) {
      startAfter = await ctx.kv.currentRevision();
    }
  } catch (err) {
    queue.stop();
    throw err;
  }

  const translate = translator(ctx, opts.predicate);
  kvWatch = ctx.kv.watch(
    prefix,
    { afterRevision: startAfter, progressNotify: opts.progressNotify },
    {
      onEvents: (events) => {
        for (const ev of events) {
          if (!inScope(ev.kv.key)) continue;
          let out: WatchEvent<T> | undefined;
          try {
            out = translate(ev) as WatchEvent<T> | undefined;
          } catch (err) {
            queue.fail(errorEvent<T>(reportInternalError(log, 'unable to translate a watch event', err, { prefix }).status));
            return;
          }
          if (out) queue.push(out);
        }
      },
      onProgress: opts.progressNotify ? (revision) => queue.push(bookmark<T>(revision)) : undefined,
      onError: (err) => {
        if (isStorageError(err, 'ResourceVersionTooOld')) {
          queue.fail(expiredEvent<T>(`too old resource version: ${startAfter} (${err.revision ?? 0})`));
        } else {
          queue.fail(errorEvent<T>(reportInternalError(log, 'the watch of the store failed', err, { prefix }).status));
        }
      },
    },
  );
  return queue;
}

function* initialEvents<T extends ApiObject>(
  ctx: StoreContext,
  kvs: KeyValue[],
  revision: number,
  predicate: Predicate<T> | undefined,
  endBookmark: boolean,
): Iterator<WatchEvent<T>> {
  for (const kv of kvs) {
    const obj = decodeStored<T>(ctx, kv);
    if (!predicate || predicate(obj)) yield { type: 'ADDED', object: obj };
  }
  if (endBookmark) yield bookmark<T>(revision, true);
}

/** Turns one KV event into the watch event a client sees, or nothing if it is filtered out. */
function translator<T extends ApiObject>(ctx: StoreContext, predicate: Predicate<T> | undefined): (ev: KvEvent) => WatchEvent<T> | undefined {
  return (ev) => {
    const rev = ev.kv.modRevision;
    if (ev.type === 'DELETE') {
      const last = decodeStoredShared<T>(ctx, ev.prevKv ?? ev.kv, rev);
      return !predicate || predicate(last) ? { type: 'DELETED', object: last } : undefined;
    }
    const cur = decodeStoredShared<T>(ctx, ev.kv);
    if (!predicate) return { type: ev.isCreate ? 'ADDED' : 'MODIFIED', object: cur };
    // Kubernetes semantics for filtered watches: compare the old and the new object.
    if (!ev.isCreate && !ev.prevKv) return predicate(cur) ? { type: 'MODIFIED', object: cur } : undefined;
    const curMatches = predicate(cur);
    const prev = ev.isCreate ? undefined : decodeStoredShared<T>(ctx, ev.prevKv!, rev);
    const prevMatches = prev !== undefined && predicate(prev);
    if (curMatches && prevMatches) return { type: 'MODIFIED', object: cur };
    if (curMatches) return { type: 'ADDED', object: cur };
    if (prevMatches) return { type: 'DELETED', object: prev };
    return undefined;
  };
}
