// Encryption at rest end to end: secrets written through the API are stored as ciphertext carrying
// their provider's prefix, read straight from the SQLite file and from etcd; a key rotation (new
// key first, rewrite everything, drop the old key) keeps every secret readable; the configuration
// reloads from disk; kms providers and bad files stop the start.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { DatabaseSync } from 'node:sqlite';
import { Etcd3 } from 'etcd3';
import { apiRequest, makeTempDir, startTestApiserver, type TestApiserver, type TestValues } from '../support/apiserver.ts';
import { etcdSkipReason, startEtcd } from '../support/etcd.ts';
import { buildStorage, type ApiserverStorage } from '../../src/cmd/apiserver/build-storage.ts';
import { buildApiHandler } from '../../src/apiserver/endpoints/installer.ts';
import { secretsDeclaration } from '../../src/apiserver/registry/core/secrets/declaration.ts';
import { apiserverOptions } from '../../src/options/apiserver-options.ts';
import type { FlagValues } from '../../src/options/flag.ts';

const PLAINTEXT = 'correct-horse-battery-staple';

interface Stack {
  server: TestApiserver;
  storage: ApiserverStorage;
  stop(): Promise<void>;
}

async function startStack(values: TestValues): Promise<Stack> {
  const storage = await buildStorage(apiserverOptions(values as FlagValues).storage);
  const resources = [{ declaration: secretsDeclaration(), store: storage.storeFor(secretsDeclaration().storageResource), storeName: storage.backendName }];
  const server = await startTestApiserver(values, { apiHandler: buildApiHandler({ resources }) });
  return { server, storage, stop: async () => void (await server.stop(), await storage.close()) };
}

const key = () => randomBytes(32).toString('base64');

function encryptionConfig(dir: string, providers: string, name = 'enc.yaml'): string {
  const file = join(dir, name);
  writeFileSync(file, `apiVersion: apiserver.config.orch.io/v1\nkind: EncryptionConfiguration\nresources:\n- resources: [secrets]\n  providers:\n${providers}`);
  return file;
}

const aescbc = (name: string, secret: string) => `  - aescbc:\n      keys:\n      - {name: ${name}, secret: "${secret}"}\n`;

