// The leader migration configuration: reading and validating it, the default, and which lease
// each controller runs under.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { controllerDescriptors } from '../../options/controllermanager/known-controllers.ts';
import { defaultLeaderMigrationConfig, parseLeaderMigrationConfig } from './config.ts';
import { migrationRole, partitionControllers } from './partition.ts';

const file = (body: string, apiVersion = 'controllermanager.config.orch.io/v1') => `apiVersion: ${apiVersion}\nkind: LeaderMigrationConfiguration\n${body}`;

test('a file naming the lease and the controllers it moves', () => {
  const config = parseLeaderMigrationConfig(file('leaderName: cloud-provider-extraction-migration\nresourceLock: leases\ncontrollerLeaders:\n- name: route\n  component: orch-controller-manager\n- name: ttl\n  component: "*"\n- name: service\n  component: cloud-controller-manager\n'));
  assert.deepEqual(config.controllerLeaders.map((l) => l.name), ['route', 'ttl', 'service']);
  assert.equal(migrationRole('node-route-controller', config), 'migrated');
  assert.equal(migrationRole('ttl-controller', config), 'migrated');
  assert.equal(migrationRole('service-lb-controller', config), 'unowned');
  assert.equal(migrationRole('namespace-controller', config), 'main');
  const parts = partitionControllers(controllerDescriptors, config);
  assert.deepEqual(parts.migrated.map((c) => c.name).sort(), ['node-route-controller', 'ttl-controller']);
  assert.deepEqual(parts.unowned.map((c) => c.name), ['service-lb-controller']);
  // Kubernetes' group name is read too.
  assert.equal(parseLeaderMigrationConfig(file('leaderName: x\nresourceLock: leases\n', 'controllermanager.config.k8s.io/v1')).leaderName, 'x');
});

test('validation names every problem; wrong kinds and versions are refused', () => {
  assert.throws(() => parseLeaderMigrationConfig(file('resourceLock: endpoints\ncontrollerLeaders:\n- name: route\n')), {
    message: 'failed to validate the leader migration configuration: [leaderName: Required value: leaderName must be set for LeaderMigrationConfiguration, resourceLock: Invalid value: "endpoints": resource Lock must be "leases", controllerLeaders[0].component: Required value: component must be set]',
  });
  assert.throws(() => parseLeaderMigrationConfig(file('leaderName: x\nresourceLock: leases\n', 'controllermanager.config.orch.io/v2')), /unsupported apiVersion/);
  assert.throws(() => parseLeaderMigrationConfig('apiVersion: controllermanager.config.orch.io/v1\nkind: Other\n'), /expected kind LeaderMigrationConfiguration/);
});

test('the default moves the three cloud controllers; the token controller never moves', () => {
  const config = defaultLeaderMigrationConfig();
  assert.equal(config.leaderName, 'cloud-provider-extraction-migration');
  assert.deepEqual(partitionControllers(controllerDescriptors, config).migrated.map((c) => c.name).sort(), ['cloud-node-lifecycle-controller', 'node-route-controller', 'service-lb-controller']);
  assert.equal(migrationRole('serviceaccount-token-controller', { ...config, controllerLeaders: [{ name: 'serviceaccount-token', component: '*' }] }), 'main');
});
