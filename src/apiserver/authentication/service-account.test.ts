import { test } from 'node:test';
import assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';
import { SignJWT } from 'jose';
import { parseVerificationKeys } from './service-account-keys.ts';
import { serviceAccountTokenAuthenticator, type ServiceAccountGetter, type StoredRef } from './service-account.ts';

const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' });
const keys = parseVerificationKeys(ec.publicKey.export({ type: 'spki', format: 'pem' }) as string, 'k');
const ISS = 'https://a.test';

function sign(claims: Record<string, unknown>, alg = 'ES256'): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ iss: ISS, aud: ['api'], exp: now + 600, ...claims }).setProtectedHeader({ alg, kid: keys[0]!.kid }).sign(ec.privateKey);
}

const bound = (extra: Record<string, unknown> = {}) => ({ 'orch.io': { namespace: 'ns', serviceaccount: { name: 'sa', uid: 'u1' }, ...extra } });

function getter(objects: Record<string, StoredRef>): ServiceAccountGetter {
  return {
    getServiceAccount: async (ns, name) => objects[`sa/${ns}/${name}`] ?? null,
    getPod: async (ns, name) => objects[`pod/${ns}/${name}`] ?? null,
    getNode: async (name) => objects[`node/${name}`] ?? null,
  };
}

test('ECDSA keys, several issuers, and node bindings in extra', async () => {
  const auth = serviceAccountTokenAuthenticator({ keys, issuers: ['https://b.test', ISS], audiences: ['api'], legacy: false });
  const result = await auth.authenticateToken(await sign(bound({ node: { name: 'n1', uid: 'nu' } })));
  assert.deepEqual(result?.user, {
    name: 'system:serviceaccount:ns:sa',
    uid: 'u1',
    groups: ['system:serviceaccounts', 'system:serviceaccounts:ns'],
    extra: { 'authentication.orch.io/node-name': ['n1'], 'authentication.orch.io/node-uid': ['nu'] },
  });
  assert.equal(await auth.authenticateToken(await sign({ ...bound(), iss: 'https://c.test' })), null, 'other issuers are not ours');
  await assert.rejects(async () => auth.authenticateToken(await sign({ 'orch.io': { namespace: 'ns' } })), /does not name a service account/);
});

test('with a lookup, deleted or replaced accounts and pods refuse the token', async () => {
  const objects: Record<string, StoredRef> = { 'sa/ns/sa': { uid: 'u1' }, 'pod/ns/p': { uid: 'pu' } };
  const auth = serviceAccountTokenAuthenticator({ keys, issuers: [ISS], audiences: ['api'], legacy: false, getter: getter(objects) });
  const token = await sign(bound({ pod: { name: 'p', uid: 'pu' } }));
  assert.ok(await auth.authenticateToken(token));
  objects['pod/ns/p'] = { uid: 'other' };
  await assert.rejects(async () => auth.authenticateToken(token), /pod UID \(pu\) does not match/);
  delete objects['pod/ns/p'];
  await assert.rejects(async () => auth.authenticateToken(token), /pod ns\/p has been deleted/);
  objects['sa/ns/sa'] = { uid: 'u1', deletionTimestamp: '2025-01-01T00:00:00Z' };
  await assert.rejects(async () => auth.authenticateToken(await sign(bound())), /being deleted/);
});

test('legacy tokens need all their claims and no audience', async () => {
  const auth = serviceAccountTokenAuthenticator({ keys, issuers: ['orch/serviceaccount'], audiences: [], legacy: true });
  const claims = {
    iss: 'orch/serviceaccount',
    aud: undefined,
    exp: undefined,
    'orch.io/serviceaccount/namespace': 'ns',
    'orch.io/serviceaccount/secret.name': 's',
    'orch.io/serviceaccount/service-account.name': 'sa',
    'orch.io/serviceaccount/service-account.uid': 'u1',
  };
  assert.equal((await auth.authenticateToken(await sign(claims)))?.user.name, 'system:serviceaccount:ns:sa');
  await assert.rejects(async () => auth.authenticateToken(await sign({ ...claims, 'orch.io/serviceaccount/namespace': undefined })), /orch.io\/serviceaccount\/namespace claim/);
});
