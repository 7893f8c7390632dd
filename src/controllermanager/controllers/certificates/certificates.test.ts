// The certificate controllers' decisions: each signer's request rules, the signing policy (usages,
// lifetimes), certificates issued from real requests and checked with Node's X.509, the
// approver's SubjectAccessReview and /approval write, and the cleaner's deadlines.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { webcrypto, X509Certificate } from 'node:crypto';
import type { CertificateSigningRequest } from '../../../api/certificates/v1/types.ts';
import type { RestClient, RequestOptions } from '../../../client/rest/client.ts';
import { FakeClock } from '../../../client/clock/fake-clock.ts';
import { createCA } from '../../../component-base/certs/issue.ts';
import { ECDSA_P256, RSA_2048, type KeyAlgorithm } from '../../../component-base/certs/keys.ts';
import { readCertificateRequest } from './certificate-request.ts';
import { nodeClientRequestError, nodeServingRequestError, apiserverClientUsagesError } from './signer-requests.ts';
import { certificateDurationMs, certificateUsages, certificateValidity } from './signing-policy.ts';
import { CAProvider } from './ca-provider.ts';
import { signHandler, signerFiles } from './signing-controller.ts';
import { approveHandler } from './approving-controller.ts';
import { IgnorableError } from './csr-controller.ts';
import { cleanupReason } from './csr-cleaner.ts';
import { bundleName } from './ctb-publisher.ts';
import { pcrExpired } from './pcr-cleaner.ts';
import { x509Library } from './x509-library.ts';

const HOUR = 3600_000;

async function requestPem(subject: string, names: Array<{ type: 'dns' | 'ip' | 'email' | 'url'; value: string }> = []): Promise<string> {
  const x509 = await x509Library();
  const keys = (await webcrypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign', 'verify'])) as webcrypto.CryptoKeyPair;
  const req = await x509.Pkcs10CertificateRequestGenerator.create(
    { name: subject, keys: keys as never, signingAlgorithm: { name: 'ECDSA', hash: 'SHA-256' } as never, extensions: names.length ? [new x509.SubjectAlternativeNameExtension(names)] : [] },
    webcrypto as never,
  );
  return req.toString('pem');
}

function csrOf(name: string, pem: string, spec: Partial<CertificateSigningRequest['spec']>, conditions: Array<{ type: string; status?: string; lastUpdateTime?: string }> = []): CertificateSigningRequest {
  return {
    metadata: { name, creationTimestamp: '2026-01-01T00:00:00Z' },
    spec: { request: Buffer.from(pem).toString('base64'), signerName: 'orch.io/kube-apiserver-client', usages: ['digital signature', 'client auth'], ...spec },
    status: { conditions: conditions.map((c) => ({ status: 'True', ...c })) },
  };
}

/** A client that answers from `answer` and records every request. */
function fakeClient(answer: (req: RequestOptions) => unknown = () => ({})): { client: RestClient; requests: RequestOptions[] } {
  const requests: RequestOptions[] = [];
  const client = { request: async (req: RequestOptions) => (requests.push(structuredClone(req)), answer(req)) } as unknown as RestClient;
  return { client, requests };
}

async function caFiles(algorithm: KeyAlgorithm = RSA_2048, lifetimeMs = 48 * HOUR): Promise<{ certFile: string; keyFile: string; certPem: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'orch-csr-ca-'));
  const ca = await createCA({ commonName: 'test-signing-ca', lifetimeMs, algorithm });
  writeFileSync(join(dir, 'ca.crt'), ca.certPem);
  writeFileSync(join(dir, 'ca.key'), ca.keyPem);
  return { certFile: join(dir, 'ca.crt'), keyFile: join(dir, 'ca.key'), certPem: ca.certPem };
}

