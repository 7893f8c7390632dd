// CertificateSigningRequests over raw HTTP under RBAC, as Kubernetes serves them: the requester
// recorded from the request's user, the request parsed and its signature checked, usages,
// signer names and lifetimes validated; the spec fixed; Approved and Denied only through
// /approval and only by users allowed to `approve` for the signer, never both, never removed;
// the certificate only through /status by users allowed to `sign`, and fixed once set; no
// system:masters certificates from orch.io/kube-apiserver-client; the kubectl table and the
// spec.signerName field selector.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { apiRequest, makeTempDir } from '../support/apiserver.ts';
import { startCoreApiserver, type CoreApiserver } from '../support/core-apiserver.ts';
import { base64, makeCertificate, makeCsr } from '../support/openssl.ts';

const dir = makeTempDir('orch-csr-rest-');
const tokens = join(dir, 'tokens.csv');
writeFileSync(tokens, 'admin-token,admin,admin-uid,"system:masters"\nalice-token,alice,alice-uid,"dev"\n');

let s: CoreApiserver;

async function call(token: string, method: string, path: string, body?: unknown, contentType = 'application/json') {
  const r = await apiRequest(s, path, { method, token, headers: body ? { 'content-type': contentType } : {}, body: body ? JSON.stringify(body) : undefined });
  return { status: r.status, body: r.body.startsWith('{') ? r.json() : r.body };
}
const admin = (method: string, path: string, body?: unknown, contentType?: string) => call('admin-token', method, path, body, contentType);
const alice = (method: string, path: string, body?: unknown, contentType?: string) => call('alice-token', method, path, body, contentType);

const RBAC = '/apis/rbac.authorization.orch.io/v1';
const CSRS = '/apis/certificates.orch.io/v1/certificatesigningrequests';
const TABLE = 'application/json;as=Table;v=v1;g=meta.k8s.io';
const SIGNER = 'example.com/team-signer';
const CLIENT = ['digital signature', 'key encipherment', 'client auth'];

function causes(r: { body: any }): string[] {
  return (r.body.details?.causes ?? []).map((c: any) => `${c.field}: ${c.message}`);
}

async function grant(name: string, rules: unknown[]): Promise<void> {
  const role = await admin('POST', `${RBAC}/clusterroles`, { metadata: { name }, rules });
  assert.equal(role.status, 201, JSON.stringify(role.body));
  const binding = await admin('POST', `${RBAC}/clusterrolebindings`, { metadata: { name }, roleRef: { apiGroup: 'rbac.authorization.orch.io', kind: 'ClusterRole', name }, subjects: [{ apiGroup: 'rbac.authorization.orch.io', kind: 'User', name: 'alice' }] });
  assert.equal(binding.status, 201, JSON.stringify(binding.body));
  await delay(100);
}

before(async () => {
  s = await startCoreApiserver({ 'token-auth-file': tokens, 'authorization-mode': ['RBAC'] });
  for (let i = 0; i < 200 && (await admin('GET', '/readyz')).status !== 200; i++) await delay(25);
  await grant('csr-user', [{ apiGroups: ['certificates.orch.io'], resources: ['certificatesigningrequests', 'certificatesigningrequests/approval', 'certificatesigningrequests/status'], verbs: ['get', 'list', 'create', 'update', 'patch'] }]);
});
after(() => s?.stop());

const csrBody = (name: string, extra: Record<string, unknown> = {}, subject = `/CN=${name}/O=dev`) => ({
  metadata: { name },
  spec: { request: base64(makeCsr(subject).csr), signerName: SIGNER, usages: CLIENT, ...extra },
});

test('a create records the requesting user, not what the body says, and starts with an empty status', async () => {
  const r = await alice('POST', CSRS, { ...csrBody('one', { username: 'mallory', groups: ['system:masters'], expirationSeconds: 3600 }), status: { conditions: [{ type: 'Approved', status: 'True' }] } });
  assert.equal(r.status, 201, JSON.stringify(r.body));
  assert.equal(r.body.spec.username, 'alice');
  assert.equal(r.body.spec.uid, 'alice-uid');
  assert.deepEqual(r.body.spec.groups, ['dev', 'system:authenticated']);
  assert.deepEqual(r.body.status, {});
  const discovery = (await admin('GET', '/apis/certificates.orch.io/v1')).body.resources.map((x: any) => x.name);
  assert.deepEqual(discovery.sort(), ['certificatesigningrequests', 'certificatesigningrequests/approval', 'certificatesigningrequests/status']);
});

