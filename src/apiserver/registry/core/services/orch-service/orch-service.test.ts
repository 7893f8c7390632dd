// The orch service controller over real SQLite stores and the real services and endpoints
// resources: the service as Kubernetes' controller writes it (its address from the allocator's
// static band), endpoints by lease listing every server alive and dropping one that stops,
// master-count and none, and a loopback advertise address, which Endpoints may not hold.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Endpoints } from '../../../../../api/core/v1/endpoints-types.ts';
import type { Service } from '../../../../../api/core/v1/service-types.ts';
import { codecFor } from '../../../../../storage/codecs/index.ts';
import type { ApiObject, Store } from '../../../../../storage/interface.ts';
import type { Kv } from '../../../../../storage/kv/interface.ts';
import { openSqliteKv } from '../../../../../storage/kv/sqlite/index.ts';
import type { GroupResourceName } from '../../../../../storage/keys.ts';
import { createStore } from '../../../../../storage/store.ts';
import type { InstalledResource } from '../../../generic/context.ts';
import { getObject } from '../../../generic/get.ts';
import { deleteObject } from '../../../generic/delete.ts';
import { endpointsDeclaration } from '../../endpoints/declaration.ts';
import { servicesDeclaration } from '../declaration.ts';
import { buildServiceAllocation } from '../allocation/build.ts';
import { collectionPrefix } from '../../../generic/keys.ts';
import { buildOrchService } from './build.ts';
import type { OrchServiceController } from './controller.ts';

let dir: string;
let kv: Kv;
const stores = new Map<string, Store<any>>();
const storeFor = <S extends ApiObject>(gr: GroupResourceName): Store<S> => {
  const id = `${gr.group}/${gr.resource}`;
  if (!stores.has(id)) stores.set(id, createStore<S>({ kv, codec: codecFor('application/json'), groupResource: gr }));
  return stores.get(id)!;
};
let services: InstalledResource<Service, Service>;
let endpoints: InstalledResource<Endpoints, Endpoints>;
const namespaces = { get: async () => undefined, cached: () => undefined, create: async () => undefined };
const running: Array<{ controller: OrchServiceController; abort: AbortController }> = [];

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'orch-service-'));
  kv = await openSqliteKv(join(dir, 'orch.db'));
  const setup = buildServiceAllocation({ serviceClusterIPRange: '10.96.0.0/12', nodePortRange: { base: 30000, size: 2768 }, requestTimeoutMs: 60_000 }, storeFor);
  const decl = servicesDeclaration();
  services = { declaration: decl, store: storeFor(decl.storageResource), allocation: setup.allocation };
  const ep = endpointsDeclaration();
  endpoints = { declaration: ep, store: storeFor(ep.storageResource) };
  await setup.repairHook({ store: services.store, prefix: collectionPrefix(decl, '') }).run({ signal: new AbortController().signal });
});

after(async () => {
  for (const r of running) r.abort.abort();
  await kv.close();
  rmSync(dir, { recursive: true, force: true });
});

async function start(address: string, port: number, type = 'lease', nodePort = 0): Promise<{ controller: OrchServiceController; abort: AbortController }> {
  const controller = buildOrchService({ endpointReconcilerType: type, orchServiceNodePort: nodePort, serviceIP: '10.96.0.1', services: () => services, endpoints: () => endpoints, namespaces, storeFor, intervalMs: 200 });
  const abort = new AbortController();
  await controller.run({ signal: abort.signal, port, advertiseAddress: address });
  const entry = { controller, abort };
  running.push(entry);
  return entry;
}

async function addresses(): Promise<string[] | undefined> {
  try {
    const e = await getObject(endpoints, 'orch', 'default');
    return (e.subsets?.[0]?.addresses ?? []).map((a) => a.ip);
  } catch {
    return undefined;
  }
}

async function until(what: string, fn: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if (await fn()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  assert.fail(`${what} did not happen`);
}

test('the orch service as Kubernetes writes it, and lease endpoints for every live server, sorted', async () => {
  const first = await start('192.0.2.20', 6443);
  const svc = await getObject(services, 'orch', 'default');
  assert.deepEqual(svc.metadata.labels, { provider: 'orch', component: 'apiserver' });
  assert.deepEqual(svc.spec, {
    ports: [{ name: 'https', protocol: 'TCP', port: 443, targetPort: 6443 }],
    clusterIP: '10.96.0.1',
    clusterIPs: ['10.96.0.1'],
    type: 'ClusterIP',
    sessionAffinity: 'None',
    ipFamilies: ['IPv4'],
    ipFamilyPolicy: 'SingleStack',
    internalTrafficPolicy: 'Cluster',
  });
  assert.deepEqual(await addresses(), ['192.0.2.20']);
  const ep = await getObject(endpoints, 'orch', 'default');
  assert.deepEqual(ep.subsets?.[0]?.ports, [{ name: 'https', port: 6443, protocol: 'TCP' }]);
  assert.equal(ep.metadata.labels?.['endpointslice.orch.io/skip-mirror'], 'true');

  const second = await start('192.0.2.3', 6443);
  await until('both servers listed', async () => JSON.stringify(await addresses()) === '["192.0.2.20","192.0.2.3"]');
  second.abort.abort();
  await second.controller.stop();
  assert.deepEqual(await addresses(), ['192.0.2.20'], 'a server that stops takes itself out');
  first.abort.abort();
  await first.controller.stop();
  assert.deepEqual(await addresses(), ['192.0.2.20'], 'the last server to stop leaves the endpoints as they are');
});

test('a deleted orch service is made again on the next pass', async () => {
  const { abort, controller } = await start('192.0.2.20', 6443);
  await deleteObject(services, 'orch', 'default', { dryRun: false });
  await until('the service to be back', async () => !!(await getObject(services, 'orch', 'default').catch(() => undefined)));
  assert.equal((await getObject(services, 'orch', 'default')).spec?.clusterIP, '10.96.0.1');
  abort.abort();
  await controller.stop();
});

test('master-count lists this server only; none and a loopback address leave the endpoints alone', async () => {
  await deleteObject(endpoints, 'orch', 'default', { dryRun: false });
  const counted = await start('192.0.2.30', 6443, 'master-count');
  assert.deepEqual(await addresses(), ['192.0.2.30']);
  counted.abort.abort();
  await counted.controller.stop();
  await deleteObject(endpoints, 'orch', 'default', { dryRun: false });
  const none = await start('192.0.2.31', 6443, 'none');
  const loopback = await start('127.0.0.1', 6443);
  await new Promise((resolve) => setTimeout(resolve, 300));
  assert.equal(await addresses(), undefined);
  for (const r of [none, loopback]) {
    r.abort.abort();
    await r.controller.stop();
  }
});

test('--orch-service-node-port makes the orch service a NodePort one on that port', async () => {
  await deleteObject(services, 'orch', 'default', { dryRun: false });
  const r = await start('192.0.2.40', 6443, 'none', 30443);
  const svc = await getObject(services, 'orch', 'default');
  assert.equal(svc.spec?.type, 'NodePort');
  assert.deepEqual(svc.spec?.ports, [{ name: 'https', protocol: 'TCP', port: 443, targetPort: 6443, nodePort: 30443 }]);
  r.abort.abort();
  await r.controller.stop();
});
