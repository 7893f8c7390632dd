// Delegated authentication and authorization on the controller manager's secure port, end to end:
// the shipped orch-apiserver (RBAC, TokenReview, SubjectAccessReview, and a client CA it publishes
// in extension-apiserver-authentication) and the real orch-controller-manager. Tokens are checked
// by TokenReview, client certificates against the looked-up CA, and paths other than the health
// checks by SubjectAccessReview.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { request } from 'node:https';
import { join } from 'node:path';
import { ensureAdminToken } from '../../src/orchup/admin-token.ts';
import { dataDirLayout } from '../../src/orchup/layout.ts';
import { makeTempDir } from '../support/apiserver.ts';
import { createTestCA, type TestCA } from '../support/authn-pki.ts';
import { deferredHooks, startDaemon, type StorageDaemon } from '../support/daemon.ts';
import { freePort } from '../support/free-port.ts';
import { spawnControllerManager, writeOrchconfig, type SpawnedControllerManager } from '../../src/controllermanager/testing/spawn.ts';

let daemon: StorageDaemon;
let adminToken: string;
let orchconfig: string;
let clientCA: TestCA;
const children: SpawnedControllerManager[] = [];
const daemonHooks = deferredHooks();

before(async () => {
  const dir = makeTempDir('orch-delegated-');
  // Two more users beside the admin, in the token file the daemon reads.
  const layout = dataDirLayout('.orch', dir);
  mkdirSync(layout.root, { recursive: true });
  ensureAdminToken(layout.tokenFile);
  appendFileSync(layout.tokenFile, 'bob-token,bob,bob-uid\ncarol-token,carol,carol-uid\n');
  clientCA = await createTestCA('client-ca');
  writeFileSync(join(dir, 'client-ca.crt'), clientCA.certPem);
  daemon = await startDaemon(daemonHooks, dir, [`--client-ca-file=${join(dir, 'client-ca.crt')}`]);
  adminToken = daemon.token;
  orchconfig = writeOrchconfig(dir, { url: daemon.url, caFile: daemon.caFile, token: adminToken });
  // carol may read /metrics; bob may not.
  await api('POST', '/apis/rbac.authorization.orch.io/v1/clusterroles', { metadata: { name: 'metrics-reader' }, rules: [{ verbs: ['get'], nonResourceURLs: ['/metrics'] }] });
  await api('POST', '/apis/rbac.authorization.orch.io/v1/clusterrolebindings', {
    metadata: { name: 'carol-metrics' },
    roleRef: { apiGroup: 'rbac.authorization.orch.io', kind: 'ClusterRole', name: 'metrics-reader' },
    subjects: [{ apiGroup: 'rbac.authorization.orch.io', kind: 'User', name: 'carol' }],
  });
});
after(async () => {
  for (const c of children) c.kill('SIGKILL');
  await daemonHooks.run();
});

const api = (method: string, path: string, body?: unknown) => daemon.call(method, path, body);

interface Credentials { token?: string; cert?: { certPem: string; keyPem: string } }

/** GET on the controller manager's port (its certificate is self-signed in memory: not verified). */
function get(port: number, path: string, creds: Credentials = {}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({
      host: '127.0.0.1', port, path, rejectUnauthorized: false, agent: false,
      headers: creds.token ? { authorization: `Bearer ${creds.token}` } : {},
      ...(creds.cert ? { cert: creds.cert.certPem, key: creds.cert.keyPem } : {}),
    }, (res) => {
      let out = '';
      res.on('data', (c: Buffer) => (out += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: out }));
    });
    req.on('error', reject);
    req.end();
  });
}

async function startControllerManager(extra: string[]): Promise<{ cm: SpawnedControllerManager; port: number }> {
  const port = await freePort();
  const cm = spawnControllerManager([`--orchconfig=${orchconfig}`, '--bind-address=127.0.0.1', `--secure-port=${port}`, '--leader-elect=false', '--controllers=bootstrap-signer-controller', ...extra]);
  children.push(cm);
  await cm.waitForLog(/Serving securely/, 20_000);
  return { cm, port };
}

const forbidden = (user: string, path: string) => JSON.stringify({ kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: `forbidden: User "${user}" cannot get path "${path}"`, reason: 'Forbidden', code: 403 }) + '\n';

