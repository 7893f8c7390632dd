// The device-taint-eviction controller end to end, with resource.orch.io/v1alpha3 and the
// DRADeviceTaints and DRADeviceTaintRules gates on: a scheduled pod whose allocated device a
// NoExecute DeviceTaintRule selects gets DisruptionTarget (DeletionByDeviceTaintManager) and is
// deleted, with a DeviceTaintManagerEviction event; one whose allocation tolerates the taint for a
// few seconds goes when they run out; a device tainted NoExecute in its ResourceSlice evicts too;
// the rule's status gets EvictionInProgress; --concurrent-device-taint-eviction-syncs is read.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { makeTempDir } from '../support/apiserver.ts';
import { deferredHooks, startDaemon, type StorageDaemon } from '../support/daemon.ts';
import type { SpawnedControllerManager } from '../../src/controllermanager/testing/spawn.ts';
import { controllerWaiter, startControllers, stopControllers } from '../support/controller-manager.ts';

const NS = 'dte';
const PODS = `/api/v1/namespaces/${NS}/pods`;
const CLAIMS = `/apis/resource.orch.io/v1/namespaces/${NS}/resourceclaims`;
const RULES = '/apis/resource.orch.io/v1alpha3/devicetaintrules';
const DRIVER = 'gpu.example.com';
let daemon: StorageDaemon;
let cm: SpawnedControllerManager;
const hooks = deferredHooks();
const waitFor = controllerWaiter(() => cm, 20_000);

