import { test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { aesCbcTransformer } from './aes-cbc.ts';
import { aesGcmTransformer } from './aes-gcm.ts';
import { secretboxTransformer } from './secretbox.ts';
import { prefixTransformer } from './prefix.ts';
import { identityTransformer } from './transformer.ts';

const plain = Buffer.from('{"kind":"Secret","data":{"password":"aHVudGVyMg=="}}');
const key = '/registry/secrets/default/s1';

for (const [name, make, sizes] of [
  ['aescbc', aesCbcTransformer, [16, 24, 32]],
  ['aesgcm', aesGcmTransformer, [16, 24, 32]],
  ['secretbox', secretboxTransformer, [32]],
] as const) {
  test(`${name}: round trip with every key size, fresh randomness per write`, () => {
    for (const size of sizes) {
      const t = make(randomBytes(size));
      const a = t.toStorage(plain, key);
      const b = t.toStorage(plain, key);
      assert.notDeepEqual(Buffer.from(a), Buffer.from(b), 'two writes of the same value differ');
      assert.equal(Buffer.from(a).includes(Buffer.from('hunter')), false);
      assert.equal(Buffer.from(a).includes(Buffer.from('Secret')), false);
      assert.deepEqual(Buffer.from(t.fromStorage(a, key).data), plain);
    }
  });

  test(`${name}: a wrong key or a tampered value is refused`, () => {
    const t = make(randomBytes(32));
    const sealed = Buffer.from(t.toStorage(plain, key));
    const wrongKey = make(randomBytes(32));
    if (name === 'aescbc') {
      // CBC is not authenticated: the padding check refuses a wrong key 255 times in 256, and the
      // rest of the time the key opens garbage. Either way it never opens the value.
      const opened = (() => {
        try {
          return Buffer.from(wrongKey.fromStorage(sealed, key).data);
        } catch {
          return undefined;
        }
      })();
      assert.notDeepEqual(opened, plain);
    } else {
      assert.throws(() => wrongKey.fromStorage(sealed, key));
    }
    const tampered = Buffer.from(sealed);
    tampered[tampered.length - 1]! ^= 1;
    if (name !== 'aescbc') assert.throws(() => t.fromStorage(tampered, key));
    assert.throws(() => t.fromStorage(sealed.subarray(0, 8), key), /shorter than the required size/);
  });
}

test('aesgcm authenticates the storage key: a value moved under another key does not decrypt', () => {
  const t = aesGcmTransformer(randomBytes(32));
  const sealed = t.toStorage(plain, key);
  assert.throws(() => t.fromStorage(sealed, '/registry/secrets/default/other'), /authentication failed/);
});

test('aescbc is PKCS#7 padded: the ciphertext is IV plus whole blocks', () => {
  const t = aesCbcTransformer(randomBytes(16));
  for (const n of [0, 1, 15, 16, 17]) {
    const sealed = t.toStorage(Buffer.alloc(n, 7), key);
    assert.equal(sealed.length, 16 + (Math.floor(n / 16) + 1) * 16);
    assert.equal(t.fromStorage(sealed, key).data.length, n);
  }
});

test('prefixes: the first provider writes, every provider reads, reads through a later one are stale', () => {
  const k1 = aesCbcTransformer(randomBytes(32));
  const k2 = aesCbcTransformer(randomBytes(32));
  const old = prefixTransformer([{ prefix: 'k8s:enc:aescbc:v1:key1:', transformer: k1 }, { prefix: '', transformer: identityTransformer }]);
  const rotated = prefixTransformer([
    { prefix: 'k8s:enc:aescbc:v1:key2:', transformer: k2 },
    { prefix: 'k8s:enc:aescbc:v1:key1:', transformer: k1 },
    { prefix: '', transformer: identityTransformer },
  ]);
  const written = old.toStorage(plain, key);
  assert.ok(Buffer.from(written).subarray(0, 23).toString() === 'k8s:enc:aescbc:v1:key1:');
  const read = rotated.fromStorage(written, key);
  assert.deepEqual(Buffer.from(read.data), plain);
  assert.equal(read.stale, true);
  const rewritten = rotated.toStorage(read.data, key);
  assert.ok(Buffer.from(rewritten).toString('latin1').startsWith('k8s:enc:aescbc:v1:key2:'));
  assert.equal(rotated.fromStorage(rewritten, key).stale, false);
  // Plaintext written before encryption was configured is read by identity, and is stale.
  const fromPlain = rotated.fromStorage(plain, key);
  assert.deepEqual(Buffer.from(fromPlain.data), plain);
  assert.equal(fromPlain.stale, true);
});

test('prefixes: identity never hands out encrypted bytes, and an unknown key is an error', () => {
  const k1 = aesCbcTransformer(randomBytes(32));
  const enc = prefixTransformer([{ prefix: 'k8s:enc:aescbc:v1:key1:', transformer: k1 }]);
  const identityOnly = prefixTransformer([{ prefix: '', transformer: identityTransformer }]);
  const written = enc.toStorage(plain, key);
  assert.throws(() => identityOnly.fromStorage(written, key), /identity transformer tried to read encrypted data/);
  const other = prefixTransformer([{ prefix: 'k8s:enc:aescbc:v1:key9:', transformer: k1 }]);
  assert.throws(() => other.fromStorage(written, key), /no matching prefix found/);
});
