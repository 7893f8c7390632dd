// StorageVersions end to end: orch-apiserver with the StorageVersionAPI gate and
// internal.apiserver.orch.io/v1alpha1 on records, under its identity lease's name, the version it
// writes each stored resource in; the storageversion-garbage-collector controller, as its own
// account, takes out entries of servers whose identity lease is gone (on the lease's deletion, or
// on sight of a StorageVersion naming one) and deletes a StorageVersion left with none.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { makeTempDir } from '../support/apiserver.ts';
import { deferredHooks, startDaemon, type StorageDaemon } from '../support/daemon.ts';
import { kubectlFor, kubectlSkip, type Kubectl } from '../support/kubectl.ts';
import type { SpawnedControllerManager } from '../../src/controllermanager/testing/spawn.ts';
import { controllerWaiter, startControllers, stopControllers } from '../support/controller-manager.ts';

const SV = '/apis/internal.apiserver.orch.io/v1alpha1/storageversions';
const LEASES = '/apis/coordination.orch.io/v1/namespaces/orch-system/leases';
let daemon: StorageDaemon;
let cm: SpawnedControllerManager;
let kubectl: Kubectl;
let serverId = '';
const hooks = deferredHooks();
const waitFor = controllerWaiter(() => cm, 20_000);
if (process.env.SHOW_APISERVER_LOG) process.on('exit', () => process.stderr.write(daemon?.stderr() ?? ''));

async function ok(method: string, path: string, body?: unknown): Promise<any> {
  const r = await daemon.call(method, path, body);
  assert.ok(r.status < 300, `${method} ${path}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}

/** A StorageVersion with the given servers' entries, written as a server writes it (create, then /status). */
async function storageVersion(name: string, ids: string[]): Promise<void> {
  const created = await ok('POST', SV, { metadata: { name }, spec: {} });
  const entries = ids.map((apiServerID) => ({ apiServerID, encodingVersion: 'example.com/v1', decodableVersions: ['example.com/v1'] }));
  await ok('PUT', `${SV}/${name}/status`, {
    ...created,
    status: { storageVersions: entries, commonEncodingVersion: 'example.com/v1', conditions: [{ type: 'AllEncodingVersionsEqual', status: 'True', reason: 'CommonEncodingVersionSet', message: 'Common encoding version set' }] },
  });
}

const idsOf = async (name: string): Promise<string[] | undefined> => {
  const r = await daemon.call('GET', `${SV}/${name}`);
  return r.status === 404 ? undefined : (r.body.status?.storageVersions ?? []).map((e: { apiServerID: string }) => e.apiServerID);
};

before(async () => {
  const dir = makeTempDir('orch-storageversion-gc-');
  daemon = await startDaemon(hooks, dir, ['--runtime-config=internal.apiserver.orch.io/v1alpha1=true', '--feature-gates=StorageVersionAPI=true']);
  ({ cm } = await startControllers(daemon, dir, ['--controllers=storageversion-garbage-collector-controller', '--use-service-account-credentials', '-v=4'], /Started controllers/));
  await cm.waitForLog(/Starting controller" controller="storageversion-garbage-collector-controller"/);
  kubectl = kubectlFor(daemon);
  serverId = await waitFor('the identity lease', async () => {
    const items = (await daemon.call('GET', `${LEASES}?labelSelector=apiserver.orch.io/identity=orch-apiserver`)).body.items ?? [];
    return items[0]?.metadata.name as string | undefined;
  });
});
after(async () => {
  kubectl?.close();
  await stopControllers(cm);
  await hooks.run();
});

test('the server records each stored resource under its identity', async () => {
  const pods = await waitFor('core.pods', async () => ((await daemon.call('GET', `${SV}/core.pods`)).body.status?.storageVersions ? (await daemon.call('GET', `${SV}/core.pods`)).body : undefined));
  assert.deepEqual(pods.status.storageVersions, [{ apiServerID: serverId, encodingVersion: 'v1', decodableVersions: ['v1'], servedVersions: ['v1'] }]);
  assert.equal(pods.status.commonEncodingVersion, 'v1');
  assert.deepEqual(pods.status.conditions.map((c: any) => [c.type, c.status, c.reason, c.message]), [['AllEncodingVersionsEqual', 'True', 'CommonEncodingVersionSet', 'Common encoding version set']]);
  const deployments = await waitFor('apps.deployments', async () => (await daemon.call('GET', `${SV}/apps.deployments`)).body.status?.storageVersions);
  assert.equal(deployments[0].encodingVersion, 'apps/v1');
  // Nothing of a live server is collected.
  assert.deepEqual(await idsOf('core.pods'), [serverId]);
});

test('kubectl get storageversions lists them', { skip: kubectlSkip }, async () => {
  const got = await kubectl.run(['get', 'storageversions', 'core.pods', '-o', 'jsonpath={.status.storageVersions[0].apiServerID}']);
  assert.equal(got.code, 0, got.stderr);
  assert.equal(got.stdout, serverId);
});

test('an entry of a server without an identity lease is taken out; a StorageVersion left empty is deleted', async () => {
  await storageVersion('example.com.widgets', [serverId, 'apiserver-gone']);
  await waitFor('the stale entry removed', async () => ((await idsOf('example.com.widgets'))?.join() === serverId ? true : undefined));
  await storageVersion('example.com.gadgets', ['apiserver-gone']);
  await waitFor('the empty StorageVersion deleted', async () => ((await idsOf('example.com.gadgets')) === undefined ? true : undefined));
});

test('deleting an identity lease takes its server out everywhere', async () => {
  await ok('POST', LEASES, { metadata: { name: 'apiserver-other', labels: { 'apiserver.orch.io/identity': 'orch-apiserver' } }, spec: { holderIdentity: 'apiserver-other_1', leaseDurationSeconds: 3600 } });
  await storageVersion('example.com.things', [serverId, 'apiserver-other']);
  // Its server is live: both stay.
  await new Promise((r) => setTimeout(r, 500));
  assert.deepEqual(await idsOf('example.com.things'), [serverId, 'apiserver-other']);
  await ok('DELETE', `${LEASES}/apiserver-other`);
  await waitFor('the other server\'s entry removed', async () => ((await idsOf('example.com.things'))?.join() === serverId ? true : undefined));
  const sv = await ok('GET', `${SV}/example.com.things`);
  assert.equal(sv.status.commonEncodingVersion, 'example.com/v1');
});
