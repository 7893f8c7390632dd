// The token controllers end to end: the real orch-controller-manager (serviceaccount-token,
// legacy-serviceaccount-token-cleaner, bootstrap-signer, token-cleaner) against the composed API
// server, whose --service-account-key-file holds the public half of the manager's
// --service-account-private-key-file. A legacy token Secret made with kubectl gets a token that
// authenticates as its account (kubectl auth whoami), ca.crt and namespace; it goes with its
// account. cluster-info is signed for each signing bootstrap token; expired bootstrap tokens are
// deleted; unused generated legacy tokens are marked invalid, and deleted a period later.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { flattenedVerify } from 'jose';
import { startCoreApiserver, type CoreApiserver } from '../support/core-apiserver.ts';
import { apiRequest, makeTempDir } from '../support/apiserver.ts';
import { kubectlFor, kubectlSkip as skip, type Kubectl } from '../support/kubectl.ts';
import { controllerWaiter, startControllers, stopControllers } from '../support/controller-manager.ts';
import type { SpawnedControllerManager } from '../../src/controllermanager/testing/spawn.ts';

const ADMIN = 'admin-token-0123456789';

let s: CoreApiserver;
let k: Kubectl;
let cm: SpawnedControllerManager;
let dir: string;
/** The bundle ca.crt should hold: --root-ca-file, here the API server's own CA twice over. */
let ROOT_CA: string;

const b64 = (text: string) => Buffer.from(text).toString('base64');
const unb64 = (text: string | undefined) => Buffer.from(text ?? '', 'base64').toString();
const today = () => new Date().toISOString().slice(0, 10);

const call = async (method: string, path: string, body?: unknown, token = ADMIN) => {
  const text = body === undefined ? undefined : JSON.stringify(body);
  const r = await apiRequest(s, path, { method, token, body: text, headers: text ? { 'content-type': 'application/json' } : {} });
  return { status: r.status, body: JSON.parse(r.body || '{}') };
};
const secretPath = (ns: string, name = '') => `/api/v1/namespaces/${ns}/secrets${name ? `/${name}` : ''}`;

before(async () => {
  if (skip) return;
  dir = makeTempDir('orch-tokens-ctrl-');
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  writeFileSync(join(dir, 'sa.key'), privateKey.export({ type: 'sec1', format: 'pem' }));
  writeFileSync(join(dir, 'sa.pub'), publicKey.export({ type: 'spki', format: 'pem' }));
  writeFileSync(join(dir, 'tokens.csv'), `${ADMIN},admin,admin-uid,"system:masters"\n`);
  s = await startCoreApiserver({ 'token-auth-file': join(dir, 'tokens.csv'), 'service-account-key-file': [join(dir, 'sa.pub')] });
  ROOT_CA = readFileSync(s.caFile, 'utf8').repeat(2);
  writeFileSync(join(dir, 'root-ca.crt'), ROOT_CA);
  k = kubectlFor({ url: s.url, caFile: s.caFile, token: ADMIN });

  // Before the manager starts, as the cleaner looks once at start (then daily): token use tracked
  // since long ago, and three generated tokens of `old` more than a period old.
  await call('POST', '/api/v1/namespaces/orch-system/configmaps', { metadata: { name: 'orch-apiserver-legacy-service-account-token-tracking' }, data: { since: '2020-01-01' } });
  const sa = (await call('POST', '/api/v1/namespaces/default/serviceaccounts', { metadata: { name: 'old' }, secrets: [{ name: 'old-unused' }, { name: 'old-mounted' }, { name: 'old-invalid' }] })).body;
  const token = (name: string, labels: Record<string, string> = {}) => ({
    metadata: { name, labels, annotations: { 'orch.io/service-account.name': 'old', 'orch.io/service-account.uid': sa.metadata.uid } },
    type: 'orch.io/service-account-token',
    data: { token: b64('legacy'), namespace: b64('default'), 'ca.crt': b64(ROOT_CA) },
  });
  for (const t of [token('old-unused'), token('old-mounted'), token('old-invalid', { 'orch.io/legacy-token-invalid-since': '2020-02-01' })]) {
    assert.equal((await call('POST', secretPath('default'), t)).status, 201);
  }
  await call('POST', '/api/v1/namespaces/default/pods', {
    metadata: { name: 'uses-old' },
    spec: { serviceAccountName: 'old', containers: [{ name: 'c', image: 'busybox' }], volumes: [{ name: 't', secret: { secretName: 'old-mounted' } }] },
  });
  await new Promise((r) => setTimeout(r, 1100));

  ({ cm } = await startControllers({ url: s.url, caFile: s.caFile, token: ADMIN }, dir, [
    '--controllers=serviceaccount-token-controller,legacy-serviceaccount-token-cleaner-controller,bootstrap-signer-controller,token-cleaner-controller',
    `--service-account-private-key-file=${join(dir, 'sa.key')}`,
    `--root-ca-file=${join(dir, 'root-ca.crt')}`,
    '--legacy-service-account-token-clean-up-period=1s',
    '-v=2',
  ], /Started controllers/));
});
after(async () => {
  if (skip) return;
  await stopControllers(cm);
  k.close();
  await s.stop();
});

