// The beta and alpha group versions of the certificates, coordination, storagemigration and
// resource groups, as Kubernetes 1.35 has them: absent by default (discovery, OpenAPI, paths)
// and served with --runtime-config=<group/version>=true (and their feature gates, where Kubernetes
// has one). ClusterTrustBundles (v1beta1) with their
// naming, anchor checks and the ClusterTrustBundleAttest plugin under RBAC; LeaseCandidates
// (v1beta1, v1alpha2 over the same objects); StorageVersionMigrations (v1beta1) with /status.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { apiRequest, makeTempDir } from '../support/apiserver.ts';
import { startCoreApiserver, type CoreApiserver } from '../support/core-apiserver.ts';
import { makeCertificate } from '../support/openssl.ts';

const GATED = ['certificates.orch.io/v1beta1', 'coordination.orch.io/v1beta1', 'coordination.orch.io/v1alpha2', 'storagemigration.orch.io/v1beta1', 'resource.orch.io/v1beta2', 'resource.orch.io/v1beta1'];
const PATHS = [
  '/apis/certificates.orch.io/v1beta1/clustertrustbundles',
  '/apis/coordination.orch.io/v1beta1/namespaces/default/leasecandidates',
  '/apis/coordination.orch.io/v1alpha2/namespaces/default/leasecandidates',
  '/apis/storagemigration.orch.io/v1beta1/storageversionmigrations',
  '/apis/resource.orch.io/v1beta2/resourceclaims',
  '/apis/resource.orch.io/v1beta1/resourceslices',
  '/apis/certificates.k8s.io/v1beta1/clustertrustbundles',
];

const dir = makeTempDir('orch-beta-');
const tokens = join(dir, 'tokens.csv');
writeFileSync(tokens, 'admin-token,admin,admin-uid,"system:masters"\nalice-token,alice,alice-uid,"dev"\n');

let on: CoreApiserver;
before(async () => {
  on = await startCoreApiserver({ 'token-auth-file': tokens, 'authorization-mode': ['RBAC'], 'runtime-config': Object.fromEntries(GATED.map((gv) => [gv, 'true'])), 'feature-gates': { ClusterTrustBundle: 'true', StorageVersionMigrator: 'true' } });
});
after(() => on?.stop());

async function call(token: string, method: string, path: string, body?: unknown, contentType = 'application/json') {
  const r = await apiRequest(on, path, { method, token, headers: body ? { 'content-type': contentType } : {}, body: body ? JSON.stringify(body) : undefined });
  return { status: r.status, body: r.body.startsWith('{') ? r.json() : r.body };
}
const admin = (method: string, path: string, body?: unknown, contentType?: string) => call('admin-token', method, path, body, contentType);
const causes = (r: { body: any }): string[] => (r.body.details?.causes ?? []).map((c: any) => `${c.field}: ${c.message}`);

test('by default none of the beta and alpha versions is served', async () => {
  const off = await startCoreApiserver();
  try {
    const versions = (await off.call('GET', '/apis')).body.groups.flatMap((g: any) => g.versions.map((v: any) => v.groupVersion));
    for (const gv of GATED) assert.ok(!versions.includes(gv), `${gv} is off`);
    for (const gv of ['certificates.orch.io/v1', 'coordination.orch.io/v1', 'resource.orch.io/v1']) assert.ok(versions.includes(gv), `${gv} is on`);
    assert.ok(!versions.some((gv: string) => gv.startsWith('storagemigration.')), 'no storagemigration group');
    for (const path of PATHS) assert.equal((await off.call('GET', path)).status, 404, path);
    const openapi = Object.keys((await off.call('GET', '/openapi/v3')).body.paths);
    assert.ok(!openapi.some((p) => GATED.some((gv) => p === `apis/${gv}`)), `v3: ${openapi}`);
  } finally {
    await off.stop();
  }
});

test('--runtime-config serves each of them, listed in discovery after the GA version', async () => {
  const versions = (await admin('GET', '/apis')).body.groups.flatMap((g: any) => g.versions.map((v: any) => v.groupVersion));
  for (const gv of GATED) assert.ok(versions.includes(gv), `${gv} is on`);
  for (const path of PATHS) assert.equal((await admin('GET', path)).status, 200, path);
  const coordination = (await admin('GET', '/apis/coordination.orch.io')).body;
  assert.equal(coordination.preferredVersion.version, 'v1');
  const svm = (await admin('GET', '/apis/storagemigration.orch.io')).body;
  assert.equal(svm.preferredVersion.version, 'v1beta1');
});