test('node client requests: system:nodes only, system:node: names, no alternative names, the client usages', async () => {
  const good = await readCertificateRequest(Buffer.from(await requestPem('CN=system:node:n1, O=system:nodes')).toString('base64'));
  assert.equal(nodeClientRequestError(good, ['digital signature', 'key encipherment', 'client auth']), undefined);
  assert.equal(nodeClientRequestError(good, ['digital signature', 'client auth', 'client auth']), undefined);
  assert.equal(nodeClientRequestError(good, ['client auth']), 'usages did not match [client auth digital signature key encipherment]');
  const other = await readCertificateRequest(Buffer.from(await requestPem('CN=system:node:n1, O=system:nodes, O=dev')).toString('base64'));
  assert.equal(nodeClientRequestError(other, ['digital signature', 'client auth']), 'subject organization is not system:nodes');
  const named = await readCertificateRequest(Buffer.from(await requestPem('CN=system:node:n1, O=system:nodes', [{ type: 'dns', value: 'n1' }])).toString('base64'));
  assert.equal(nodeClientRequestError(named, ['digital signature', 'client auth']), 'DNS subjectAltNames are not allowed');
  const person = await readCertificateRequest(Buffer.from(await requestPem('CN=alice, O=system:nodes')).toString('base64'));
  assert.equal(nodeClientRequestError(person, ['digital signature', 'client auth']), 'subject common name does not begin with system:node:');
  assert.equal(nodeServingRequestError(good, ['digital signature', 'server auth']), 'DNS or IP subjectAltName is required');
  const serving = await readCertificateRequest(Buffer.from(await requestPem('CN=system:node:n1, O=system:nodes', [{ type: 'ip', value: '10.0.0.1' }])).toString('base64'));
  assert.equal(nodeServingRequestError(serving, ['digital signature', 'server auth']), undefined);
  assert.equal(nodeServingRequestError(serving, ['server auth']), 'usages did not match [digital signature key encipherment server auth]');
  assert.equal(apiserverClientUsagesError(['client auth', 'key encipherment']), undefined);
  assert.equal(apiserverClientUsagesError(['server auth', 'client auth']), 'invalid usage for client certificate: server auth');
  assert.equal(apiserverClientUsagesError(['digital signature']), 'missing required usage for client certificate: client auth');
});

test('the signing policy: usages to key usage bits and extended key usages, lifetimes and backdating', () => {
  assert.deepEqual(certificateUsages(['client auth', 'signing', 'digital signature', 'server auth', 'any']), {
    keyUsages: ['digitalSignature'],
    extKeyUsages: ['2.5.29.37.0', '1.3.6.1.5.5.7.3.1', '1.3.6.1.5.5.7.3.2'],
  });
  assert.throws(() => certificateUsages(['client auth', 'flying']), { message: 'unrecognized usage values: ["flying"]' });
  assert.equal(certificateDurationMs(24 * HOUR, undefined), 24 * HOUR);
  assert.equal(certificateDurationMs(24 * HOUR, 48 * 3600), 24 * HOUR);
  assert.equal(certificateDurationMs(24 * HOUR, 3600), HOUR);
  assert.equal(certificateDurationMs(24 * HOUR, 60), 600_000);
  const now = Date.UTC(2026, 0, 1);
  assert.deepEqual(certificateValidity(now, HOUR, now + 100 * HOUR), { notBefore: now - 300_000, notAfter: now + HOUR });
  assert.deepEqual(certificateValidity(now, 24 * HOUR, now + 100 * HOUR), { notBefore: now - 300_000, notAfter: now + 24 * HOUR - 300_000 });
  assert.deepEqual(certificateValidity(now, 24 * HOUR, now + 2 * HOUR), { notBefore: now - 300_000, notAfter: now + 2 * HOUR });
  assert.throws(() => certificateValidity(now, HOUR, now - HOUR), { message: 'the signer has expired: NotAfter=2025-12-31 23:00:00 +0000 UTC' });
});

test('an approved request to orch.io/kube-apiserver-client gets a certificate from the CA, with its subject, usages and lifetime', async () => {
  for (const algorithm of [RSA_2048, ECDSA_P256] as KeyAlgorithm[]) {
    const files = await caFiles(algorithm);
    const ca = await CAProvider.load(files.certFile, files.keyFile);
    const clock = new FakeClock(Date.now());
    const { client, requests } = fakeClient();
    const handle = signHandler({ client, signer: 'orch.io/kube-apiserver-client', ca, maxDurationMs: 24 * HOUR, clock });
    const pem = await requestPem('CN=alice, O=dev, O=ops');
    const csr = csrOf('alice', pem, { expirationSeconds: 7200, usages: ['digital signature', 'key encipherment', 'client auth'] }, [{ type: 'Approved' }]);
    await handle(csr, new AbortController().signal);
    assert.equal(requests.length, 1);
    assert.equal(requests[0]!.method, 'PUT');
    assert.equal(requests[0]!.path, '/apis/certificates.orch.io/v1/certificatesigningrequests/alice/status');
    const body = requests[0]!.body as CertificateSigningRequest;
    const cert = new X509Certificate(Buffer.from(body.status!.certificate!, 'base64'));
    const caCert = new X509Certificate(files.certPem);
    assert.ok(cert.checkIssued(caCert) && cert.verify(caCert.publicKey), 'signed by the CA');
    assert.equal(cert.subject, 'CN=alice\nO=dev\nO=ops');
    assert.equal(cert.ca, false);
    assert.deepEqual(cert.keyUsage, ['1.3.6.1.5.5.7.3.2']);
    assert.equal(Date.parse(cert.validTo) - Math.floor(clock.now() / 1000) * 1000, 2 * HOUR);
    assert.ok(Math.abs(Date.parse(cert.validFrom) - (clock.now() - 300_000)) < 1000);
  }
});

