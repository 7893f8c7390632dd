// ClusterTrustBundle validation without a server: names and signers, anchors, updates.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ClusterTrustBundle } from '../../../../api/certificates/v1beta1/types.ts';
import type { StatusCause } from '../../../../machinery/status.ts';
import { makeCertificate } from '../../../../../test/support/openssl.ts';
import { validateClusterTrustBundle, validateClusterTrustBundleUpdate } from './validation.ts';

const ca = makeCertificate('/CN=ca', true);
const bundle = (name: string, trustBundle: string, signerName?: string): ClusterTrustBundle => ({ metadata: { name, resourceVersion: '1' }, spec: { trustBundle, ...(signerName ? { signerName } : {}) } });
const messages = (causes: StatusCause[]) => causes.map((c) => `${c.field}: ${c.message}`);

test('anchors: CERTIFICATE blocks only, at least one', () => {
  assert.deepEqual(messages(validateClusterTrustBundle(bundle('b', ca))), []);
  assert.deepEqual(messages(validateClusterTrustBundle(bundle('b', ''))), ['spec.trustBundle: Invalid value: "<value omitted>": at least one trust anchor must be provided']);
  assert.deepEqual(messages(validateClusterTrustBundle(bundle('b', `${ca}-----BEGIN RSA PRIVATE KEY-----\nAAAA\n-----END RSA PRIVATE KEY-----\n`))), ['spec.trustBundle: Invalid value: "<value omitted>": entry 1 has bad block type: RSA PRIVATE KEY']);
  assert.deepEqual(messages(validateClusterTrustBundle(bundle('b', '-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n'))), ['spec.trustBundle: Invalid value: "<value omitted>": entry 0 does not parse as X.509']);
});

test('signer names and the names they ask for; updates leave unchanged anchors alone', () => {
  assert.deepEqual(messages(validateClusterTrustBundle(bundle('example.com:s:x', ca, 'example.com/s'))), []);
  assert.deepEqual(messages(validateClusterTrustBundle(bundle('example.com:s:x', ca, 'example.com/s/t'))), [
    'metadata.name: Invalid value: "example.com:s:x": ClusterTrustBundle for signerName example.com/s/t must be named with prefix example.com:s:t:',
    "spec.signerName: Invalid value: \"example.com/s/t\": must be a fully qualified domain and path of the form 'example.com/signer-name'",
  ]);
  const stored = bundle('b', 'not pem at all');
  assert.deepEqual(validateClusterTrustBundleUpdate({ ...stored, metadata: { ...stored.metadata, labels: { a: 'b' } } }, stored), []);
});
