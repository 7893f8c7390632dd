import { test } from 'node:test';
import assert from 'node:assert/strict';
import { X509Certificate, createPrivateKey, createPublicKey } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensurePki } from './pki.ts';

function tempDir(t: { after(fn: () => void): void }): string {
  const dir = mkdtempSync(join(tmpdir(), 'orch-pki-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  return join(dir, 'pki');
}

test('first start makes a CA and a loopback serving certificate signed by it', async (t) => {
  const dir = tempDir(t);
  const pki = await ensurePki(dir);
  assert.equal(pki.createdCa, true);
  assert.equal(pki.issuedServing, true);
  const ca = new X509Certificate(pki.caPem);
  const serving = new X509Certificate(readFileSync(pki.files.servingCertFile));
  assert.equal(ca.ca, true);
  assert.equal(serving.ca, false);
  assert.equal(serving.verify(ca.publicKey), true);
  assert.equal(serving.checkIP('127.0.0.1'), '127.0.0.1');
  assert.equal(serving.checkHost('localhost'), 'localhost');
  assert.equal(serving.checkIP('10.1.2.3'), undefined);
  assert.equal(statSync(pki.files.caKeyFile).mode & 0o777, 0o600);
  assert.equal(statSync(pki.files.servingKeyFile).mode & 0o777, 0o600);
});

test('a second start reuses the CA and the serving certificate', async (t) => {
  const dir = tempDir(t);
  const first = await ensurePki(dir);
  const servingBefore = readFileSync(first.files.servingCertFile, 'utf8');
  const second = await ensurePki(dir);
  assert.equal(second.createdCa, false);
  assert.equal(second.issuedServing, false);
  assert.equal(second.caPem, first.caPem);
  assert.equal(readFileSync(second.files.servingCertFile, 'utf8'), servingBefore);
});

test('a serving certificate near expiry is re-issued from the same CA', async (t) => {
  const dir = tempDir(t);
  const first = await ensurePki(dir);
  const elevenMonthsOn = new Date(Date.now() + 340 * 24 * 3600_000);
  const later = await ensurePki(dir, elevenMonthsOn);
  assert.equal(later.createdCa, false);
  assert.equal(later.issuedServing, true);
  assert.equal(later.caPem, first.caPem);
  const serving = new X509Certificate(readFileSync(later.files.servingCertFile));
  assert.equal(serving.verify(new X509Certificate(first.caPem).publicKey), true);
});

test('a damaged serving certificate is replaced, the CA kept', async (t) => {
  const dir = tempDir(t);
  const first = await ensurePki(dir);
  writeFileSync(first.files.servingCertFile, 'not a certificate');
  const again = await ensurePki(dir);
  assert.equal(again.issuedServing, true);
  assert.equal(again.caPem, first.caPem);
});

test('a service account signing key is made once and kept, even when the serving certificate is re-issued', async (t) => {
  const dir = tempDir(t);
  const first = await ensurePki(dir);
  const key = readFileSync(first.files.serviceAccountKeyFile, 'utf8');
  const pub = readFileSync(first.files.serviceAccountPublicKeyFile, 'utf8');
  assert.match(key, /^-----BEGIN PRIVATE KEY-----\n/);
  assert.match(pub, /^-----BEGIN PUBLIC KEY-----\n/);
  assert.equal(statSync(first.files.serviceAccountKeyFile).mode & 0o777, 0o600);
  // The two halves belong together.
  const derived = createPublicKey(createPrivateKey(key)).export({ type: 'spki', format: 'pem' });
  assert.equal(derived, pub);
  await ensurePki(dir, new Date(Date.now() + 340 * 24 * 3600_000));
  assert.equal(readFileSync(first.files.serviceAccountKeyFile, 'utf8'), key);
});

test('the node agents\' serving certificate and the API server\'s client certificate for them come from the same CA', async (t) => {
  const dir = tempDir(t);
  const pki = await ensurePki(dir);
  const ca = new X509Certificate(pki.caPem);
  const serving = new X509Certificate(readFileSync(pki.files.nodeAgentServingCertFile));
  const client = new X509Certificate(readFileSync(pki.files.nodeAgentClientCertFile));
  assert.equal(serving.verify(ca.publicKey), true);
  assert.equal(serving.checkIP('127.0.0.1'), '127.0.0.1');
  assert.equal(client.verify(ca.publicKey), true);
  assert.match(client.subject, /CN=orch-apiserver-nodeagent-client/);
  assert.deepEqual(client.keyUsage, ['1.3.6.1.5.5.7.3.2']);
  assert.equal(statSync(pki.files.nodeAgentClientKeyFile).mode & 0o777, 0o600);
  const again = await ensurePki(dir);
  assert.equal(readFileSync(again.files.nodeAgentClientCertFile, 'utf8'), client.toString(), 'kept on a second start');
});
