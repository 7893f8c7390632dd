// Node client certificate approval under RBAC, end to end: the approving controller asks the API
// server (SubjectAccessReview) whether a request's requester may create
// certificatesigningrequests/nodeclient. A bootstrapper bound to the shipped
// system:certificates.orch.io:certificatesigningrequests:nodeclient role gets its node's client
// certificate approved and signed; one without the binding keeps a pending request. The
// controllers run as their own service accounts, so their bootstrap roles are what they may do.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { startCoreApiserver, type CoreApiserver } from '../support/core-apiserver.ts';
import { apiRequest, makeTempDir } from '../support/apiserver.ts';
import { base64, makeCsr } from '../support/openssl.ts';
import { controllerWaiter, startControllers, stopControllers } from '../support/controller-manager.ts';
import type { SpawnedControllerManager } from '../../src/controllermanager/testing/spawn.ts';
import { createCA } from '../../src/component-base/certs/issue.ts';
import { ECDSA_P256 } from '../../src/component-base/certs/keys.ts';

const ADMIN = 'admin-token-0123456789';
const BOUND = 'bound-bootstrapper-token';
const UNBOUND = 'other-bootstrapper-token';
const CSRS = '/apis/certificates.orch.io/v1/certificatesigningrequests';

let s: CoreApiserver;
let cm: SpawnedControllerManager;

const call = async (method: string, path: string, token: string, body?: unknown) => {
  const text = body === undefined ? undefined : JSON.stringify(body);
  const r = await apiRequest(s, path, { method, token, body: text, headers: text ? { 'content-type': 'application/json' } : {} });
  return { status: r.status, body: JSON.parse(r.body || '{}') };
};

before(async () => {
  const dir = makeTempDir('orch-csr-rbac-');
  const ca = await createCA({ commonName: 'orch-signing-ca', lifetimeMs: 24 * 3600_000, algorithm: ECDSA_P256 });
  writeFileSync(join(dir, 'ca.crt'), ca.certPem);
  writeFileSync(join(dir, 'ca.key'), ca.keyPem);
  writeFileSync(join(dir, 'tokens.csv'), [
    `${ADMIN},admin,admin-uid,"system:masters"`,
    `${BOUND},system:bootstrap:abcdef,uid-b1,"system:bootstrappers"`,
    `${UNBOUND},system:bootstrap:zzzzzz,uid-b2,"system:other-bootstrappers"`,
  ].join('\n') + '\n');
  // Service account tokens, so each controller runs as its own account under its bootstrap role.
  writeFileSync(join(dir, 'sa.key'), generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ type: 'pkcs8', format: 'pem' }));
  s = await startCoreApiserver({
    'token-auth-file': join(dir, 'tokens.csv'),
    'authorization-mode': ['RBAC'],
    'service-account-issuer': ['https://orch.test'],
    'service-account-signing-key-file': join(dir, 'sa.key'),
    'service-account-key-file': [join(dir, 'sa.key')],
  });
  // As kubeadm binds them: bootstrappers may create CSRs and ask for node client certificates.
  for (const role of ['system:node-bootstrapper', 'system:certificates.orch.io:certificatesigningrequests:nodeclient']) {
    const r = await call('POST', '/apis/rbac.authorization.orch.io/v1/clusterrolebindings', ADMIN, {
      metadata: { name: `bootstrappers-${role.replaceAll(':', '-')}` },
      roleRef: { apiGroup: 'rbac.authorization.orch.io', kind: 'ClusterRole', name: role },
      subjects: [{ kind: 'Group', apiGroup: 'rbac.authorization.orch.io', name: 'system:bootstrappers' }],
    });
    assert.equal(r.status, 201, JSON.stringify(r.body));
  }
  await call('POST', '/apis/rbac.authorization.orch.io/v1/clusterrolebindings', ADMIN, {
    metadata: { name: 'others-may-ask' },
    roleRef: { apiGroup: 'rbac.authorization.orch.io', kind: 'ClusterRole', name: 'system:node-bootstrapper' },
    subjects: [{ kind: 'Group', apiGroup: 'rbac.authorization.orch.io', name: 'system:other-bootstrappers' }],
  });
  ({ cm } = await startControllers({ url: s.url, caFile: s.caFile, token: ADMIN }, dir, [
    '--controllers=certificatesigningrequest-approving-controller,certificatesigningrequest-signing-controller',
    '--use-service-account-credentials',
    `--cluster-signing-cert-file=${join(dir, 'ca.crt')}`,
    `--cluster-signing-key-file=${join(dir, 'ca.key')}`,
    '-v=2',
  ], /Started controllers/));
});
after(async () => {
  await stopControllers(cm);
  await s?.stop();
});

const waitFor = controllerWaiter(() => cm);

const nodeRequest = (name: string, node: string) => ({
  apiVersion: 'certificates.orch.io/v1',
  kind: 'CertificateSigningRequest',
  metadata: { name },
  spec: { request: base64(makeCsr(`/O=system:nodes/CN=system:node:${node}`).csr), signerName: 'orch.io/kube-apiserver-client-kubelet', usages: ['digital signature', 'key encipherment', 'client auth'] },
});

test('a bootstrapper bound to the nodeclient role gets its node client certificate; one without it waits', async () => {
  assert.equal((await call('POST', CSRS, BOUND, nodeRequest('node-n2', 'n2'))).status, 201);
  assert.equal((await call('POST', CSRS, UNBOUND, nodeRequest('node-n3', 'n3'))).status, 201);
  const issued = await waitFor('node-n2 issued', async () => {
    const csr = (await call('GET', `${CSRS}/node-n2`, ADMIN)).body;
    return csr.status?.certificate ? csr : undefined;
  });
  const approval = issued.status.conditions.find((c: { type: string }) => c.type === 'Approved');
  assert.deepEqual([approval.reason, approval.message], ['AutoApproved', 'Auto approving kubelet client certificate after SubjectAccessReview.']);
  await delay(500);
  assert.equal((await call('GET', `${CSRS}/node-n3`, ADMIN)).body.status?.conditions, undefined);
});
