// orch-apiserver's storage rows (key-value store, encryption, watch cache, events, deletion) as a
// typed options object; storage-validate.ts checks them.
import type { OptionReader } from '../option-reader.ts';

export interface StorageOptions {
  /** Empty : the embedded store under dataDir. */
  kvstoreServers: string[];
  kvstoreServersOverrides: string[];
  dataDir: string;
  kvstorePrefix: string;
  kvstoreCAFile: string;
  kvstoreCertFile: string;
  kvstoreKeyFile: string;
  compactionIntervalMs: number;
  countMetricPollPeriodMs: number;
  dbMetricPollIntervalMs: number;
  healthcheckTimeoutMs: number;
  readycheckTimeoutMs: number;
  initializationTimeoutMs: number;
  mediaType: string;
  encryptionProviderConfig: string;
  encryptionProviderConfigAutomaticReload: boolean;
  watchCache: boolean;
  watchCacheSizes: string[];
  eventTTLms: number;
  leaseReuseDurationSeconds: number;
  deleteCollectionWorkers: number;
  enableGarbageCollector: boolean;
}

export function storageOptions(r: OptionReader): StorageOptions {
  return {
    kvstoreServers: r.strings('kvstore-servers'),
    kvstoreServersOverrides: r.strings('kvstore-servers-overrides'),
    dataDir: r.string('data-dir'),
    kvstorePrefix: r.string('kvstore-prefix'),
    kvstoreCAFile: r.string('kvstore-cafile'),
    kvstoreCertFile: r.string('kvstore-certfile'),
    kvstoreKeyFile: r.string('kvstore-keyfile'),
    compactionIntervalMs: r.number('kvstore-compaction-interval'),
    countMetricPollPeriodMs: r.number('kvstore-count-metric-poll-period'),
    dbMetricPollIntervalMs: r.number('kvstore-db-metric-poll-interval'),
    healthcheckTimeoutMs: r.number('kvstore-healthcheck-timeout'),
    readycheckTimeoutMs: r.number('kvstore-readycheck-timeout'),
    initializationTimeoutMs: r.number('storage-initialization-timeout'),
    mediaType: r.string('storage-media-type'),
    encryptionProviderConfig: r.string('encryption-provider-config'),
    encryptionProviderConfigAutomaticReload: r.bool('encryption-provider-config-automatic-reload'),
    watchCache: r.bool('watch-cache'),
    watchCacheSizes: r.strings('watch-cache-sizes'),
    eventTTLms: r.number('event-ttl'),
    leaseReuseDurationSeconds: r.number('lease-reuse-duration-seconds'),
    deleteCollectionWorkers: r.number('delete-collection-workers'),
    enableGarbageCollector: r.bool('enable-garbage-collector'),
  };
}
