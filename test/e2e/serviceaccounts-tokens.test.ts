// Service accounts and bound tokens end to end over HTTPS: kubectl creates an account and a token,
// the token authenticates, expires, dies with its account (--service-account-lookup) or with the
// secret it is bound to, and verifies with a generic JWT library through the issuer's discovery
// documents.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { execFile } from 'node:child_process';
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import { createLocalJWKSet, decodeJwt, decodeProtectedHeader, jwtVerify, SignJWT } from 'jose';
import { apiRequest, makeTempDir, startTestApiserver, type TestApiserver, type TestValues } from '../support/apiserver.ts';
import type { ApiserverStorage } from '../../src/cmd/apiserver/build-storage.ts';
import { composeApiserver } from '../../src/cmd/apiserver/compose.ts';
import { keyID } from '../../src/apiserver/authentication/service-account-keys.ts';
import { KUBECTL, kubectlSkip as noKubectl, writeKubeconfig } from '../support/kubectl.ts';
import { apiserverOptions } from '../../src/options/apiserver-options.ts';
import type { FlagValues } from '../../src/options/flag.ts';
const ISSUER = 'https://orch.example.test/issuer';

interface Stack {
  server: TestApiserver;
  storage: ApiserverStorage;
  dir: string;
  stop(): Promise<void>;
}

/** The server as orch-apiserver composes it (service accounts among every other group), in process. */
async function startStack(extra: TestValues): Promise<Stack> {
  const dir = makeTempDir('orch-sa-');
  const values: TestValues = { 'data-dir': dir, ...extra };
  const composed = await composeApiserver(apiserverOptions(values as FlagValues));
  const server = await startTestApiserver(values, composed.serverDeps);
  // Ready once the start-up hooks have run (the default namespace exists).
  for (let i = 0; i < 200 && (await apiRequest(server, '/readyz', { token: server.token })).status !== 200; i++) await delay(25);
  return { server, storage: composed.storage, dir, stop: async () => void (await server.stop(), await composed.close()) };
}

let stack: Stack;
let keyFile: string;
let privateKeyPem: string;
let kubeconfig: string;

before(async () => {
  const dir = makeTempDir('orch-sa-keys-');
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  privateKeyPem = privateKey.export({ type: 'pkcs8', format: 'pem' }) as string;
  keyFile = join(dir, 'sa.key');
  writeFileSync(keyFile, privateKeyPem);
  stack = await startStack({
    'service-account-issuer': [ISSUER],
    'service-account-signing-key-file': keyFile,
    'service-account-key-file': [keyFile],
    'service-account-max-token-expiration': 48 * 3600_000,
  });
  kubeconfig = writeKubeconfig(dir, { server: stack.server.url, caFile: stack.server.caFile, users: [{ name: 'admin', token: stack.server.token }] });
});
after(() => stack.stop());

function kubectl(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(KUBECTL, ['--kubeconfig', kubeconfig, ...args], { timeout: 20_000 }, (err, stdout, stderr) => {
      resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr: stderr.replace(/^WARNING: version difference.*\n/m, '') });
    });
  });
}

const admin = (path: string, opts: { method?: string; body?: unknown; headers?: Record<string, string> } = {}) =>
  apiRequest(stack.server, path, {
    method: opts.method,
    token: stack.server.token,
    headers: { 'content-type': 'application/json', ...opts.headers },
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });

const asToken = (token: string, path = '/api/v1/namespaces/default/secrets') => apiRequest(stack.server, path, { token });

async function createAccount(name: string): Promise<{ uid: string }> {
  const r = await admin('/api/v1/namespaces/default/serviceaccounts', { method: 'POST', body: { apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name } } });
  assert.equal(r.status, 201, r.body);
  return { uid: r.json().metadata.uid };
}

async function requestToken(name: string, body: Record<string, unknown> = {}, apiVersion = 'authentication.orch.io/v1') {
  return admin(`/api/v1/namespaces/default/serviceaccounts/${name}/token`, { method: 'POST', body: { apiVersion, kind: 'TokenRequest', ...body } });
}

