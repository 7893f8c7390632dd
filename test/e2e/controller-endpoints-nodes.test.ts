// The endpoints and endpointslice controllers over pods that a simulated node really runs:
// orch-apiserver as `orch up` runs it, orch-scheduler, orch-nodeagent with one node and the real
// orch-controller-manager. kubectl run makes a pod, kubectl expose a service over it; once the
// node reports the pod Ready, its Endpoints and EndpointSlice list its IP, as kubectl get
// endpointslices shows.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { makeTempDir } from '../support/apiserver.ts';
import { deferredHooks, startDaemon, type StorageDaemon } from '../support/daemon.ts';
import { kubectlFor, kubectlSkip, type Kubectl } from '../support/kubectl.ts';
import type { SpawnedControllerManager } from '../../src/controllermanager/testing/spawn.ts';
import { controllerWaiter, startControllers, stopControllers } from '../support/controller-manager.ts';
import { startNodeAgent, startScheduler, type Component } from '../support/nodes.ts';

const NS = 'expose';
let daemon: StorageDaemon;
let cm: SpawnedControllerManager;
let kubectl: Kubectl;
const components: Component[] = [];
const hooks = deferredHooks();
const waitFor = controllerWaiter(() => cm, 30_000);

before(async () => {
  const dir = makeTempDir('orch-expose-');
  daemon = await startDaemon(hooks, dir, []);
  const started = await startControllers(daemon, dir, [
    '--controllers=endpoints-controller,endpointslice-controller,serviceaccount-controller',
    '--use-service-account-credentials',
  ], /EndpointSlice controller synced/);
  cm = started.cm;
  components.push(startScheduler(started.orchconfig));
  components.push(await startNodeAgent(started.orchconfig, dir, 1));
  assert.equal((await daemon.call('POST', '/api/v1/namespaces', { metadata: { name: NS } })).status, 201);
  kubectl = kubectlFor(daemon, NS);
  await waitFor('the default service account', async () => ((await daemon.call('GET', `/api/v1/namespaces/${NS}/serviceaccounts/default`)).status === 200 ? true : undefined));
});
after(async () => {
  kubectl?.close();
  for (const c of components) await c.stop();
  await stopControllers(cm);
  await hooks.run();
});

test('kubectl expose pod: the service\'s Endpoints and EndpointSlice list the running pod', { skip: kubectlSkip }, async () => {
  const run = await kubectl.run(['run', 'web', '--image=nginx', '--port=80']);
  assert.equal(run.code, 0, run.stderr);
  const expose = await kubectl.run(['expose', 'pod', 'web', '--port=8080', '--target-port=80']);
  assert.equal(expose.code, 0, expose.stderr);
  const pod = await waitFor('the pod Ready with an IP', async () => {
    const p = (await daemon.call('GET', `/api/v1/namespaces/${NS}/pods/web`)).body;
    return p.status?.podIP && p.status.conditions?.some((c: any) => c.type === 'Ready' && c.status === 'True') ? p : undefined;
  });
  const ip: string = pod.status.podIP;
  await waitFor('the Endpoints listing the pod', async () => {
    const e = (await daemon.call('GET', `/api/v1/namespaces/${NS}/endpoints/web`)).body;
    return e.subsets?.[0]?.addresses?.[0]?.ip === ip && e.subsets[0].ports?.[0]?.port === 80 ? true : undefined;
  });
  // The slice may list the pod before it is ready (it has its IP first) and is updated when it is.
  const slice = await waitFor('the EndpointSlice listing the pod ready', async () => {
    const items = (await daemon.call('GET', `/apis/discovery.orch.io/v1/namespaces/${NS}/endpointslices?labelSelector=orch.io%2Fservice-name%3Dweb`)).body.items;
    const endpoint = items?.[0]?.endpoints?.[0];
    return endpoint?.addresses?.[0] === ip && endpoint.conditions?.ready ? items[0] : undefined;
  });
  assert.deepEqual(slice.endpoints[0].conditions, { ready: true, serving: true, terminating: false });
  assert.equal(slice.endpoints[0].nodeName, pod.spec.nodeName);
  const listed = await kubectl.run(['get', 'endpointslices', '-l', 'orch.io/service-name=web']);
  assert.equal(listed.code, 0, listed.stderr);
  assert.match(listed.stdout, new RegExp(`^web-[a-z0-9]{5}\\s+IPv4\\s+80\\s+${ip.replace(/\./g, '\\.')}\\s`, 'm'));
});
