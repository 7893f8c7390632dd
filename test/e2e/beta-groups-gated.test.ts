// Alpha and beta resources behind feature gates, as Kubernetes 1.35 serves them: with the group
// version enabled by --runtime-config but the gate off, the resource is neither routed nor
// discovered (its group version is gone when nothing else is in it); with the gate on,
// resource.orch.io/v1alpha3 DeviceTaintRules (timeAdded set and renewed with the effect, the
// generation counted, /status with at most 8 conditions) and certificates.orch.io/v1beta1
// PodCertificateRequests (key and proof checked, spec immutable, /status from nothing to Issued
// once, field selectors) are served.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { KeyObject, generateKeyPairSync, sign } from 'node:crypto';
import { startCoreApiserver, type CoreApiserver } from '../support/core-apiserver.ts';
import { createCA, issueClientCert } from '../../src/component-base/certs/issue.ts';

const RUNTIME = { 'resource.orch.io/v1alpha3': 'true', 'certificates.orch.io/v1beta1': 'true' };
const DTR = '/apis/resource.orch.io/v1alpha3/devicetaintrules';
const PCR = '/apis/certificates.orch.io/v1beta1/namespaces/default/podcertificaterequests';

let on: CoreApiserver;
before(async () => {
  on = await startCoreApiserver({ 'runtime-config': RUNTIME, 'feature-gates': { DRADeviceTaints: 'true', DRADeviceTaintRules: 'true', PodCertificateRequest: 'true' } });
});
after(() => on?.stop());

const causes = (r: { body: any }): string[] => (r.body.details?.causes ?? []).map((c: any) => `${c.field}: ${c.message}`);
const versions = async (s: CoreApiserver) => (await s.call('GET', '/apis')).body.groups.flatMap((g: any) => g.versions.map((v: any) => v.groupVersion));

test('group versions enabled, gates off: neither routed nor discovered', async () => {
  const off = await startCoreApiserver({ 'runtime-config': RUNTIME });
  try {
    const served = await versions(off);
    assert.ok(!served.includes('resource.orch.io/v1alpha3'), 'v1alpha3 holds only the gated rule');
    assert.equal((await off.call('GET', DTR)).status, 404);
    assert.equal((await off.call('GET', PCR)).status, 404);
    // ClusterTrustBundles share the version: it stays, without the request kind.
    const names = (await off.call('GET', '/apis/certificates.orch.io/v1beta1')).body.resources?.map((r: any) => r.name) ?? [];
    assert.ok(!names.includes('podcertificaterequests') && !names.includes('clustertrustbundles'), `${names}`);
    const openapi = Object.keys((await off.call('GET', '/openapi/v3')).body.paths);
    assert.ok(!openapi.includes('apis/resource.orch.io/v1alpha3'), `${openapi}`);
  } finally {
    await off.stop();
  }
});

test('gates on: both resources are discovered', async () => {
  assert.ok((await versions(on)).includes('resource.orch.io/v1alpha3'));
  const cert = (await on.call('GET', '/apis/certificates.orch.io/v1beta1')).body.resources.map((r: any) => r.name);
  assert.ok(cert.includes('podcertificaterequests') && cert.includes('podcertificaterequests/status'), `${cert}`);
  const res = (await on.call('GET', '/apis/resource.orch.io/v1alpha3')).body.resources.map((r: any) => r.name);
  assert.deepEqual(res.sort(), ['devicetaintrules', 'devicetaintrules/status']);
});