const CTB = '/apis/certificates.orch.io/v1beta1/clustertrustbundles';

test('cluster trust bundles: names follow the signer, anchors are CA certificates, the signer is fixed', async () => {
  const ca = makeCertificate('/CN=root-a', true);
  const ok = await admin('POST', CTB, { metadata: { name: 'example.com:signer:one' }, spec: { signerName: 'example.com/signer', trustBundle: ca } });
  assert.equal(ok.status, 201, JSON.stringify(ok.body));
  const plain = await admin('POST', CTB, { metadata: { name: 'plain' }, spec: { trustBundle: ca } });
  assert.equal(plain.status, 201, JSON.stringify(plain.body));
  const bad = await admin('POST', CTB, { metadata: { name: 'wrong' }, spec: { signerName: 'example.com/signer', trustBundle: `${ca}${ca}` } });
  assert.deepEqual(causes(bad), [
    'metadata.name: Invalid value: "wrong": ClusterTrustBundle for signerName example.com/signer must be named with prefix example.com:signer:',
    'spec.trustBundle: Invalid value: "<value omitted>": duplicate trust anchor (indices [0 1])',
  ]);
  const leaf = await admin('POST', CTB, { metadata: { name: 'leaf' }, spec: { trustBundle: makeCertificate('/CN=leaf') } });
  assert.deepEqual(causes(leaf), ['spec.trustBundle: Invalid value: "<value omitted>": entry 0 does not have the CA bit set']);
  const colon = await admin('POST', CTB, { metadata: { name: 'a:b' }, spec: { trustBundle: ca } });
  assert.deepEqual(causes(colon), ['metadata.name: Invalid value: "a:b": ClusterTrustBundle without signer name must not have ":" in its name']);
  const moved = await admin('PATCH', `${CTB}/example.com:signer:one`, { spec: { signerName: 'example.com/other' } }, 'application/merge-patch+json');
  assert.equal(moved.status, 422, JSON.stringify(moved.body));
  assert.ok(causes(moved).includes('spec.signerName: Invalid value: "example.com/other": field is immutable'), causes(moved).join('\n'));
  const table = (await apiRequest(on, CTB, { token: 'admin-token', headers: { accept: 'application/json;as=Table;v=v1;g=meta.k8s.io' } })).json() as any;
  assert.deepEqual(table.columnDefinitions.map((c: any) => c.name), ['Name', 'SignerName']);
  const selected = await admin('GET', `${CTB}?fieldSelector=spec.signerName%3Dexample.com%2Fsigner`);
  assert.deepEqual(selected.body.items.map((i: any) => i.metadata.name), ['example.com:signer:one']);
});

test('ClusterTrustBundleAttest: a bundle for a signer needs attest on it', async () => {
  const rbac = '/apis/rbac.authorization.orch.io/v1';
  await admin('POST', `${rbac}/clusterroles`, { metadata: { name: 'ctb-writer' }, rules: [{ apiGroups: ['certificates.orch.io'], resources: ['clustertrustbundles'], verbs: ['create', 'get', 'update', 'patch'] }] });
  await admin('POST', `${rbac}/clusterrolebindings`, { metadata: { name: 'ctb-writer' }, roleRef: { apiGroup: 'rbac.authorization.orch.io', kind: 'ClusterRole', name: 'ctb-writer' }, subjects: [{ apiGroup: 'rbac.authorization.orch.io', kind: 'User', name: 'alice' }] });
  await delay(100);
  const body = { metadata: { name: 'example.com:team:alice' }, spec: { signerName: 'example.com/team', trustBundle: makeCertificate('/CN=team', true) } };
  const refused = await call('alice-token', 'POST', CTB, body);
  assert.equal(refused.status, 403, JSON.stringify(refused.body));
  assert.equal(refused.body.message, 'clustertrustbundles.certificates.orch.io "example.com:team:alice" is forbidden: user not permitted to attest for signerName "example.com/team"');
  const unsigned = await call('alice-token', 'POST', CTB, { metadata: { name: 'alice-plain' }, spec: { trustBundle: body.spec.trustBundle } });
  assert.equal(unsigned.status, 201, JSON.stringify(unsigned.body));
  await admin('POST', `${rbac}/clusterroles`, { metadata: { name: 'team-attest' }, rules: [{ apiGroups: ['certificates.orch.io'], resources: ['signers'], resourceNames: ['example.com/team'], verbs: ['attest'] }] });
  await admin('POST', `${rbac}/clusterrolebindings`, { metadata: { name: 'team-attest' }, roleRef: { apiGroup: 'rbac.authorization.orch.io', kind: 'ClusterRole', name: 'team-attest' }, subjects: [{ apiGroup: 'rbac.authorization.orch.io', kind: 'User', name: 'alice' }] });
  await delay(100);
  const allowed = await call('alice-token', 'POST', CTB, body);
  assert.equal(allowed.status, 201, JSON.stringify(allowed.body));
});

