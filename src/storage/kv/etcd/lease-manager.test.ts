// Leases for TTL keys are shared as Kubernetes shares them, against a real etcd.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Etcd3 } from 'etcd3';
import { startEtcd, etcdSkipReason, type EtcdCluster } from '../../../../test/support/etcd.ts';
import { LeaseManager } from './lease-manager.ts';
import { openEtcdKv } from './etcd-kv.ts';

describe('lease sharing for keys with a TTL', { skip: etcdSkipReason() }, () => {
  let etcd: EtcdCluster;
  let client: Etcd3;
  before(async () => {
    etcd = await startEtcd();
    client = new Etcd3({ hosts: etcd.endpoints });
  });
  after(async () => {
    client?.close();
    await etcd?.stop();
  });

  test('objects written within the reuse window share one lease, granted TTL plus the window', async () => {
    let now = 1_000_000;
    const leases = new LeaseManager(client, { reuseDurationSeconds: 60, now: () => now });
    const a = await leases.leaseFor(100);
    now += 1000;
    const b = await leases.leaseFor(100);
    assert.equal(b, a, 'a second object a second later reuses the lease');
    const ttl = await client.leaseClient.leaseTimeToLive({ ID: a });
    // 5% of 100s is 5s, below the 60s cap: the lease lives 105s.
    assert.ok(Number(ttl.grantedTTL) === 105, `granted ${ttl.grantedTTL}s`);

    now += 6000;
    const c = await leases.leaseFor(100);
    assert.notEqual(c, a, 'past the window a new lease is granted, so keys never outlive their TTL by more than the window');
  });

  test('the reuse window is capped by --lease-reuse-duration-seconds', async () => {
    let now = 0;
    const leases = new LeaseManager(client, { reuseDurationSeconds: 2, now: () => now });
    const a = await leases.leaseFor(3600);
    assert.equal(Number((await client.leaseClient.leaseTimeToLive({ ID: a })).grantedTTL), 3602);
    now += 1500;
    assert.equal(await leases.leaseFor(3600), a);
    now += 1000;
    assert.notEqual(await leases.leaseFor(3600), a);
  });

  test('a lease holds at most maxObjectsPerLease objects', async () => {
    const leases = new LeaseManager(client, { maxObjectsPerLease: 2 });
    const first = await leases.leaseFor(600);
    assert.equal(await leases.leaseFor(600), first);
    const third = await leases.leaseFor(600);
    assert.notEqual(third, first);
  });

  test('concurrent writers wait for one grant instead of each taking a lease', async () => {
    const leases = new LeaseManager(client);
    const ids = await Promise.all(Array.from({ length: 20 }, () => leases.leaseFor(600)));
    assert.equal(new Set(ids).size, 1);
  });

  test('the Kv attaches TTL keys to one shared lease', async () => {
    const kv = await openEtcdKv({ endpoints: etcd.endpoints, leaseReuseDurationSeconds: 60 });
    try {
      for (let i = 0; i < 5; i++) assert.equal((await kv.create(`/leases/k${i}`, new TextEncoder().encode('x'), 3600)).succeeded, true);
      assert.equal((await kv.create('/leases/forever', new TextEncoder().encode('x'))).succeeded, true);
      const res = await client.kv.range({ key: Buffer.from('/leases/'), range_end: Buffer.from('/leases0') });
      const byKey = new Map(res.kvs.map((kv) => [kv.key.toString(), kv.lease]));
      const ttlLeases = new Set([0, 1, 2, 3, 4].map((i) => byKey.get(`/leases/k${i}`)));
      assert.equal(ttlLeases.size, 1, 'one lease for all five');
      assert.notEqual([...ttlLeases][0], '0');
      assert.equal(byKey.get('/leases/forever'), '0', 'a key without a TTL has no lease');
    } finally {
      await kv.close();
    }
  });
});