test('the signer leaves requests that are not approved, denied, failed or for another signer; refuses bad ones with Failed', async () => {
  const files = await caFiles(ECDSA_P256);
  const ca = await CAProvider.load(files.certFile, files.keyFile);
  const { client, requests } = fakeClient();
  const clock = new FakeClock(Date.UTC(2026, 0, 2));
  const handle = signHandler({ client, signer: 'orch.io/kube-apiserver-client-kubelet', ca, maxDurationMs: 24 * HOUR, clock });
  const pem = await requestPem('CN=alice, O=dev');
  const spec = { signerName: 'orch.io/kube-apiserver-client-kubelet' };
  const signal = new AbortController().signal;
  await handle(csrOf('pending', pem, spec), signal);
  await handle(csrOf('denied', pem, spec, [{ type: 'Approved' }, { type: 'Denied' }]), signal);
  await handle(csrOf('failed', pem, spec, [{ type: 'Approved' }, { type: 'Failed' }]), signal);
  await handle(csrOf('other', pem, {}, [{ type: 'Approved' }]), signal);
  assert.equal(requests.length, 0);
  await handle(csrOf('bad', pem, spec, [{ type: 'Approved' }]), signal);
  const failed = (requests[0]!.body as CertificateSigningRequest).status!.conditions!.at(-1)!;
  assert.deepEqual(failed, { type: 'Failed', status: 'True', reason: 'SignerValidationFailure', message: 'subject organization is not system:nodes', lastUpdateTime: '2026-01-02T00:00:00Z' });
});

test('signer files: the general pair serves every signer, specific pairs only their own, both together refused', () => {
  const none = { certFile: '', keyFile: '' };
  const base = { clusterSigningCertFile: '', clusterSigningKeyFile: '', clusterSigningDurationMs: HOUR, signerFiles: {} as Record<string, { certFile: string; keyFile: string }> };
  assert.equal(signerFiles(base).size, 0);
  assert.deepEqual([...signerFiles({ ...base, clusterSigningCertFile: 'ca.crt', clusterSigningKeyFile: 'ca.key' }).keys()], [
    'orch.io/kubelet-serving', 'orch.io/kube-apiserver-client-kubelet', 'orch.io/kube-apiserver-client', 'orch.io/legacy-unknown',
  ]);
  const specific = { ...base, signerFiles: { 'orch.io/kube-apiserver-client': { certFile: 'a.crt', keyFile: 'a.key' }, 'orch.io/kubelet-serving': none } };
  assert.deepEqual([...signerFiles(specific)], [['orch.io/kube-apiserver-client', { certFile: 'a.crt', keyFile: 'a.key' }]]);
  assert.throws(() => signerFiles({ ...specific, clusterSigningCertFile: 'ca.crt', clusterSigningKeyFile: 'ca.key' }), { message: 'cannot specify default and per controller certs at the same time' });
});

