// The object store with a transformer between codec and KV: the store's whole conformance suite
// holds, stored bytes are ciphertext, and a value read through an old key is rewritten on update.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { codecFor } from '../codecs/index.ts';
import { openSqliteKv } from '../kv/sqlite/index.ts';
import { createStore } from '../store.ts';
import { runStoreConformance } from '../testing/conformance.ts';
import { aesCbcTransformer } from './aes-cbc.ts';
import { aesGcmTransformer } from './aes-gcm.ts';
import { prefixTransformer } from './prefix.ts';
import { identityTransformer } from './transformer.ts';

runStoreConformance('sqlite, json, aesgcm', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'orch-store-enc-'));
  const kv = await openSqliteKv(join(dir, 'orch.db'));
  const transformer = prefixTransformer([{ prefix: 'k8s:enc:aesgcm:v1:k:', transformer: aesGcmTransformer(randomBytes(32)) }]);
  const store = createStore({ kv, codec: codecFor('application/json'), groupResource: { group: '', resource: 'secrets' }, transformer });
  return {
    store,
    kv,
    cleanup: async () => {
      await kv.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
});

test('no-op updates stay no-ops under encryption, and stale values are rewritten with the new key', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'orch-store-enc-'));
  const kv = await openSqliteKv(join(dir, 'orch.db'));
  try {
    const codec = codecFor('application/json');
    const gr = { group: '', resource: 'secrets' };
    const k1 = { prefix: 'k8s:enc:aescbc:v1:k1:', transformer: aesCbcTransformer(randomBytes(32)) };
    const k2 = { prefix: 'k8s:enc:aescbc:v1:k2:', transformer: aesCbcTransformer(randomBytes(32)) };
    const identity = { prefix: '', transformer: identityTransformer };
    const key = '/secrets/default/s';
    const obj = { apiVersion: 'v1', kind: 'Secret', metadata: { name: 's', namespace: 'default' }, data: { a: 'c2VjcmV0' } };

    const old = createStore({ kv, codec, groupResource: gr, transformer: prefixTransformer([k1, identity]) });
    const created = await old.create(key, structuredClone(obj));
    const same = await old.guaranteedUpdate(key, { tryUpdate: (cur) => ({ object: cur! }) });
    assert.equal(same.metadata.resourceVersion, created.metadata.resourceVersion, 'an unchanged object is not rewritten');
    const raw1 = (await kv.get(key)).kv!.value;
    assert.ok(Buffer.from(raw1).toString('latin1').startsWith('k8s:enc:aescbc:v1:k1:'));
    assert.equal(Buffer.from(raw1).includes(Buffer.from('c2VjcmV0')), false);

    const rotated = createStore({ kv, codec, groupResource: gr, transformer: prefixTransformer([k2, k1, identity]) });
    assert.deepEqual((await rotated.get(key))!.data, obj.data);
    const rewritten = await rotated.guaranteedUpdate(key, { tryUpdate: (cur) => ({ object: cur! }) });
    assert.notEqual(rewritten.metadata.resourceVersion, created.metadata.resourceVersion, 'a stale value is rewritten');
    assert.ok(Buffer.from((await kv.get(key)).kv!.value).toString('latin1').startsWith('k8s:enc:aescbc:v1:k2:'));

    const k2only = createStore({ kv, codec, groupResource: gr, transformer: prefixTransformer([k2]) });
    assert.deepEqual((await k2only.get(key))!.data, obj.data);
    const k1only = createStore({ kv, codec, groupResource: gr, transformer: prefixTransformer([k1]) });
    await assert.rejects(k1only.get(key), (err: Error & { code?: string }) => err.code === 'InvalidObject' && /cannot be decrypted: no matching prefix found/.test(err.message));
  } finally {
    await kv.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
