// orch-apiserver's storage, composed from its options: the key-value store named by
// --kvstore-servers (embedded SQLite by default), and one per --kvstore-servers-overrides entry,
// under --kvstore-prefix with periodic compaction; one object store per stored resource in
// --storage-media-type, encrypted at rest as --encryption-provider-config says, the watch cache in
// front of each (--watch-cache, --watch-cache-sizes); the stores' health and readiness checks,
// the storage-readiness start-up hook (--storage-initialization-timeout) and the storage metrics.
import type { StorageOptions } from '../../options/apiserver/storage-options.ts';
import type { HealthCheck } from '../../component-base/healthz/checks.ts';
import type { MetricsRegistry } from '../../component-base/metrics/registry.ts';
import type { PostStartHook } from '../../apiserver/server/config.ts';
import { klog } from '../../component-base/logs/klog.ts';
import { codecFor } from '../../storage/codecs/index.ts';
import { createCacher } from '../../storage/cacher/cacher.ts';
import type { ApiObject, Store } from '../../storage/interface.ts';
import { createStore } from '../../storage/store.ts';
import type { Kv } from '../../storage/kv/interface.ts';
import { storagePrefix, type GroupResourceName } from '../../storage/keys.ts';
import { startObjectCountMetric } from '../../storage/metrics/object-count.ts';
import { startDbSizeMetric } from '../../storage/metrics/db-size.ts';
import type { Poll } from '../../storage/metrics/poll.ts';
import { loadEncryptionConfig, type EncryptionConfigSource } from '../../storage/transformers/config-source.ts';
import { REGISTRY_ROOT } from './kvstore-prefix.ts';
import { openKvBackends, type KvBackend } from './storage-backends.ts';
import { parseServersOverrides } from './storage-overrides.ts';
import { storageReadinessHook } from './storage-readiness.ts';
import { watchCacheSize } from './watch-cache-sizes.ts';

const log = klog('cmd/storage');

/** Events the watch cache's source watch may fall behind by before it is expired. */
const CACHE_SOURCE_WATCH_QUEUE = 100_000;

export interface ApiserverStorage {
  /** The key-value store of --kvstore-servers, keys as the registry lays them out (under /registry). */
  kv: Kv;
  /** "sqlite" or "etcd": the backend of --kvstore-servers, named in 503 answers. */
  backendName: string;
  /** The backend holding `gr`'s objects ("sqlite" or "etcd"): its override's, or `backendName`. */
  storeNameFor(gr: GroupResourceName): string;
  /** The object store of one stored resource, created on first use; resources sharing storage share it. */
  storeFor<S extends ApiObject>(gr: GroupResourceName): Store<S>;
  /** The key-value store holding `gr`'s objects: its override, or `kv`. */
  kvFor(gr: GroupResourceName): Kv;
  /** /healthz, /livez and /readyz: each store answers a read in time. */
  healthChecks: HealthCheck[];
  /** /readyz only. */
  readyChecks: HealthCheck[];
  /** Each backend by its kind ("sqlite", "etcd"), the primary first, with its /healthz check (component statuses). */
  backends: Array<{ name: string; health: HealthCheck }>;
  /** storage-readiness: /readyz waits for the watch caches, up to --storage-initialization-timeout. */
  postStartHooks: PostStartHook[];
  /** Starts apiserver_storage_objects and apiserver_storage_size_bytes on the server's registry. */
  registerMetrics(metrics: MetricsRegistry): void;
  /** Stops compaction and metrics, closes every store and then the key-value stores. */
  close(): Promise<void>;
}

/** `resource` for the core group, `resource.group` otherwise: the resource label of storage metrics. */
function resourceLabel(gr: GroupResourceName): string {
  return gr.group ? `${gr.resource}.${gr.group}` : gr.resource;
}