function request(s: Stack, path: string, method = 'GET', body?: unknown) {
  return apiRequest(s.server, path, { method, token: s.server.token, headers: { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
}

async function createSecret(s: Stack, name: string): Promise<void> {
  const r = await request(s, '/api/v1/namespaces/default/secrets', 'POST', { apiVersion: 'v1', kind: 'Secret', metadata: { name }, stringData: { password: PLAINTEXT } });
  assert.equal(r.status, 201, r.body);
}

async function readPassword(s: Stack, name: string): Promise<string> {
  const r = await request(s, `/api/v1/namespaces/default/secrets/${name}`);
  assert.equal(r.status, 200, r.body);
  return Buffer.from(r.json().data.password, 'base64').toString();
}

/** Every stored version of every secret, straight from the database file. */
function sqliteSecretValues(dataDir: string): Buffer[] {
  const db = new DatabaseSync(join(dataDir, 'orch.db'), { readOnly: true });
  try {
    const rows = db.prepare("SELECT value FROM kv_log WHERE name LIKE '/registry/secrets/%' AND value IS NOT NULL").all() as { value: Uint8Array }[];
    return rows.map((r) => Buffer.from(r.value));
  } finally {
    db.close();
  }
}

function assertCiphertext(values: Buffer[], prefix: string): void {
  assert.ok(values.length > 0);
  for (const v of values) {
    assert.equal(v.subarray(0, prefix.length).toString('latin1'), prefix);
    for (const needle of [PLAINTEXT, Buffer.from(PLAINTEXT).toString('base64'), 'password', '"kind"']) {
      assert.equal(v.includes(Buffer.from(needle)), false, `stored bytes contain ${needle}`);
    }
  }
}

test('SQLite: stored secrets are aescbc ciphertext; a key rotation keeps every secret readable', async () => {
  const dir = makeTempDir('orch-enc-sqlite-');
  const [k1, k2] = [key(), key()];
  const base = { 'data-dir': dir };

  let s = await startStack({ ...base, 'encryption-provider-config': encryptionConfig(dir, aescbc('key1', k1) + '  - identity: {}\n') });
  for (const name of ['a', 'b', 'c']) await createSecret(s, name);
  assert.equal(await readPassword(s, 'a'), PLAINTEXT);
  await s.stop();
  assertCiphertext(sqliteSecretValues(dir), 'k8s:enc:aescbc:v1:key1:');

  // The new key goes first: it writes, the old one still reads.
  s = await startStack({ ...base, 'encryption-provider-config': encryptionConfig(dir, aescbc('key2', k2) + aescbc('key1', k1)) });
  for (const name of ['a', 'b', 'c']) assert.equal(await readPassword(s, name), PLAINTEXT);
  // Rewrite everything through unchanged updates, as `kubectl get secrets -A -o json | kubectl replace -f -` does.
  const list = (await request(s, '/api/v1/secrets')).json();
  for (const item of list.items) {
    const r = await request(s, `/api/v1/namespaces/${item.metadata.namespace}/secrets/${item.metadata.name}`, 'PUT', { ...item, apiVersion: 'v1', kind: 'Secret' });
    assert.equal(r.status, 200, r.body);
    assert.notEqual(r.json().metadata.resourceVersion, item.metadata.resourceVersion, 'a value under the old key is rewritten');
  }
  await s.stop();
  const db = new DatabaseSync(join(dir, 'orch.db'), { readOnly: true });
  const current = db.prepare("SELECT value FROM kv_current c JOIN kv_log l ON l.id = c.id WHERE c.name LIKE '/registry/secrets/%'").all() as { value: Uint8Array }[];
  db.close();
  assertCiphertext(current.map((r) => Buffer.from(r.value)), 'k8s:enc:aescbc:v1:key2:');

  // The old key is gone: everything still reads.
  s = await startStack({ ...base, 'encryption-provider-config': encryptionConfig(dir, aescbc('key2', k2)) });
  try {
    for (const name of ['a', 'b', 'c']) assert.equal(await readPassword(s, name), PLAINTEXT);
  } finally {
    await s.stop();
  }

  // Without the key that wrote them, secrets are an error rather than garbage or plaintext.
  s = await startStack({ ...base, 'encryption-provider-config': encryptionConfig(dir, aescbc('key1', k1)) });
  try {
    const r = await request(s, '/api/v1/namespaces/default/secrets/a');
    assert.equal(r.status, 500);
    assert.equal(r.body.includes(PLAINTEXT), false);
  } finally {
    await s.stop();
  }
});

test('etcd: stored secrets are secretbox and aesgcm ciphertext', { skip: etcdSkipReason() }, async () => {
  const etcd = await startEtcd();
  const client = new Etcd3({ hosts: etcd.endpoints });
  try {
    const dir = makeTempDir('orch-enc-etcd-');
    for (const provider of ['secretbox', 'aesgcm']) {
      const s = await startStack({
        'data-dir': dir,
        'kvstore-servers': etcd.endpoints,
        'encryption-provider-config': encryptionConfig(dir, `  - ${provider}:\n      keys:\n      - {name: k-${provider}, secret: "${key()}"}\n`),
      });
      try {
        await createSecret(s, `on-etcd-${provider}`);
        assert.equal(await readPassword(s, `on-etcd-${provider}`), PLAINTEXT);
      } finally {
        await s.stop();
      }
      const raw = await client.get(`/registry/secrets/default/on-etcd-${provider}`).buffer();
      assert.ok(raw, 'the secret is in etcd under its registry key');
      assertCiphertext([raw!], `k8s:enc:${provider}:v1:k-${provider}:`);
    }
  } finally {
    client.close();
    await etcd.stop();
  }
});

test('automatic reload: new writes use the new key, and secrets written before still read', async () => {
  const dir = makeTempDir('orch-enc-reload-');
  const [k1, k2] = [key(), key()];
  const file = encryptionConfig(dir, aescbc('key1', k1));
  const s = await startStack({ 'data-dir': dir, 'encryption-provider-config': file, 'encryption-provider-config-automatic-reload': true });
  try {
    await createSecret(s, 'before');
    encryptionConfig(dir, aescbc('key2', k2) + aescbc('key1', k1));
    let prefix = '';
    for (let i = 0; i < 60 && prefix !== 'k8s:enc:aescbc:v1:key2:'; i++) {
      await new Promise((r) => setTimeout(r, 100));
      await request(s, '/api/v1/namespaces/default/secrets/probe', 'DELETE');
      await createSecret(s, 'probe');
      const probe = sqliteSecretValues(dir).at(-1)!;
      prefix = probe.subarray(0, 23).toString('latin1');
    }
    assert.equal(prefix, 'k8s:enc:aescbc:v1:key2:');
    assert.equal(await readPassword(s, 'before'), PLAINTEXT);
    // A broken file is refused and the running configuration kept.
    writeFileSync(file, 'kind: EncryptionConfiguration\napiVersion: apiserver.config.orch.io/v1\nresources: [{resources: [secrets], providers: [{kms: {name: x}}]}]\n');
    await new Promise((r) => setTimeout(r, 1500));
    await createSecret(s, 'after-bad-file');
    assert.equal(sqliteSecretValues(dir).at(-1)!.subarray(0, 23).toString('latin1'), 'k8s:enc:aescbc:v1:key2:');
    assert.equal(await readPassword(s, 'before'), PLAINTEXT);
  } finally {
    await s.stop();
  }
});

test('kms providers and invalid files stop the start with a clear message', async () => {
  const dir = makeTempDir('orch-enc-bad-');
  const kms = encryptionConfig(dir, '  - kms:\n      apiVersion: v2\n      name: vault\n      endpoint: unix:///run/kms.sock\n');
  await assert.rejects(buildStorage(apiserverOptions({ 'data-dir': dir, 'encryption-provider-config': kms }).storage), /resources\[0\]\.providers\[0\]\.kms: Forbidden: kms providers are not supported by orch-apiserver/);
  const short = encryptionConfig(dir, aescbc('k', randomBytes(7).toString('base64')), 'short.yaml');
  await assert.rejects(buildStorage(apiserverOptions({ 'data-dir': dir, 'encryption-provider-config': short }).storage), /secret is not of the expected length, got 7, expected one of \[16 24 32\]/);
});
