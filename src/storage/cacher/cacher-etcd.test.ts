// The object-store conformance suite over etcd, directly and behind the watch cache, sharing one
// etcd for the whole file.
import { after } from 'node:test';
import { codecFor } from '../codecs/index.ts';
import { openEtcdKv } from '../kv/etcd/etcd-kv.ts';
import { createStore } from '../store.ts';
import { runStoreConformance, type StoreOpener } from '../testing/conformance.ts';
import { startEtcd, etcdSkipReason, type EtcdCluster } from '../../../test/support/etcd.ts';
import { CACHER_SKIPS, cacherPerResource } from './testing-router.ts';

let cluster: Promise<EtcdCluster> | undefined;
const shared = (): Promise<EtcdCluster> => (cluster ??= startEtcd());
after(async () => {
  if (cluster) await (await cluster).stop();
});

// Without etcd every case is skipped with this reason.
const reason = etcdSkipReason();

function opener(withCache: boolean): StoreOpener {
  return async () => {
    const { endpoints } = await shared();
    const kv = await openEtcdKv({ endpoints });
    const store = createStore({ kv, codec: codecFor('application/json'), groupResource: { group: 'example.orch.io', resource: 'widgets' }, watchQueueSize: withCache ? 100_000 : undefined });
    return { store: withCache ? cacherPerResource(store, '/widgets/') : store, kv, cleanup: () => kv.close() };
  };
}

const ETCD_SKIPS: Record<string, string> = {
  'a watcher that falls behind is ended with 410 Expired instead of buffering without bound':
    'etcd delivers watch events over the network after it acknowledges the writes, so this reader, which starts right after them, keeps up and never falls behind; the bounded queue is covered by the SQLite run',
};

runStoreConformance('etcd', opener(false), reason ?? ETCD_SKIPS);
runStoreConformance('watch cache over etcd', opener(true), reason ?? CACHER_SKIPS);