/** Opens storage; rejects with a one-line message when a store cannot be opened. */
export async function buildStorage(opts: StorageOptions): Promise<ApiserverStorage> {
  // Read before the stores are opened: a bad file or entry stops the start without touching storage.
  const overrides = parseServersOverrides(opts.kvstoreServersOverrides);
  const encryptionFile = opts.encryptionProviderConfig;
  const encryption: EncryptionConfigSource | undefined = encryptionFile
    ? loadEncryptionConfig(encryptionFile, { automaticReload: opts.encryptionProviderConfigAutomaticReload })
    : undefined;
  const leaseReuse = opts.leaseReuseDurationSeconds;
  let backends;
  try {
    backends = await openKvBackends({
      servers: opts.kvstoreServers,
      overrides,
      dataDir: opts.dataDir,
      prefix: opts.kvstorePrefix,
      etcd: {
        caFile: opts.kvstoreCAFile || undefined,
        certFile: opts.kvstoreCertFile || undefined,
        keyFile: opts.kvstoreKeyFile || undefined,
        leaseReuseDurationSeconds: leaseReuse,
      },
      compactionIntervalMs: opts.compactionIntervalMs,
      healthcheckTimeoutMs: opts.healthcheckTimeoutMs,
      readycheckTimeoutMs: opts.readycheckTimeoutMs,
    });
  } catch (err) {
    encryption?.stop();
    throw err;
  }
  const codec = codecFor(opts.mediaType);
  const watchCache = opts.watchCache;
  const cacheSizes = opts.watchCacheSizes;
  const stores = new Map<string, { gr: GroupResourceName; backend: KvBackend; store: Store<ApiObject> }>();

  const storeFor = <S extends ApiObject>(gr: GroupResourceName): Store<S> => {
    const id = `${gr.group}/${gr.resource}`;
    let entry = stores.get(id);
    if (!entry) {
      const backend = backends.backendFor(gr);
      const size = watchCacheSize(cacheSizes, gr);
      const cached = watchCache && size !== 0;
      // The watch cache's one watcher on the store must absorb bursts of writes: a shallow queue
      // would end it with 410 Expired and force a relist. Direct watchers keep the default bound.
      const direct = createStore<ApiObject>({
        kv: backend.kv,
        codec,
        groupResource: gr,
        transformer: encryption?.transformerFor(gr),
        ...(cached ? { watchQueueSize: CACHE_SOURCE_WATCH_QUEUE } : {}),
      });
      const store = cached
        ? createCacher({ store: direct, prefix: storagePrefix(REGISTRY_ROOT, gr), ...(size !== undefined ? { windowSize: size } : {}) })
        : direct;
      log.info('Storage for resource', { resource: id, kvstore: backend.index, watchCache: store !== direct, windowSize: size }, 2);
      entry = { gr, backend, store };
      stores.set(id, entry);
    }
    return entry.store as unknown as Store<S>;
  };

  const polls: Poll[] = [];
  let closing: Promise<void> | undefined;
  return {
    kv: backends.primary.kv,
    backendName: backends.primary.name,
    storeFor,
    kvFor: (gr) => backends.backendFor(gr).kv,
    storeNameFor: (gr) => backends.backendFor(gr).name,
    healthChecks: backends.healthChecks,
    readyChecks: backends.readyChecks,
    backends: backends.all.map((b) => ({ name: b.name, health: backends.healthChecks[b.index]! })),
    postStartHooks: [
      storageReadinessHook(() => [...stores.values()].map((e) => e.store), opts.initializationTimeoutMs),
    ],
    registerMetrics(metrics) {
      polls.push(
        startObjectCountMetric(metrics, opts.countMetricPollPeriodMs, () =>
          [...stores.values()].map(({ gr, backend }) => ({
            resource: resourceLabel(gr),
            count: () => backend.kv.count(storagePrefix(REGISTRY_ROOT, gr)),
          })),
        ),
        startDbSizeMetric(metrics, opts.dbMetricPollIntervalMs, backends.all.map((b) => b.kv)),
      );
    },
    close() {
      closing ??= (async () => {
        for (const poll of polls) poll.stop();
        encryption?.stop();
        await Promise.allSettled([...stores.values()].map((e) => e.store.close()));
        await backends.close();
      })();
      return closing;
    },
  };
}
