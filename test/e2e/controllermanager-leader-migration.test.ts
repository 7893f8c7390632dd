// Leader migration with the real orch-controller-manager: with --enable-leader-migration and a
// LeaderMigrationConfiguration that moves route, service and cloud-node-lifecycle (and ttl) to
// this component, the manager takes its main Lease, starts the other controllers under it, then
// takes the migration Lease (leaderName, in the main lease's namespace) and starts the moved ones
// under that; a controller given to another component does not start; a bad file stops the
// manager with Kubernetes' validation messages.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeTempDir } from '../support/apiserver.ts';
import { deferredHooks, startDaemon, type StorageDaemon } from '../support/daemon.ts';
import { spawnControllerManager, writeOrchconfig, type SpawnedControllerManager } from '../../src/controllermanager/testing/spawn.ts';
import { controllerWaiter, stopControllers } from '../support/controller-manager.ts';

const LEASES = '/apis/coordination.orch.io/v1/namespaces/orch-system/leases';
let daemon: StorageDaemon;
let dir = '';
let orchconfig = '';
let cm: SpawnedControllerManager;
const hooks = deferredHooks();
const waitFor = controllerWaiter(() => cm);

function managerWith(configBody: string, extra: string[] = []): SpawnedControllerManager {
  const file = join(dir, `migration-${Math.random().toString(36).slice(2)}.yaml`);
  writeFileSync(file, configBody);
  return spawnControllerManager([
    `--orchconfig=${orchconfig}`, '--secure-port=0', '-v=2',
    '--leader-elect-lease-duration=4s', '--leader-elect-renew-deadline=3s', '--leader-elect-retry-period=500ms',
    '--enable-leader-migration', `--leader-migration-config=${file}`, ...extra,
  ]);
}

before(async () => {
  dir = makeTempDir('orch-leader-migration-');
  daemon = await startDaemon(hooks, dir, []);
  orchconfig = writeOrchconfig(dir, daemon);
});
after(async () => {
  await stopControllers(cm);
  await hooks.run();
});

test('moved controllers start under the migration lease once the main one is held', async () => {
  cm = managerWith([
    'apiVersion: controllermanager.config.orch.io/v1',
    'kind: LeaderMigrationConfiguration',
    'leaderName: cloud-provider-extraction-migration',
    'resourceLock: leases',
    'controllerLeaders:',
    '- name: route',
    '  component: orch-controller-manager',
    '- name: service',
    '  component: orch-controller-manager',
    '- name: cloud-node-lifecycle',
    '  component: "*"',
    '- name: ttl',
    '  component: orch-controller-manager',
    '- name: namespace',
    '  component: cloud-controller-manager',
    '',
  ].join('\n'), ['--controllers=ttl-controller,namespace-controller,serviceaccount-controller,node-route-controller,service-lb-controller,cloud-node-lifecycle-controller']);
  await cm.waitForLog(/leader migration: starting main controllers/);
  await cm.waitForLog(/leader migration: starting migrated controllers\." lease="orch-system\/cloud-provider-extraction-migration" controllers="cloud-node-lifecycle-controller,node-route-controller,service-lb-controller,ttl-controller"/);
  await cm.waitForLog(/Skipping a cloud provider controller" controller="node-route-controller"/);
  await cm.waitForLog(/Starting controller" controller="ttl-controller"/);
  const log = cm.stderr();
  assert.match(log, /leader migration: controllers of another component are not started" controllers="namespace-controller"/);
  // The migrated controllers start after the main ones, under the second lease.
  assert.ok(log.indexOf('starting main controllers') < log.indexOf('starting migrated controllers'), log);
  assert.doesNotMatch(log, /Starting controller" controller="namespace-controller"/);
  const main = await waitFor('the main lease', async () => (await daemon.call('GET', `${LEASES}/orch-controller-manager`)).body.spec?.holderIdentity as string | undefined);
  const migration = await waitFor('the migration lease', async () => (await daemon.call('GET', `${LEASES}/cloud-provider-extraction-migration`)).body.spec?.holderIdentity as string | undefined);
  assert.equal(migration, main);
  // A clean stop releases both.
  await stopControllers(cm);
  assert.equal(await cm.exited, 0);
  for (const name of ['orch-controller-manager', 'cloud-provider-extraction-migration']) {
    assert.equal((await daemon.call('GET', `${LEASES}/${name}`)).body.spec?.holderIdentity ?? '', '', name);
  }
});

test('a file that does not validate stops the manager with every problem named', async () => {
  cm = managerWith('apiVersion: controllermanager.config.orch.io/v1\nkind: LeaderMigrationConfiguration\nresourceLock: configmaps\ncontrollerLeaders:\n- component: orch-controller-manager\n');
  assert.equal(await cm.exited, 1);
  assert.match(cm.stderr(), /failed to validate the leader migration configuration .*: \[leaderName: Required value: leaderName must be set for LeaderMigrationConfiguration, resourceLock: Invalid value: "configmaps": resource Lock must be "leases", controllerLeaders\[0\]\.name: Required value: name must be set\]/);
});
