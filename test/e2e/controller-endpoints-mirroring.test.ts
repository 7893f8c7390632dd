// The endpointslice-mirroring and service-cidr controllers end to end, with orch-apiserver as
// `orch up` runs it and the real orch-controller-manager. Endpoints written by hand for a service
// without a selector are mirrored into a slice (ready and not-ready addresses, ports, the
// Endpoints as owner), follow their changes and go with the skip-mirror label; the server's own
// default/orch Endpoints are not mirrored. ServiceCIDRs get the protection finalizer and Ready;
// one being deleted is held, Ready False (Terminating), while an IPAddress of the allocator has
// no other range, and goes once it is released.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { makeTempDir } from '../support/apiserver.ts';
import { deferredHooks, startDaemon, type StorageDaemon } from '../support/daemon.ts';
import type { SpawnedControllerManager } from '../../src/controllermanager/testing/spawn.ts';
import { controllerWaiter, startControllers, stopControllers } from '../support/controller-manager.ts';

const NS = 'mirror-e2e';
const SLICES = `/apis/discovery.orch.io/v1/namespaces/${NS}/endpointslices`;
const SERVICE_CIDRS = '/apis/networking.orch.io/v1/servicecidrs';
let daemon: StorageDaemon;
let cm: SpawnedControllerManager;
const hooks = deferredHooks();
const waitFor = controllerWaiter(() => cm, 20_000);

before(async () => {
  const dir = makeTempDir('orch-mirroring-');
  daemon = await startDaemon(hooks, dir, []);
  const started = await startControllers(daemon, dir, [
    '--controllers=endpointslice-mirroring-controller,service-cidr-controller',
    '--use-service-account-credentials', '-v=2',
  ], /EndpointSliceMirroring controller synced/);
  cm = started.cm;
  await cm.waitForLog(/ServiceCIDR controller synced/);
  assert.equal((await daemon.call('POST', '/api/v1/namespaces', { metadata: { name: NS } })).status, 201);
});
after(async () => {
  await stopControllers(cm);
  await hooks.run();
});

async function mirrored(service: string, ns = NS): Promise<any[]> {
  const path = `/apis/discovery.orch.io/v1/namespaces/${ns}/endpointslices?labelSelector=${encodeURIComponent(`orch.io/service-name=${service},endpointslice.orch.io/managed-by=endpointslicemirroring-controller.orch.io`)}`;
  return (await daemon.call('GET', path)).body.items;
}

test('Endpoints of a service without a selector are mirrored, kept in step, and dropped with skip-mirror', async () => {
  assert.equal((await daemon.call('POST', `/api/v1/namespaces/${NS}/services`, { metadata: { name: 'ext' }, spec: { ports: [{ name: 'db', port: 5432 }] } })).status, 201);
  const created = await daemon.call('POST', `/api/v1/namespaces/${NS}/endpoints`, {
    metadata: { name: 'ext', labels: { team: 'data' }, annotations: { note: 'by hand' } },
    subsets: [{ addresses: [{ ip: '192.168.5.1', hostname: 'db-1' }], notReadyAddresses: [{ ip: '192.168.5.2' }], ports: [{ name: 'db', port: 5432 }] }],
  });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  const [slice] = await waitFor('the mirrored slice', async () => {
    const s = await mirrored('ext');
    return s.length === 1 ? s : undefined;
  });
  assert.equal(slice.addressType, 'IPv4');
  assert.match(slice.metadata.name, /^ext-[a-z0-9]{5}$/);
  assert.equal(slice.metadata.labels.team, 'data');
  assert.equal(slice.metadata.annotations.note, 'by hand');
  assert.deepEqual(slice.metadata.ownerReferences, [{ apiVersion: 'v1', kind: 'Endpoints', name: 'ext', uid: created.body.metadata.uid, controller: true, blockOwnerDeletion: true }]);
  assert.deepEqual(slice.ports, [{ name: 'db', port: 5432, protocol: 'TCP' }]);
  const byIP = Object.fromEntries(slice.endpoints.map((e: any) => [e.addresses[0], e]));
  assert.deepEqual(byIP['192.168.5.1'], { addresses: ['192.168.5.1'], conditions: { ready: true }, hostname: 'db-1' });
  assert.deepEqual(byIP['192.168.5.2'].conditions, { ready: false });

  const ep = (await daemon.call('GET', `/api/v1/namespaces/${NS}/endpoints/ext`)).body;
  ep.subsets = [{ addresses: [{ ip: '192.168.5.3' }], ports: [{ name: 'db', port: 5432 }] }];
  assert.equal((await daemon.call('PUT', `/api/v1/namespaces/${NS}/endpoints/ext`, ep)).status, 200);
  await waitFor('the slice following the Endpoints', async () => {
    const s = await mirrored('ext');
    return s.length === 1 && s[0].metadata.name === slice.metadata.name && s[0].endpoints?.length === 1 && s[0].endpoints[0].addresses[0] === '192.168.5.3' ? true : undefined;
  });

  const latest = (await daemon.call('GET', `/api/v1/namespaces/${NS}/endpoints/ext`)).body;
  latest.metadata.labels['endpointslice.orch.io/skip-mirror'] = 'true';
  assert.equal((await daemon.call('PUT', `/api/v1/namespaces/${NS}/endpoints/ext`, latest)).status, 200);
  await waitFor('the mirrored slice deleted', async () => ((await mirrored('ext')).length === 0 ? true : undefined));
});

