// orch-apiserver's storage, composed from its options: the key-value store named by
// --kvstore-servers (embedded SQLite by default) under --kvstore-prefix, periodic compaction, one
// object store per stored resource in --storage-media-type, encrypted at rest as
// --encryption-provider-config says, the watch cache in front of each (--watch-cache,
// --watch-cache-sizes), and the store's health and readiness checks.
import type { FlagValues } from '../../options/flag.ts';
import type { HealthCheck } from '../../component-base/healthz/checks.ts';
import { klog } from '../../component-base/logs/klog.ts';
import { codecFor } from '../../storage/codecs/index.ts';
import { createCacher } from '../../storage/cacher/cacher.ts';
import { openKvFromServers, startCompactor } from '../../storage/factory.ts';
import type { ApiObject, Store } from '../../storage/interface.ts';
import { createStore } from '../../storage/store.ts';
import type { Kv } from '../../storage/kv/interface.ts';
import { etcdHealthCheck, etcdReadyCheck } from '../../storage/kv/etcd/health.ts';
import { storagePrefix, type GroupResourceName } from '../../storage/keys.ts';
import { loadEncryptionConfig, type EncryptionConfigSource } from '../../storage/transformers/config-source.ts';
import { REGISTRY_ROOT, withKeyPrefix } from './kvstore-prefix.ts';
import { watchCacheDisabled } from './watch-cache-sizes.ts';

const log = klog('cmd/storage');

export interface ApiserverStorage {
  /** The key-value store, keys as the registry lays them out (under /registry). */
  kv: Kv;
  /** "sqlite" or "etcd": names the backend in 503 answers. */
  backendName: string;
  /** The object store of one stored resource, created on first use; resources sharing storage share it. */
  storeFor<S extends ApiObject>(gr: GroupResourceName): Store<S>;
  /** /healthz, /livez and /readyz: the store answers a read in time. */
  healthChecks: HealthCheck[];
  /** /readyz only. */
  readyChecks: HealthCheck[];
  /** Stops compaction, closes every store and then the key-value store. */
  close(): Promise<void>;
}

function str(values: FlagValues, name: string, fallback = ''): string {
  const v = values[name];
  return typeof v === 'string' ? v : fallback;
}

function num(values: FlagValues, name: string, fallback: number): number {
  const v = values[name];
  return typeof v === 'number' ? v : fallback;
}

function strings(values: FlagValues, name: string): string[] {
  const v = values[name];
  return Array.isArray(v) ? v : typeof v === 'string' && v !== '' ? [v] : [];
}

/** Opens storage; rejects with a one-line message when the store cannot be opened. */
export async function buildStorage(values: FlagValues): Promise<ApiserverStorage> {
  // Read before the store is opened: a bad file stops the start without touching storage.
  const encryptionFile = str(values, 'encryption-provider-config');
  const encryption: EncryptionConfigSource | undefined = encryptionFile
    ? loadEncryptionConfig(encryptionFile, { automaticReload: values['encryption-provider-config-automatic-reload'] === true })
    : undefined;
  const servers = strings(values, 'kvstore-servers');
  let raw: Kv;
  try {
    raw = await openKvFromServers(servers, str(values, 'data-dir', '.orch'), {
      caFile: str(values, 'kvstore-cafile') || undefined,
      certFile: str(values, 'kvstore-certfile') || undefined,
      keyFile: str(values, 'kvstore-keyfile') || undefined,
    });
  } catch (err) {
    encryption?.stop();
    throw err;
  }
  const backendName = servers.some((s) => /^https?:\/\//i.test(s.trim())) ? 'etcd' : 'sqlite';
  const kv = withKeyPrefix(raw, str(values, 'kvstore-prefix', REGISTRY_ROOT));
  const compactor = startCompactor(kv, num(values, 'kvstore-compaction-interval', 5 * 60_000));
  const codec = codecFor(str(values, 'storage-media-type', 'application/json'));
  const watchCache = values['watch-cache'] !== false;
  const cacheSizes = strings(values, 'watch-cache-sizes');
  const stores = new Map<string, Store<ApiObject>>();

  const storeFor = <S extends ApiObject>(gr: GroupResourceName): Store<S> => {
    const id = `${gr.group}/${gr.resource}`;
    let store = stores.get(id);
    if (!store) {
      const direct = createStore<ApiObject>({ kv, codec, groupResource: gr, transformer: encryption?.transformerFor(gr) });
      store = watchCache && !watchCacheDisabled(cacheSizes, gr) ? createCacher({ store: direct, prefix: storagePrefix(REGISTRY_ROOT, gr) }) : direct;
      log.info('Storage for resource', { resource: id, watchCache: store !== direct }, 2);
      stores.set(id, store);
    }
    return store as unknown as Store<S>;
  };

  // The health probes read the revision of the store itself (raw keeps etcd's endpoints for messages).
  const healthy = etcdHealthCheck(raw, num(values, 'kvstore-healthcheck-timeout', 2000));
  const ready = etcdReadyCheck(raw, num(values, 'kvstore-readycheck-timeout', 2000));

  let closing: Promise<void> | undefined;
  return {
    kv,
    backendName,
    storeFor,
    healthChecks: [{ name: 'kvstore', check: healthy }],
    readyChecks: [{ name: 'kvstore-readiness', check: ready }],
    close() {
      closing ??= (async () => {
        compactor.stop();
        encryption?.stop();
        await Promise.allSettled([...stores.values()].map((s) => s.close()));
        await kv.close();
      })();
      return closing;
    },
  };
}
