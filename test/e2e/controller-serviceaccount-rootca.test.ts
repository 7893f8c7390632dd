// The serviceaccount and root-ca-certificate-publisher controllers end to end: the real
// orch-controller-manager against the composed API server. Every namespace gets the `default`
// ServiceAccount and the `orch-root-ca.crt` config map (the --root-ca-file bundle); deleting them,
// or changing the map, brings them back. Namespaces that existed before the start are covered too.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as delay } from 'node:timers/promises';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startCoreApiserver, type CoreApiserver } from '../support/core-apiserver.ts';
import { makeTempDir } from '../support/apiserver.ts';
import { spawnControllerManager, writeOrchconfig, type SpawnedControllerManager } from '../../src/controllermanager/testing/spawn.ts';
import { controllerWaiter, startControllers } from '../support/controller-manager.ts';

let s: CoreApiserver;
let cm: SpawnedControllerManager;
let rootCA: string;
const children: SpawnedControllerManager[] = [];

before(async () => {
  s = await startCoreApiserver();
  const dir = makeTempDir('orch-sa-ctrl-');
  // A bundle other than the orchconfig's CA, so the test sees that the file wins.
  rootCA = readFileSync(s.caFile, 'utf8') + readFileSync(s.caFile, 'utf8');
  writeFileSync(join(dir, 'root-ca.crt'), rootCA);
  await s.call('POST', '/api/v1/namespaces', { metadata: { name: 'before-start' } });
  ({ cm } = await startControllers(s, dir, [`--root-ca-file=${join(dir, 'root-ca.crt')}`, '--controllers=serviceaccount-controller,root-ca-certificate-publisher-controller', '-v=2'], /Started controllers/));
  children.push(cm);
});
after(async () => {
  for (const c of children) c.kill('SIGTERM');
  for (const c of children) await c.exited;
  if (process.env.SHOW_CM_LOG) process.stderr.write(cm.stderr());
  await s?.stop();
});

const waitFor = controllerWaiter(() => cm);

const found = (path: string) => async () => {
  const r = await s.call('GET', path);
  return r.status === 200 ? r.body : undefined;
};

test('a new namespace gets the default ServiceAccount and orch-root-ca.crt with the --root-ca-file bundle', async () => {
  assert.equal((await s.call('POST', '/api/v1/namespaces', { metadata: { name: 'fresh' } })).status, 201);
  const sa = await waitFor('default SA', found('/api/v1/namespaces/fresh/serviceaccounts/default'));
  assert.equal(sa.metadata.name, 'default');
  const cmap = await waitFor('root CA map', found('/api/v1/namespaces/fresh/configmaps/orch-root-ca.crt'));
  assert.deepEqual(cmap.data, { 'ca.crt': rootCA });
  assert.match(cmap.metadata.annotations['orch.io/description'], /CA bundle that can be used to verify the orch-apiserver/);
  for (const ns of ['before-start', 'default', 'orch-system']) {
    await waitFor(`default SA in ${ns}`, found(`/api/v1/namespaces/${ns}/serviceaccounts/default`));
    await waitFor(`root CA in ${ns}`, found(`/api/v1/namespaces/${ns}/configmaps/orch-root-ca.crt`));
  }
});

test('deleted, they come back; a changed map is put back; other accounts and maps are left alone', async () => {
  await s.call('POST', '/api/v1/namespaces', { metadata: { name: 'again' } });
  const first = await waitFor('default SA', found('/api/v1/namespaces/again/serviceaccounts/default'));
  await waitFor('root CA map', found('/api/v1/namespaces/again/configmaps/orch-root-ca.crt'));
  assert.equal((await s.call('DELETE', '/api/v1/namespaces/again/serviceaccounts/default')).status, 200);
  const second = await waitFor('recreated SA', async () => {
    const sa = await found('/api/v1/namespaces/again/serviceaccounts/default')();
    return sa && sa.metadata.uid !== first.metadata.uid ? sa : undefined;
  });
  assert.notEqual(second.metadata.uid, first.metadata.uid);

  assert.equal((await s.call('DELETE', '/api/v1/namespaces/again/configmaps/orch-root-ca.crt')).status, 200);
  await waitFor('recreated map', found('/api/v1/namespaces/again/configmaps/orch-root-ca.crt'));
  const current = (await s.call('GET', '/api/v1/namespaces/again/configmaps/orch-root-ca.crt')).body;
  current.data = { 'ca.crt': 'tampered', extra: 'x' };
  assert.equal((await s.call('PUT', '/api/v1/namespaces/again/configmaps/orch-root-ca.crt', current)).status, 200);
  await waitFor('restored map', async () => {
    const m = await found('/api/v1/namespaces/again/configmaps/orch-root-ca.crt')();
    return m && JSON.stringify(m.data) === JSON.stringify({ 'ca.crt': rootCA }) ? m : undefined;
  });

  // Other objects are not the controllers' business.
  assert.equal((await s.call('POST', '/api/v1/namespaces/again/serviceaccounts', { metadata: { name: 'mine' } })).status, 201);
  assert.equal((await s.call('DELETE', '/api/v1/namespaces/again/serviceaccounts/mine')).status, 200);
  await delay(300);
  assert.equal((await s.call('GET', '/api/v1/namespaces/again/serviceaccounts/mine')).status, 404);
});

test('a bad --root-ca-file stops the publisher with a message naming the file', async () => {
  const dir = makeTempDir('orch-sa-bad-');
  const orchconfig = writeOrchconfig(dir, { url: s.url, caFile: s.caFile, token: s.token });
  writeFileSync(join(dir, 'bad.crt'), 'not a certificate');
  const bad = spawnControllerManager([`--orchconfig=${orchconfig}`, '--secure-port=0', '--leader-elect=false', `--root-ca-file=${join(dir, 'bad.crt')}`,
    '--controllers=root-ca-certificate-publisher-controller']);
  children.push(bad);
  await bad.waitForLog(/error parsing root-ca-file at .*bad\.crt: data does not contain any valid RSA or ECDSA certificates/);
});
