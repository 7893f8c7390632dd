// The endpoints and endpointslice controllers end to end: orch-apiserver as `orch up` runs it and
// the real orch-controller-manager running both (and the service account controller), each as its
// service account. Pods are placed on nodes and given their IPs and readiness through /status as
// a node agent would, so that every flip is the test's own. A service over three pods gets Endpoints (ready and not-ready
// addresses, a named target port resolved from the containers) and an EndpointSlice (managed-by
// and service-name labels, the service as controller owner, conditions, node name and zone);
// readiness flips, a terminating pod and a deleted pod are followed; kubectl get endpointslices
// lists the slice; deleting the service takes its Endpoints and slices.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { makeTempDir } from '../support/apiserver.ts';
import { deferredHooks, startDaemon, type StorageDaemon } from '../support/daemon.ts';
import { kubectlFor, kubectlSkip, type Kubectl } from '../support/kubectl.ts';
import type { SpawnedControllerManager } from '../../src/controllermanager/testing/spawn.ts';
import { controllerWaiter, startControllers, stopControllers } from '../support/controller-manager.ts';

const NS = 'endpoints-e2e';
const PODS = `/api/v1/namespaces/${NS}/pods`;
const SLICES = `/apis/discovery.orch.io/v1/namespaces/${NS}/endpointslices`;
let daemon: StorageDaemon;
let cm: SpawnedControllerManager;
let kubectl: Kubectl;
const hooks = deferredHooks();
const waitFor = controllerWaiter(() => cm, 20_000);

before(async () => {
  const dir = makeTempDir('orch-endpoints-');
  daemon = await startDaemon(hooks, dir, []);
  const started = await startControllers(daemon, dir, [
    '--controllers=endpoints-controller,endpointslice-controller,serviceaccount-controller',
    '--use-service-account-credentials', '-v=2',
  ], /EndpointSlice controller synced/);
  cm = started.cm;
  await cm.waitForLog(/Endpoints controller synced/);
  assert.equal((await daemon.call('POST', '/api/v1/namespaces', { metadata: { name: NS } })).status, 201);
  for (const [name, zone] of [['node-a', 'zone-1'], ['node-b', 'zone-2']]) {
    const r = await daemon.call('POST', '/api/v1/nodes', { metadata: { name, labels: { 'topology.orch.io/zone': zone } } });
    assert.equal(r.status, 201, JSON.stringify(r.body));
  }
  kubectl = kubectlFor(daemon, NS);
  await waitFor('the default service account', async () => ((await daemon.call('GET', `/api/v1/namespaces/${NS}/serviceaccounts/default`)).status === 200 ? true : undefined));
});
after(async () => {
  kubectl?.close();
  await stopControllers(cm);
  await hooks.run();
});

async function createPod(name: string, node: string, ip: string, ready: boolean, labels: Record<string, string> = { app: 'web' }): Promise<void> {
  const r = await daemon.call('POST', PODS, {
    metadata: { name, labels },
    spec: { nodeName: node, containers: [{ name: 'c', image: 'nginx', ports: [{ name: 'http', containerPort: 8080 }] }] },
  });
  assert.equal(r.status, 201, JSON.stringify(r.body));
  await setReady(name, ip, ready);
}

/** The status a node agent reports: Running, the pod's IP and its Ready condition. */
async function setReady(name: string, ip: string, ready: boolean): Promise<void> {
  const now = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
  const status = ready ? 'True' : 'False';
  const r = await daemon.send('PATCH', `${PODS}/${name}/status`, {
    headers: { 'content-type': 'application/merge-patch+json' },
    body: { status: { phase: 'Running', podIP: ip, podIPs: [{ ip }], conditions: [{ type: 'Ready', status, lastTransitionTime: now }, { type: 'ContainersReady', status, lastTransitionTime: now }] } },
  });
  assert.equal(r.status, 200, JSON.stringify(r.body));
}

const ips = (addresses: Array<{ ip: string }> | undefined) => (addresses ?? []).map((a) => a.ip).sort();