test('kubectl creates a service account and a token that authenticates requests', { skip: noKubectl }, async () => {
  const created = await kubectl('create', 'serviceaccount', 'builder');
  assert.equal(created.code, 0, created.stderr);
  assert.match(created.stdout, /serviceaccount\/builder created/);
  const listed = await kubectl('get', 'sa');
  assert.equal(listed.code, 0, listed.stderr);
  assert.match(listed.stdout, /^NAME\s+SECRETS\s+AGE\n/);
  assert.match(listed.stdout, /\nbuilder\s+0\s+\d+s\n/);
  const uid = (await admin('/api/v1/namespaces/default/serviceaccounts/builder')).json().metadata.uid;

  const issued = await kubectl('create', 'token', 'builder');
  assert.equal(issued.code, 0, issued.stderr);
  const token = issued.stdout.trim();
  const header = decodeProtectedHeader(token);
  const claims = decodeJwt(token);
  assert.equal(header.alg, 'RS256');
  const { createPublicKey } = await import('node:crypto');
  assert.equal(header.kid, keyID(createPublicKey(privateKeyPem)));
  assert.equal(claims.iss, ISSUER);
  assert.deepEqual(claims.aud, [ISSUER]);
  assert.equal(claims.sub, 'system:serviceaccount:default:builder');
  assert.equal(claims.exp! - claims.iat!, 3600);
  assert.equal(typeof claims.jti, 'string');
  assert.deepEqual(claims['orch.io'], { namespace: 'default', serviceaccount: { name: 'builder', uid } });

  // The token works with kubectl and raw requests; a tampered one does not.
  const viaKubectl = await kubectl('--token', token, 'get', 'secrets');
  assert.equal(viaKubectl.code, 0, viaKubectl.stderr);
  assert.equal((await asToken(token)).status, 200);
  assert.equal((await asToken(`${token.slice(0, -4)}AAAA`)).status, 401);

  const longer = await kubectl('create', 'token', 'builder', '--duration', '2h', '--audience', 'vault');
  assert.equal(longer.code, 0, longer.stderr);
  const c2 = decodeJwt(longer.stdout.trim());
  assert.equal(c2.exp! - c2.iat!, 7200);
  assert.deepEqual(c2.aud, ['vault']);
  // A token for another audience is not accepted by the API itself.
  assert.equal((await asToken(longer.stdout.trim())).status, 401);
});

test('TokenRequest in either apiVersion answers in the version asked, with defaults filled in', async () => {
  const { uid } = await createAccount('raw');
  for (const apiVersion of ['authentication.orch.io/v1', 'authentication.k8s.io/v1']) {
    const r = await requestToken('raw', { spec: {} }, apiVersion);
    assert.equal(r.status, 201, r.body);
    const body = r.json();
    assert.equal(body.apiVersion, apiVersion);
    assert.equal(body.kind, 'TokenRequest');
    assert.equal(body.metadata.name, 'raw');
    assert.equal(body.metadata.namespace, 'default');
    assert.deepEqual(body.spec.audiences, [ISSUER]);
    assert.equal(body.spec.expirationSeconds, 3600);
    const exp = decodeJwt(body.status.token).exp!;
    assert.equal(Date.parse(body.status.expirationTimestamp) / 1000, exp);
    assert.deepEqual((decodeJwt(body.status.token)['orch.io'] as { serviceaccount: unknown }).serviceaccount, { name: 'raw', uid });
  }
  const wrongVersion = await requestToken('raw', {}, 'authentication.orch.io/v2');
  assert.equal(wrongVersion.status, 400);
});

test('lifetimes: at least 10 minutes, at most the configured maximum (with a warning)', async () => {
  await createAccount('life');
  const short = await requestToken('life', { spec: { expirationSeconds: 599 } });
  assert.equal(short.status, 422);
  assert.equal(short.json().message, 'TokenRequest.authentication.orch.io "" is invalid: spec.expirationSeconds: Invalid value: 599: may not specify a duration less than 10 minutes');
  const min = await requestToken('life', { spec: { expirationSeconds: 600 } });
  assert.equal(min.status, 201);
  const long = await requestToken('life', { spec: { expirationSeconds: 7 * 24 * 3600 } });
  assert.equal(long.status, 201);
  assert.equal(long.json().spec.expirationSeconds, 48 * 3600);
  assert.match(String(long.headers.warning), /requested expiration of 604800 seconds shortened to 172800 seconds/);
  const c = decodeJwt(long.json().status.token);
  assert.equal(c.exp! - c.iat!, 48 * 3600);
  const badType = await requestToken('life', { spec: { expirationSeconds: 'soon' } });
  assert.equal(badType.status, 400);
  const missing = await requestToken('nobody');
  assert.equal(missing.status, 404);
  assert.equal(missing.json().message, 'serviceaccounts "nobody" not found');
  const mismatch = await requestToken('life', { metadata: { name: 'other' } });
  assert.equal(mismatch.status, 422);
  assert.match(mismatch.json().message, /metadata.name: Invalid value: "other": must match the service account name if specified/);
});

