// The storage-version-migrator controller end to end: orch-apiserver as `orch up` runs it and the
// real orch-controller-manager running the controller as its own service account. A migration of
// config maps records the collection's resourceVersion, runs and succeeds, every config map
// rewritten by the controller's no-op apply; a migration of a resource the server does not serve
// fails; kubectl lists both.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { makeTempDir } from '../support/apiserver.ts';
import { deferredHooks, startDaemon, type StorageDaemon } from '../support/daemon.ts';
import { kubectlFor, kubectlSkip, type Kubectl } from '../support/kubectl.ts';
import type { SpawnedControllerManager } from '../../src/controllermanager/testing/spawn.ts';
import { controllerWaiter, startControllers, stopControllers } from '../support/controller-manager.ts';

const SVM = '/apis/storagemigration.orch.io/v1beta1/storageversionmigrations';
const NS = 'svm-e2e';
let daemon: StorageDaemon;
let cm: SpawnedControllerManager;
let kubectl: Kubectl;
const hooks = deferredHooks();
const waitFor = controllerWaiter(() => cm, 20_000);

before(async () => {
  const dir = makeTempDir('orch-svm-');
  // storagemigration.orch.io/v1beta1 is a beta API, off unless turned on (as in Kubernetes 1.35).
  daemon = await startDaemon(hooks, dir, ['--runtime-config=storagemigration.orch.io/v1beta1=true', '--feature-gates=StorageVersionMigrator=true']);
  ({ cm } = await startControllers(daemon, dir, ['--controllers=storage-version-migrator-controller', '--use-service-account-credentials', '-v=4'], /Starting" controller="storage-version-migrator-controller"/));
  kubectl = kubectlFor(daemon, NS);
  assert.equal((await daemon.call('POST', '/api/v1/namespaces', { metadata: { name: NS } })).status, 201);
});
after(async () => {
  await stopControllers(cm);
  await hooks.run();
});

async function finished(name: string): Promise<any> {
  return waitFor(`migration ${name} to finish`, async () => {
    const r = await daemon.call('GET', `${SVM}/${name}`);
    return (r.body.status?.conditions ?? []).some((c: any) => (c.type === 'Succeeded' || c.type === 'Failed') && c.status === 'True') ? r.body : undefined;
  });
}

test('a migration of config maps rewrites each one and succeeds', async () => {
  const before: Record<string, string> = {};
  for (const name of ['a', 'b', 'c']) {
    const r = await daemon.call('POST', `/api/v1/namespaces/${NS}/configmaps`, { metadata: { name }, data: { k: name } });
    assert.equal(r.status, 201);
    before[name] = r.body.metadata.resourceVersion;
  }
  assert.equal((await daemon.call('POST', SVM, { metadata: { name: 'configmaps' }, spec: { resource: { group: '', resource: 'configmaps' } } })).status, 201);
  const done = await finished('configmaps');
  assert.match(done.status.resourceVersion, /^\d+$/);
  assert.ok(Number(done.status.resourceVersion) >= Math.max(...Object.values(before).map(Number)));
  const byType = Object.fromEntries(done.status.conditions.map((c: any) => [c.type, c]));
  assert.equal(byType.Succeeded.status, 'True');
  assert.equal(byType.Succeeded.reason, 'StorageVersionMigrationSucceeded');
  assert.equal(byType.Running.status, 'False');
  assert.equal(byType.Running.reason, 'StorageVersionMigrationInProgress');
  assert.equal(byType.Failed, undefined);
  // Each config map went through the controller's apply, its data untouched.
  for (const name of Object.keys(before)) {
    const cmap = (await daemon.call('GET', `/api/v1/namespaces/${NS}/configmaps/${name}`)).body;
    assert.equal(cmap.data.k, name);
    assert.ok((cmap.metadata.managedFields ?? []).some((m: any) => m.manager === 'storage-version-migrator-controller' && m.operation === 'Apply') || cmap.metadata.resourceVersion !== before[name], JSON.stringify(cmap.metadata));
  }
});

test('a migration of a resource the server does not serve fails', async () => {
  assert.equal((await daemon.call('POST', SVM, { metadata: { name: 'widgets' }, spec: { resource: { group: 'example.orch.io', resource: 'widgets' } } })).status, 201);
  const done = await finished('widgets');
  const failed = done.status.conditions.find((c: any) => c.type === 'Failed');
  assert.deepEqual([failed.status, failed.reason, failed.message], ['True', 'StorageVersionMigrationFailed', 'resource does not exist in discovery']);
});

test('kubectl get storageversionmigrations lists both', { skip: kubectlSkip }, async () => {
  const out = await kubectl.run(['get', 'storageversionmigrations', '-o', 'name']);
  assert.equal(out.code, 0, out.stderr);
  assert.match(out.stdout, /storageversionmigration.storagemigration.(orch|k8s).io\/configmaps/);
  assert.match(out.stdout, /storageversionmigration.storagemigration.(orch|k8s).io\/widgets/);
});