test('the matrix: admin and RBAC-allowed users read /metrics, a denied user gets 403, no token 403 except health, a bad token 401', async () => {
  const { port } = await startControllerManager([`--authentication-kubeconfig=${orchconfig}`, `--authorization-kubeconfig=${orchconfig}`]);
  const admin = await get(port, '/metrics', { token: adminToken });
  assert.equal(admin.status, 200);
  assert.match(admin.body, /^# HELP /m);
  assert.equal((await get(port, '/metrics', { token: 'carol-token' })).status, 200, 'allowed by a ClusterRole through SubjectAccessReview');
  const bob = await get(port, '/metrics', { token: 'bob-token' });
  assert.deepEqual([bob.status, bob.body], [403, forbidden('bob', '/metrics')]);
  const anonymous = await get(port, '/metrics');
  assert.deepEqual([anonymous.status, anonymous.body], [403, forbidden('system:anonymous', '/metrics')]);
  assert.deepEqual(await get(port, '/healthz'), { status: 200, body: 'ok' });
  assert.equal((await get(port, '/readyz', { token: 'bob-token' })).status, 200);
  const bad = await get(port, '/metrics', { token: 'not-a-token' });
  assert.equal(bad.status, 401);
  assert.equal(JSON.parse(bad.body).reason, 'Unauthorized');
  assert.equal((await get(port, '/healthz', { token: 'not-a-token' })).status, 401, 'a bad credential is refused even where anyone may go');
  assert.equal((await get(port, '/debug/pprof/', { token: 'bob-token' })).status, 403);
  assert.equal((await get(port, '/debug/pprof/', { token: adminToken })).status, 200);

  // Answers are cached: carol keeps her access for the authorized TTL (10s) after losing it.
  assert.equal((await api('DELETE', '/apis/rbac.authorization.orch.io/v1/clusterrolebindings/carol-metrics')).status, 200);
  assert.equal((await get(port, '/metrics', { token: 'carol-token' })).status, 200);
});

test('client certificates verify against the CA looked up in extension-apiserver-authentication', async () => {
  const { port } = await startControllerManager([`--authentication-kubeconfig=${orchconfig}`, `--authorization-kubeconfig=${orchconfig}`]);
  const master = await clientCA.issue('CN=ops, O=system:masters');
  assert.equal((await get(port, '/metrics', { cert: master })).status, 200);
  const plain = await clientCA.issue('CN=dave');
  const r = await get(port, '/metrics', { cert: plain });
  assert.deepEqual([r.status, r.body], [403, forbidden('dave', '/metrics')]);
  const stranger = await (await createTestCA('other-ca')).issue('CN=ops, O=system:masters');
  assert.equal((await get(port, '/metrics', { cert: stranger })).status, 401, 'a certificate from another CA is refused');
});

test('without --authorization-kubeconfig only health paths and system:masters pass; without lookup certificates are not asked for', async () => {
  const { port } = await startControllerManager([`--authentication-kubeconfig=${orchconfig}`, '--authentication-skip-lookup']);
  assert.equal((await get(port, '/metrics', { token: adminToken })).status, 200);
  const carol = await get(port, '/metrics', { token: 'carol-token' });
  assert.deepEqual([carol.status, carol.body], [403, forbidden('carol', '/metrics')]);
  const master = await clientCA.issue('CN=ops, O=system:masters');
  const viaCert = await get(port, '/metrics', { cert: master });
  assert.deepEqual([viaCert.status, viaCert.body], [403, forbidden('system:anonymous', '/metrics')], 'no client CA: the certificate names nobody');
});

test('a failed lookup stops the start unless --authentication-tolerate-lookup-failure', async () => {
  const dir = makeTempDir('orch-delegated-down-');
  const down = writeOrchconfig(dir, { url: `https://127.0.0.1:${await freePort()}`, caFile: daemon.caFile, token: adminToken });
  const port = await freePort();
  const failing = spawnControllerManager([`--orchconfig=${orchconfig}`, '--bind-address=127.0.0.1', `--secure-port=${port}`, '--leader-elect=false', `--authentication-kubeconfig=${down}`]);
  children.push(failing);
  assert.equal(await failing.exited, 1);
  assert.match(failing.stderr(), /Error: unable to load configmap based request-header-client-ca-file: .*ECONNREFUSED/);
  const { port: tolerant } = await startControllerManager([`--authentication-kubeconfig=${down}`, '--authentication-tolerate-lookup-failure']);
  assert.equal((await get(tolerant, '/healthz')).status, 200);
});
