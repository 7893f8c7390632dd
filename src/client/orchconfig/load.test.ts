import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConnectionConfig } from './load.ts';

const dir = mkdtempSync(join(tmpdir(), 'orch-orchconfig-'));
after(() => rmSync(dir, { recursive: true, force: true }));
mkdirSync(join(dir, 'pki'));
writeFileSync(join(dir, 'pki', 'ca.crt'), 'CA PEM');
writeFileSync(join(dir, 'pki', 'client.crt'), 'CERT PEM');
writeFileSync(join(dir, 'pki', 'client.key'), 'KEY PEM');
writeFileSync(join(dir, 'token'), 'file-token\n');

function write(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

const full = write('full.conf', `apiVersion: v1
kind: Config
clusters:
- name: local
  cluster:
    server: https://127.0.0.1:6443/
    certificate-authority: pki/ca.crt
- name: other
  cluster:
    server: 10.0.0.1:443
    certificate-authority-data: ${Buffer.from('OTHER CA').toString('base64')}
users:
- name: admin
  user:
    token: abc
- name: certs
  user:
    client-certificate: pki/client.crt
    client-key: pki/client.key
- name: inline
  user:
    client-certificate-data: ${Buffer.from('INLINE CERT').toString('base64')}
    client-key-data: ${Buffer.from('INLINE KEY').toString('base64')}
- name: filetoken
  user:
    tokenFile: token
contexts:
- name: admin@local
  context: {cluster: local, user: admin, namespace: orch-system}
- name: certs@other
  context: {cluster: other, user: certs}
- name: inline@other
  context: {cluster: other, user: inline}
- name: file@local
  context: {cluster: local, user: filetoken}
current-context: admin@local
`);

test('the current context picks cluster and user; relative paths resolve beside the file', () => {
  const c = loadConnectionConfig({ path: full });
  assert.equal(c.host, 'https://127.0.0.1:6443');
  assert.equal(c.caData?.toString(), 'CA PEM');
  assert.equal(c.bearerToken, 'abc');
  assert.equal(c.namespace, 'orch-system');
});

test('client certificates from files or -data; a bare host:port server means https', () => {
  const files = loadConnectionConfig({ path: full, context: 'certs@other' });
  assert.equal(files.host, 'https://10.0.0.1:443');
  assert.equal(files.caData?.toString(), 'OTHER CA');
  assert.equal(files.certData?.toString(), 'CERT PEM');
  assert.equal(files.keyData?.toString(), 'KEY PEM');
  const inline = loadConnectionConfig({ path: full, context: 'inline@other' });
  assert.equal(inline.certData?.toString(), 'INLINE CERT');
  assert.equal(inline.keyData?.toString(), 'INLINE KEY');
  const tokenFile = loadConnectionConfig({ path: full, context: 'file@local' });
  assert.equal(tokenFile.bearerTokenFile, join(dir, 'token'));
});

test('--master overrides the server and works without a file', () => {
  assert.equal(loadConnectionConfig({ path: full, master: '127.0.0.1:7443' }).host, 'https://127.0.0.1:7443');
  assert.equal(loadConnectionConfig({ path: full, master: '127.0.0.1:7443' }).bearerToken, 'abc');
  assert.deepEqual(loadConnectionConfig({ master: 'https://api.example:6443/' }), { host: 'https://api.example:6443' });
});

test('bad files are errors naming the file and what is wrong', () => {
  assert.throws(() => loadConnectionConfig({}), /neither --orchconfig nor --master was specified/);
  assert.throws(() => loadConnectionConfig({ path: join(dir, 'missing.conf') }), /unable to read orchconfig .*missing\.conf: ENOENT/);
  assert.throws(() => loadConnectionConfig({ path: full, context: 'nope' }), /context "nope" does not exist/);
  assert.throws(() => loadConnectionConfig({ path: write('nouser.conf', 'clusters: [{name: c, cluster: {server: "https://x"}}]\ncontexts: [{name: x, context: {cluster: c, user: u}}]\ncurrent-context: x\n') }), /user "u" does not exist/);
  assert.throws(() => loadConnectionConfig({ path: write('nocluster.conf', 'contexts: [{name: x, context: {cluster: c}}]\ncurrent-context: x\n') }), /cluster "c" does not exist/);
  assert.throws(() => loadConnectionConfig({ path: write('nocurrent.conf', 'clusters: []\n') }), /no current-context is set and --master is not given/);
  assert.throws(() => loadConnectionConfig({ path: write('bad.conf', 'kind: Pod\n') }), /kind "Pod", want Config/);
  assert.throws(() => loadConnectionConfig({ path: write('badyaml.conf', 'a: [\n') }), /invalid orchconfig/);
  assert.throws(() => loadConnectionConfig({ path: write('halfcert.conf', 'clusters: [{name: c, cluster: {server: "https://x"}}]\nusers: [{name: u, user: {client-certificate: pki/client.crt}}]\ncontexts: [{name: x, context: {cluster: c, user: u}}]\ncurrent-context: x\n') }), /client certificate without a key/);
  assert.throws(() => loadConnectionConfig({ path: write('badca.conf', 'clusters: [{name: c, cluster: {server: "https://x", certificate-authority: nope.crt}}]\ncontexts: [{name: x, context: {cluster: c}}]\ncurrent-context: x\n') }), /unable to read certificate-authority nope\.crt: ENOENT/);
});