const waitFor = controllerWaiter(() => cm);

test('a legacy token Secret made with kubectl gets a token that authenticates as its account, ca.crt and namespace', { skip }, async () => {
  assert.equal((await k.run(['create', 'serviceaccount', 'builder'])).code, 0);
  const manifest = `apiVersion: v1
kind: Secret
metadata:
  name: builder-token
  annotations:
    kubernetes.io/service-account.name: builder
type: kubernetes.io/service-account-token
`;
  const created = await k.run(['apply', '-f', k.file('builder-token.yaml', manifest)]);
  assert.equal(created.code, 0, created.stderr);
  const secret = await waitFor('the token', async () => {
    const r = await call('GET', secretPath('default', 'builder-token'));
    return r.body.data?.token ? r.body : undefined;
  });
  const account = (await call('GET', '/api/v1/namespaces/default/serviceaccounts/builder')).body;
  assert.equal(unb64(secret.data['ca.crt']), ROOT_CA);
  assert.equal(unb64(secret.data.namespace), 'default');
  assert.equal(secret.metadata.annotations['kubernetes.io/service-account.uid'], account.metadata.uid);
  const token = unb64(secret.data.token);
  const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
  assert.equal(claims.iss, 'orch/serviceaccount');
  assert.equal(claims['orch.io/serviceaccount/secret.name'], 'builder-token');

  const whoami = await k.run(['--token', token, 'auth', 'whoami', '-o', 'jsonpath={.status.userInfo.username} {.status.userInfo.groups}']);
  assert.equal(whoami.code, 0, whoami.stderr);
  assert.equal(whoami.stdout, 'system:serviceaccount:default:builder ["system:serviceaccounts","system:serviceaccounts:default","system:authenticated"]');

  // The account goes: its token Secret goes with it (the API server, which remembers accepted
  // tokens for ten seconds, then refuses the token).
  assert.equal((await k.run(['delete', 'serviceaccount', 'builder'])).code, 0);
  await waitFor('the token secret deleted', async () => ((await call('GET', secretPath('default', 'builder-token'))).status === 404 ? true : undefined));
});

test('a token Secret of an account that does not exist is deleted; the orch.io spelling is filled too', { skip }, async () => {
  await call('POST', '/api/v1/namespaces/default/serviceaccounts', { metadata: { name: 'deployer' } });
  assert.equal((await call('POST', secretPath('default'), { metadata: { name: 'deployer-token', annotations: { 'orch.io/service-account.name': 'deployer' } }, type: 'orch.io/service-account-token' })).status, 201);
  const filled = await waitFor('the orch.io token', async () => (await call('GET', secretPath('default', 'deployer-token'))).body.data?.token);
  assert.equal((await call('GET', '/api/v1/namespaces/default/configmaps', undefined, unb64(filled))).status, 200);
  assert.equal((await call('POST', secretPath('default'), { metadata: { name: 'ghost-token', annotations: { 'orch.io/service-account.name': 'ghost' } }, type: 'orch.io/service-account-token' })).status, 201);
  await waitFor('the ghost token deleted', async () => ((await call('GET', secretPath('default', 'ghost-token'))).status === 404 ? true : undefined));
});

