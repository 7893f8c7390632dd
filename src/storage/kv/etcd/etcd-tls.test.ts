// Mutual TLS to etcd, as --kvstore-cafile, --kvstore-certfile and --kvstore-keyfile configure it.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { isStorageError } from '../../interface.ts';
import { startEtcd, etcdSkipReason, type EtcdCluster } from '../../../../test/support/etcd.ts';
import { openEtcdKv } from './etcd-kv.ts';

const bytes = (s: string) => new TextEncoder().encode(s);

describe('etcd Kv over mutual TLS', { skip: etcdSkipReason() }, () => {
  let etcd: EtcdCluster;
  before(async () => {
    etcd = await startEtcd({ tls: true });
  });
  after(async () => {
    await etcd?.stop();
  });

  test('with the CA, client certificate and key, reads, writes and watches work', async () => {
    const tls = etcd.tls!;
    const kv = await openEtcdKv({ endpoints: etcd.endpoints, caFile: tls.caFile, certFile: tls.certFile, keyFile: tls.keyFile });
    try {
      const start = await kv.currentRevision();
      const seen = new Promise<string>((resolve, reject) => {
        const w = kv.watch('/tls/', { afterRevision: start }, {
          onEvents: (events) => {
            w.cancel();
            resolve(events[0]!.kv.key);
          },
          onError: reject,
        });
      });
      const r = await kv.create('/tls/a', bytes('secret'));
      assert.equal(r.succeeded, true);
      assert.equal(new TextDecoder().decode((await kv.get('/tls/a')).kv?.value), 'secret');
      assert.equal(await seen, '/tls/a');
    } finally {
      await kv.close();
    }
  });

  test('without a client certificate etcd refuses the connection, reported as Unreachable', async () => {
    const kv = await openEtcdKv({ endpoints: etcd.endpoints, caFile: etcd.tls!.caFile, requestTimeoutMs: 3000 });
    try {
      await assert.rejects(kv.get('/tls/a'), (err: unknown) => {
        assert.ok(isStorageError(err, 'Unreachable') || isStorageError(err, 'Timeout'), String(err));
        assert.ok(err.message.includes(etcd.endpoints[0]!), err.message);
        return true;
      });
    } finally {
      await kv.close();
    }
  });

  test('a server certificate from an unknown CA is not trusted', async () => {
    // The client key's certificate is no CA; trusting it instead of the real CA must fail.
    const kv = await openEtcdKv({ endpoints: etcd.endpoints, caFile: etcd.tls!.certFile, certFile: etcd.tls!.certFile, keyFile: etcd.tls!.keyFile, requestTimeoutMs: 3000 });
    try {
      await assert.rejects(kv.get('/tls/a'), (err: unknown) => isStorageError(err, 'Unreachable') || isStorageError(err, 'Timeout'));
    } finally {
      await kv.close();
    }
  });

  test('a missing certificate file is an error at open', async () => {
    await assert.rejects(openEtcdKv({ endpoints: etcd.endpoints, caFile: '/nonexistent/ca.crt' }), /ENOENT/);
  });
});
