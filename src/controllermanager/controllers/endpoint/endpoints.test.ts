// The endpoints controller's decisions: subsets from pods (ready and not ready, publishNotReady,
// named target ports, pods without the port, headless services without ports), repacking,
// truncation at the capacity, the labels and annotations written, no write when nothing differs,
// and the Endpoints deleted with their service.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Endpoints } from '../../../api/core/v1/endpoints-types.ts';
import type { Pod } from '../../../api/core/v1/pod-types.ts';
import type { Service } from '../../../api/core/v1/service-types.ts';
import { Indexer } from '../../../client/cache/store.ts';
import type { EventRecorder } from '../../../client/record/index.ts';
import { TriggerTimeTracker, formatTriggerTime } from '../endpointslice/util/trigger-time-tracker.ts';
import { MAX_CAPACITY, truncateSubsets } from './capacity.ts';
import { repackSubsets } from './repack-subsets.ts';
import { EndpointsSync, desiredSubsets } from './sync-endpoints.ts';

function pod(name: string, ip: string, ready = true, labels: Record<string, string> = { app: 'web' }): Pod {
  return {
    metadata: { name, namespace: 'ns', uid: `uid-${name}`, labels, resourceVersion: '1' },
    spec: { nodeName: 'n1', containers: [{ name: 'c', image: 'i', ports: [{ name: 'http', containerPort: 8080, protocol: 'TCP' }] }] },
    status: { phase: 'Running', podIP: ip, podIPs: [{ ip }], conditions: [{ type: 'Ready', status: ready ? 'True' : 'False', lastTransitionTime: '2026-01-01T00:00:05Z' }] },
  };
}

const svc = (spec: Service['spec'] = {}): Service => ({
  metadata: { name: 'web', namespace: 'ns', uid: 'svc', labels: { tier: 'front' }, creationTimestamp: '2026-01-01T00:00:00Z' },
  spec: { selector: { app: 'web' }, clusterIP: '10.0.0.1', ipFamilies: ['IPv4'], ports: [{ name: 'http', port: 80, targetPort: 'http', protocol: 'TCP' }, { name: 'num', port: 81, targetPort: 9090, protocol: 'TCP' }], ...spec },
});

test('ready pods are addresses, others notReadyAddresses, on every port they have', () => {
  const subsets = desiredSubsets(svc(), [pod('a', '10.1.0.2'), pod('b', '10.1.0.1'), pod('c', '10.1.0.3', false)]);
  assert.equal(subsets.length, 1);
  assert.deepEqual(subsets[0]!.addresses!.map((a) => a.ip), ['10.1.0.1', '10.1.0.2']);
  assert.deepEqual(subsets[0]!.notReadyAddresses!.map((a) => a.ip), ['10.1.0.3']);
  assert.deepEqual(subsets[0]!.ports, [{ name: 'http', port: 8080, protocol: 'TCP' }, { name: 'num', port: 9090, protocol: 'TCP' }]);
  assert.deepEqual(subsets[0]!.addresses![0], { ip: '10.1.0.1', nodeName: 'n1', targetRef: { kind: 'Pod', namespace: 'ns', name: 'b', uid: 'uid-b' } });
});

test('publishNotReadyAddresses lists every pod as ready; a pod without the named port gets a subset of its own', () => {
  const all = desiredSubsets(svc({ publishNotReadyAddresses: true }), [pod('a', '10.1.0.1', false)]);
  assert.deepEqual(all[0]!.addresses!.map((a) => a.ip), ['10.1.0.1']);
  const noName = pod('b', '10.1.0.2');
  noName.spec!.containers[0]!.ports = [];
  const split = desiredSubsets(svc(), [pod('a', '10.1.0.1'), noName]);
  assert.equal(split.length, 2);
});

test('a headless service without ports lists addresses without ports', () => {
  const subsets = desiredSubsets(svc({ clusterIP: 'None', ports: [] }), [pod('a', '10.1.0.1')]);
  assert.deepEqual(subsets, [{ addresses: [{ ip: '10.1.0.1', nodeName: 'n1', targetRef: { kind: 'Pod', namespace: 'ns', name: 'a', uid: 'uid-a' } }] }]);
});

test('repacking keeps an address not ready once any subset says so', () => {
  const a = { ip: '10.0.0.1' };
  const port = { name: 'p', port: 1, protocol: 'TCP' };
  assert.deepEqual(repackSubsets([{ addresses: [a], ports: [port] }, { notReadyAddresses: [a], ports: [port] }]), [{ notReadyAddresses: [a], ports: [port] }]);
});

