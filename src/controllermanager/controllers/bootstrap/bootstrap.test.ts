// The bootstrap controllers' decisions: detached signatures a client verifies with the token,
// the cluster-info map's signatures kept in step with the signing tokens, and when a token Secret
// may sign or has expired.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { flattenedVerify } from 'jose';
import type { Secret } from '../../../api/core/v1/secret-types.ts';
import { detachedSignature } from './jws.ts';
import { signedClusterInfo } from './cluster-info-signatures.ts';
import { signingToken, tokenExpiration } from './token-secrets.ts';

const b64 = (s: string) => Buffer.from(s).toString('base64');

function tokenSecret(id: string, data: Record<string, string>, name = `bootstrap-token-${id}`): Secret {
  return {
    metadata: { name, namespace: 'orch-system' },
    type: 'bootstrap.orch.io/token',
    data: Object.fromEntries(Object.entries({ 'token-id': id, 'token-secret': '0123456789abcdef', 'usage-bootstrap-signing': 'true', ...data }).map(([k, v]) => [k, b64(v)])),
  };
}

test('a detached signature verifies with the token secret over the kubeconfig', async () => {
  const content = 'apiVersion: v1\nkind: Config\nclusters: []\n';
  const jws = detachedSignature(content, 'abcdef', '0123456789abcdef');
  const [header, payload, signature] = jws.split('.');
  assert.equal(payload, '');
  assert.deepEqual(JSON.parse(Buffer.from(header!, 'base64url').toString()), { alg: 'HS256', kid: 'abcdef' });
  const verified = await flattenedVerify({ protected: header!, payload: Buffer.from(content).toString('base64url'), signature: signature! }, new TextEncoder().encode('0123456789abcdef'));
  assert.equal(new TextDecoder().decode(verified.payload), content);
});

test('cluster-info gets one signature per signing token; stale ones go; an unchanged map is left alone', () => {
  const tokens = [{ id: 'abcdef', secret: '0123456789abcdef' }];
  const signed = signedClusterInfo({ kubeconfig: 'k', 'jws-kubeconfig-gone00': 'old' }, tokens)!;
  assert.deepEqual(Object.keys(signed).sort(), ['jws-kubeconfig-abcdef', 'kubeconfig']);
  assert.equal(signed['jws-kubeconfig-abcdef'], detachedSignature('k', 'abcdef', '0123456789abcdef'));
  assert.equal(signedClusterInfo(signed, tokens), undefined);
  assert.deepEqual(signedClusterInfo(signed, []), { kubeconfig: 'k' });
  assert.equal(signedClusterInfo({ other: 'x' }, tokens), undefined, 'no kubeconfig: nothing to sign');
});

test('signing tokens: well named, matching id, a secret, usage-bootstrap-signing, not expired', () => {
  const now = Date.UTC(2026, 0, 1);
  assert.deepEqual(signingToken(tokenSecret('abcdef', {}), now), { id: 'abcdef', secret: '0123456789abcdef' });
  assert.equal(signingToken(tokenSecret('abcdef', { 'usage-bootstrap-signing': 'false' }), now), undefined);
  assert.equal(signingToken(tokenSecret('abcdef', {}, 'bootstrap-token-zzzzzz'), now), undefined);
  assert.equal(signingToken(tokenSecret('abcdef', { expiration: '2025-12-31T00:00:00Z' }), now), undefined);
  assert.deepEqual(tokenExpiration(tokenSecret('abcdef', { expiration: '2026-01-01T01:00:00Z' }), now), { ttlMs: 3600_000, expired: false });
  assert.deepEqual(tokenExpiration(tokenSecret('abcdef', { expiration: 'tomorrow' }), now), { ttlMs: 0, expired: true });
  assert.deepEqual(tokenExpiration(tokenSecret('abcdef', {}), now), { ttlMs: 0, expired: false });
});
