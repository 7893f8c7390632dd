// The validatingadmissionpolicy-status controller end to end: orch-apiserver as `orch up` runs it
// and the real orch-controller-manager running the controller as its own service account. The
// server no longer type checks on writes; the controller checks each new generation of a policy
// against the schemas the server publishes (the matched Deployment kind, the ConfigMap paramKind)
// and applies status.typeChecking and observedGeneration through /status.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { makeTempDir } from '../support/apiserver.ts';
import { deferredHooks, startDaemon, type StorageDaemon } from '../support/daemon.ts';
import type { SpawnedControllerManager } from '../../src/controllermanager/testing/spawn.ts';
import { controllerWaiter, startControllers, stopControllers } from '../support/controller-manager.ts';

const VAP = '/apis/admissionregistration.orch.io/v1/validatingadmissionpolicies';
let daemon: StorageDaemon;
let cm: SpawnedControllerManager;
const hooks = deferredHooks();
const waitFor = controllerWaiter(() => cm, 20_000);

before(async () => {
  const dir = makeTempDir('orch-vap-status-');
  daemon = await startDaemon(hooks, dir, []);
  ({ cm } = await startControllers(daemon, dir, ['--controllers=validatingadmissionpolicy-status-controller', '--use-service-account-credentials', '--concurrent-validating-admission-policy-status-syncs=2', '-v=4'], /Starting controller" controller="validatingadmissionpolicy-status-controller"/));
});
after(async () => {
  await stopControllers(cm);
  await hooks.run();
});

const policy = (validations: unknown[]) => ({
  metadata: { name: 'replicas' },
  spec: {
    paramKind: { apiVersion: 'v1', kind: 'ConfigMap' },
    matchConstraints: { resourceRules: [{ operations: ['CREATE', 'UPDATE'], apiGroups: ['apps'], apiVersions: ['v1'], resources: ['deployments'] }] },
    validations,
  },
});

async function statusAt(generation: number): Promise<any> {
  return waitFor(`status of generation ${generation}`, async () => {
    const r = await daemon.call('GET', `${VAP}/replicas`);
    return r.body.status?.observedGeneration === generation ? r.body : undefined;
  });
}

test('a policy reading fields its kinds lack gets expression warnings; a fixed spec clears them', async () => {
  const created = await daemon.call('POST', VAP, policy([
    { expression: "object.spec.replicas <= int(params.data.max)" },
    { expression: 'object.spec.replica > 1', messageExpression: "'too many: ' + string(params.dat)" },
  ]));
  assert.equal(created.status, 201, JSON.stringify(created.body));
  // The write itself reports nothing: type checking left the write path.
  assert.equal(created.body.status?.typeChecking, undefined);
  assert.equal(created.body.metadata.generation, 1);
  const first = await statusAt(1);
  assert.deepEqual(first.status.typeChecking, {
    expressionWarnings: [
      { fieldRef: 'spec.validations[1].expression', warning: "apps/v1, Kind=Deployment: ERROR: <input>:1:12: undefined field 'replica'\n | object.spec.replica > 1\n | ...........^\n" },
      { fieldRef: 'spec.validations[1].messageExpression', warning: "apps/v1, Kind=Deployment: ERROR: <input>:1:29: undefined field 'dat'\n | 'too many: ' + string(params.dat)\n | ............................^\n" },
    ],
  });
  // The controller owns the status fields through server-side apply.
  const managers = (first.metadata.managedFields ?? []).map((m: { manager: string; operation: string }) => `${m.manager}:${m.operation}`);
  assert.ok(managers.includes('validatingadmissionpolicy-status-controller:Apply'), JSON.stringify(managers));

  // A main-resource write cannot set the status, and a new spec is a new generation.
  const fixed = await daemon.call('PUT', `${VAP}/replicas`, { ...first, spec: { ...first.spec, validations: [{ expression: 'object.spec.replicas <= 5' }] }, status: { observedGeneration: 9 } });
  assert.equal(fixed.status, 200, JSON.stringify(fixed.body));
  assert.equal(fixed.body.metadata.generation, 2);
  assert.equal(fixed.body.status.observedGeneration, 1);
  const second = await statusAt(2);
  assert.deepEqual(second.status.typeChecking, {});
  // Metadata-only changes keep the generation, and nothing is checked again.
  const labelled = await daemon.send('PATCH', `${VAP}/replicas`, { body: { metadata: { labels: { team: 'a' } } }, headers: { 'content-type': 'application/merge-patch+json' } });
  assert.equal(labelled.body.metadata.generation, 2);
  assert.equal((await daemon.call('DELETE', `${VAP}/replicas`)).status, 200);
});

test('rules with wildcards and kinds the server does not serve are not checked', async () => {
  const r = await daemon.call('POST', VAP, {
    metadata: { name: 'wild' },
    spec: {
      matchConstraints: { resourceRules: [
        { operations: ['CREATE'], apiGroups: ['*'], apiVersions: ['v1'], resources: ['pods'] },
        { operations: ['CREATE'], apiGroups: ['example.orch.io'], apiVersions: ['v1'], resources: ['gadgets'] },
      ] },
      validations: [{ expression: 'object.nothing == 1' }],
    },
  });
  assert.equal(r.status, 201, JSON.stringify(r.body));
  const done = await waitFor('the wild policy checked', async () => {
    const got = await daemon.call('GET', `${VAP}/wild`);
    return got.body.status?.observedGeneration === 1 ? got.body : undefined;
  });
  assert.deepEqual(done.status.typeChecking, {});
  await daemon.call('DELETE', `${VAP}/wild`);
});