test('an expired token is refused', async () => {
  const { uid } = await createAccount('expired');
  const now = Math.floor(Date.now() / 1000);
  const { createPrivateKey, createPublicKey } = await import('node:crypto');
  const key = createPrivateKey(privateKeyPem);
  const sign = (iat: number, exp: number) =>
    new SignJWT({ iss: ISSUER, aud: [ISSUER], sub: 'system:serviceaccount:default:expired', iat, nbf: iat, exp, 'orch.io': { namespace: 'default', serviceaccount: { name: 'expired', uid } } })
      .setProtectedHeader({ alg: 'RS256', kid: keyID(createPublicKey(key)) })
      .sign(key);
  assert.equal((await asToken(await sign(now - 60, now + 600))).status, 200, 'a fresh token signed the same way works');
  assert.equal((await asToken(await sign(now - 7200, now - 3600))).status, 401);
});

test('a token stops working when its service account is deleted (--service-account-lookup)', async () => {
  await createAccount('doomed');
  const used = (await requestToken('doomed')).json().status.token;
  const token = (await requestToken('doomed')).json().status.token;
  assert.equal((await asToken(used)).status, 200);
  assert.equal((await admin('/api/v1/namespaces/default/serviceaccounts/doomed', { method: 'DELETE' })).status, 200);
  // Accepted tokens are cached for 10 s, as Kubernetes caches them; one not seen before is looked up.
  assert.equal((await asToken(token)).status, 401);
  // A new account of the same name has another uid: the old token stays dead.
  await createAccount('doomed');
  assert.equal((await asToken(token)).status, 401);
});

test('a token bound to a secret dies with the secret; binding checks the secret and its uid', async () => {
  await createAccount('bound');
  const s = await admin('/api/v1/namespaces/default/secrets', { method: 'POST', body: { apiVersion: 'v1', kind: 'Secret', metadata: { name: 'binding' }, stringData: { a: 'b' } } });
  assert.equal(s.status, 201);
  const secretUid = s.json().metadata.uid;
  const r = await requestToken('bound', { spec: { boundObjectRef: { apiVersion: 'v1', kind: 'Secret', name: 'binding', uid: secretUid } } });
  assert.equal(r.status, 201, r.body);
  const used = r.json().status.token;
  assert.deepEqual((decodeJwt(used)['orch.io'] as { secret: unknown }).secret, { name: 'binding', uid: secretUid });
  assert.equal((await asToken(used)).status, 200);
  const token = (await requestToken('bound', { spec: { boundObjectRef: { apiVersion: 'v1', kind: 'Secret', name: 'binding' } } })).json().status.token;

  const wrongUid = await requestToken('bound', { spec: { boundObjectRef: { apiVersion: 'v1', kind: 'Secret', name: 'binding', uid: randomUUID() } } });
  assert.equal(wrongUid.status, 409);
  assert.match(wrongUid.json().message, /the UID in the bound object reference \(.*\) does not match the UID in record/);
  const gone = await requestToken('bound', { spec: { boundObjectRef: { apiVersion: 'v1', kind: 'Secret', name: 'absent' } } });
  assert.equal(gone.status, 404);
  // Pods are served: binding to one that does not exist is its 404; an unknown kind is refused.
  const pod = await requestToken('bound', { spec: { boundObjectRef: { apiVersion: 'v1', kind: 'Pod', name: 'p' } } });
  assert.equal(pod.status, 404);
  assert.equal(pod.json().message, 'pods "p" not found');
  const other = await requestToken('bound', { spec: { boundObjectRef: { apiVersion: 'v1', kind: 'ConfigMap', name: 'c' } } });
  assert.equal(other.status, 400);
  assert.match(other.json().message, /cannot bind token for serviceaccount "bound" to object of kind/);

  assert.equal((await admin('/api/v1/namespaces/default/secrets/binding', { method: 'DELETE' })).status, 200);
  assert.equal((await asToken(token)).status, 401);
});

