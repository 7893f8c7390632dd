// etcd going away and coming back: operations fail fast with Unreachable naming the endpoint,
// health checks say so, and once etcd is back the same Kv (and its watches) carry on.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { isStorageError } from '../../interface.ts';
import type { KvEvent } from '../interface.ts';
import { startEtcd, etcdSkipReason, type EtcdCluster } from '../../../../test/support/etcd.ts';
import { openEtcdKv, type EtcdKv } from './etcd-kv.ts';
import { etcdHealthCheck, etcdReadyCheck } from './health.ts';

const bytes = (s: string) => new TextEncoder().encode(s);

async function eventually<T>(what: string, fn: () => Promise<T>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await fn();
    } catch (err) {
      if (Date.now() > deadline) throw new Error(`${what} did not succeed within ${timeoutMs}ms: ${String(err)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

describe('etcd Kv when etcd stops and starts again', { skip: etcdSkipReason() }, () => {
  let etcd: EtcdCluster;
  let kv: EtcdKv;
  before(async () => {
    etcd = await startEtcd();
    kv = await openEtcdKv({ endpoints: etcd.endpoints, requestTimeoutMs: 3000 });
  });
  after(async () => {
    await kv?.close();
    await etcd?.stop();
  });

  test('operations fail quickly with Unreachable, then succeed again without reopening', async () => {
    const events: KvEvent[] = [];
    const errors: Error[] = [];
    const start = await kv.currentRevision();
    const watch = kv.watch('/recovery/', { afterRevision: start }, { onEvents: (e) => events.push(...e), onError: (e) => errors.push(e) });
    try {
      const first = await kv.create('/recovery/before', bytes('1'));
      assert.equal(first.succeeded, true);
      const healthy = etcdHealthCheck(kv, 2000, { reuseMs: 0 });
      await healthy();

      await etcd.stopMember(0);
      const began = Date.now();
      await assert.rejects(kv.get('/recovery/before'), (err: unknown) => {
        assert.ok(isStorageError(err, 'Unreachable'), `want Unreachable, got ${String(err)}`);
        assert.match(err.message, new RegExp(etcd.endpoints[0]!.replace(/[.:/]/g, '\\$&')), 'the message names the endpoint');
        return true;
      });
      await assert.rejects(kv.create('/recovery/during', bytes('x')), (err: unknown) => isStorageError(err, 'Unreachable'));
      assert.ok(Date.now() - began < 4000, `failing took ${Date.now() - began}ms`);
      await assert.rejects(healthy(), /kvstore at http:\/\/127\.0\.0\.1:\d+/);
      await assert.rejects(etcdReadyCheck(kv, 1000)(), /kvstore/);

      await etcd.startMember(0);
      const after = await eventually('a create after restart', () => kv.create('/recovery/after', bytes('2')));
      assert.equal(after.succeeded, true);
      assert.equal(new TextDecoder().decode((await kv.get('/recovery/before')).kv?.value), '1', 'data written before the outage is still there');
      await healthy();

      // The watch opened before the outage resumes and misses nothing.
      const deadline = Date.now() + 10_000;
      while (events.length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      assert.deepEqual(events.map((e) => e.kv.key), ['/recovery/before', '/recovery/after']);
      assert.deepEqual(errors, []);
    } finally {
      watch.cancel();
    }
  });

  test('a health check answers within its timeout when the store hangs', async () => {
    const stuck = { currentRevision: () => new Promise<number>(() => {}) } as unknown as EtcdKv;
    const check = etcdHealthCheck(stuck, 100, { reuseMs: 0 });
    const began = Date.now();
    await assert.rejects(check(), /did not answer within 100ms/);
    assert.ok(Date.now() - began < 1000);
  });
});

describe('etcd Kv with no etcd at all', () => {
  test('fails with Unreachable naming the endpoints, without hanging', async () => {
    const kv = await openEtcdKv({ endpoints: ['http://127.0.0.1:1'], requestTimeoutMs: 2000 });
    try {
      const began = Date.now();
      await assert.rejects(kv.currentRevision(), (err: unknown) => {
        assert.ok(isStorageError(err, 'Unreachable') || isStorageError(err, 'Timeout'), String(err));
        assert.match(err.message, /http:\/\/127\.0\.0\.1:1/);
        return true;
      });
      assert.ok(Date.now() - began < 3000);
    } finally {
      await kv.close();
    }
  });

  test('bad TLS settings are refused at open', async () => {
    await assert.rejects(openEtcdKv({ endpoints: ['https://127.0.0.1:1'], certFile: '/nonexistent.crt' }), /certificate and key must be given together/);
    await assert.rejects(openEtcdKv({ endpoints: [] }), /at least one kvstore endpoint/);
  });
});