test('unused generated legacy tokens are marked invalid since today; a mounted one is kept; one invalid for a period is deleted', { skip }, async () => {
  const unused = await waitFor('old-unused marked', async () => (await call('GET', secretPath('default', 'old-unused'))).body.metadata?.labels?.['orch.io/legacy-token-invalid-since']);
  assert.equal(unused, today());
  await waitFor('old-invalid deleted', async () => ((await call('GET', secretPath('default', 'old-invalid'))).status === 404 ? true : undefined));
  assert.equal((await call('GET', secretPath('default', 'old-mounted'))).body.metadata.labels?.['orch.io/legacy-token-invalid-since'], undefined);
});

test('cluster-info is signed for each signing bootstrap token; a token that stops signing loses its signature', { skip }, async () => {
  const kubeconfig = 'apiVersion: v1\nkind: Config\nclusters:\n- name: orch\n  cluster:\n    server: https://orch.example:6443\n';
  assert.equal((await call('POST', '/api/v1/namespaces/orch-public/configmaps', { metadata: { name: 'cluster-info' }, data: { kubeconfig } })).status, 201);
  const bootstrap = (id: string, data: Record<string, string>) => ({
    metadata: { name: `bootstrap-token-${id}` },
    type: 'bootstrap.orch.io/token',
    stringData: { 'token-id': id, 'token-secret': '0123456789abcdef', 'usage-bootstrap-signing': 'true', ...data },
  });
  assert.equal((await call('POST', secretPath('orch-system'), bootstrap('abcdef', {}))).status, 201);
  const signature = await waitFor('the signature', async () => (await call('GET', '/api/v1/namespaces/orch-public/configmaps/cluster-info')).body.data?.['jws-kubeconfig-abcdef']);
  const [header, , sig] = (signature as string).split('.');
  const verified = await flattenedVerify({ protected: header!, payload: Buffer.from(kubeconfig).toString('base64url'), signature: sig! }, new TextEncoder().encode('0123456789abcdef'));
  assert.equal(new TextDecoder().decode(verified.payload), kubeconfig);

  const current = (await call('GET', secretPath('orch-system', 'bootstrap-token-abcdef'))).body;
  current.data['usage-bootstrap-signing'] = b64('false');
  assert.equal((await call('PUT', secretPath('orch-system', 'bootstrap-token-abcdef'), current)).status, 200);
  await waitFor('the signature removed', async () => ((await call('GET', '/api/v1/namespaces/orch-public/configmaps/cluster-info')).body.data?.['jws-kubeconfig-abcdef'] === undefined ? true : undefined));
});

test('expired bootstrap tokens are deleted, at once or when their expiration comes', { skip }, async () => {
  const token = (id: string, expiration: string) => ({ metadata: { name: `bootstrap-token-${id}` }, type: 'bootstrap.orch.io/token', stringData: { 'token-id': id, 'token-secret': '0123456789abcdef', expiration } });
  const soon = new Date(Date.now() + 2000).toISOString().replace(/\.\d{3}Z$/, 'Z');
  assert.equal((await call('POST', secretPath('orch-system'), token('expire', '2020-01-01T00:00:00Z'))).status, 201);
  assert.equal((await call('POST', secretPath('orch-system'), token('later0', soon))).status, 201);
  assert.equal((await call('POST', secretPath('orch-system'), token('keep00', '2999-01-01T00:00:00Z'))).status, 201);
  await waitFor('the expired token deleted', async () => ((await call('GET', secretPath('orch-system', 'bootstrap-token-expire'))).status === 404 ? true : undefined));
  assert.equal((await call('GET', secretPath('orch-system', 'bootstrap-token-later0'))).status, 200);
  await waitFor('the later token deleted', async () => ((await call('GET', secretPath('orch-system', 'bootstrap-token-later0'))).status === 404 ? true : undefined), 10_000);
  assert.equal((await call('GET', secretPath('orch-system', 'bootstrap-token-keep00'))).status, 200);
});
