import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { parseEncryptionConfig } from './encryption-config.ts';
import { loadEncryptionConfig } from './config-source.ts';
import { identityTransformer } from './transformer.ts';

const k32 = () => randomBytes(32).toString('base64');

function config(resources: string, apiVersion = 'apiserver.config.orch.io/v1'): string {
  return `apiVersion: ${apiVersion}\nkind: EncryptionConfiguration\nresources:\n${resources}`;
}

const secretsAescbc = (k = k32()) => `- resources: [secrets]\n  providers:\n  - aescbc:\n      keys:\n      - {name: key1, secret: "${k}"}\n  - identity: {}\n`;

test('both apiVersions are accepted; other kinds and versions are refused', () => {
  parseEncryptionConfig(config(secretsAescbc()), 'f');
  parseEncryptionConfig(config(secretsAescbc(), 'apiserver.config.k8s.io/v1'), 'f');
  assert.throws(() => parseEncryptionConfig(config(secretsAescbc(), 'apiserver.config.orch.io/v2'), 'f'), /apiVersion "apiserver.config.orch.io\/v2" is not one of/);
  assert.throws(() => parseEncryptionConfig('apiVersion: apiserver.config.orch.io/v1\nkind: Other\n', 'f'), /kind "Other" is not EncryptionConfiguration/);
  assert.throws(() => parseEncryptionConfig('{{{', 'f'), /error while parsing file/);
});

test('rules choose transformers: exact names, group wildcards, then *.*; unnamed resources are stored as they are', () => {
  const c = parseEncryptionConfig(
    config(
      `- resources: [secrets]\n  providers: [{aesgcm: {keys: [{name: a, secret: "${k32()}"}]}}]\n` +
        `- resources: ["*.apps"]\n  providers: [{secretbox: {keys: [{name: b, secret: "${k32()}"}]}}]\n` +
        `- resources: ["*.*"]\n  providers: [{aescbc: {keys: [{name: c, secret: "${k32()}"}]}}]\n`,
    ),
    'f',
  );
  const prefix = (group: string, resource: string) => Buffer.from(c.transformerFor({ group, resource }).toStorage(Buffer.from('x'), 'k')).toString('latin1').split(':').slice(0, 5).join(':');
  assert.equal(prefix('', 'secrets'), 'k8s:enc:aesgcm:v1:a');
  assert.equal(prefix('apps', 'deployments'), 'k8s:enc:secretbox:v1:b');
  assert.equal(prefix('', 'configmaps'), 'k8s:enc:aescbc:v1:c');
  const only = parseEncryptionConfig(config(secretsAescbc()), 'f');
  assert.equal(only.transformerFor({ group: '', resource: 'configmaps' }), identityTransformer);
});

test('bad files name every problem by field path', () => {
  const bad = (body: string) => {
    try {
      parseEncryptionConfig(config(body), 'cfg.yaml');
    } catch (err) {
      return (err as Error).message;
    }
    assert.fail('expected an error');
  };
  assert.match(bad(`- resources: [secrets]\n  providers: [{aescbc: {keys: [{name: k, secret: "${randomBytes(20).toString('base64')}"}]}}]\n`),
    /resources\[0\]\.providers\[0\]\.aescbc\.keys\[0\]\.secret: Invalid value: "REDACTED": secret is not of the expected length, got 20, expected one of \[16 24 32\]/);
  assert.match(bad(`- resources: [secrets]\n  providers: [{secretbox: {keys: [{name: k, secret: "${randomBytes(16).toString('base64')}"}]}}]\n`), /expected one of \[32\]/);
  assert.match(bad(`- resources: [secrets]\n  providers: [{aescbc: {keys: [{name: k, secret: "not base64!"}]}}]\n`), /secrets must be base64 encoded/);
  assert.match(bad(`- resources: [secrets]\n  providers: [{aescbc: {keys: []}}]\n`), /aescbc\.keys: Required value: at least one key must be specified/);
  assert.match(bad(`- resources: [secrets]\n  providers: [{aescbc: {keys: [{name: k, secret: "${k32()}"}, {name: k, secret: "${k32()}"}]}}]\n`), /keys\[1\]\.name: Duplicate value: "k"/);
  assert.match(bad(`- resources: [secrets]\n  providers: []\n`), /resources\[0\]\.providers: Required value: at least one provider must be specified/);
  assert.match(bad(`- resources: []\n  providers: [{identity: {}}]\n`), /resources\[0\]\.resources: Required value/);
  assert.match(bad(`- resources: ["*"]\n  providers: [{identity: {}}]\n`), /use "\*\." to encrypt all the resources from core API group or "\*\.\*"/);
  assert.match(bad(`- resources: ["*.*"]\n  providers: [{identity: {}}]\n- resources: [secrets]\n  providers: [{identity: {}}]\n`), /resources\[1\]\.resources\[0\]: Invalid value: "secrets": masked by the earlier rule "\*\.\*"/);
  assert.match(bad(`- resources: [secrets, secrets]\n  providers: [{identity: {}}]\n`), /duplicate resource/);
  assert.match(bad(`- resources: [secrets]\n  providers: [{identity: {}, aescbc: {keys: []}}]\n`), /more than one provider specified in a single element/);
  assert.match(bad(`- resources: [secrets]\n  providers: [{}]\n`), /provider does not contain any of the expected providers/);
  assert.match(bad(`- resources: [secrets]\n  providers: [{kms: {apiVersion: v2, name: k, endpoint: "unix:///tmp/k.sock"}}]\n`), /providers\[0\]\.kms: Forbidden: kms providers are not supported by orch-apiserver/);
});

test('automatic reload: a changed file takes effect, a broken one is logged and the last good one kept', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'orch-enc-'));
  const file = join(dir, 'enc.yaml');
  const source = (() => {
    writeFileSync(file, config(secretsAescbc()));
    return loadEncryptionConfig(file, { automaticReload: true, pollIntervalMs: 20 });
  })();
  try {
    const secrets = source.transformerFor({ group: '', resource: 'secrets' });
    const before = secrets.toStorage(Buffer.from('v'), 'k');
    assert.ok(Buffer.from(before).toString('latin1').startsWith('k8s:enc:aescbc:v1:key1:'));
    writeFileSync(file, config(`- resources: [secrets]\n  providers:\n  - secretbox: {keys: [{name: sb, secret: "${k32()}"}]}\n`));
    await waitFor(() => source.reloads() === 1);
    assert.ok(Buffer.from(secrets.toStorage(Buffer.from('v'), 'k')).toString('latin1').startsWith('k8s:enc:secretbox:v1:sb:'));
    // The old key is gone from the new configuration: values it wrote no longer read.
    assert.throws(() => secrets.fromStorage(before, 'k'), /no matching prefix found/);
    writeFileSync(file, config(`- resources: [secrets]\n  providers: [{kms: {name: x}}]\n`));
    await new Promise((r) => setTimeout(r, 100));
    assert.equal(source.reloads(), 1);
    assert.ok(Buffer.from(secrets.toStorage(Buffer.from('v'), 'k')).toString('latin1').startsWith('k8s:enc:secretbox:v1:sb:'));
  } finally {
    source.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('an unreadable file stops the start with the flag and the reason', () => {
  assert.throws(() => loadEncryptionConfig('/nonexistent/enc.yaml', { automaticReload: false }), /--encryption-provider-config \/nonexistent\/enc.yaml: ENOENT/);
});

async function waitFor(cond: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !cond(); i++) await new Promise((r) => setTimeout(r, 10));
  assert.ok(cond());
}
