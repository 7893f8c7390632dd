import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { readOrchconfig, writeOrchconfig } from './orchconfig.ts';

const CA = '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n';
const facts = { server: 'https://127.0.0.1:6443', caPem: CA, token: 'secret-token' };

function tempFile(t: { after(fn: () => void): void }): string {
  const dir = mkdtempSync(join(tmpdir(), 'orch-config-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  return join(dir, 'orchconfig');
}

test('writes a kubeconfig with cluster, user and current context orch', (t) => {
  const file = tempFile(t);
  assert.equal(writeOrchconfig(file, facts), true);
  const config = parse(readFileSync(file, 'utf8'));
  assert.equal(config.apiVersion, 'v1');
  assert.equal(config.kind, 'Config');
  assert.equal(config['current-context'], 'orch');
  assert.deepEqual(config.clusters, [
    { name: 'orch', cluster: { server: facts.server, 'certificate-authority-data': Buffer.from(CA).toString('base64') } },
  ]);
  assert.deepEqual(config.users, [{ name: 'orch', user: { token: 'secret-token' } }]);
  assert.deepEqual(config.contexts, [{ name: 'orch', context: { cluster: 'orch', user: 'orch' } }]);
  assert.equal(statSync(file).mode & 0o777, 0o600);
  assert.deepEqual(readOrchconfig(file), facts);
});

test('writing the same facts again leaves the file untouched', (t) => {
  const file = tempFile(t);
  writeOrchconfig(file, facts);
  assert.equal(writeOrchconfig(file, facts), false);
});

test('a new port updates the server and keeps entries of other names', (t) => {
  const file = tempFile(t);
  writeFileSync(
    file,
    'apiVersion: v1\nkind: Config\ncurrent-context: other\nclusters:\n- name: other\n  cluster: {server: "https://10.0.0.1"}\n',
  );
  assert.equal(writeOrchconfig(file, { ...facts, server: 'https://127.0.0.1:7000' }), true);
  const config = parse(readFileSync(file, 'utf8'));
  assert.equal(config['current-context'], 'other');
  assert.deepEqual(config.clusters.map((c: { name: string }) => c.name), ['orch', 'other']);
  assert.equal(readOrchconfig(file).server, 'https://127.0.0.1:7000');
});

test('a file that is not a config is reported, not overwritten', (t) => {
  const file = tempFile(t);
  writeFileSync(file, '- just\n- a list\n');
  assert.throws(() => writeOrchconfig(file, facts), /is not an orchconfig file/);
  assert.equal(readFileSync(file, 'utf8'), '- just\n- a list\n');
});
