// Service allocation over a real SQLite store: concurrent creates get distinct addresses, requested
// addresses and ports are honoured or refused with Kubernetes' messages, releases make them
// available again, and the repairs find what a crash leaves behind.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Service } from '../../../../../api/core/v1/service-types.ts';
import { isStatusError, type StatusError } from '../../../../../machinery/status.ts';
import { codecFor } from '../../../../../storage/codecs/index.ts';
import type { ApiObject, Store } from '../../../../../storage/interface.ts';
import type { Kv } from '../../../../../storage/kv/interface.ts';
import { openSqliteKv } from '../../../../../storage/kv/sqlite/index.ts';
import { storageKey, storagePrefix, type GroupResourceName } from '../../../../../storage/keys.ts';
import { createStore } from '../../../../../storage/store.ts';
import { REGISTRY_PREFIX } from '../../../generic/keys.ts';
import { buildServiceAllocation, type ServiceAllocationSetup } from './build.ts';
import { IPADDRESS_PREFIX, IPADDRESS_RESOURCE, newIPAddress, serviceRef, type IPAddress } from './ipaddress-object.ts';
import { NODE_PORTS_KEY, RANGES_RESOURCE, type RangeAllocation } from './node-port-allocator.ts';
import { repairClusterIPs } from './repair-ips.ts';
import { nodePortRepair } from './repair-node-ports.ts';
import { PortBitmap } from './port-bitmap.ts';

const SERVICES: GroupResourceName = { group: '', resource: 'services' };
const SERVICES_PREFIX = storagePrefix(REGISTRY_PREFIX, SERVICES);
const PORTS = { base: 30000, size: 2768 };

let dir: string;
let kv: Kv;
const stores = new Map<string, Store<any>>();
const storeFor = <S extends ApiObject>(gr: GroupResourceName): Store<S> => {
  const id = `${gr.group}/${gr.resource}`;
  if (!stores.has(id)) stores.set(id, createStore<S>({ kv, codec: codecFor('application/vnd.orch.protobuf'), groupResource: gr }));
  return stores.get(id)!;
};
let setup: ServiceAllocationSetup;

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'orch-svc-alloc-'));
  kv = await openSqliteKv(join(dir, 'orch.db'));
  setup = buildServiceAllocation({ serviceClusterIPRange: '10.96.0.0/24', nodePortRange: PORTS, requestTimeoutMs: 60_000 }, storeFor);
  // The repair's first pass creates the node port bitmap.
  await nodePortRepair({ rangeStore: storeFor(RANGES_RESOURCE), serviceStore: storeFor(SERVICES), servicesPrefix: SERVICES_PREFIX, range: PORTS, graceMs: 60_000 }).runOnce();
});

