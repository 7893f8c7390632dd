import { test } from 'node:test';
import assert from 'node:assert/strict';
import { X509Certificate } from 'node:crypto';
import { createTestCA } from '../../../test/support/authn-pki.ts';
import { CertificateVerifyError, parseCertBundle, verifyClientChain } from './cert-verify.ts';

const HOUR = 3600_000;
const cert = (pem: string) => new X509Certificate(pem);

test('a chain through a sent intermediate verifies; without it, or against another root, it does not', async () => {
  const root = await createTestCA('root');
  const intermediate = await createTestCA('intermediate', root);
  const leaf = await intermediate.issue('CN=ivy');
  const roots = [cert(root.certPem)];
  const ok = verifyClientChain([cert(leaf.certPem), cert(intermediate.certPem)], roots);
  assert.equal(ok.path.length, 3);
  assert.throws(() => verifyClientChain([cert(leaf.certPem)], roots), /signed by unknown authority/);
  const other = await createTestCA('other');
  assert.throws(() => verifyClientChain([cert(leaf.certPem), cert(intermediate.certPem)], [cert(other.certPem)]), CertificateVerifyError);
  assert.ok(verifyClientChain([cert(leaf.certPem)], [cert(intermediate.certPem)]), 'an intermediate may itself be trusted');
});

test('validity dates are checked at the given time; the any-usage EKU allows client authentication', async () => {
  const root = await createTestCA('root');
  const roots = [cert(root.certPem)];
  const future = await root.issue('CN=later', { notBefore: new Date(Date.now() + HOUR), notAfter: new Date(Date.now() + 2 * HOUR) });
  assert.throws(() => verifyClientChain([cert(future.certPem)], roots), /not yet valid: current time .* is before/);
  const anyUsage = await root.issue('CN=any', { usages: ['2.5.29.37.0'] });
  assert.ok(verifyClientChain([cert(anyUsage.certPem)], roots));
  const now = Date.now() + 48 * HOUR;
  assert.throws(() => verifyClientChain([cert(anyUsage.certPem)], roots, now), /expired/);
});

test('bundles: every certificate, and an error naming the source when there is none', async () => {
  const a = await createTestCA('a');
  const b = await createTestCA('b');
  assert.equal(parseCertBundle(a.certPem + b.certPem, 'f').length, 2);
  assert.throws(() => parseCertBundle('nothing', '--client-ca-file x'), /--client-ca-file x: no certificates found/);
});
