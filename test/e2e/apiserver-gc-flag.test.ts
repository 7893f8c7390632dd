// --enable-garbage-collector on the daemon: with the collector on, deletes record the requested
// propagation as the orphan/foregroundDeletion finalizers; with it off nobody would act on them,
// so deletes ignore the policy and remove the object at once, as Kubernetes' store does.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { daemonDir, startDaemon } from '../support/daemon.ts';

const CMS = '/api/v1/namespaces/default/configmaps';
const cm = (name: string) => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name }, data: { k: 'v' } });

test('with the garbage collector on, an Orphan delete leaves the object marked with the orphan finalizer', async (t) => {
  const daemon = await startDaemon(t, daemonDir(t), []);
  assert.equal((await daemon.call('POST', CMS, cm('kept'))).status, 201);
  const del = await daemon.call('DELETE', `${CMS}/kept`, { propagationPolicy: 'Orphan' });
  assert.equal(del.status, 200);
  assert.deepEqual(del.body.metadata.finalizers, ['orphan']);
  assert.equal((await daemon.call('GET', `${CMS}/kept`)).status, 200);
});

test('with --enable-garbage-collector=false, Orphan and Foreground deletes remove the object at once', async (t) => {
  const daemon = await startDaemon(t, daemonDir(t), ['--enable-garbage-collector=false']);
  assert.doesNotMatch(daemon.stderr(), /enable-garbage-collector is accepted but not implemented/);
  for (const policy of ['Orphan', 'Foreground']) {
    const name = `gone-${policy.toLowerCase()}`;
    assert.equal((await daemon.call('POST', CMS, cm(name))).status, 201);
    const del = await daemon.call('DELETE', `${CMS}/${name}`, { propagationPolicy: policy });
    assert.equal(del.status, 200, del.text);
    assert.equal((await daemon.call('GET', `${CMS}/${name}`)).status, 404, `${policy} delete left the object behind`);
  }
});
