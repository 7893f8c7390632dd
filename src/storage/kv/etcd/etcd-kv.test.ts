import { after } from 'node:test';
import { runKvConformance } from '../testing/conformance.ts';
import { startEtcd, etcdSkipReason, type EtcdCluster } from '../../../../test/support/etcd.ts';
import { openEtcdKv } from './etcd-kv.ts';

// One etcd for the whole file; every case works under a prefix of its own.
let cluster: Promise<EtcdCluster> | undefined;
const shared = (): Promise<EtcdCluster> => (cluster ??= startEtcd());

after(async () => {
  if (cluster) await (await cluster).stop();
});

/** Without etcd every case is skipped with this reason. */
const reason = etcdSkipReason();

runKvConformance('etcd', async () => {
  const { endpoints } = await shared();
  const kv = await openEtcdKv({ endpoints });
  return { kv, cleanup: () => kv.close() };
}, reason ?? {});
