// The storageversion-garbage-collector and device-taint-eviction controllers against orch-apiserver
// as `orch up` runs it: the server serves neither internal.apiserver.orch.io StorageVersions nor
// resource.orch.io/v1alpha3 DeviceTaintRules, so each says once that it waits for its API (naming
// what it needs) while the manager runs, and neither writes anything.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { makeTempDir } from '../support/apiserver.ts';
import { deferredHooks, startDaemon, type StorageDaemon } from '../support/daemon.ts';
import type { SpawnedControllerManager } from '../../src/controllermanager/testing/spawn.ts';
import { startControllers, stopControllers } from '../support/controller-manager.ts';

let daemon: StorageDaemon;
let cm: SpawnedControllerManager;
const hooks = deferredHooks();

before(async () => {
  const dir = makeTempDir('orch-unserved-');
  daemon = await startDaemon(hooks, dir, []);
  ({ cm } = await startControllers(daemon, dir, ['--controllers=storageversion-garbage-collector-controller,device-taint-eviction-controller', '--use-service-account-credentials'], /Started controllers" count=2/));
});
after(async () => {
  await stopControllers(cm);
  await hooks.run();
});

test('both wait for their API, saying so once', async () => {
  await cm.waitForLog(/waiting for its API.*storageversion-garbage-collector-controller/);
  await cm.waitForLog(/waiting for its API.*device-taint-eviction-controller/);
  const log = cm.stderr();
  assert.equal(log.match(/waiting for its API: the server does not serve it yet" controller="storageversion-garbage-collector-controller" needs="storageversions.internal.apiserver.orch.io\/v1alpha1, leases.coordination.orch.io\/v1"/g)?.length, 1, log);
  assert.equal(log.match(/waiting for its API: the server does not serve it yet" controller="device-taint-eviction-controller" needs="devicetaintrules.resource.orch.io\/v1alpha3, resourceslices.resource.orch.io\/v1, resourceclaims.resource.orch.io\/v1, pods\/v1"/g)?.length, 1, log);
  // Neither API is in discovery.
  assert.equal((await daemon.call('GET', '/apis/internal.apiserver.orch.io/v1alpha1')).status, 404);
  assert.ok(!((await daemon.call('GET', '/apis/resource.orch.io/v1alpha3')).body.resources ?? []).some((r: { name: string }) => r.name === 'devicetaintrules'));
});
