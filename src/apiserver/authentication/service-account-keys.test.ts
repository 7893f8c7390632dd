import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash, generateKeyPairSync } from 'node:crypto';
import { parseVerificationKeys } from './service-account-keys.ts';

test('several keys per file: RSA and ECDSA, private or public, PKCS#1, PKCS#8 and SEC1', () => {
  const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 });
  const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const pem = [
    rsa.privateKey.export({ type: 'pkcs1', format: 'pem' }),
    rsa.publicKey.export({ type: 'spki', format: 'pem' }),
    ec.privateKey.export({ type: 'sec1', format: 'pem' }),
    ec.privateKey.export({ type: 'pkcs8', format: 'pem' }),
  ].join('');
  const keys = parseVerificationKeys(pem, 'keys.pem');
  assert.deepEqual(keys.map((k) => k.kind), ['RSA', 'RSA', 'EC', 'EC']);
  assert.ok(keys.every((k) => k.key.type === 'public'), 'only the public half is kept');
  const kid = createHash('sha256').update(rsa.publicKey.export({ type: 'spki', format: 'der' })).digest('base64url');
  assert.equal(keys[0]!.kid, kid);
  assert.equal(keys[1]!.kid, kid);
});

test('files without keys, or with keys of other types, are refused', () => {
  assert.throws(() => parseVerificationKeys('hello', 'f'), /f: no RSA or ECDSA keys found/);
  const ed = generateKeyPairSync('ed25519');
  assert.throws(() => parseVerificationKeys(ed.publicKey.export({ type: 'spki', format: 'pem' }) as string, 'f'), /ed25519 keys are not supported/);
  assert.throws(() => parseVerificationKeys('-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----\n', 'f'), /f: PUBLIC KEY block/);
});
