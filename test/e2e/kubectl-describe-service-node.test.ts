// `kubectl describe service` and `kubectl describe node`, which reach past the object described
// through Kubernetes' names: the service's endpoints are the discovery.k8s.io EndpointSlices
// labelled kubernetes.io/service-name=<service> (the endpointslice controller writes that label
// beside orch.io/service-name), and the node's Lease is read from coordination.k8s.io in
// kube-node-lease, a namespace orch does not have (its leases are in orch-node-lease): describe
// still answers, saying on its Lease line that it found none (docs/design.md says why).
// orch-apiserver, the controller manager and one simulated node, driven with the real kubectl.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { makeTempDir } from '../support/apiserver.ts';
import { deferredHooks, startDaemon, type StorageDaemon } from '../support/daemon.ts';
import { kubectlFor, kubectlSkip, type Kubectl } from '../support/kubectl.ts';
import type { SpawnedControllerManager } from '../../src/controllermanager/testing/spawn.ts';
import { controllerWaiter, startControllers, stopControllers } from '../support/controller-manager.ts';
import { startNodeAgent, type Component } from '../support/nodes.ts';

const NS = 'describe';
let daemon: StorageDaemon;
let cm: SpawnedControllerManager;
let kubectl: Kubectl;
const components: Component[] = [];
const hooks = deferredHooks();
const waitFor = controllerWaiter(() => cm, 30_000);

before(async () => {
  if (kubectlSkip) return;
  const dir = makeTempDir('orch-describe-');
  daemon = await startDaemon(hooks, dir, []);
  const started = await startControllers(daemon, dir, [
    '--controllers=endpoints-controller,endpointslice-controller,serviceaccount-controller',
    '--use-service-account-credentials',
  ], /EndpointSlice controller synced/);
  cm = started.cm;
  components.push(await startNodeAgent(started.orchconfig, dir, 1));
  assert.equal((await daemon.call('POST', '/api/v1/namespaces', { metadata: { name: NS } })).status, 201);
  kubectl = kubectlFor(daemon, NS);
  await waitFor('the default service account', async () => ((await daemon.call('GET', `/api/v1/namespaces/${NS}/serviceaccounts/default`)).status === 200 ? true : undefined));
});
after(async () => {
  if (kubectlSkip) return;
  kubectl?.close();
  for (const c of components) await c.stop();
  await stopControllers(cm);
  await hooks.run();
});

async function ok(args: string[]): Promise<string> {
  const r = await kubectl.run(args);
  assert.equal(r.code, 0, `kubectl ${args.join(' ')}: ${r.stderr}${r.stdout}`);
  return r.stdout;
}

test('kubectl describe service lists the endpoints of the service\'s slices', { skip: kubectlSkip }, async () => {
  // Bound to the node directly: the scheduler is not what this test is about.
  const node = await waitFor('the node', async () => (await daemon.call('GET', '/api/v1/nodes')).body.items?.[0]);
  await ok(['run', 'web', '--image=nginx', '--port=80', `--overrides={"spec":{"nodeName":"${node.metadata.name}"}}`]);
  await ok(['expose', 'pod', 'web', '--port=8080', '--target-port=80']);
  const slice = await waitFor('a slice listing the ready pod', async () => {
    const items = (await daemon.call('GET', `/apis/discovery.k8s.io/v1/namespaces/${NS}/endpointslices?labelSelector=kubernetes.io%2Fservice-name%3Dweb`)).body.items;
    return items?.[0]?.endpoints?.[0]?.addresses?.[0] && items[0].endpoints[0].conditions?.ready ? items[0] : undefined;
  });
  assert.equal(slice.metadata.labels['orch.io/service-name'], 'web');
  assert.equal(slice.metadata.labels['kubernetes.io/service-name'], 'web');
  const ip: string = slice.endpoints[0].addresses[0];
  const described = await ok(['describe', 'service', 'web']);
  assert.match(described, new RegExp(`^Endpoints:\\s+${ip.replace(/\./g, '\\.')}:80$`, 'm'), described);
});

test('kubectl describe node answers; the lease it looks for in kube-node-lease is not found', { skip: kubectlSkip }, async () => {
  const node = await waitFor('the node', async () => (await daemon.call('GET', '/api/v1/nodes')).body.items?.[0]);
  const name: string = node.metadata.name;
  const lease = await daemon.call('GET', `/apis/coordination.k8s.io/v1/namespaces/orch-node-lease/leases/${name}`);
  assert.equal(lease.status, 200, 'the node agent renews its lease in orch-node-lease');
  const described = await ok(['describe', 'node', name]);
  assert.match(described, new RegExp(`^Name:\\s+${name}$`, 'm'));
  assert.match(described, new RegExp(`^Lease:\\s+Failed to get lease: leases\\.coordination\\.k8s\\.io "${name}" not found$`, 'm'), described);
  assert.match(described, /^Conditions:$/m);
});
