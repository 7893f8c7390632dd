// apiserver_storage_size_bytes{storage_cluster_id}: the bytes each key-value store uses, polled
// every --kvstore-db-metric-poll-interval. Stores are numbered as Kubernetes numbers its etcd
// clusters (the main store first, then one per distinct override), here kvstore-0, kvstore-1, ...
import { Gauge } from 'prom-client';
import type { MetricsRegistry } from '../../component-base/metrics/registry.ts';
import { klog } from '../../component-base/logs/klog.ts';
import { startPoll, type Poll } from './poll.ts';

const log = klog('storage/metrics');

export const STORAGE_SIZE_BYTES = 'apiserver_storage_size_bytes';

export interface SizedStore {
  dbSize(): Promise<number>;
}

export function storageClusterId(index: number): string {
  return `kvstore-${index}`;
}

export function startDbSizeMetric(metrics: MetricsRegistry, intervalMs: number, stores: readonly SizedStore[]): Poll {
  if (!(intervalMs > 0)) return { stop: () => undefined };
  const gauge = new Gauge({
    name: STORAGE_SIZE_BYTES,
    help: 'Size of the storage database file physically allocated in bytes.',
    labelNames: ['storage_cluster_id'],
    registers: [metrics.registry],
  });
  return startPoll(intervalMs, async () => {
    await Promise.all(
      stores.map(async (store, i) => {
        const id = storageClusterId(i);
        try {
          gauge.set({ storage_cluster_id: id }, await store.dbSize());
        } catch (err) {
          // Kubernetes leaves the last value in place when the store does not answer.
          log.info('Reading the store size failed', { storage_cluster_id: id, err: String(err) }, 2);
        }
      }),
    );
  });
}
