// The resourcequota controller end to end: orch-apiserver as `orch up` runs it (the ResourceQuota
// admission plugin charges creates) and the real orch-controller-manager with the resourcequota and
// serviceaccount controllers. A quota's used pods go down when a pod is deleted or finishes, so a
// create refused for quota succeeds again; object counts go down on deletion; a status.used that
// went wrong is put right by the full resync (--resource-quota-sync-period).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { makeTempDir } from '../support/apiserver.ts';
import { deferredHooks, startDaemon, type StorageDaemon } from '../support/daemon.ts';
import { kubectlFor, kubectlSkip, type Kubectl } from '../support/kubectl.ts';
import type { SpawnedControllerManager } from '../../src/controllermanager/testing/spawn.ts';
import { controllerWaiter, startControllers, stopControllers } from '../support/controller-manager.ts';

const NS = 'rq';
const PODS = `/api/v1/namespaces/${NS}/pods`;
const QUOTAS = `/api/v1/namespaces/${NS}/resourcequotas`;
let daemon: StorageDaemon;
let cm: SpawnedControllerManager;
let kubectl: Kubectl;
const hooks = deferredHooks();

before(async () => {
  const dir = makeTempDir('orch-resourcequota-');
  daemon = await startDaemon(hooks, dir, []);
  ({ cm } = await startControllers(daemon, dir, [
    '--controllers=resourcequota-controller,serviceaccount-controller',
    '--resource-quota-sync-period=2s', '--concurrent-resource-quota-syncs=2', '-v=2',
  ], /Resource quota controller synced/));
  assert.equal((await daemon.call('POST', '/api/v1/namespaces', { metadata: { name: NS } })).status, 201);
  kubectl = kubectlFor(daemon, NS);
  await waitFor('the default service account', async () => ((await daemon.call('GET', `/api/v1/namespaces/${NS}/serviceaccounts/default`)).status === 200 ? true : undefined));
});
after(async () => {
  kubectl?.close();
  await stopControllers(cm);
  await hooks.run();
});

const waitFor = controllerWaiter(() => cm);

const podBody = (name: string) => ({ metadata: { name }, spec: { containers: [{ name: 'app', image: 'busybox' }] } });
const createPod = (name: string) => daemon.call('POST', PODS, podBody(name));

async function used(quota: string, name: string): Promise<string | undefined> {
  return (await daemon.call('GET', `${QUOTAS}/${quota}`)).body.status?.used?.[name];
}
const usedBecomes = (quota: string, name: string, value: string) =>
  waitFor(`${quota}'s used ${name} to be ${value}`, async () => ((await used(quota, name)) === value ? true : undefined));

test('deleting a pod lowers used pods, so a create refused for quota succeeds again', { skip: kubectlSkip }, async (t) => {
  const created = await kubectl.run(['create', 'quota', 'pods', '--hard=pods=2']);
  assert.equal(created.code, 0, created.stderr);
  await usedBecomes('pods', 'pods', '0');
  assert.equal((await createPod('p1')).status, 201);
  assert.equal((await createPod('p2')).status, 201);
  const refused = await createPod('p3');
  assert.equal(refused.status, 403);
  assert.match(refused.body.message, /exceeded quota: pods, requested: pods=1, used: pods=2, limited: pods=2/);

  const started = Date.now();
  const del = await kubectl.run(['delete', 'pod', 'p1']);
  assert.equal(del.code, 0, del.stderr);
  await usedBecomes('pods', 'pods', '1');
  t.diagnostic(`used pods down ${Date.now() - started} ms after kubectl delete pod`);
  assert.equal((await createPod('p3')).status, 201);
  const described = await kubectl.run(['describe', 'quota', 'pods']);
  assert.match(described.stdout, /pods\s+2\s+2/);
});

test('a pod that finishes no longer counts for pods', async (t) => {
  assert.equal((await createPod('p4')).status, 403);
  const started = Date.now();
  const finished = await daemon.send('PATCH', `${PODS}/p2/status`, { body: { status: { phase: 'Succeeded' } }, headers: { 'content-type': 'application/merge-patch+json' } });
  assert.equal(finished.status, 200, finished.text);
  await usedBecomes('pods', 'pods', '1');
  t.diagnostic(`used pods down ${Date.now() - started} ms after the pod finished`);
  assert.equal((await createPod('p4')).status, 201);
});

test('object counts go down as objects are deleted', async () => {
  const q = await daemon.call('POST', QUOTAS, { metadata: { name: 'objects' }, spec: { hard: { configmaps: '1', 'count/secrets': '5' } } });
  assert.equal(q.status, 201, JSON.stringify(q.body));
  await usedBecomes('objects', 'configmaps', '0');
  assert.equal((await daemon.call('POST', `/api/v1/namespaces/${NS}/configmaps`, { metadata: { name: 'a' } })).status, 201);
  assert.equal((await daemon.call('POST', `/api/v1/namespaces/${NS}/configmaps`, { metadata: { name: 'b' } })).status, 403);
  assert.equal((await daemon.call('DELETE', `/api/v1/namespaces/${NS}/configmaps/a`)).status, 200);
  await usedBecomes('objects', 'configmaps', '0');
  assert.equal((await daemon.call('POST', `/api/v1/namespaces/${NS}/configmaps`, { metadata: { name: 'b' } })).status, 201);
});

test('a used figure that went wrong is put right by the full resync', async (t) => {
  const current = (await daemon.call('GET', `${QUOTAS}/pods`)).body;
  const wrong = await daemon.call('PUT', `${QUOTAS}/pods/status`, { ...current, status: { ...current.status, used: { pods: '0' } } });
  assert.equal(wrong.status, 200, JSON.stringify(wrong.body));
  const started = Date.now();
  await usedBecomes('pods', 'pods', '2');
  t.diagnostic(`corrected ${Date.now() - started} ms after the bad write (sync period 2 s)`);
});