test('device taint rules: validation, timeAdded, generation and status', async () => {
  const bad = await on.call('POST', DTR, { metadata: { name: 'bad' }, spec: { deviceSelector: { driver: 'Not_A_Driver', device: 'Dev' }, taint: { key: 'example.com/t', effect: 'PreferNoSchedule' } } });
  assert.equal(bad.status, 422);
  assert.deepEqual(causes(bad).map((c) => c.split(':')[0]).sort(), ['spec.deviceSelector.device', 'spec.deviceSelector.driver', 'spec.taint.effect']);
  const created = await on.call('POST', DTR, { metadata: { name: 'gpu-maintenance' }, spec: { deviceSelector: { driver: 'gpu.example.com', pool: 'node-1' }, taint: { key: 'example.com/maintenance', effect: 'None' } }, status: { conditions: [{ type: 'X', status: 'True', reason: 'R', lastTransitionTime: '2025-01-01T00:00:00Z' }] } });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  const added = created.body.spec.taint.timeAdded;
  assert.match(added, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
  assert.equal(created.body.metadata.generation, 1);
  assert.deepEqual(created.body.status, {}, 'a create starts with an empty status');
  await new Promise((r) => setTimeout(r, 1100));
  const path = `${DTR}/gpu-maintenance`;
  const effect = await on.call('PATCH', path, { spec: { taint: { effect: 'NoExecute' } } }, { 'content-type': 'application/merge-patch+json' });
  assert.equal(effect.status, 200, JSON.stringify(effect.body));
  assert.notEqual(effect.body.spec.taint.timeAdded, added, 'a new effect gets a new time');
  assert.equal(effect.body.metadata.generation, 2);
  const value = await on.call('PATCH', path, { spec: { taint: { value: 'soon' } } }, { 'content-type': 'application/merge-patch+json' });
  assert.equal(value.body.spec.taint.timeAdded, effect.body.spec.taint.timeAdded, 'the time stays with the effect');
  const condition = (type: string) => ({ type, status: 'True', reason: 'Evicting', message: '1 pod', lastTransitionTime: '2025-01-01T00:00:00Z' });
  const status = await on.call('PATCH', `${path}/status`, { status: { conditions: [condition('EvictionInProgress')] }, spec: { taint: { effect: 'None' } } }, { 'content-type': 'application/merge-patch+json' });
  assert.equal(status.status, 200, JSON.stringify(status.body));
  assert.equal(status.body.status.conditions[0].type, 'EvictionInProgress');
  assert.equal(status.body.spec.taint.effect, 'NoExecute', '/status leaves the spec');
  const many = await on.call('PATCH', `${path}/status`, { status: { conditions: Array.from({ length: 9 }, (_, i) => condition(`C${i}`)) } }, { 'content-type': 'application/merge-patch+json' });
  assert.deepEqual(causes(many), ['status.conditions: Too many: 9: must have at most 8 items']);
  const { resourceVersion: _stale, ...metadata } = value.body.metadata;
  const kept = await on.call('PUT', path, { ...value.body, metadata, status: {} });
  assert.equal(kept.status, 200, 'an update without resourceVersion is accepted');
  assert.equal(kept.body.status.conditions.length, 1, 'the main resource keeps the status');
});

/** A key pair, its PKIX DER and a proof of possession for a pod uid. */
function ecdsaRequest(podUID: string) {
  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  return {
    pkixPublicKey: publicKey.export({ type: 'spki', format: 'der' }).toString('base64'),
    proofOfPossession: sign('sha256', Buffer.from(podUID), { key: privateKey, dsaEncoding: 'der' }).toString('base64'),
  };
}

const spec = (podUID: string, key: { pkixPublicKey: string; proofOfPossession: string }) => ({
  signerName: 'example.com/pods',
  podName: 'web-0',
  podUID,
  serviceAccountName: 'default',
  serviceAccountUID: 'sa-uid',
  nodeName: 'node-1',
  nodeUID: 'node-uid',
  ...key,
});

test('pod certificate requests: key checks, defaults, an immutable spec, field selectors', async () => {
  const key = ecdsaRequest('pod-uid-1');
  const created = await on.call('POST', PCR, { metadata: { name: 'web-0-1' }, spec: spec('pod-uid-1', key) });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  assert.equal(created.body.spec.maxExpirationSeconds, 86400);
  const wrongProof = await on.call('POST', PCR, { metadata: { name: 'web-0-2' }, spec: spec('pod-uid-2', key) });
  assert.deepEqual(causes(wrongProof), ['spec.proofOfPossession: Invalid value: could not verify proof-of-possession signature']);
  const small = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const rsa = { pkixPublicKey: small.publicKey.export({ type: 'spki', format: 'der' }).toString('base64'), proofOfPossession: '' };
  const weak = await on.call('POST', PCR, { metadata: { name: 'web-0-3' }, spec: { ...spec('pod-uid-3', rsa), signerName: 'orch.io/pods', maxExpirationSeconds: 90000 } });
  assert.deepEqual(causes(weak), [
    'spec.maxExpirationSeconds: Invalid value: 90000: must be in the range [3600, 86400]',
    'spec.pkixPublicKey: Invalid value: "2048-bit modulus": RSA keys must have modulus size 3072 or 4096',
  ]);
  const update = await on.call('PUT', `${PCR}/web-0-1`, { ...created.body, spec: { ...created.body.spec, podName: 'web-1' } });
  assert.equal(update.status, 422);
  assert.match(causes(update).join(), /^spec: Invalid value: .*field is immutable/);
  const selected = await on.call('GET', `${PCR}?fieldSelector=spec.nodeName=node-1,spec.signerName=example.com/pods`);
  assert.deepEqual(selected.body.items.map((i: any) => i.metadata.name), ['web-0-1']);
  assert.equal((await on.call('GET', `${PCR}?fieldSelector=spec.podName=other`)).body.items.length, 0);
});

test('pod certificate requests: /status goes once to Issued with a certificate for the requested key', async () => {
  const ca = await createCA({ commonName: 'pods-ca', lifetimeMs: 86400_000, algorithm: { name: 'ECDSA', namedCurve: 'P-256' } });
  const issue = (now: Date) => issueClientCert({ ca: ca.cert, caKey: ca.keys.privateKey, commonName: 'web-0', lifetimeMs: 2 * 3600_000, now, algorithm: { name: 'ECDSA', namedCurve: 'P-256' } });
  const first = await issue(new Date());
  const leaf = await issue(new Date(Date.now() + (Date.now() - first.cert.notBefore.getTime())));
  const privateKey = KeyObject.from(leaf.keys.privateKey);
  const publicKey = KeyObject.from(leaf.keys.publicKey);
  const key = {
    pkixPublicKey: publicKey.export({ type: 'spki', format: 'der' }).toString('base64'),
    proofOfPossession: sign('sha256', Buffer.from('pod-uid-9'), { key: privateKey, dsaEncoding: 'der' }).toString('base64'),
  };
  const created = await on.call('POST', PCR, { metadata: { name: 'web-0-9' }, spec: spec('pod-uid-9', key) });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  const path = `${PCR}/web-0-9/status`;
  const rv = created.body.metadata.resourceVersion;
  const condition = (type: string, status = 'True') => ({ type, status, reason: 'Because', message: '', lastTransitionTime: new Date().toISOString().replace(/\.\d+Z$/, 'Z') });
  const put = (status: unknown, resourceVersion = rv) => on.call('PUT', path, { ...created.body, metadata: { ...created.body.metadata, resourceVersion }, status });
  const unknown = await put({ conditions: [condition('Approved')] });
  assert.deepEqual(causes(unknown), ['status.conditions[0].type: Unsupported value: "Approved": supported values: "Issued", "Denied", "Failed"']);
  const chainOnly = await put({ certificateChain: leaf.certPem });
  assert.deepEqual(causes(chainOnly), ['status: Invalid value: status is immutable unless transitioning to "Issued", "Denied", or "Failed"']);
  const iso = (d: Date) => d.toISOString().replace(/\.\d+Z$/, 'Z');
  const notBefore = leaf.cert.notBefore;
  const notAfter = leaf.cert.notAfter;
  const issued = {
    conditions: [condition('Issued')],
    certificateChain: leaf.certPem + ca.certPem,
    notBefore: iso(notBefore),
    notAfter: iso(notAfter),
    beginRefreshAt: iso(new Date(notAfter.getTime() - 30 * 60_000)),
  };
  const tooEarly = await put({ ...issued, beginRefreshAt: iso(new Date(notBefore.getTime() + 60_000)) });
  assert.match(causes(tooEarly).join(), /status\.beginRefreshAt: .*must be at least 10 minutes after status\.notBefore/);
  const ok = await put(issued);
  assert.equal(ok.status, 200, JSON.stringify(ok.body));
  assert.equal(ok.body.status.certificateChain, issued.certificateChain);
  const again = await put({ conditions: [condition('Failed')] }, ok.body.metadata.resourceVersion);
  assert.match(causes(again).join(), /immutable after PodCertificateRequest is issued, denied, or failed/);
});
