// The certificate controllers end to end: the real orch-controller-manager (approving, signing and
// cleaner controllers, --cluster-signing-cert-file/-key-file) against the composed API server,
// whose --client-ca-file trusts the same CA. A request to orch.io/kube-apiserver-client made with
// kubectl waits for a person, is approved with `kubectl certificate approve`, and gets a
// certificate that verifies against the CA, lasts what it asked for, and authenticates (kubectl
// auth whoami). A node's own client request is approved and signed by the controllers alone; a
// request its signer does not accept fails with SignerValidationFailure. Where ClusterTrustBundles
// are served, the --root-ca-file CA is published as the orch.io/kube-apiserver-serving bundle.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { stringify } from 'yaml';
import { startCoreApiserver, type CoreApiserver } from '../support/core-apiserver.ts';
import { apiRequest, makeTempDir } from '../support/apiserver.ts';
import { KUBECTL, kubectlFor, kubectlSkip as skip, type Kubectl } from '../support/kubectl.ts';
import { base64, makeCertificate, makeCsr } from '../support/openssl.ts';
import { controllerWaiter, startControllers, stopControllers } from '../support/controller-manager.ts';
import type { SpawnedControllerManager } from '../../src/controllermanager/testing/spawn.ts';
import { createCA } from '../../src/component-base/certs/issue.ts';
import { ECDSA_P256 } from '../../src/component-base/certs/keys.ts';

const ADMIN = 'admin-token-0123456789';
const NODE = 'node-token-0123456789';
const CSRS = '/apis/certificates.orch.io/v1/certificatesigningrequests';

let s: CoreApiserver;
let k: Kubectl;
let cm: SpawnedControllerManager;
let dir: string;
let caPem: string;