test('the issuer discovery documents are public and verify tokens with a generic JWT library', async () => {
  await createAccount('oidc');
  const token = (await requestToken('oidc')).json().status.token;
  const config = await apiRequest(stack.server, '/.well-known/openid-configuration');
  assert.equal(config.status, 200, config.body);
  assert.match(String(config.headers['content-type']), /^application\/json/);
  const doc = config.json();
  assert.equal(doc.issuer, ISSUER);
  assert.match(doc.jwks_uri, /^https:\/\/.+\/openid\/v1\/jwks$/);
  assert.deepEqual(doc.response_types_supported, ['id_token']);
  assert.deepEqual(doc.subject_types_supported, ['public']);
  assert.deepEqual(doc.id_token_signing_alg_values_supported, ['RS256']);
  const jwks = await apiRequest(stack.server, '/openid/v1/jwks');
  assert.equal(jwks.status, 200);
  assert.equal(jwks.headers['content-type'], 'application/jwk-set+json');
  const set = jwks.json();
  assert.equal(set.keys.length, 1);
  assert.equal(set.keys[0].use, 'sig');
  assert.equal(set.keys[0].alg, 'RS256');
  assert.equal(set.keys[0].kty, 'RSA');
  const verified = await jwtVerify(token, createLocalJWKSet(set), { issuer: ISSUER, audience: ISSUER });
  assert.equal(verified.payload.sub, 'system:serviceaccount:default:oidc');
  // Anonymous users reach nothing else.
  assert.equal((await apiRequest(stack.server, '/api/v1/namespaces/default/secrets')).status, 403);
  assert.equal((await apiRequest(stack.server, '/openid/v1/jwks', { method: 'POST', token: stack.server.token })).status, 405);
});

test('--service-account-jwks-uri overrides jwks_uri; an EC key signs ES256; discovery is off for a non-URL issuer', async () => {
  const dir = makeTempDir('orch-sa-ec-');
  const ecFile = join(dir, 'ec.key');
  writeFileSync(ecFile, generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ type: 'sec1', format: 'pem' }) as string);
  const ec = await startStack({
    'service-account-issuer': [ISSUER],
    'service-account-signing-key-file': ecFile,
    'service-account-key-file': [ecFile],
    'service-account-jwks-uri': 'https://keys.example.test/jwks',
  });
  try {
    const doc = (await apiRequest(ec.server, '/.well-known/openid-configuration')).json();
    assert.equal(doc.jwks_uri, 'https://keys.example.test/jwks');
    assert.deepEqual(doc.id_token_signing_alg_values_supported, ['ES256']);
    const r = await apiRequest(ec.server, '/api/v1/namespaces/default/serviceaccounts', { method: 'POST', token: ec.server.token, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ metadata: { name: 'ec' } }) });
    assert.equal(r.status, 201);
    const t = await apiRequest(ec.server, '/api/v1/namespaces/default/serviceaccounts/ec/token', { method: 'POST', token: ec.server.token, headers: { 'content-type': 'application/json' }, body: '{}' });
    const token = t.json().status.token;
    assert.equal(decodeProtectedHeader(token).alg, 'ES256');
    const set = (await apiRequest(ec.server, '/openid/v1/jwks')).json();
    await jwtVerify(token, createLocalJWKSet(set), { issuer: ISSUER });
    assert.equal((await apiRequest(ec.server, '/api/v1/namespaces/default/secrets', { token })).status, 200);
  } finally {
    await ec.stop();
  }
  const plain = await startStack({ 'service-account-issuer': ['orch-issuer'], 'service-account-signing-key-file': keyFile, 'service-account-key-file': [keyFile] });
  try {
    assert.equal((await apiRequest(plain.server, '/.well-known/openid-configuration')).status, 404);
    assert.equal((await apiRequest(plain.server, '/.well-known/openid-configuration', { token: plain.server.token })).status, 404);
  } finally {
    await plain.stop();
  }
});