test('lease candidates: versions, strategy and an immutable lease name; v1alpha2 sees the same objects', async () => {
  const LC = '/apis/coordination.orch.io/v1beta1/namespaces/default/leasecandidates';
  const ok = await admin('POST', LC, { metadata: { name: 'orch-controller-manager-a' }, spec: { leaseName: 'orch-controller-manager', binaryVersion: '1.35.0', emulationVersion: '1.34.0', strategy: 'OldestEmulationVersion' } });
  assert.equal(ok.status, 201, JSON.stringify(ok.body));
  const bad = await admin('POST', LC, { metadata: { name: 'bad' }, spec: { leaseName: 'x', binaryVersion: '1.34.0', emulationVersion: '1.35.0', strategy: 'Newest' } });
  assert.deepEqual(causes(bad), [
    'spec.binaryVersion: Invalid value: "1.34.0": must be greater than or equal to `emulationVersion`',
    'spec.strategy.strategy: Unsupported value: "Newest": supported values: "OldestEmulationVersion"',
  ]);
  const none = await admin('POST', LC, { metadata: { name: 'none' }, spec: { leaseName: 'x', binaryVersion: 'v1', strategy: 'OldestEmulationVersion' } });
  assert.deepEqual(causes(none), ['spec.binaryVersion: Invalid value: "v1": must be a valid semantic version', "spec.emulationVersion: Required value: must be specified when `strategy` is 'OldestEmulationVersion'"]);
  const renamed = await admin('PATCH', `${LC}/orch-controller-manager-a`, { spec: { leaseName: 'other' } }, 'application/merge-patch+json');
  assert.deepEqual(causes(renamed), ['spec.leaseName: Invalid value: "other": field is immutable']);
  const alpha = await admin('GET', '/apis/coordination.orch.io/v1alpha2/namespaces/default/leasecandidates/orch-controller-manager-a');
  assert.equal(alpha.body.apiVersion, 'coordination.orch.io/v1alpha2');
  assert.equal(alpha.body.spec.binaryVersion, '1.35.0');
});

test('storage version migrations: a fixed resource, a status only through /status with its rules', async () => {
  const SVM = '/apis/storagemigration.orch.io/v1beta1/storageversionmigrations';
  const made = await admin('POST', SVM, { metadata: { name: 'secrets' }, spec: { resource: { group: '', resource: 'secrets' } }, status: { resourceVersion: '5' } });
  assert.equal(made.status, 201, JSON.stringify(made.body));
  assert.deepEqual(made.body.status, {});
  const missing = await admin('POST', SVM, { metadata: { name: 'nothing' }, spec: { resource: { group: 'apps' } } });
  assert.deepEqual(causes(missing), ['spec.resource.resource: Required value: resource is required']);
  const moved = await admin('PATCH', `${SVM}/secrets`, { spec: { resource: { resource: 'configmaps' } } }, 'application/merge-patch+json');
  assert.deepEqual(causes(moved), ['spec.resource.resource: Invalid value: "configmaps": field is immutable']);
  const now = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
  const running = await admin('PATCH', `${SVM}/secrets/status`, { status: { resourceVersion: '42', conditions: [{ type: 'Running', status: 'True', reason: 'Started', lastTransitionTime: now }] } }, 'application/merge-patch+json');
  assert.equal(running.status, 200, JSON.stringify(running.body));
  const both = await admin('PATCH', `${SVM}/secrets/status`, { status: { resourceVersion: '43', conditions: [{ type: 'Succeeded', status: 'True', reason: 'Done', lastTransitionTime: now }, { type: 'Failed', status: 'True', reason: 'Oops', lastTransitionTime: now }] } }, 'application/merge-patch+json');
  const found = causes(both);
  assert.ok(found.includes('status.resourceVersion: Invalid value: "43": cannot be updated'), found.join('\n'));
  assert.ok(found.some((c) => c.endsWith('Both success and failed conditions cannot be true at the same time')), found.join('\n'));
  const table = (await apiRequest(on, SVM, { token: 'admin-token', headers: { accept: 'application/json;as=Table;v=v1;g=meta.k8s.io' } })).json() as any;
  assert.deepEqual(table.rows[0].cells, ['secrets', 'secrets']);
});