before(async () => {
  if (skip) return;
  dir = makeTempDir('orch-csr-ctrl-');
  const ca = await createCA({ commonName: 'orch-signing-ca', lifetimeMs: 24 * 3600_000, algorithm: ECDSA_P256 });
  caPem = ca.certPem;
  writeFileSync(join(dir, 'ca.crt'), ca.certPem);
  writeFileSync(join(dir, 'ca.key'), ca.keyPem);
  writeFileSync(join(dir, 'tokens.csv'), `${ADMIN},admin,admin-uid,"system:masters"\n${NODE},system:node:n1,uid-n1,"system:nodes"\n`);
  s = await startCoreApiserver({ 'token-auth-file': join(dir, 'tokens.csv'), 'client-ca-file': join(dir, 'ca.crt'), 'runtime-config': { 'certificates.orch.io/v1beta1': 'true' }, 'feature-gates': { ClusterTrustBundle: 'true' } });
  k = kubectlFor({ url: s.url, caFile: s.caFile, token: ADMIN });
  ({ cm } = await startControllers({ url: s.url, caFile: s.caFile, token: ADMIN }, dir, [
    '--controllers=certificatesigningrequest-approving-controller,certificatesigningrequest-signing-controller,certificatesigningrequest-cleaner-controller,orch-apiserver-serving-clustertrustbundle-publisher-controller',
    `--cluster-signing-cert-file=${join(dir, 'ca.crt')}`,
    `--cluster-signing-key-file=${join(dir, 'ca.key')}`,
    '--cluster-signing-duration=2h',
    // What the API server's serving certificate verifies with, published as a trust bundle.
    `--root-ca-file=${join(dir, 'ca.crt')}`,
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

const call = async (method: string, path: string, token: string, body?: unknown) => {
  const text = body === undefined ? undefined : JSON.stringify(body);
  const r = await apiRequest(s, path, { method, token, body: text, headers: text ? { 'content-type': 'application/json' } : {} });
  return { status: r.status, body: JSON.parse(r.body || '{}') };
};

/** The CSR once it holds a certificate (or has failed). */
const settled = (name: string) => async () => {
  const csr = (await call('GET', `${CSRS}/${name}`, ADMIN)).body;
  return csr.status?.certificate || csr.status?.conditions?.some((c: { type: string }) => c.type === 'Failed') ? csr : undefined;
};

/** kubectl with the given client certificate and key, and no token. */
function kubectlAs(certFile: string, keyFile: string, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const config = join(dir, `cert-${Date.now()}.yaml`);
  writeFileSync(config, stringify({
    apiVersion: 'v1',
    kind: 'Config',
    clusters: [{ name: 'orch', cluster: { server: s.url, 'certificate-authority': s.caFile } }],
    users: [{ name: 'me', user: { 'client-certificate': certFile, 'client-key': keyFile } }],
    contexts: [{ name: 'me', context: { cluster: 'orch', user: 'me' } }],
    'current-context': 'me',
  }));
  return new Promise((resolve) => {
    execFile(KUBECTL, ['--kubeconfig', config, ...args], { timeout: 20_000, env: { ...process.env, HOME: dir } }, (err, stdout, stderr) =>
      resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr }));
  });
}

test('kubectl certificate approve: the signer issues a certificate of the CA that authenticates as the request\'s subject', { skip }, async () => {
  const { csr, keyFile } = makeCsr('/CN=alice/O=dev/O=ops', 'rsa');
  const manifest = `apiVersion: certificates.orch.io/v1
kind: CertificateSigningRequest
metadata:
  name: alice
spec:
  request: ${base64(csr)}
  signerName: orch.io/kube-apiserver-client
  expirationSeconds: 3600
  usages: [digital signature, key encipherment, client auth]
`;
  const created = await k.run(['apply', '-f', k.file('alice.yaml', manifest)]);
  assert.equal(created.code, 0, created.stderr);
  // A person's request waits for a person: the approver leaves it.
  await delay(500);
  assert.equal((await call('GET', `${CSRS}/alice`, ADMIN)).body.status?.conditions, undefined);

  const approved = await k.run(['certificate', 'approve', 'certificatesigningrequest.certificates.k8s.io/alice']);
  assert.equal(approved.code, 0, approved.stderr);
  const issued = await waitFor('alice issued', settled('alice'));
  const cert = new X509Certificate(Buffer.from(issued.status.certificate, 'base64'));
  const ca = new X509Certificate(caPem);
  assert.ok(cert.checkIssued(ca) && cert.verify(ca.publicKey), 'the CA signed it');
  assert.equal(cert.subject, 'CN=alice\nO=dev\nO=ops');
  assert.deepEqual(cert.keyUsage, ['1.3.6.1.5.5.7.3.2']);
  const lifetime = Date.parse(cert.validTo) - Date.now();
  assert.ok(lifetime > 3500_000 && lifetime <= 3600_000, `an hour, as asked: ${lifetime} ms`);

  const row = await k.run(['get', 'csr', 'alice', '--no-headers']);
  assert.match(row.stdout, /^alice\s+\S+\s+orch\.io\/kube-apiserver-client\s+admin\s+60m\s+Approved,Issued\s*$/);

  const certFile = join(dir, 'alice.crt');
  writeFileSync(certFile, cert.toString());
  const whoami = await kubectlAs(certFile, keyFile, ['auth', 'whoami', '-o', 'jsonpath={.status.userInfo.username} {.status.userInfo.groups}']);
  assert.equal(whoami.code, 0, whoami.stderr);
  assert.equal(whoami.stdout, 'alice ["dev","ops","system:authenticated"]');
});

test('a node\'s own client request is approved (AutoApproved) and signed without anyone', { skip }, async () => {
  const { csr, keyFile } = makeCsr('/O=system:nodes/CN=system:node:n1');
  const r = await call('POST', CSRS, NODE, {
    apiVersion: 'certificates.orch.io/v1',
    kind: 'CertificateSigningRequest',
    metadata: { name: 'node-n1' },
    spec: { request: base64(csr), signerName: 'orch.io/kube-apiserver-client-kubelet', usages: ['digital signature', 'client auth'] },
  });
  assert.equal(r.status, 201, JSON.stringify(r.body));
  assert.equal(r.body.spec.username, 'system:node:n1');
  const issued = await waitFor('node-n1 issued', settled('node-n1'));
  const approval = issued.status.conditions.find((c: { type: string }) => c.type === 'Approved');
  assert.equal(approval.reason, 'AutoApproved');
  assert.equal(approval.message, 'Auto approving self kubelet client certificate after SubjectAccessReview.');
  const cert = new X509Certificate(Buffer.from(issued.status.certificate, 'base64'));
  const lifetime = Date.parse(cert.validTo) - Date.now();
  assert.ok(lifetime > 2 * 3600_000 - 400_000 && lifetime <= 2 * 3600_000, `--cluster-signing-duration less the backdating: ${lifetime} ms`);
  const certFile = join(dir, 'node.crt');
  writeFileSync(certFile, cert.toString());
  const whoami = await kubectlAs(certFile, keyFile, ['auth', 'whoami', '-o', 'jsonpath={.status.userInfo.username} {.status.userInfo.groups}']);
  assert.equal(whoami.stdout, 'system:node:n1 ["system:nodes","system:authenticated"]', whoami.stderr);
  assert.ok(readFileSync(certFile, 'utf8').startsWith('-----BEGIN CERTIFICATE-----'));
});

test('an approved request its signer does not accept fails with SignerValidationFailure', { skip }, async () => {
  const { csr } = makeCsr('/CN=mallory/O=dev');
  const r = await call('POST', CSRS, ADMIN, {
    apiVersion: 'certificates.orch.io/v1',
    kind: 'CertificateSigningRequest',
    metadata: { name: 'not-a-node' },
    spec: { request: base64(csr), signerName: 'orch.io/kube-apiserver-client-kubelet', usages: ['digital signature', 'client auth'] },
  });
  assert.equal(r.status, 201);
  const approved = await k.run(['certificate', 'approve', 'certificatesigningrequest.certificates.k8s.io/not-a-node']);
  assert.equal(approved.code, 0, approved.stderr);
  const failed = await waitFor('not-a-node failed', settled('not-a-node'));
  assert.equal(failed.status.certificate, undefined);
  const condition = failed.status.conditions.find((c: { type: string }) => c.type === 'Failed');
  assert.equal(condition.reason, 'SignerValidationFailure');
  assert.equal(condition.message, 'subject organization is not system:nodes');
  const row = await k.run(['get', 'csr', 'not-a-node', '--no-headers']);
  assert.match(row.stdout, /Approved,Failed/);
});

test('the API server serving CA is published as the one ClusterTrustBundle of orch.io/kube-apiserver-serving', { skip }, async () => {
  const BUNDLES = '/apis/certificates.orch.io/v1beta1/clustertrustbundles';
  const servingCA = caPem;
  const otherCA = makeCertificate('/CN=other-ca', true);
  const mine = async () => ((await call('GET', BUNDLES, ADMIN)).body.items ?? []).filter((b: { spec: { signerName?: string } }) => b.spec.signerName === 'orch.io/kube-apiserver-serving');
  const [published] = await waitFor('the bundle', async () => ((await mine()).length === 1 ? await mine() : undefined));
  assert.match(published.metadata.name, /^orch\.io:kube-apiserver-serving:[0-9a-f]{24}$/);
  assert.equal(published.spec.trustBundle, servingCA);

  // Another bundle of the signer is removed; the published one, changed, is put back.
  const extra = await call('POST', BUNDLES, ADMIN, { metadata: { name: 'orch.io:kube-apiserver-serving:extra' }, spec: { signerName: 'orch.io/kube-apiserver-serving', trustBundle: otherCA } });
  assert.equal(extra.status, 201, JSON.stringify(extra.body));
  await waitFor('the extra bundle deleted', async () => ((await call('GET', `${BUNDLES}/orch.io:kube-apiserver-serving:extra`, ADMIN)).status === 404 ? true : undefined));
  const current = (await call('GET', `${BUNDLES}/${published.metadata.name}`, ADMIN)).body;
  current.spec.trustBundle = otherCA;
  assert.equal((await call('PUT', `${BUNDLES}/${published.metadata.name}`, ADMIN, current)).status, 200);
  await waitFor('the bundle restored', async () => ((await call('GET', `${BUNDLES}/${published.metadata.name}`, ADMIN)).body.spec.trustBundle === servingCA ? true : undefined));
});