async function ok(method: string, path: string, body?: unknown): Promise<any> {
  const r = await daemon.call(method, path, body);
  assert.ok(r.status < 300, `${method} ${path}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}

/** A scheduled pod using a claim allocated to `device` of pool node-a, reserved for it. */
async function podOnDevice(name: string, device: string, tolerations: unknown[] = []): Promise<string> {
  const claim = await ok('POST', CLAIMS, { metadata: { name }, spec: { devices: { requests: [{ name: 'gpu', exactly: { deviceClassName: 'gpu' } }] } } });
  const pod = await ok('POST', PODS, {
    metadata: { name },
    spec: { nodeName: 'node-a', containers: [{ name: 'c', image: 'busybox', resources: { claims: [{ name: 'gpu' }] } }], resourceClaims: [{ name: 'gpu', resourceClaimName: name }] },
  });
  await ok('PUT', `${CLAIMS}/${name}/status`, {
    ...claim,
    status: {
      allocation: { devices: { results: [{ request: 'gpu', driver: DRIVER, pool: 'node-a', device, ...(tolerations.length ? { tolerations } : {}) }] } },
      reservedFor: [{ resource: 'pods', name, uid: pod.metadata.uid }],
    },
  });
  return pod.metadata.uid;
}

/** Deleted: with no node agent to confirm, a scheduled pod stays, Terminating, for its grace period. */
const deleted = async (name: string): Promise<any> => {
  const r = await daemon.call('GET', `${PODS}/${name}`);
  return r.status === 404 ? {} : r.body.metadata.deletionTimestamp ? r.body : undefined;
};
const gone = (name: string) => () => deleted(name);

before(async () => {
  const dir = makeTempDir('orch-device-taint-');
  daemon = await startDaemon(hooks, dir, ['--runtime-config=resource.orch.io/v1alpha3=true', '--feature-gates=DRADeviceTaints=true,DRADeviceTaintRules=true']);
  ({ cm } = await startControllers(daemon, dir, ['--controllers=device-taint-eviction-controller,serviceaccount-controller', '--use-service-account-credentials', '--concurrent-device-taint-eviction-syncs=3', '-v=3'], /Starting" controller="device-taint-eviction-controller" numWorkers=3/));
  await ok('POST', '/api/v1/namespaces', { metadata: { name: NS } });
  await waitFor('the default service account', async () => ((await daemon.call('GET', `/api/v1/namespaces/${NS}/serviceaccounts/default`)).status === 200 ? true : undefined));
  await ok('POST', '/apis/resource.orch.io/v1/resourceslices', {
    metadata: { name: 'node-a-gpus' },
    spec: { driver: DRIVER, pool: { name: 'node-a', generation: 1, resourceSliceCount: 1 }, nodeName: 'node-a', devices: [{ name: 'gpu-0' }, { name: 'gpu-1' }, { name: 'gpu-2' }, { name: 'gpu-3' }] },
  });
});
after(async () => {
  await stopControllers(cm);
  await hooks.run();
});

test('a NoExecute rule evicts the pod using the device: DisruptionTarget, then deleted; the rule reports it', async () => {
  const uid = await podOnDevice('trainer', 'gpu-0');
  const rule = await ok('POST', RULES, { metadata: { name: 'broken-gpu-0' }, spec: { deviceSelector: { driver: DRIVER, pool: 'node-a', device: 'gpu-0' }, taint: { key: 'example.com/broken', effect: 'NoExecute' } } });
  const last = await waitFor('the pod deleted', gone('trainer'));
  const c = last.status.conditions.find((x: any) => x.type === 'DisruptionTarget');
  assert.deepEqual([c.status, c.reason, c.message], ['True', 'DeletionByDeviceTaintManager', 'Device Taint manager: deleting due to NoExecute taint']);
  const event = await waitFor('the eviction event', async () => ((await daemon.call('GET', `/api/v1/namespaces/${NS}/events`)).body.items ?? []).find((e: any) => e.reason === 'DeviceTaintManagerEviction' && e.involvedObject.name === 'trainer'));
  assert.equal(event.message, 'Marking for deletion');
  assert.equal(event.involvedObject.uid, uid);
  // At once when the rule appears, then (at most every 10 s) once the eviction is done.
  const condition = await waitFor('the rule status to say Completed', async () => {
    const c = (await daemon.call('GET', `${RULES}/${rule.metadata.name}`)).body.status?.conditions?.find((x: any) => x.type === 'EvictionInProgress');
    return c?.reason === 'Completed' ? c : undefined;
  }, 25_000);
  assert.deepEqual([condition.status, condition.message, condition.observedGeneration], ['False', '1 pod evicted since starting the controller.', 1]);
});

test('a toleration with tolerationSeconds delays the eviction until it runs out', async () => {
  await podOnDevice('patient', 'gpu-1', [{ key: 'example.com/broken', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 3 }]);
  const start = Date.now();
  await ok('POST', RULES, { metadata: { name: 'broken-gpu-1' }, spec: { deviceSelector: { device: 'gpu-1' }, taint: { key: 'example.com/broken', effect: 'NoExecute' } } });
  await new Promise((r) => setTimeout(r, 1500));
  assert.equal(await deleted('patient'), undefined, 'still there within its toleration');
  await waitFor('the pod deleted after its toleration', gone('patient'));
  // timeAdded is kept to the second, so the 3 s may start up to a second before the POST.
  assert.ok(Date.now() - start >= 1900, `deleted after ${Date.now() - start} ms`);
});

test('a toleration without seconds keeps the pod; a NoExecute taint in the slice evicts another', async () => {
  await podOnDevice('tolerant', 'gpu-2', [{ operator: 'Exists', effect: 'NoExecute' }]);
  await podOnDevice('exposed', 'gpu-3');
  const slice = await ok('GET', '/apis/resource.orch.io/v1/resourceslices/node-a-gpus');
  slice.spec.devices = slice.spec.devices.map((d: any) => (d.name === 'gpu-2' || d.name === 'gpu-3' ? { ...d, taints: [{ key: 'example.com/overheat', effect: 'NoExecute' }] } : d));
  await ok('PUT', '/apis/resource.orch.io/v1/resourceslices/node-a-gpus', slice);
  await waitFor('the exposed pod deleted', gone('exposed'));
  assert.equal(await deleted('tolerant'), undefined);
});