test('requests, usages, signer names and lifetimes are validated with Kubernetes\' messages', async () => {
  const notPem = await admin('POST', CSRS, { metadata: { name: 'bad' }, spec: { request: base64('hello'), signerName: 'orch.io', usages: ['client auth', 'teleport', 'client auth'], expirationSeconds: 599 } });
  assert.equal(notPem.status, 422, JSON.stringify(notPem.body));
  assert.deepEqual(causes(notPem), [
    'spec.request: Invalid value: []byte{0x68, 0x65, 0x6c, 0x6c, 0x6f}: PEM block type must be CERTIFICATE REQUEST',
    'spec.usages[1]: Unsupported value: "teleport": supported values: "any", "cert sign", "client auth", "code signing", "content commitment", "crl sign", "data encipherment", "decipher only", "digital signature", "email protection", "encipher only", "ipsec end system", "ipsec tunnel", "ipsec user", "key agreement", "key encipherment", "microsoft sgc", "netscape sgc", "ocsp signing", "s/mime", "server auth", "signing", "timestamping"',
    'spec.usages[2]: Duplicate value: "client auth"',
    "spec.signerName: Invalid value: \"orch.io\": must be a fully qualified domain and path of the form 'example.com/signer-name'",
    'spec.expirationSeconds: Invalid value: 599: may not specify a duration less than 600 seconds (10 minutes)',
  ]);
  const pem = makeCsr('/CN=tampered').csr;
  const der = Buffer.from(pem.replace(/-----[^-]+-----/g, '').replace(/\s+/g, ''), 'base64');
  der[der.length - 3]! ^= 0xff;
  const tampered = await admin('POST', CSRS, { metadata: { name: 'tampered' }, spec: { request: base64(`-----BEGIN CERTIFICATE REQUEST-----\n${der.toString('base64')}\n-----END CERTIFICATE REQUEST-----\n`), signerName: SIGNER, usages: CLIENT } });
  assert.equal(tampered.status, 422);
  assert.match(causes(tampered)[0]!, /^spec\.request: Invalid value: \[\]byte\{.*\}: (x509: ECDSA verification failure|asn1: .*)$/);
  const legacy = await admin('POST', CSRS, { ...csrBody('legacy'), spec: { ...csrBody('legacy').spec, signerName: 'orch.io/legacy-unknown', usages: [] } });
  assert.deepEqual(causes(legacy), ['spec.usages: Required value', 'spec.signerName: Invalid value: "orch.io/legacy-unknown": the legacy signerName is not allowed via this API version']);
});

test('orch.io/kube-apiserver-client requests may not ask for system:masters', async () => {
  const masters = await admin('POST', CSRS, csrBody('root', { signerName: 'orch.io/kube-apiserver-client' }, '/CN=root/O=system:masters'));
  assert.equal(masters.status, 403, JSON.stringify(masters.body));
  assert.equal(masters.body.message, 'certificatesigningrequests.certificates.orch.io "root" is forbidden: use of orch.io/kube-apiserver-client signer with system:masters group is not allowed');
  const other = await admin('POST', CSRS, csrBody('root-elsewhere', {}, '/CN=root/O=system:masters'));
  assert.equal(other.status, 201, JSON.stringify(other.body));
  const ordinary = await admin('POST', CSRS, csrBody('client', { signerName: 'orch.io/kube-apiserver-client' }));
  assert.equal(ordinary.status, 201, JSON.stringify(ordinary.body));
});

test('the main resource changes neither spec nor status; /status may not approve', async () => {
  const current = (await admin('GET', `${CSRS}/one`)).body;
  const put = await admin('PUT', `${CSRS}/one`, { ...current, metadata: { ...current.metadata, labels: { a: 'b' } }, spec: { ...current.spec, signerName: 'example.com/other' }, status: { conditions: [{ type: 'Approved', status: 'True' }] } });
  assert.equal(put.status, 200, JSON.stringify(put.body));
  assert.equal(put.body.spec.signerName, SIGNER);
  assert.deepEqual(put.body.status, {});
  assert.deepEqual(put.body.metadata.labels, { a: 'b' });
  const viaStatus = await admin('PATCH', `${CSRS}/one/status`, { status: { conditions: [{ type: 'Approved', status: 'True', reason: 'Sneaky' }] } }, 'application/merge-patch+json');
  assert.equal(viaStatus.status, 422, JSON.stringify(viaStatus.body));
  assert.deepEqual(causes(viaStatus), ['status.conditions: Forbidden: updates may not add a condition of type "Approved"']);
});

