// TokenRequest rules that need objects this server does not serve yet (pods, nodes): the getters
// stand in for their stores. Tokens are verified with jose against the issuer's public key.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';
import { decodeJwt, jwtVerify } from 'jose';
import { notFound } from '../../machinery/status.ts';
import { parseSigningKey } from './signing-key.ts';
import { tokenIssuer } from './token-issuer.ts';
import { EXPIRATION_EXTENSION_SECONDS, issueToken, WARN_ONLY_BOUND_TOKEN_EXPIRATION_SECONDS, type BoundObjectGetters } from './token-request.ts';

const pem = generateKeyPairSync('ec', { namedCurve: 'P-384' }).privateKey.export({ type: 'pkcs8', format: 'pem' }) as string;
const key = parseSigningKey(pem, 'test key');
const ISSUER = 'https://issuer.example.test';
const now = new Date('2030-01-01T00:00:00Z');

const objects: BoundObjectGetters = {
  getServiceAccount: async (namespace, name) => {
    if (name !== 'app') throw notFound({ group: '', resource: 'serviceaccounts' }, name);
    return { metadata: { name, namespace, uid: 'sa-uid' } };
  },
  getSecret: async (_ns, name) => ({ name, uid: 'secret-uid' }),
  getPod: async (_ns, name) => ({ name, uid: 'pod-uid', serviceAccountName: name === 'other-pod' ? 'other' : 'app', nodeName: 'node-1' }),
  getNode: async (name) => ({ name, uid: 'node-uid' }),
};

const config = (extra: Partial<Parameters<typeof issueToken>[0]> = {}) => ({
  issuer: tokenIssuer(ISSUER, key),
  apiAudiences: [ISSUER],
  maxExpirationSeconds: 0,
  extendExpiration: true,
  now: () => now,
  ...extra,
});

const podRef = (name = 'web') => ({ apiVersion: 'v1', kind: 'Pod', name });

test('ECDSA P-384 keys sign ES384 with the key ID of their public key', async () => {
  assert.equal(key.alg, 'ES384');
  const out = await issueToken(config(), objects, 'default', 'app', { metadata: {}, spec: {} });
  const { protectedHeader } = await jwtVerify(out.request.status!.token, key.publicKey, { issuer: ISSUER, audience: ISSUER, currentDate: now });
  assert.equal(protectedHeader.kid, key.kid);
});

test('pod-bound tokens name the pod and its node; the pod must run as the account', async () => {
  const out = await issueToken(config(), objects, 'default', 'app', { metadata: {}, spec: { boundObjectRef: podRef() } });
  const claims = decodeJwt(out.request.status!.token);
  assert.deepEqual(claims['orch.io'], {
    namespace: 'default',
    node: { name: 'node-1', uid: 'node-uid' },
    pod: { name: 'web', uid: 'pod-uid' },
    serviceaccount: { name: 'app', uid: 'sa-uid' },
  });
  await assert.rejects(issueToken(config(), objects, 'default', 'app', { metadata: {}, spec: { boundObjectRef: podRef('other-pod') } }), /cannot bind token for serviceaccount "app" to pod running with different serviceaccount name/);
  await assert.rejects(issueToken(config(), objects, 'default', 'app', { metadata: {}, spec: { boundObjectRef: { ...podRef(), uid: 'stale' } } }), (err: { code?: number }) => err.code === 409);
});

test('the injected pod-token lifetime is extended to a year with warnafter, only for the API audiences and with the flag on', async () => {
  const ask = (cfg = config(), audiences?: string[]) =>
    issueToken(cfg, objects, 'default', 'app', { metadata: {}, spec: { boundObjectRef: podRef(), expirationSeconds: WARN_ONLY_BOUND_TOKEN_EXPIRATION_SECONDS, audiences } });
  const extended = await ask();
  const c = decodeJwt(extended.request.status!.token);
  assert.equal(c.exp! - c.iat!, EXPIRATION_EXTENSION_SECONDS);
  assert.equal((c['orch.io'] as { warnafter: number }).warnafter, c.iat! + WARN_ONLY_BOUND_TOKEN_EXPIRATION_SECONDS);
  // The status reports the lifetime asked for, not the extension.
  assert.equal(extended.request.spec.expirationSeconds, WARN_ONLY_BOUND_TOKEN_EXPIRATION_SECONDS);
  assert.equal(Date.parse(extended.request.status!.expirationTimestamp), now.getTime() + WARN_ONLY_BOUND_TOKEN_EXPIRATION_SECONDS * 1000);
  for (const plain of [await ask(config({ extendExpiration: false })), await ask(config(), ['vault'])]) {
    const p = decodeJwt(plain.request.status!.token);
    assert.equal(p.exp! - p.iat!, WARN_ONLY_BOUND_TOKEN_EXPIRATION_SECONDS);
    assert.equal((p['orch.io'] as { warnafter?: number }).warnafter, undefined);
  }
  const notPod = await issueToken(config(), objects, 'default', 'app', { metadata: {}, spec: { expirationSeconds: WARN_ONLY_BOUND_TOKEN_EXPIRATION_SECONDS } });
  const n = decodeJwt(notPod.request.status!.token);
  assert.equal(n.exp! - n.iat!, WARN_ONLY_BOUND_TOKEN_EXPIRATION_SECONDS);
});

test('node-bound tokens, and kinds that cannot be bound', async () => {
  const out = await issueToken(config(), objects, 'default', 'app', { metadata: {}, spec: { boundObjectRef: { apiVersion: 'v1', kind: 'Node', name: 'node-1' } } });
  assert.deepEqual((decodeJwt(out.request.status!.token)['orch.io'] as { node: unknown }).node, { name: 'node-1', uid: 'node-uid' });
  await assert.rejects(
    issueToken(config(), objects, 'default', 'app', { metadata: {}, spec: { boundObjectRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'd' } } }),
    /cannot bind token for serviceaccount "app" to object of kind "apps\/v1, Kind=Deployment"/,
  );
  await assert.rejects(issueToken(config(), objects, 'default', 'ghost', { metadata: {}, spec: {} }), /serviceaccounts "ghost" not found/);
  await assert.rejects(
    issueToken(config(), objects, 'default', 'app', { metadata: {}, spec: { expirationSeconds: 2 ** 32 + 1 } }),
    /spec.expirationSeconds: Invalid value: 4294967297: may not specify a duration larger than 2\^32 seconds/,
  );
});

test('signing keys: RSA signs RS256; Ed25519 and non-keys are refused with the file named', () => {
  const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({ type: 'pkcs1', format: 'pem' }) as string;
  assert.equal(parseSigningKey(rsa, 'f').alg, 'RS256');
  const ed = generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }) as string;
  assert.throws(() => parseSigningKey(ed, '--service-account-signing-key-file k.pem'), /^Error: --service-account-signing-key-file k.pem: ed25519 keys cannot sign service account tokens/);
  assert.throws(() => parseSigningKey('nonsense', '--service-account-signing-key-file k.pem'), /--service-account-signing-key-file k.pem: not a PEM private key/);
});
