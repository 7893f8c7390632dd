// The admission options as a user meets them: unknown plugins and bad configuration files stop
// start-up with one line; enabling and disabling plugins changes what the server admits.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startCoreApiserver } from '../support/core-apiserver.ts';

const APISERVER = fileURLToPath(new URL('../../bin/orch-apiserver', import.meta.url));

function startFails(t: { after(fn: () => void): void }, args: string[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'orch-admission-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const r = spawnSync(APISERVER, ['--data-dir', dir, '--bind-address', '127.0.0.1', ...args.map((a) => a.replace('$DIR', dir))], { encoding: 'utf8', timeout: 30_000 });
  assert.equal(r.status, 1, r.stderr);
  const lines = r.stderr.split('\n').filter((l) => l.startsWith('Error: '));
  assert.equal(lines.length, 1, r.stderr);
  return lines[0]!;
}

test('an unknown plugin name is refused at start-up', (t) => {
  assert.match(startFails(t, ['--enable-admission-plugins', 'NamespaceLifecycle,NoSuchPlugin']), /NoSuchPlugin/);
  assert.match(startFails(t, ['--admission-control', 'Bogus']), /Bogus/);
});

test('a missing or malformed admission configuration file is refused at start-up', (t) => {
  assert.match(startFails(t, ['--admission-control-config-file', '/nonexistent/admission.yaml']), /unable to read admission control configuration from "\/nonexistent\/admission\.yaml"/);
  const dir = mkdtempSync(join(tmpdir(), 'orch-admission-cfg-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const file = join(dir, 'admission.yaml');
  writeFileSync(file, 'apiVersion: apiserver.config.orch.io/v1\nkind: Wrong\n');
  assert.match(startFails(t, ['--admission-control-config-file', file]), /expected kind AdmissionConfiguration/);
});

const cm = (name: string) => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name } });

test('without NamespaceLifecycle, content may be created in a namespace that does not exist', async (t) => {
  const s = await startCoreApiserver({ 'disable-admission-plugins': ['NamespaceLifecycle'] });
  t.after(() => s.stop());
  assert.equal((await s.call('POST', '/api/v1/namespaces/ghost/configmaps', cm('c'))).status, 201);
  // Nor is default protected any more.
  assert.equal((await s.call('DELETE', '/api/v1/namespaces/default')).status, 200);
});

test('NamespaceAutoProvision creates the missing namespace; NamespaceExists refuses instead', async (t) => {
  const auto = await startCoreApiserver({ 'enable-admission-plugins': ['NamespaceAutoProvision'] });
  t.after(() => auto.stop());
  assert.equal((await auto.call('POST', '/api/v1/namespaces/fresh/configmaps?dryRun=All', cm('c'))).status, 404, 'a dry run creates nothing');
  assert.equal((await auto.call('POST', '/api/v1/namespaces/fresh/configmaps', cm('c'))).status, 201);
  const ns = await auto.call('GET', '/api/v1/namespaces/fresh');
  assert.equal(ns.status, 200);
  assert.equal(ns.body.status.phase, 'Active');

  const exists = await startCoreApiserver({ 'admission-control': ['NamespaceExists'] });
  t.after(() => exists.stop());
  const r = await exists.call('POST', '/api/v1/namespaces/ghost/configmaps', cm('c'));
  assert.equal(r.status, 404);
  assert.equal(r.body.message, 'namespaces "ghost" not found');
  assert.equal((await exists.call('POST', '/api/v1/namespaces/default/configmaps', cm('c'))).status, 201);
});

test('AlwaysDeny refuses every write but reads still work', async (t) => {
  const s = await startCoreApiserver({ 'enable-admission-plugins': ['AlwaysDeny'] });
  t.after(() => s.stop());
  const r = await s.call('POST', '/api/v1/namespaces/default/configmaps', cm('c'));
  assert.equal(r.status, 403);
  assert.equal(r.body.message, 'configmaps "c" is forbidden: admission control is denying all modifications');
  assert.equal((await s.call('PATCH', '/api/v1/namespaces/default', { metadata: { labels: { a: 'b' } } }, { 'content-type': 'application/merge-patch+json' })).status, 403);
  assert.equal((await s.call('GET', '/api/v1/namespaces/default')).status, 200);
});

test('the configuration file is read and the server starts with it', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'orch-admission-ok-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const file = join(dir, 'admission.yaml');
  writeFileSync(join(dir, 'rate.yaml'), 'limits: [{type: Server, qps: 5, burst: 10}]\n');
  writeFileSync(file, 'apiVersion: apiserver.config.orch.io/v1\nkind: AdmissionConfiguration\nplugins:\n- name: EventRateLimit\n  path: rate.yaml\n');
  const s = await startCoreApiserver({ 'admission-control-config-file': file, 'enable-admission-plugins': ['EventRateLimit'] });
  t.after(() => s.stop());
  assert.equal((await s.call('POST', '/api/v1/namespaces/default/configmaps', cm('c'))).status, 201);
});