test('the approver approves a node client request its requester may create through selfnodeclient, after a SubjectAccessReview', async () => {
  let allowed = true;
  const { client, requests } = fakeClient((req) => (req.path.includes('subjectaccessreviews') ? { status: { allowed } } : {}));
  const handle = approveHandler(client);
  const pem = await requestPem('CN=system:node:n1, O=system:nodes');
  const node = { signerName: 'orch.io/kube-apiserver-client-kubelet', username: 'system:node:n1', groups: ['system:nodes'], usages: ['digital signature', 'client auth'] };
  await handle(csrOf('node-csr', pem, node), new AbortController().signal);
  assert.equal(requests.length, 2);
  const review = requests[0]!.body as { spec: Record<string, unknown> };
  assert.equal(requests[0]!.path, '/apis/authorization.orch.io/v1/subjectaccessreviews');
  assert.deepEqual(review.spec.resourceAttributes, { group: 'certificates.orch.io', resource: 'certificatesigningrequests', verb: 'create', subresource: 'selfnodeclient' });
  assert.equal(review.spec.user, 'system:node:n1');
  assert.equal(requests[1]!.path, '/apis/certificates.orch.io/v1/certificatesigningrequests/node-csr/approval');
  assert.deepEqual((requests[1]!.body as CertificateSigningRequest).status!.conditions, [
    { type: 'Approved', status: 'True', reason: 'AutoApproved', message: 'Auto approving self kubelet client certificate after SubjectAccessReview.' },
  ]);

  // Asked for by someone else: only nodeclient applies; refused, the request is retried quietly.
  allowed = false;
  requests.length = 0;
  await assert.rejects(handle(csrOf('bootstrap', pem, { ...node, username: 'system:bootstrap:abcdef' }), new AbortController().signal), (err: Error) => {
    assert.ok(err instanceof IgnorableError);
    assert.equal(err.message, 'recognized csr "bootstrap" as [nodeclient] but subject access review was not approved');
    return true;
  });
  // Other signers and people's requests are not the approver's business.
  requests.length = 0;
  await handle(csrOf('person', pem, { ...node, signerName: 'orch.io/kube-apiserver-client' }), new AbortController().signal);
  await handle(csrOf('approved', pem, node, [{ type: 'Approved' }]), new AbortController().signal);
  assert.equal(requests.length, 0);
});

test('the cleaner: issued, denied and failed after an hour, pending after a day, expired certificates', async () => {
  const now = Date.UTC(2026, 0, 2, 12);
  const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
  const pem = await requestPem('CN=alice');
  const withCert = (csr: CertificateSigningRequest, certPem: string) => ({ ...csr, status: { ...csr.status, certificate: Buffer.from(certPem).toString('base64') } });
  const ca = await createCA({ commonName: 'c', lifetimeMs: 10 * HOUR, algorithm: ECDSA_P256, now: new Date(now) });
  const expired = await createCA({ commonName: 'old', lifetimeMs: HOUR, algorithm: ECDSA_P256, now: new Date(now - 3 * HOUR) });
  assert.equal(cleanupReason(withCert(csrOf('a', pem, {}, [{ type: 'Approved', lastUpdateTime: iso(now - 2 * HOUR) }]), ca.certPem), now), 'Cleaning CSR as it is more than 1h0m0s old and approved.');
  assert.equal(cleanupReason(withCert(csrOf('a', pem, {}, [{ type: 'Approved', lastUpdateTime: iso(now - 1800_000) }]), ca.certPem), now), undefined);
  assert.equal(cleanupReason(csrOf('a', pem, {}, [{ type: 'Approved', lastUpdateTime: iso(now - 2 * HOUR) }]), now), undefined, 'approved, not issued');
  assert.equal(cleanupReason(csrOf('d', pem, {}, [{ type: 'Denied', lastUpdateTime: iso(now - 2 * HOUR) }]), now), 'Cleaning CSR as it is more than 1h0m0s old and denied.');
  assert.equal(cleanupReason(csrOf('f', pem, {}, [{ type: 'Failed', lastUpdateTime: iso(now - 2 * HOUR) }]), now), 'Cleaning CSR as it is more than 1h0m0s old and failed.');
  const pending = csrOf('p', pem, {});
  assert.equal(cleanupReason({ ...pending, metadata: { name: 'p', creationTimestamp: iso(now - 23 * HOUR) } }, now), undefined);
  assert.equal(cleanupReason({ ...pending, metadata: { name: 'p', creationTimestamp: iso(now - 25 * HOUR) } }, now), 'Cleaning CSR as it is more than 24h0m0s old and unhandled.');
  assert.equal(cleanupReason(withCert(csrOf('e', pem, {}, [{ type: 'Approved', lastUpdateTime: iso(now - 60_000) }]), expired.certPem), now), 'Cleaning CSR as the associated certificate is expired.');
});

test('trust bundle names and the pod certificate request threshold', () => {
  assert.match(bundleName('orch.io/kube-apiserver-serving', 'x'), /^orch\.io:kube-apiserver-serving:2d711642b726b04401627ca9$/);
  const created = '2026-01-01T00:00:00Z';
  assert.equal(pcrExpired({ metadata: { creationTimestamp: created } }, Date.UTC(2026, 0, 1, 0, 14)), false);
  assert.equal(pcrExpired({ metadata: { creationTimestamp: created } }, Date.UTC(2026, 0, 1, 0, 15)), true);
});