after(async () => {
  await kv.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A service as the strategy hands it to the allocation (clusterIPs follows clusterIP). */
function service(name: string, spec: Service['spec'] = {}): Service {
  return { apiVersion: 'v1', kind: 'Service', metadata: { name, namespace: 'default' }, spec: { type: 'ClusterIP', ports: [{ port: 80, protocol: 'TCP' }], ...spec } };
}

/** Reserves and stores the service, as the generic store does. */
async function create(svc: Service): Promise<Service> {
  const txn = await setup.allocation.reserve(svc, undefined, false);
  await storeFor<Service>(SERVICES).create(storageKey(REGISTRY_PREFIX, SERVICES, 'default', svc.metadata.name!), svc);
  await txn.commit();
  return svc;
}

async function remove(name: string): Promise<void> {
  const removed = await storeFor<Service>(SERVICES).delete(storageKey(REGISTRY_PREFIX, SERVICES, 'default', name));
  await setup.allocation.release(removed);
}

async function refusal(p: Promise<unknown>): Promise<StatusError> {
  try {
    await p;
  } catch (err) {
    if (isStatusError(err)) return err;
    throw err;
  }
  assert.fail('expected a refusal');
}

async function addresses(): Promise<IPAddress[]> {
  return (await storeFor<IPAddress>(IPADDRESS_RESOURCE).list(IPADDRESS_PREFIX, { recursive: true })).items;
}

test('200 concurrent creates in a /24 get 200 distinct addresses of the range, each recorded as an IPAddress', async () => {
  const started = performance.now();
  const created = await Promise.all(Array.from({ length: 200 }, (_, i) => create(service(`c-${i}`))));
  const ms = performance.now() - started;
  const ips = created.map((s) => s.spec!.clusterIP!);
  assert.equal(new Set(ips).size, 200);
  for (const ip of ips) assert.match(ip, /^10\.96\.0\.(\d+)$/);
  for (const ip of ips) assert.ok(Number(ip.split('.')[3]) >= 1 && Number(ip.split('.')[3]) <= 254);
  assert.ok(created.every((s) => s.spec!.ipFamilyPolicy === 'SingleStack' && s.spec!.ipFamilies![0] === 'IPv4'));
  const recorded = await addresses();
  assert.equal(recorded.length, 200);
  const one = recorded.find((a) => a.metadata.name === ips[0])!;
  assert.deepEqual(one.spec.parentRef, serviceRef('default', 'c-0'));
  assert.deepEqual(one.metadata.labels, { 'ipaddress.orch.io/ip-family': 'IPv4', 'ipaddress.orch.io/managed-by': 'ipallocator.orch.io' });
  process.stdout.write(`# 200 concurrent allocations in a /24: ${ms.toFixed(0)} ms\n`);
  await Promise.all(created.map((s) => remove(s.metadata.name!)));
  assert.equal((await addresses()).length, 0, 'deletes give every address back');
});

test('a requested address is honoured, a second request for it refused, and after the delete it can be had again', async () => {
  const a = await create(service('req-a', { clusterIP: '10.96.0.5', clusterIPs: ['10.96.0.5'] }));
  assert.deepEqual(a.spec!.clusterIPs, ['10.96.0.5']);
  const err = await refusal(setup.allocation.reserve(service('req-b', { clusterIP: '10.96.0.5', clusterIPs: ['10.96.0.5'] }), undefined, false));
  assert.equal(err.status.code, 422);
  assert.equal(err.status.message, 'Service "req-b" is invalid: spec.clusterIPs: Invalid value: []string{"10.96.0.5"}: failed to allocate IP 10.96.0.5: provided IP is already allocated');
  const out = await refusal(setup.allocation.reserve(service('req-c', { clusterIP: '10.97.0.5', clusterIPs: ['10.97.0.5'] }), undefined, false));
  assert.match(out.status.message!, /failed to allocate IP 10\.97\.0\.5: the provided IP \(10\.97\.0\.5\) is not in the valid range\. The range of valid IPs is 10\.96\.0\.0\/24$/);
  await remove('req-a');
  const again = await create(service('req-d', { clusterIP: '10.96.0.5', clusterIPs: ['10.96.0.5'] }));
  assert.equal(again.spec!.clusterIP, '10.96.0.5');
  await remove('req-d');
});

test('headless and ExternalName services hold no address; a dry run takes nothing', async () => {
  const headless = await create(service('headless', { clusterIP: 'None', clusterIPs: ['None'], selector: { app: 'x' } }));
  assert.deepEqual(headless.spec!.clusterIPs, ['None']);
  const external = await create(service('ext', { type: 'ExternalName', externalName: 'example.com', ports: [] }));
  assert.equal(external.spec!.clusterIP, undefined);
  const dry = service('dry');
  await (await setup.allocation.reserve(dry, undefined, true)).undo();
  assert.equal(dry.spec!.clusterIP, '10.96.0.0', 'a dry run answers with the network address, as Kubernetes');
  assert.equal((await addresses()).length, 0);
  await remove('headless');
  await remove('ext');
});

test('node ports: any port in range, a requested one honoured, a taken one refused; TCP and UDP of one port share it', async () => {
  const any = await create(service('np-any', { type: 'NodePort' }));
  const port = any.spec!.ports![0]!.nodePort!;
  assert.ok(port >= 30000 && port <= 32767, String(port));
  const asked = await create(service('np-asked', { type: 'NodePort', ports: [{ port: 80, protocol: 'TCP', nodePort: 30080 }] }));
  assert.equal(asked.spec!.ports![0]!.nodePort, 30080);
  const err = await refusal(setup.allocation.reserve(service('np-dup', { type: 'NodePort', ports: [{ port: 80, protocol: 'TCP', nodePort: 30080 }] }), undefined, false));
  assert.equal(err.status.message, 'Service "np-dup" is invalid: spec.ports[0].nodePort: Invalid value: 30080: provided port is already allocated');
  assert.equal((await addresses()).filter((a) => a.spec.parentRef.name === 'np-dup').length, 0, 'the refused create gave its address back');
  const both = await create(service('np-dns', { type: 'NodePort', ports: [{ port: 53, protocol: 'TCP', name: 'tcp' }, { port: 53, protocol: 'UDP', name: 'udp' }] }));
  assert.equal(both.spec!.ports![0]!.nodePort, both.spec!.ports![1]!.nodePort);
  const far = await refusal(setup.allocation.reserve(service('np-far', { type: 'NodePort', ports: [{ port: 80, nodePort: 40000 }] }), undefined, false));
  assert.match(far.status.message!, /spec\.ports\[0\]\.nodePort: Invalid value: 40000: provided port is not in the valid range\. The range of valid ports is 30000-32767$/);
  await remove('np-asked');
  const again = await create(service('np-again', { type: 'NodePort', ports: [{ port: 80, protocol: 'TCP', nodePort: 30080 }] }));
  assert.equal(again.spec!.ports![0]!.nodePort, 30080);
  for (const name of ['np-any', 'np-dns', 'np-again']) await remove(name);
  const stored = await storeFor<RangeAllocation>(RANGES_RESOURCE).get(NODE_PORTS_KEY);
  assert.equal(PortBitmap.restore(PORTS, stored!.data).count(), 0, 'deletes gave every port back');
});

test('an update to ExternalName gives the address back once stored; back to ClusterIP takes a new one', async () => {
  const svc = await create(service('flip'));
  const ip = svc.spec!.clusterIP!;
  const next = structuredClone(svc);
  next.spec = { type: 'ExternalName', externalName: 'example.com' };
  const txn = await setup.allocation.reserve(next, svc, false);
  assert.ok((await addresses()).some((a) => a.metadata.name === ip), 'held until the write is stored');
  await txn.commit();
  assert.ok(!(await addresses()).some((a) => a.metadata.name === ip));
  const back = structuredClone(next);
  back.spec = { type: 'ClusterIP', ports: [{ port: 80 }] };
  await (await setup.allocation.reserve(back, next, false)).commit();
  assert.match(back.spec.clusterIP!, /^10\.96\.0\./);
  await setup.allocation.release(back);
  assert.equal((await addresses()).length, 0);
  await storeFor<Service>(SERVICES).delete(storageKey(REGISTRY_PREFIX, SERVICES, 'default', 'flip'));
});

test('repair: an address without its service goes once older than the grace period; a service without its address gets it back', async () => {
  const ipStore = storeFor<IPAddress>(IPADDRESS_RESOURCE);
  await ipStore.create(`${IPADDRESS_PREFIX}10.96.0.77`, newIPAddress('10.96.0.77', 'IPv4', serviceRef('default', 'never-stored')));
  const lost = service('lost-address', { clusterIP: '10.96.0.78', clusterIPs: ['10.96.0.78'], ipFamilies: ['IPv4'], ipFamilyPolicy: 'SingleStack' });
  await storeFor<Service>(SERVICES).create(storageKey(REGISTRY_PREFIX, SERVICES, 'default', 'lost-address'), lost);
  const opts = { ipStore, serviceStore: storeFor<Service>(SERVICES), servicesPrefix: SERVICES_PREFIX, ranges: setup.ranges, graceMs: 60_000 };
  const young = await repairClusterIPs(opts);
  assert.ok(young.recheckAt! > Date.now(), 'a young orphan is judged again later');
  let names = (await addresses()).map((a) => a.metadata.name).sort();
  assert.deepEqual(names, ['10.96.0.77', '10.96.0.78']);
  await repairClusterIPs({ ...opts, now: () => Date.now() + 61_000 });
  names = (await addresses()).map((a) => a.metadata.name).sort();
  assert.deepEqual(names, ['10.96.0.78']);
  await remove('lost-address');
});

test('repair: a node port no service holds is kept for the grace period, then given back', async () => {
  const rangeStore = storeFor<RangeAllocation>(RANGES_RESOURCE);
  await setup.allocation.reserve(service('leaky', { type: 'NodePort', ports: [{ port: 80, nodePort: 31111 }] }), undefined, false);
  let t = Date.now();
  const repair = nodePortRepair({ rangeStore, serviceStore: storeFor(SERVICES), servicesPrefix: SERVICES_PREFIX, range: PORTS, graceMs: 60_000, now: () => t });
  const first = await repair.runOnce();
  assert.equal(first.recheckAt, t + 60_000);
  assert.ok(PortBitmap.restore(PORTS, (await rangeStore.get(NODE_PORTS_KEY))!.data).has(31111));
  t += 61_000;
  await repair.runOnce();
  assert.ok(!PortBitmap.restore(PORTS, (await rangeStore.get(NODE_PORTS_KEY))!.data).has(31111));
  // The leaked create's address goes too, with no grace left.
  await repairClusterIPs({ ipStore: storeFor(IPADDRESS_RESOURCE), serviceStore: storeFor(SERVICES), servicesPrefix: SERVICES_PREFIX, ranges: setup.ranges, graceMs: 0, now: () => Date.now() + 2000 });
  assert.equal((await addresses()).length, 0);
});

test('dual-stack ranges: both families for dual-stack policies, the asked family first; upgrade takes the secondary, downgrade gives it back', async () => {
  const dual = buildServiceAllocation({ serviceClusterIPRange: '10.97.0.0/24,fd00:10:97::/112', nodePortRange: PORTS, requestTimeoutMs: 60_000 }, storeFor);
  const prefer = service('dual-prefer', { ipFamilyPolicy: 'PreferDualStack' });
  const t1 = await dual.allocation.reserve(prefer, undefined, false);
  assert.deepEqual(prefer.spec!.ipFamilies, ['IPv4', 'IPv6']);
  assert.match(prefer.spec!.clusterIPs![0]!, /^10\.97\.0\.\d+$/);
  assert.match(prefer.spec!.clusterIPs![1]!, /^fd00:10:97::[0-9a-f]+$/);
  await t1.commit();
  const v6first = service('dual-v6', { ipFamilyPolicy: 'RequireDualStack', ipFamilies: ['IPv6'] });
  await (await dual.allocation.reserve(v6first, undefined, false)).commit();
  assert.deepEqual(v6first.spec!.ipFamilies, ['IPv6', 'IPv4']);
  assert.ok(v6first.spec!.clusterIP!.startsWith('fd00:10:97::'));

  const single = service('dual-single');
  await (await dual.allocation.reserve(single, undefined, false)).commit();
  assert.deepEqual(single.spec!.clusterIPs!.length, 1);
  const upgraded = structuredClone(single);
  upgraded.spec!.ipFamilyPolicy = 'PreferDualStack';
  upgraded.spec!.ipFamilies = ['IPv4', 'IPv6'];
  await (await dual.allocation.reserve(upgraded, single, false)).commit();
  assert.equal(upgraded.spec!.clusterIPs!.length, 2);
  const secondary = upgraded.spec!.clusterIPs![1]!;
  assert.ok((await addresses()).some((a) => a.metadata.name === secondary));
  const downgraded = structuredClone(upgraded);
  downgraded.spec!.ipFamilyPolicy = 'SingleStack';
  await (await dual.allocation.reserve(downgraded, upgraded, false)).commit();
  assert.deepEqual(downgraded.spec!.clusterIPs, [upgraded.spec!.clusterIP]);
  assert.ok(!(await addresses()).some((a) => a.metadata.name === secondary), 'the secondary is given back once the downgrade is stored');
  for (const s of [prefer, v6first, downgraded]) await dual.allocation.release(s);
});