test('Endpoints of a service with a selector, and the orch service\'s own, are not mirrored', async () => {
  await daemon.call('POST', `/api/v1/namespaces/${NS}/services`, { metadata: { name: 'sel' }, spec: { selector: { app: 'x' }, ports: [{ port: 80 }] } });
  await daemon.call('POST', `/api/v1/namespaces/${NS}/endpoints`, { metadata: { name: 'sel' }, subsets: [{ addresses: [{ ip: '192.168.6.1' }], ports: [{ port: 80 }] }] });
  await new Promise((resolve) => setTimeout(resolve, 1500));
  assert.equal((await mirrored('sel')).length, 0);
  assert.equal((await mirrored('orch', 'default')).length, 0);
  assert.ok((await daemon.call('GET', `${SLICES}`)).status === 200);
});

test('ServiceCIDRs are protected by a finalizer and Ready; a deleted one waits for its addresses', async () => {
  const orch = await waitFor('the default ServiceCIDR protected and Ready', async () => {
    const sc = (await daemon.call('GET', `${SERVICE_CIDRS}/orch`)).body;
    const ready = sc.status?.conditions?.find((c: any) => c.type === 'Ready');
    return sc.metadata?.finalizers?.includes('networking.orch.io/service-cidr-finalizer') && ready?.message === 'orch Service CIDR is ready' ? sc : undefined;
  });
  assert.equal(orch.status.conditions.find((c: any) => c.type === 'Ready').status, 'True');

  assert.equal((await daemon.call('POST', SERVICE_CIDRS, { metadata: { name: 'extra' }, spec: { cidrs: ['172.30.0.0/24'] } })).status, 201);
  await waitFor('the new ServiceCIDR Ready', async () => {
    const sc = (await daemon.call('GET', `${SERVICE_CIDRS}/extra`)).body;
    return sc.metadata.finalizers?.includes('networking.orch.io/service-cidr-finalizer') && sc.status?.conditions?.[0]?.status === 'True' ? true : undefined;
  });
  const ip = await daemon.call('POST', '/apis/networking.orch.io/v1/ipaddresses', {
    metadata: { name: '172.30.0.10', labels: { 'ipaddress.orch.io/ip-family': 'IPv4', 'ipaddress.orch.io/managed-by': 'ipallocator.orch.io' } },
    spec: { parentRef: { group: '', resource: 'services', namespace: NS, name: 'somewhere' } },
  });
  assert.equal(ip.status, 201, JSON.stringify(ip.body));
  assert.equal((await daemon.call('DELETE', `${SERVICE_CIDRS}/extra`)).status, 200);
  const held = await waitFor('the deleted ServiceCIDR held as Terminating', async () => {
    const sc = (await daemon.call('GET', `${SERVICE_CIDRS}/extra`)).body;
    const ready = sc.status?.conditions?.find((c: any) => c.type === 'Ready');
    return ready?.reason === 'Terminating' ? ready : undefined;
  });
  assert.equal(held.status, 'False');
  assert.equal(held.message, 'There are still IPAddresses referencing the ServiceCIDR, please remove them or create a new ServiceCIDR');
  assert.equal((await daemon.call('DELETE', '/apis/networking.orch.io/v1/ipaddresses/172.30.0.10')).status, 200);
  await waitFor('the ServiceCIDR gone once its address is', async () => ((await daemon.call('GET', `${SERVICE_CIDRS}/extra`)).status === 404 ? true : undefined), 20_000);
});
