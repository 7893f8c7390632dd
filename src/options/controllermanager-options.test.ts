import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadControllerManagerOptions } from './controllermanager-command.ts';
import { controllerManagerOptions } from './controllermanager-options.ts';

test('with nothing given, every field is its row\'s default', () => {
  const o = controllerManagerOptions({});
  assert.equal(o.secureServing.securePort, 10257);
  assert.equal(o.secureServing.bindAddress, '0.0.0.0');
  assert.equal(o.debugging.profiling, true);
  assert.deepEqual(o.client, { orchconfig: '', master: '', qps: 20, burst: 30, contentType: 'application/vnd.orch.protobuf', minResyncPeriodMs: 12 * 3600_000 });
  assert.deepEqual(o.leaderElection, {
    leaderElect: true, leaseDurationMs: 15_000, renewDeadlineMs: 10_000, retryPeriodMs: 2_000,
    resourceNamespace: 'orch-system', resourceName: 'orch-controller-manager',
    enableLeaderMigration: false, leaderMigrationConfig: '',
  });
  assert.deepEqual(o.controllerSelection, { controllers: ['*'], startIntervalMs: 0, shutdownTimeoutMs: 10_000, useServiceAccountCredentials: false });
  assert.deepEqual(o.garbageCollector, { enabled: true, workers: 20 });
  assert.deepEqual(o.namespaceController, { syncPeriodMs: 5 * 60_000, workers: 10 });
  assert.deepEqual(o.serviceAccountController, { rootCAFile: '' });
  assert.deepEqual(o.authentication.requestHeaderUsernameHeaders, ['x-remote-user']);
  assert.equal(o.authentication.tokenCacheTTLms, 10_000);
  assert.deepEqual(o.authorization.alwaysAllowPaths, ['/healthz', '/readyz', '/livez']);
  assert.deepEqual(o.authorization.alwaysAllowGroups, ['system:masters']);
});

test('the command line reaches the fields, parsed and typed', () => {
  const r = loadControllerManagerOptions([
    '--orchconfig=/etc/orch/cm.conf', '--secure-port=0', '--leader-elect=false', '--controllers=*,-garbage-collector-controller',
    '--concurrent-namespace-syncs=3', '--namespace-sync-period=1m', '--orch-api-content-type=application/json',
    '--root-ca-file=/pki/ca.crt', '--authorization-always-allow-paths=/healthz', '--use-service-account-credentials',
  ]);
  assert.equal(r.kind, 'run');
  if (r.kind !== 'run') return;
  const o = r.options;
  assert.equal(o.client.orchconfig, '/etc/orch/cm.conf');
  assert.equal(o.client.contentType, 'application/json');
  assert.equal(o.secureServing.securePort, 0);
  assert.equal(o.leaderElection.leaderElect, false);
  assert.deepEqual(o.controllerSelection.controllers, ['*', '-garbage-collector-controller']);
  assert.equal(o.controllerSelection.useServiceAccountCredentials, true);
  assert.deepEqual(o.namespaceController, { syncPeriodMs: 60_000, workers: 3 });
  assert.equal(o.serviceAccountController.rootCAFile, '/pki/ca.crt');
  assert.deepEqual(o.authorization.alwaysAllowPaths, ['/healthz']);
});

test('a worker count of zero or less takes the row\'s default, so a controller never runs without workers', () => {
  const o = controllerManagerOptions({ 'concurrent-gc-syncs': 0, 'concurrent-namespace-syncs': -1 });
  assert.equal(o.garbageCollector.workers, 20);
  assert.equal(o.namespaceController.workers, 10);
});
