// For tests: a Store that puts a watch cache in front of `store` for each resource prefix it is
// first used with (the part of a key up to and including /widgets/), so that suites which pick
// a fresh prefix per case exercise the cache. Not for production use.
import type { ApiObject, Store } from '../interface.ts';
import { createCacher, type Cacher, type CacherOptions } from './cacher.ts';

export function cacherPerResource<T extends ApiObject>(
  store: Store<T>,
  resourceSegment: string,
  opts: Omit<CacherOptions<T>, 'store' | 'prefix'> = {},
): Store<T> & { cachers: Map<string, Cacher<T>> } {
  const cachers = new Map<string, Cacher<T>>();
  const pick = (key: string): Store<T> => {
    const at = key.indexOf(resourceSegment);
    if (at < 0) return store;
    const prefix = key.slice(0, at + resourceSegment.length);
    let cacher = cachers.get(prefix);
    if (!cacher) {
      cacher = createCacher<T>({ ...opts, store, prefix, closeStore: false });
      cachers.set(prefix, cacher);
    }
    return cacher;
  };
  return {
    cachers,
    create: (key, obj, ttl) => pick(key).create(key, obj, ttl),
    get: (key, o) => pick(key).get(key, o),
    list: (key, o) => pick(key).list(key, o),
    guaranteedUpdate: (key, o) => pick(key).guaranteedUpdate(key, o),
    delete: (key, o) => pick(key).delete(key, o),
    watch: (key, o) => pick(key).watch(key, o),
    currentRevision: () => store.currentRevision(),
    count: (prefix) => pick(prefix).count(prefix),
    async close() {
      await Promise.all([...cachers.values()].map((c) => c.close()));
      await store.close();
    },
  };
}

/** Cases the watch cache answers differently from a store by design, and why. */
export const CACHER_SKIPS: Record<string, string> = {
  'list returns the objects under a prefix in key order at the current revision':
    'the watch cache keys objects by <prefix><namespace>/<name> as the registry stores them; this case stores objects under keys that do not follow from their names',
  'filtered pages keep reading until they are full, without remainingItemCount':
    'the watch cache keys objects by <prefix><namespace>/<name>; this case stores w0 under the key w00',
  'compacted revisions: Exact lists and continue tokens fail with ResourceVersionTooOld':
    'the cache still holds that history in its window and, as in Kubernetes, serves the watch instead of answering 410; 410 outside the window is covered by cacher-behaviour.test.ts',
  'a watcher that falls behind is ended with 410 Expired instead of buffering without bound':
    'the cache hands events over one at a time as they arrive, so this reader, which keeps up, never falls behind; ending a slow reader with 410 is covered by cacher-behaviour.test.ts',
};
