import { test } from 'node:test';
import assert from 'node:assert/strict';
import { X509Certificate, createPrivateKey, createPublicKey } from 'node:crypto';
import { createServer, connect } from 'node:tls';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { createCA, issueServingCert } from './issue.ts';
import { ECDSA_P256, RSA_2048, generateKeyPair, importPrivateKey, pem, privateKeyPem, publicKeyPem, serialNumber } from './keys.ts';

const DAY = 24 * 3600_000;
const now = new Date('2030-01-02T03:04:05Z');

for (const [label, algorithm, keyType] of [['RSA', RSA_2048, 'rsa'], ['ECDSA', ECDSA_P256, 'ec']] as const) {
  test(`${label}: a CA and a serving certificate for mixed DNS names and IPs, signed by it`, async () => {
    const ca = await createCA({ commonName: 'test-ca@1', lifetimeMs: 10 * 365 * DAY, now, algorithm });
    const serving = await issueServingCert({ ca: ca.certPem, caKey: ca.keys.privateKey, commonName: 'orch-apiserver', names: ['localhost', '127.0.0.1', '', 'localhost', '::1', 'api.test'], lifetimeMs: 365 * DAY, now, algorithm });
    const caCert = new X509Certificate(ca.certPem);
    const cert = new X509Certificate(serving.certPem);
    assert.equal(caCert.subject, 'CN=test-ca@1');
    assert.equal(caCert.ca, true);
    assert.equal(caCert.validToDate.getTime(), now.getTime() + 10 * 365 * DAY);
    assert.ok(caCert.validFromDate < now, 'backdated for clock skew');
    assert.equal(cert.subject, 'CN=orch-apiserver');
    assert.equal(cert.issuer, caCert.subject);
    assert.equal(cert.ca, false);
    assert.equal(cert.verify(caCert.publicKey), true);
    assert.equal(cert.validToDate.getTime(), now.getTime() + 365 * DAY);
    assert.equal(cert.subjectAltName, 'DNS:localhost, IP Address:127.0.0.1, IP Address:0:0:0:0:0:0:0:1, DNS:api.test');
    assert.deepEqual(cert.keyUsage, ['1.3.6.1.5.5.7.3.1']);
    assert.equal(cert.publicKey.asymmetricKeyType, keyType);
    assert.notEqual(cert.serialNumber, caCert.serialNumber);
    // The key PEM is the certificate's own.
    const derived = createPublicKey(createPrivateKey(serving.keyPem)).export({ type: 'spki', format: 'pem' });
    assert.equal(derived, cert.publicKey.export({ type: 'spki', format: 'pem' }));
  });
}

test('a TLS client trusting only the CA accepts the serving certificate', async (t) => {
  const ca = await createCA({ commonName: 'tls-ca', lifetimeMs: DAY, algorithm: ECDSA_P256 });
  const serving = await issueServingCert({ ca: ca.cert, caKey: ca.keys.privateKey, commonName: 'server', names: ['localhost'], lifetimeMs: DAY, algorithm: ECDSA_P256 });
  const server = createServer({ cert: serving.certPem, key: serving.keyPem }, (s) => s.end('ok'));
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  t.after(() => server.close());
  const socket = connect({ port: (server.address() as AddressInfo).port, host: '127.0.0.1', servername: 'localhost', ca: ca.certPem });
  await once(socket, 'secureConnect');
  assert.equal(socket.authorized, true);
  socket.destroy();
});

test('a serving certificate made from an imported CA key verifies against that CA', async () => {
  const ca = await createCA({ commonName: 'kept-ca', lifetimeMs: DAY, algorithm: ECDSA_P256 });
  const caKey = await importPrivateKey(ca.keyPem, ECDSA_P256);
  const serving = await issueServingCert({ ca: ca.certPem, caKey, commonName: 'again', names: ['localhost'], lifetimeMs: DAY, algorithm: ECDSA_P256 });
  assert.equal(new X509Certificate(serving.certPem).verify(new X509Certificate(ca.certPem).publicKey), true);
});

test('bad input is refused', async () => {
  const ca = await createCA({ commonName: 'ca', lifetimeMs: DAY, algorithm: ECDSA_P256 });
  await assert.rejects(issueServingCert({ ca: 'not a certificate', caKey: ca.keys.privateKey, commonName: 'x', names: ['localhost'], lifetimeMs: DAY, algorithm: ECDSA_P256 }));
  await assert.rejects(importPrivateKey('-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n', ECDSA_P256));
  // A key of one kind does not import as another.
  await assert.rejects(importPrivateKey(ca.keyPem, RSA_2048));
});

test('PEM helpers: 64-column blocks, keys that Node reads back, positive serials', async () => {
  const block = pem('TEST', new Uint8Array(100).fill(0xff));
  const lines = block.trimEnd().split('\n');
  assert.equal(lines[0], '-----BEGIN TEST-----');
  assert.equal(lines.at(-1), '-----END TEST-----');
  assert.ok(lines.slice(1, -1).every((l) => l.length <= 64));
  assert.equal(Buffer.from(lines.slice(1, -1).join(''), 'base64').length, 100);
  const keys = await generateKeyPair(ECDSA_P256);
  const pub = await publicKeyPem(keys.publicKey);
  assert.equal(createPublicKey(createPrivateKey(await privateKeyPem(keys.privateKey))).export({ type: 'spki', format: 'pem' }), pub);
  for (let i = 0; i < 50; i++) {
    const serial = serialNumber();
    assert.match(serial, /^[0-7][0-9a-f]{31}$/);
  }
});