test('approving needs `approve` on the signer; then Approved and Denied stay exclusive and cannot be removed', async () => {
  const csr = (await alice('GET', `${CSRS}/one`)).body;
  const approve = { ...csr, status: { conditions: [{ type: 'Approved', status: 'True', reason: 'Checked', message: 'ok' }] } };
  const refused = await alice('PUT', `${CSRS}/one/approval`, approve);
  assert.equal(refused.status, 403, JSON.stringify(refused.body));
  assert.equal(refused.body.message, `certificatesigningrequests.certificates.orch.io "one" is forbidden: user not permitted to approve requests with signerName "${SIGNER}"`);
  await grant('team-approver', [{ apiGroups: ['certificates.orch.io'], resources: ['signers'], resourceNames: ['example.com/*'], verbs: ['approve'] }]);
  const approved = await alice('PUT', `${CSRS}/one/approval`, approve);
  assert.equal(approved.status, 200, JSON.stringify(approved.body));
  const [condition] = approved.body.status.conditions;
  assert.equal(condition.type, 'Approved');
  assert.match(condition.lastUpdateTime, /Z$/);
  assert.equal(condition.lastTransitionTime, condition.lastUpdateTime);
  const both = await alice('PUT', `${CSRS}/one/approval`, { ...approved.body, status: { conditions: [...approved.body.status.conditions, { type: 'Denied', status: 'True' }] } });
  assert.deepEqual(causes(both), ['status.conditions: Invalid value: "Denied": Approved and Denied conditions are mutually exclusive']);
  const removed = await alice('PUT', `${CSRS}/one/approval`, { ...approved.body, status: { conditions: [] } });
  assert.deepEqual(causes(removed), ['status.conditions: Forbidden: updates may not remove a condition of type "Approved"']);
  const unknown = await alice('PUT', `${CSRS}/one/approval`, { ...approved.body, status: { conditions: [...approved.body.status.conditions, { type: 'Failed', status: 'False' }] } });
  assert.deepEqual(causes(unknown), ['status.conditions[1].status: Unsupported value: "False": supported values: "True"']);
});

test('the certificate is set through /status by signers only, must be PEM certificates and is then fixed', async () => {
  const csr = (await admin('GET', `${CSRS}/one`)).body;
  const cert = makeCertificate('/CN=one');
  const signed = { ...csr, status: { ...csr.status, certificate: base64(cert) } };
  const byAlice = await alice('PUT', `${CSRS}/one/status`, signed);
  assert.equal(byAlice.status, 403, JSON.stringify(byAlice.body));
  assert.equal(byAlice.body.message, `certificatesigningrequests.certificates.orch.io "one" is forbidden: user not permitted to sign requests with signerName "${SIGNER}"`);
  const viaApproval = await admin('PUT', `${CSRS}/one/approval`, signed);
  assert.equal(viaApproval.status, 200, JSON.stringify(viaApproval.body));
  assert.equal(viaApproval.body.status.certificate, undefined);
  const garbage = await admin('PUT', `${CSRS}/one/status`, { ...signed, status: { ...csr.status, certificate: base64('-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n') } });
  assert.deepEqual(causes(garbage), ['status.certificate: Invalid value: "<certificate data>": only CERTIFICATE PEM blocks are allowed, found "PRIVATE KEY"']);
  const ok = await admin('PUT', `${CSRS}/one/status`, signed);
  assert.equal(ok.status, 200, JSON.stringify(ok.body));
  assert.equal(Buffer.from(ok.body.status.certificate, 'base64').toString(), cert);
  const again = await admin('PUT', `${CSRS}/one/status`, { ...ok.body, status: { ...ok.body.status, certificate: base64(makeCertificate('/CN=two')) } });
  assert.deepEqual(causes(again), ['status.certificate: Forbidden: updates may not modify existing certificate content']);
});

test('kubectl\'s table and the spec.signerName field selector', async () => {
  const table = (await apiRequest(s, CSRS, { token: 'admin-token', headers: { accept: TABLE } })).json() as any;
  assert.deepEqual(table.columnDefinitions.map((c: any) => c.name), ['Name', 'Age', 'SignerName', 'Requestor', 'RequestedDuration', 'Condition']);
  const rows = Object.fromEntries(table.rows.map((r: any) => [r.cells[0], r.cells]));
  assert.deepEqual(rows.one.slice(2), [SIGNER, 'alice', '60m', 'Approved,Issued']);
  assert.deepEqual(rows.client.slice(2), ['orch.io/kube-apiserver-client', 'admin', '<none>', 'Pending']);
  const selected = await admin('GET', `${CSRS}?fieldSelector=${encodeURIComponent('spec.signerName=orch.io/kube-apiserver-client')}`);
  assert.deepEqual(selected.body.items.map((i: any) => i.metadata.name), ['client']);
});