async function endpoints(name: string): Promise<any | undefined> {
  const r = await daemon.call('GET', `/api/v1/namespaces/${NS}/endpoints/${name}`);
  return r.status === 200 ? r.body : undefined;
}

async function slices(service: string): Promise<any[]> {
  return (await daemon.call('GET', `${SLICES}?labelSelector=${encodeURIComponent(`orch.io/service-name=${service}`)}`)).body.items;
}

/** Each endpoint of the service's slices by pod name: its addresses and conditions. */
async function sliceEndpoints(service: string): Promise<Record<string, any>> {
  const out: Record<string, any> = {};
  for (const s of await slices(service)) for (const ep of s.endpoints ?? []) out[ep.targetRef.name] = ep;
  return out;
}

test('a service gets Endpoints and an EndpointSlice of its pods, following readiness, termination and deletion', { skip: kubectlSkip }, async () => {
  await createPod('web-1', 'node-a', '10.244.0.11', true);
  await createPod('web-2', 'node-b', '10.244.0.12', true);
  await createPod('web-3', 'node-a', '10.244.0.13', false);
  await createPod('other', 'node-a', '10.244.0.20', true, { app: 'other' });
  const svc = await daemon.call('POST', `/api/v1/namespaces/${NS}/services`, {
    metadata: { name: 'web', labels: { tier: 'front' } },
    spec: { selector: { app: 'web' }, ports: [{ name: 'http', port: 80, targetPort: 'http' }] },
  });
  assert.equal(svc.status, 201, JSON.stringify(svc.body));

  const ep = await waitFor('the Endpoints of web', async () => {
    const e = await endpoints('web');
    return e && ips(e.subsets?.[0]?.addresses).length === 2 ? e : undefined;
  });
  assert.equal(ep.subsets.length, 1);
  assert.deepEqual(ips(ep.subsets[0].addresses), ['10.244.0.11', '10.244.0.12']);
  assert.deepEqual(ips(ep.subsets[0].notReadyAddresses), ['10.244.0.13']);
  assert.deepEqual(ep.subsets[0].ports, [{ name: 'http', port: 8080, protocol: 'TCP' }]);
  assert.equal(ep.metadata.labels.tier, 'front');
  assert.match(ep.metadata.annotations['endpoints.orch.io/last-change-trigger-time'], /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
  const web1 = ep.subsets[0].addresses.find((a: any) => a.ip === '10.244.0.11');
  assert.deepEqual(web1.targetRef, { kind: 'Pod', namespace: NS, name: 'web-1', uid: web1.targetRef.uid });
  assert.equal(web1.nodeName, 'node-a');

  const [slice] = await waitFor('the EndpointSlice of web', async () => {
    const s = await slices('web');
    return s.length === 1 && s[0].endpoints?.length === 3 ? s : undefined;
  });
  assert.equal(slice.addressType, 'IPv4');
  assert.equal(slice.metadata.labels['endpointslice.orch.io/managed-by'], 'endpointslice-controller.orch.io');
  assert.equal(slice.metadata.labels.tier, 'front');
  assert.match(slice.metadata.name, /^web-[a-z0-9]{5}$/);
  assert.deepEqual(slice.metadata.ownerReferences, [{ apiVersion: 'v1', kind: 'Service', name: 'web', uid: svc.body.metadata.uid, controller: true, blockOwnerDeletion: true }]);
  assert.deepEqual(slice.ports, [{ name: 'http', port: 8080, protocol: 'TCP' }]);
  const byPod = Object.fromEntries(slice.endpoints.map((e: any) => [e.targetRef.name, e]));
  assert.deepEqual(byPod['web-1'].addresses, ['10.244.0.11']);
  assert.deepEqual(byPod['web-1'].conditions, { ready: true, serving: true, terminating: false });
  assert.deepEqual(byPod['web-3'].conditions, { ready: false, serving: false, terminating: false });
  assert.equal(byPod['web-2'].nodeName, 'node-b');
  assert.equal(byPod['web-2'].zone, 'zone-2');

  // web-3 becomes ready, web-1 stops being ready.
  await setReady('web-3', '10.244.0.13', true);
  await setReady('web-1', '10.244.0.11', false);
  await waitFor('the flips in the Endpoints', async () => {
    const e = await endpoints('web');
    const s = e?.subsets?.[0];
    return s && ips(s.addresses).join() === '10.244.0.12,10.244.0.13' && ips(s.notReadyAddresses).join() === '10.244.0.11' ? true : undefined;
  });
  await waitFor('the flips in the slice', async () => {
    const eps = await sliceEndpoints('web');
    return eps['web-3']?.conditions.ready === true && eps['web-1']?.conditions.ready === false ? true : undefined;
  });

  // web-2 is being deleted: gone from the Endpoints, terminating (and serving) in the slice.
  assert.equal((await daemon.call('DELETE', `${PODS}/web-2`)).status, 200);
  await waitFor('web-2 terminating in the slice', async () => {
    const eps = await sliceEndpoints('web');
    return eps['web-2'] && eps['web-2'].conditions.terminating === true ? eps['web-2'] : undefined;
  }).then((e) => assert.deepEqual(e.conditions, { ready: false, serving: true, terminating: true }));
  await waitFor('web-2 out of the Endpoints', async () => {
    const s = (await endpoints('web'))?.subsets?.[0];
    return s && !ips(s.addresses).includes('10.244.0.12') ? true : undefined;
  });
  // Gone for good.
  assert.equal((await daemon.call('DELETE', `${PODS}/web-2?gracePeriodSeconds=0`)).status, 200);
  await waitFor('web-2 out of the slice', async () => ((await sliceEndpoints('web'))['web-2'] === undefined ? true : undefined));

  const listed = await kubectl.run(['get', 'endpointslices']);
  assert.equal(listed.code, 0, listed.stderr);
  assert.match(listed.stdout, /^NAME\s+ADDRESSTYPE\s+PORTS\s+ENDPOINTS\s+AGE/);
  assert.match(listed.stdout, /web-[a-z0-9]{5}\s+IPv4\s+8080\s+10\.244\.0\.1[13],10\.244\.0\.1[13]\s/);
  const eps = await kubectl.run(['get', 'endpoints', 'web']);
  assert.equal(eps.code, 0, eps.stderr);
  assert.match(eps.stdout, /web\s+10\.244\.0\.13:8080\s/);
});

test('a service without a selector gets nothing; deleting a service takes its Endpoints and slices', async () => {
  await daemon.call('POST', `/api/v1/namespaces/${NS}/services`, { metadata: { name: 'manual' }, spec: { ports: [{ port: 80 }] } });
  await daemon.call('POST', `/api/v1/namespaces/${NS}/services`, { metadata: { name: 'gone' }, spec: { selector: { app: 'web' }, ports: [{ port: 81, targetPort: 8080 }] } });
  await waitFor('the Endpoints of gone', async () => ((await endpoints('gone')) ? true : undefined));
  await waitFor('the slice of gone', async () => ((await slices('gone')).length === 1 ? true : undefined));
  assert.equal(await endpoints('manual'), undefined);
  assert.equal((await slices('manual')).length, 0);
  assert.equal((await daemon.call('DELETE', `/api/v1/namespaces/${NS}/services/gone`)).status, 200);
  await waitFor('the Endpoints of gone deleted', async () => ((await endpoints('gone')) ? undefined : true));
});

test('a service selecting no pod gets an empty placeholder slice', async () => {
  await daemon.call('POST', `/api/v1/namespaces/${NS}/services`, { metadata: { name: 'empty' }, spec: { selector: { app: 'none' }, ports: [{ port: 80 }] } });
  const [slice] = await waitFor('the placeholder slice', async () => {
    const s = await slices('empty');
    return s.length === 1 ? s : undefined;
  });
  assert.deepEqual(slice.endpoints ?? [], []);
  assert.deepEqual(slice.ports ?? [], []);
  const ep = await waitFor('the empty Endpoints', async () => endpoints('empty'));
  assert.equal(ep.subsets, undefined);
});
