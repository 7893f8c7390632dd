// The storage protection controllers end to end: orch-apiserver as `orch up` runs it (the
// StorageObjectInUseProtection plugin puts the finalizers on) and the real orch-controller-manager
// with the persistentvolumeclaim-protection, persistentvolume-protection and serviceaccount
// controllers. `kubectl delete pvc` of an unused claim completes; a claim a scheduled pod uses
// stays Terminating until the pod goes; a volume is deleted once it is no longer Bound; a claim
// whose finalizer was taken off gets it back.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as delay } from 'node:timers/promises';
import { makeTempDir } from '../support/apiserver.ts';
import { deferredHooks, startDaemon, type StorageDaemon } from '../support/daemon.ts';
import { kubectlFor, kubectlSkip, type Kubectl } from '../support/kubectl.ts';
import type { SpawnedControllerManager } from '../../src/controllermanager/testing/spawn.ts';
import { controllerWaiter, startControllers, stopControllers } from '../support/controller-manager.ts';

const NS = 'vp';
const CLAIMS = `/api/v1/namespaces/${NS}/persistentvolumeclaims`;
const PODS = `/api/v1/namespaces/${NS}/pods`;
let daemon: StorageDaemon;
let cm: SpawnedControllerManager;
let kubectl: Kubectl;
const hooks = deferredHooks();

before(async () => {
  const dir = makeTempDir('orch-volume-protection-');
  daemon = await startDaemon(hooks, dir, []);
  ({ cm } = await startControllers(daemon, dir, [
    '--controllers=persistentvolumeclaim-protection-controller,persistentvolume-protection-controller,serviceaccount-controller',
    '-v=3',
  ], /Claim protection controller synced/));
  await cm.waitForLog(/Volume protection controller synced/);
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
const gone = (path: string) => async () => ((await daemon.call('GET', path)).status === 404 ? true : undefined);

async function createClaim(name: string): Promise<any> {
  const r = await daemon.call('POST', CLAIMS, { metadata: { name }, spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } } });
  assert.equal(r.status, 201, JSON.stringify(r.body));
  return r.body;
}

async function createPod(name: string, claim: string): Promise<void> {
  const r = await daemon.call('POST', PODS, {
    metadata: { name },
    spec: {
      nodeName: 'node-1',
      containers: [{ name: 'app', image: 'busybox', volumeMounts: [{ name: 'data', mountPath: '/data' }] }],
      volumes: [{ name: 'data', persistentVolumeClaim: { claimName: claim } }],
    },
  });
  assert.equal(r.status, 201, JSON.stringify(r.body));
}

test('kubectl delete pvc of an unused claim completes: the controller lets the finalizer go', { skip: kubectlSkip }, async (t) => {
  const claim = await createClaim('unused');
  assert.deepEqual(claim.metadata.finalizers, ['orch.io/pvc-protection']);
  const started = Date.now();
  const del = await kubectl.run(['delete', 'pvc', 'unused', '--timeout=15s']);
  assert.equal(del.code, 0, del.stderr);
  assert.match(del.stdout, /persistentvolumeclaim "unused" deleted/);
  assert.equal((await daemon.call('GET', `${CLAIMS}/unused`)).status, 404);
  t.diagnostic(`kubectl delete pvc returned after ${Date.now() - started} ms`);
});

test('a claim a scheduled pod uses stays Terminating until the pod is deleted', { skip: kubectlSkip }, async (t) => {
  await createClaim('used');
  await createPod('user', 'used');
  const del = await kubectl.run(['delete', 'pvc', 'used', '--wait=false']);
  assert.equal(del.code, 0, del.stderr);
  // Time for the controller to look (cache, then a live list) and keep it.
  await delay(1500);
  const held = await daemon.call('GET', `${CLAIMS}/used`);
  assert.equal(held.status, 200);
  assert.ok(held.body.metadata.deletionTimestamp);
  assert.deepEqual(held.body.metadata.finalizers, ['orch.io/pvc-protection']);
  const table = await kubectl.run(['get', 'pvc', 'used']);
  assert.match(table.stdout, /used\s+Terminating/);
  assert.match(cm.stderr(), /Keeping the claim: a pod uses it.*vp\/used/);

  const started = Date.now();
  const podGone = await kubectl.run(['delete', 'pod', 'user', '--grace-period=0', '--force']);
  assert.equal(podGone.code, 0, podGone.stderr);
  await waitFor('the claim to go once its pod is deleted', gone(`${CLAIMS}/used`));
  t.diagnostic(`claim gone ${Date.now() - started} ms after its pod was deleted`);
});

test('a claim whose finalizer was taken off gets it back', async () => {
  await createClaim('bare');
  const patched = await daemon.send('PATCH', `${CLAIMS}/bare`, { body: { metadata: { finalizers: null } }, headers: { 'content-type': 'application/merge-patch+json' } });
  assert.equal(patched.status, 200, patched.text);
  await waitFor('the finalizer to be added again', async () => {
    const r = await daemon.call('GET', `${CLAIMS}/bare`);
    return r.body.metadata.finalizers?.includes('orch.io/pvc-protection') ? true : undefined;
  });
});

async function createVolume(name: string, phase: string): Promise<void> {
  const r = await daemon.call('POST', '/api/v1/persistentvolumes', {
    metadata: { name },
    spec: { capacity: { storage: '1Gi' }, accessModes: ['ReadWriteOnce'], hostPath: { path: `/tmp/${name}` } },
  });
  assert.equal(r.status, 201, JSON.stringify(r.body));
  assert.deepEqual(r.body.metadata.finalizers, ['orch.io/pv-protection']);
  await setVolumePhase(name, phase);
}

async function setVolumePhase(name: string, phase: string): Promise<void> {
  const r = await daemon.send('PATCH', `/api/v1/persistentvolumes/${name}/status`, { body: { status: { phase } }, headers: { 'content-type': 'application/merge-patch+json' } });
  assert.equal(r.status, 200, r.text);
}

test('a persistent volume is deleted once it is not Bound', { skip: kubectlSkip }, async (t) => {
  await createVolume('free', 'Available');
  const del = await kubectl.run(['delete', 'pv', 'free', '--timeout=15s']);
  assert.equal(del.code, 0, del.stderr);
  assert.equal((await daemon.call('GET', '/api/v1/persistentvolumes/free')).status, 404);

  await createVolume('bound', 'Bound');
  assert.equal((await kubectl.run(['delete', 'pv', 'bound', '--wait=false'])).code, 0);
  await delay(1000);
  const held = await daemon.call('GET', '/api/v1/persistentvolumes/bound');
  assert.equal(held.status, 200);
  assert.ok(held.body.metadata.deletionTimestamp);
  assert.match((await kubectl.run(['get', 'pv', 'bound'])).stdout, /bound\s+1Gi\s+RWO\s+Retain\s+Terminating/);
  const started = Date.now();
  await setVolumePhase('bound', 'Released');
  await waitFor('the released volume to go', gone('/api/v1/persistentvolumes/bound'));
  t.diagnostic(`volume gone ${Date.now() - started} ms after it was released`);
});
