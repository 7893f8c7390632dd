// The legacy token controllers' decisions: a generated token is one the API server's legacy
// authenticator accepts (RSA and ECDSA keys), what a token Secret lacks, the Secrets a pod refers
// to, and the cleaner's verdicts over a token's age, use, mounts and invalid-since label.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';
import type { Secret } from '../../../api/core/v1/secret-types.ts';
import type { Pod } from '../../../api/core/v1/pod-types.ts';
import { parseVerificationKeys } from '../../../apiserver/authentication/service-account-keys.ts';
import { LEGACY_ISSUER, serviceAccountTokenAuthenticator } from '../../../apiserver/authentication/service-account.ts';
import { legacyTokenGenerator } from './tokens-jwt.ts';
import { secretUpdateNeeded } from './tokens-controller.ts';
import { podSecretNames } from './tokens-pod-secrets.ts';
import { tokenVerdict } from './tokens-legacy-cleaner.ts';
import { isTokenOf } from './tokens-secrets.ts';

const b64 = (s: string) => Buffer.from(s).toString('base64');

test('a legacy token authenticates as its service account with the API server legacy authenticator', async () => {
  const pairs = [['rsa', generateKeyPairSync('rsa', { modulusLength: 2048 })], ['ec', generateKeyPairSync('ec', { namedCurve: 'P-384' })]] as const;
  for (const [type, { privateKey, publicKey }] of pairs) {
    const token = await legacyTokenGenerator(privateKey).generate({ namespace: 'ns1', serviceAccountName: 'builder', serviceAccountUID: 'uid-1', secretName: 'builder-token' });
    const [header, payload] = token.split('.').slice(0, 2).map((p) => JSON.parse(Buffer.from(p!, 'base64url').toString()));
    assert.deepEqual(Object.keys(header), ['alg', 'kid']);
    assert.equal(header.alg, type === 'rsa' ? 'RS256' : 'ES384');
    assert.deepEqual(payload, {
      iss: 'orch/serviceaccount',
      'orch.io/serviceaccount/namespace': 'ns1',
      'orch.io/serviceaccount/secret.name': 'builder-token',
      'orch.io/serviceaccount/service-account.name': 'builder',
      'orch.io/serviceaccount/service-account.uid': 'uid-1',
      sub: 'system:serviceaccount:ns1:builder',
    });
    const keys = parseVerificationKeys(publicKey.export({ type: 'spki', format: 'pem' }) as string, 'test');
    assert.equal(header.kid, keys[0]!.kid);
    const authenticator = serviceAccountTokenAuthenticator({ keys, issuers: [LEGACY_ISSUER], audiences: [], legacy: true });
    const result = await authenticator.authenticateToken(token);
    assert.deepEqual(result?.user, { name: 'system:serviceaccount:ns1:builder', uid: 'uid-1', groups: ['system:serviceaccounts', 'system:serviceaccounts:ns1'] });
  }
});

test('a token Secret needs its token, its namespace, and ca.crt when it differs from the root CA', () => {
  const secret: Secret = { metadata: { name: 's', namespace: 'n' }, type: 'orch.io/service-account-token', data: {} };
  assert.deepEqual(secretUpdateNeeded(secret, 'CA'), { ca: true, token: true, namespace: true });
  assert.deepEqual(secretUpdateNeeded(secret, ''), { ca: false, token: true, namespace: true });
  const filled = { ...secret, data: { token: b64('t'), namespace: b64('n'), 'ca.crt': b64('CA') } };
  assert.deepEqual(secretUpdateNeeded(filled, 'CA'), { ca: false, token: false, namespace: false });
  assert.deepEqual(secretUpdateNeeded(filled, 'NEW'), { ca: true, token: false, namespace: false });
});

test('token Secrets name their account in the annotations of their type\'s brand', () => {
  const account = { metadata: { name: 'sa', uid: 'u1' } };
  const orch: Secret = { metadata: { name: 't', annotations: { 'orch.io/service-account.name': 'sa' } }, type: 'orch.io/service-account-token' };
  const kube: Secret = { metadata: { name: 't', annotations: { 'kubernetes.io/service-account.name': 'sa', 'kubernetes.io/service-account.uid': 'u2' } }, type: 'kubernetes.io/service-account-token' };
  assert.equal(isTokenOf(orch, account), true);
  assert.equal(isTokenOf(kube, account), false, 'another account of that name');
  assert.equal(isTokenOf({ ...orch, type: 'Opaque' }, account), false);
});

test('the Secrets a pod refers to', () => {
  const pod = {
    metadata: { name: 'p' },
    spec: {
      imagePullSecrets: [{ name: 'pull' }],
      initContainers: [{ name: 'i', envFrom: [{ secretRef: { name: 'from' } }] }],
      containers: [{ name: 'c', env: [{ name: 'E', valueFrom: { secretKeyRef: { name: 'env', key: 'k' } } }] }],
      volumes: [
        { name: 'v1', secret: { secretName: 'vol' } },
        { name: 'v2', projected: { sources: [{ secret: { name: 'proj' } }, { configMap: { name: 'cm' } }] } },
        { name: 'v3', csi: { driver: 'd', nodePublishSecretRef: { name: 'csi' } } },
        { name: 'v4', rbd: { monitors: [], image: 'i', secretRef: { name: 'rbd' } } },
      ],
    },
  } as unknown as Pod;
  assert.deepEqual([...podSecretNames(pod)].sort(), ['csi', 'env', 'from', 'proj', 'pull', 'rbd', 'vol']);
});

test('the legacy token cleaner marks unused generated tokens invalid, then deletes them a period later', () => {
  const DAY = 24 * 3600_000;
  const now = Date.UTC(2026, 5, 1, 12);
  const period = 30 * DAY;
  const token = (labels: Record<string, string> = {}, created = now - 40 * DAY): Secret => ({
    metadata: { name: 't', namespace: 'n', creationTimestamp: new Date(created).toISOString(), labels },
    type: 'orch.io/service-account-token',
  });
  const sa = { metadata: { name: 'sa' }, secrets: [{ name: 't' }] };
  const verdict = (secret: Secret, over: { generatedFor?: typeof sa | undefined; mounted?: boolean } = {}) =>
    tokenVerdict({ secret, generatedFor: 'generatedFor' in over ? over.generatedFor : sa, mounted: over.mounted ?? false }, now, period);
  assert.equal(verdict(token()), 'mark-invalid');
  assert.equal(verdict(token({}, now - 10 * DAY)), 'keep', 'younger than the period');
  assert.equal(verdict(token({ 'orch.io/legacy-token-last-used': '2026-05-20' })), 'keep', 'used within the period');
  assert.equal(verdict(token({ 'orch.io/legacy-token-last-used': '2026-04-01' })), 'mark-invalid');
  assert.equal(verdict(token({ 'orch.io/legacy-token-last-used': 'someday' })), 'keep', 'an unreadable date');
  assert.equal(verdict(token(), { generatedFor: undefined }), 'keep', 'not generated for an account');
  assert.equal(verdict(token(), { mounted: true }), 'keep', 'a pod refers to it');
  assert.equal(verdict(token({ 'orch.io/legacy-token-invalid-since': '2026-05-25' })), 'keep', 'invalid for less than a period');
  assert.equal(verdict(token({ 'orch.io/legacy-token-invalid-since': '2026-04-25' })), 'delete');
});
