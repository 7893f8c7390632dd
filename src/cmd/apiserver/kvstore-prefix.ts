// --kvstore-prefix: the registry lays keys out under /registry; this decorator moves them under
// the configured prefix on the way into the store and back on the way out, for either backend.
import type { KeyValue, Kv, KvEvent, KvListOptions } from '../../storage/kv/interface.ts';

export const REGISTRY_ROOT = '/registry';

/** Normalises a --kvstore-prefix value: leading "/", no trailing "/". */
export function normalizePrefix(prefix: string): string {
  const trimmed = prefix.trim().replace(/\/+$/, '');
  return trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
}

/** `kv` seen with /registry keys mapped to `prefix`; the same kv when the prefix is /registry. */
export function withKeyPrefix(kv: Kv, prefix: string): Kv {
  const root = normalizePrefix(prefix);
  if (root === REGISTRY_ROOT) return kv;
  const into = (key: string): string => (key.startsWith(REGISTRY_ROOT) ? root + key.slice(REGISTRY_ROOT.length) : key);
  const back = (key: string): string => (key.startsWith(root) ? REGISTRY_ROOT + key.slice(root.length) : key);
  const kvBack = (v: KeyValue): KeyValue => ({ ...v, key: back(v.key) });
  const current = (r: { succeeded: boolean; current?: KeyValue }) => (r.current ? { ...r, current: kvBack(r.current) } : r);
  const eventBack = (e: KvEvent): KvEvent => ({ ...e, kv: kvBack(e.kv), ...(e.prevKv ? { prevKv: kvBack(e.prevKv) } : {}) });

  return {
    async get(key, revision) {
      const r = await kv.get(into(key), revision);
      return r.kv ? { ...r, kv: kvBack(r.kv) } : r;
    },
    async list(prefixKey, opts?: KvListOptions) {
      const r = await kv.list(into(prefixKey), opts?.startKey ? { ...opts, startKey: into(opts.startKey) } : opts);
      return { ...r, kvs: r.kvs.map(kvBack) };
    },
    create: async (key, value, ttl) => current(await kv.create(into(key), value, ttl)) as Awaited<ReturnType<Kv['create']>>,
    update: async (key, value, rev, ttl) => current(await kv.update(into(key), value, rev, ttl)) as Awaited<ReturnType<Kv['update']>>,
    delete: async (key, rev) => current(await kv.delete(into(key), rev)) as Awaited<ReturnType<Kv['delete']>>,
    watch(prefixKey, opts, callbacks) {
      return kv.watch(into(prefixKey), opts, {
        onEvents: (events) => callbacks.onEvents(events.map(eventBack)),
        onProgress: callbacks.onProgress && ((rev) => callbacks.onProgress?.(rev)),
        onError: (err) => callbacks.onError(err),
      });
    },
    currentRevision: () => kv.currentRevision(),
    compactedRevision: () => kv.compactedRevision(),
    compact: (revision) => kv.compact(revision),
    count: (prefixKey) => kv.count(into(prefixKey)),
    dbSize: () => kv.dbSize(),
    close: () => kv.close(),
  };
}