test('past 1000 addresses, not-ready ones are cut first', () => {
  const many = (n: number, base: number) => Array.from({ length: n }, (_, i) => ({ ip: `10.${base}.${i >> 8}.${i & 255}` }));
  const subsets = [{ addresses: many(900, 1), notReadyAddresses: many(300, 2) }];
  assert.equal(truncateSubsets(subsets), true);
  assert.equal(subsets[0]!.addresses.length + subsets[0]!.notReadyAddresses.length, MAX_CAPACITY);
  assert.equal(subsets[0]!.addresses.length, 900);
});

test('trigger times are printed as Go prints RFC 3339 with nanoseconds', () => {
  assert.equal(formatTriggerTime(Date.parse('2026-01-01T00:00:05Z')), '2026-01-01T00:00:05Z');
  assert.equal(formatTriggerTime(Date.parse('2026-01-01T00:00:05.120Z')), '2026-01-01T00:00:05.12Z');
});

function harness() {
  const services = new Indexer<Service>();
  const pods = new Indexer<Pod>();
  const endpoints = new Indexer<Endpoints>();
  const writes: string[] = [];
  const written: Endpoints[] = [];
  let rv = 10;
  const recorder: EventRecorder = { eventf: () => {} } as unknown as EventRecorder;
  const sync = new EndpointsSync({
    services, pods, endpoints, recorder, triggerTimes: new TriggerTimeTracker(),
    api: {
      create: async (ns, ep) => {
        writes.push(`create ${ns}/${ep.metadata.name}`);
        const stored = { ...structuredClone(ep), metadata: { ...ep.metadata, namespace: ns, resourceVersion: String(++rv) } };
        written.push(stored);
        endpoints.add(stored);
        return stored;
      },
      update: async (ns, ep) => {
        writes.push(`update ${ns}/${ep.metadata.name}`);
        const stored = { ...structuredClone(ep), metadata: { ...ep.metadata, resourceVersion: String(++rv) } };
        written.push(stored);
        endpoints.add(stored);
        return stored;
      },
      delete: async (ns, name) => void writes.push(`delete ${ns}/${name}`),
    },
  });
  return { services, pods, endpoints, sync, writes, written };
}

test('a sync writes the Endpoints once, with labels and annotations, and not again when nothing changed', async () => {
  const h = harness();
  h.services.add(svc({ clusterIP: 'None' }));
  h.pods.add(pod('a', '10.1.0.1'));
  h.pods.add(pod('x', '10.1.0.9', true, { app: 'other' }));
  await h.sync.sync('ns/web');
  assert.deepEqual(h.writes, ['create ns/web']);
  const ep = h.written[0]!;
  assert.deepEqual(ep.metadata.labels, { tier: 'front', 'service.orch.io/headless': '' });
  assert.equal(ep.metadata.annotations!['endpoints.orch.io/last-change-trigger-time'], '2026-01-01T00:00:00Z');
  assert.deepEqual(ep.subsets![0]!.addresses!.map((a) => a.ip), ['10.1.0.1']);
  await h.sync.sync('ns/web');
  assert.deepEqual(h.writes, ['create ns/web']);
  // A readiness flip is written, with the pod's transition as the trigger time.
  const flipped = pod('a', '10.1.0.1', false);
  flipped.status!.conditions![0]!.lastTransitionTime = '2026-01-01T00:01:00Z';
  h.pods.update(flipped);
  await h.sync.sync('ns/web');
  assert.deepEqual(h.writes, ['create ns/web', 'update ns/web']);
  assert.equal(h.written[1]!.metadata.annotations!['endpoints.orch.io/last-change-trigger-time'], '2026-01-01T00:01:00Z');
  assert.deepEqual(h.written[1]!.subsets![0]!.notReadyAddresses!.map((a) => a.ip), ['10.1.0.1']);
});

test('Endpoints of a deleted service are deleted; services without a selector are left alone', async () => {
  const h = harness();
  await h.sync.sync('ns/web');
  assert.deepEqual(h.writes, ['delete ns/web']);
  h.services.add(svc({ selector: undefined }));
  await h.sync.sync('ns/web');
  h.services.add({ ...svc({ type: 'ExternalName', externalName: 'x.example' }) });
  await h.sync.sync('ns/web');
  assert.deepEqual(h.writes, ['delete ns/web']);
});
