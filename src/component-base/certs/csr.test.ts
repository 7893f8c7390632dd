// Certificate requests parsed and their signatures checked for the three key types openssl
// makes; tampered and malformed ones refused with Go's messages; PEM bundles of certificates.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseCsr } from './csr.ts';
import { certificateChainError, pemBlocks } from './pem-blocks.ts';
import { makeCertificate, makeCsr } from '../../../test/support/openssl.ts';

function tamper(pem: string): string {
  const der = Buffer.from(pem.replace(/-----[^-]+-----/g, '').replace(/\s+/g, ''), 'base64');
  der[der.length - 5]! ^= 1;
  return `-----BEGIN CERTIFICATE REQUEST-----\n${der.toString('base64')}\n-----END CERTIFICATE REQUEST-----\n`;
}

test('RSA and EC requests parse with their subject; a changed signature does not verify', () => {
  const rsa = makeCsr('/CN=alice/O=system:masters/O=dev', 'rsa').csr;
  assert.deepEqual([parseCsr(rsa).commonName, parseCsr(rsa).organizations], ['alice', ['system:masters', 'dev']]);
  assert.throws(() => parseCsr(tamper(rsa)), { message: 'crypto/rsa: verification error' });
  const ec = makeCsr('/CN=bob').csr;
  assert.deepEqual(parseCsr(Buffer.from(ec)).organizations, []);
  assert.throws(() => parseCsr(tamper(ec)), { message: 'x509: ECDSA verification failure' });
});

test('anything else is refused', () => {
  assert.throws(() => parseCsr('hello'), { message: 'PEM block type must be CERTIFICATE REQUEST' });
  assert.throws(() => parseCsr(makeCertificate('/CN=x')), { message: 'PEM block type must be CERTIFICATE REQUEST' });
  assert.throws(() => parseCsr('-----BEGIN CERTIFICATE REQUEST-----\nAAAA\n-----END CERTIFICATE REQUEST-----\n'), /^Error: asn1: /);
});

test('certificate bundles: CERTIFICATE blocks without headers that parse', () => {
  const cert = makeCertificate('/CN=x');
  assert.equal(certificateChainError(`intro text\n${cert}${makeCertificate('/CN=y', true)}`), undefined);
  assert.equal(certificateChainError('no blocks'), 'must contain at least one CERTIFICATE PEM block');
  assert.equal(certificateChainError(cert.replace('-----\n', '-----\nProc-Type: 4,ENCRYPTED\n\n')), 'no PEM block headers are permitted');
  assert.equal(certificateChainError('-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n'), 'x509: malformed certificate');
  assert.deepEqual(pemBlocks(`${cert}${cert}`).map((b) => b.type), ['CERTIFICATE', 'CERTIFICATE']);
});
