// The endpointslice reconciler's planning: endpoints from pods (conditions, node, zone,
// hostname, ports), slices filled to --max-endpoints-per-slice, changed slices updated in
// place, slices left empty deleted, the placeholder for a service without endpoints, address
// types from the service's families; and the writes it makes against a recording API.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Node } from '../../../api/core/v1/node-types.ts';
import type { Pod } from '../../../api/core/v1/pod-types.ts';
import type { Service } from '../../../api/core/v1/service-types.ts';
import type { EndpointSlice } from '../../../api/discovery/v1/types.ts';
import { addressTypesForService } from './pod-to-endpoint.ts';
import { planSlices, type PlanInput } from './plan-slices.ts';
import { SliceReconciler } from './reconciler.ts';
import { EndpointSliceTracker } from './util/slice-tracker.ts';
import type { SliceApi } from './util/slice-writes.ts';

const svc: Service = {
  metadata: { name: 'web', namespace: 'ns', uid: 'svc-uid', labels: { tier: 'front' }, creationTimestamp: '2026-01-01T00:00:00Z' },
  spec: { selector: { app: 'web' }, clusterIP: '10.0.0.10', ipFamilies: ['IPv4'], ports: [{ name: 'http', port: 80, targetPort: 'http', protocol: 'TCP' }] },
};

function pod(name: string, ip: string, opts: { ready?: boolean; node?: string; deleting?: boolean; hostname?: string; subdomain?: string } = {}): Pod {
  return {
    metadata: { name, namespace: 'ns', uid: `uid-${name}`, labels: { app: 'web' }, ...(opts.deleting ? { deletionTimestamp: '2026-01-01T00:01:00Z' } : {}) },
    spec: { nodeName: opts.node ?? 'n1', hostname: opts.hostname, subdomain: opts.subdomain, containers: [{ name: 'c', image: 'i', ports: [{ name: 'http', containerPort: 8080, protocol: 'TCP' }] }] },
    status: { phase: 'Running', podIP: ip, podIPs: [{ ip }], conditions: [{ type: 'Ready', status: opts.ready === false ? 'False' : 'True' }] },
  };
}

const nodes: Record<string, Node> = { n1: { metadata: { name: 'n1', labels: { 'topology.orch.io/zone': 'z1' } } }, n2: { metadata: { name: 'n2' } } };

function input(pods: Pod[], existing: EndpointSlice[] = [], max = 100): PlanInput {
  return { service: svc, pods, existing, addressType: 'IPv4', maxEndpointsPerSlice: max, node: (n) => nodes[n] };
}

test('endpoints carry conditions, node, zone, hostname and the resolved port', () => {
  const plan = planSlices(input([pod('a', '10.1.0.1'), pod('b', '10.1.0.2', { ready: false, node: 'n2' }), pod('c', '10.1.0.3', { deleting: true, hostname: 'c', subdomain: 'web' })]));
  assert.equal(plan.toCreate.length, 1);
  const [slice] = plan.toCreate;
  assert.equal(slice!.metadata.generateName, 'web-');
  assert.deepEqual(slice!.metadata.labels, { tier: 'front', 'orch.io/service-name': 'web', 'kubernetes.io/service-name': 'web', 'endpointslice.orch.io/managed-by': 'endpointslice-controller.orch.io' });
  assert.deepEqual(slice!.metadata.ownerReferences, [{ apiVersion: 'v1', kind: 'Service', name: 'web', uid: 'svc-uid', controller: true, blockOwnerDeletion: true }]);
  assert.deepEqual(slice!.ports, [{ name: 'http', protocol: 'TCP', port: 8080 }]);
  const byName = Object.fromEntries(slice!.endpoints!.map((e) => [e.targetRef!.name, e]));
  assert.deepEqual(byName.a, { addresses: ['10.1.0.1'], conditions: { ready: true, serving: true, terminating: false }, targetRef: { kind: 'Pod', namespace: 'ns', name: 'a', uid: 'uid-a' }, nodeName: 'n1', zone: 'z1' });
  assert.deepEqual(byName.b!.conditions, { ready: false, serving: false, terminating: false });
  assert.equal(byName.b!.zone, undefined);
  assert.deepEqual(byName.c!.conditions, { ready: false, serving: true, terminating: true });
  assert.equal(byName.c!.hostname, 'c');
});

test('a pod on an unknown node is left out and reported', () => {
  const plan = planSlices(input([pod('a', '10.1.0.1', { node: 'gone' })]));
  assert.deepEqual(plan.errors, ['skipping Pod a for Service ns/web: Node gone Not Found']);
});

test('slices hold at most maxEndpointsPerSlice endpoints', () => {
  const pods = Array.from({ length: 5 }, (_, i) => pod(`p${i}`, `10.1.0.${i + 1}`));
  const plan = planSlices(input(pods, [], 2));
  assert.deepEqual(plan.toCreate.map((s) => s.endpoints!.length), [2, 2, 1]);
});

function stored(name: string, endpoints: EndpointSlice['endpoints'], labels = { tier: 'front', 'orch.io/service-name': 'web', 'kubernetes.io/service-name': 'web', 'endpointslice.orch.io/managed-by': 'endpointslice-controller.orch.io' }): EndpointSlice {
  return {
    metadata: { name, namespace: 'ns', uid: `uid-${name}`, generation: 1, resourceVersion: '5', labels, ownerReferences: [{ apiVersion: 'v1', kind: 'Service', name: 'web', uid: 'svc-uid', controller: true, blockOwnerDeletion: true }] },
    addressType: 'IPv4',
    ports: [{ name: 'http', protocol: 'TCP', port: 8080 }],
    endpoints,
  };
}

test('an unchanged slice is left alone; a changed endpoint updates its slice in place; a new pod fills the best slice', () => {
  const first = planSlices(input([pod('a', '10.1.0.1')]));
  const slice = stored('web-abcde', first.toCreate[0]!.endpoints);
  const same = planSlices(input([pod('a', '10.1.0.1')], [slice]));
  assert.deepEqual([same.toCreate.length, same.toUpdate.length, same.toDelete.length], [0, 0, 0]);

  const flipped = planSlices(input([pod('a', '10.1.0.1', { ready: false })], [slice]));
  assert.equal(flipped.toUpdate.length, 1);
  assert.equal(flipped.toUpdate[0]!.metadata.name, 'web-abcde');
  assert.equal(flipped.toUpdate[0]!.endpoints![0]!.conditions!.ready, false);

  const added = planSlices(input([pod('a', '10.1.0.1'), pod('b', '10.1.0.2')], [slice]));
  assert.deepEqual([added.toCreate.length, added.toUpdate.length], [0, 1]);
  assert.equal(added.toUpdate[0]!.endpoints!.length, 2);
});

test('a slice left without endpoints is deleted, and the last one is kept as the placeholder', () => {
  const first = planSlices(input([pod('a', '10.1.0.1')]));
  const slice = stored('web-abcde', first.toCreate[0]!.endpoints);
  const none = planSlices(input([], [slice]));
  assert.equal(none.toDelete.length, 1);
  assert.equal(none.toCreate.length, 1);
  assert.deepEqual(none.toCreate[0]!.endpoints, []);
  assert.deepEqual(none.toCreate[0]!.ports, []);
  const placeholder = { ...stored('web-xyz12', []), ports: [] };
  const again = planSlices(input([], [placeholder]));
  assert.deepEqual([again.toCreate.length, again.toUpdate.length, again.toDelete.length], [0, 0, 0]);
});

test('a slice whose labels no longer match the service is relabelled; a slice another service owns goes', () => {
  const first = planSlices(input([pod('a', '10.1.0.1')]));
  const relabel = planSlices(input([pod('a', '10.1.0.1')], [stored('web-abcde', first.toCreate[0]!.endpoints, { tier: 'back', 'orch.io/service-name': 'web', 'kubernetes.io/service-name': 'web', 'endpointslice.orch.io/managed-by': 'endpointslice-controller.orch.io' })]));
  assert.equal(relabel.toUpdate[0]!.metadata.labels!.tier, 'front');
  const foreign = stored('web-old', first.toCreate[0]!.endpoints);
  foreign.metadata.ownerReferences = [{ apiVersion: 'v1', kind: 'Service', name: 'web', uid: 'older-uid' }];
  const plan = planSlices(input([pod('a', '10.1.0.1')], [foreign]));
  assert.deepEqual(plan.toDelete.map((s) => s.metadata.name), ['web-old']);
  assert.equal(plan.toCreate.length, 1);
});

test('address types follow ipFamilies, else the cluster IP, else both for a headless service', () => {
  assert.deepEqual([...addressTypesForService(svc)], ['IPv4']);
  assert.deepEqual([...addressTypesForService({ metadata: {}, spec: { ipFamilies: ['IPv6', 'IPv4'] } })], ['IPv6', 'IPv4']);
  assert.deepEqual([...addressTypesForService({ metadata: {}, spec: { clusterIP: 'fd00::1' } })], ['IPv6']);
  assert.deepEqual([...addressTypesForService({ metadata: {}, spec: { clusterIP: 'None' } })], ['IPv4', 'IPv6']);
});

test('the reconciler turns a create and a delete into one update, and tracks what it wrote', async () => {
  const calls: string[] = [];
  const api: SliceApi = {
    create: async (s) => (calls.push(`create ${s.metadata.generateName}`), { ...s, metadata: { ...s.metadata, name: 'web-new', uid: 'u-new', generation: 1 } }),
    update: async (s) => (calls.push(`update ${s.metadata.name}`), { ...s, metadata: { ...s.metadata, generation: 2 } }),
    delete: async (_ns, name) => void calls.push(`delete ${name}`),
  };
  const tracker = new EndpointSliceTracker();
  const reconciler = new SliceReconciler({ api, tracker, maxEndpointsPerSlice: 100, node: (n) => nodes[n] });
  // An IPv6 slice of an IPv4 service goes; a slice with other ports is recycled for the new ports.
  const v6 = { ...stored('web-v6', []), addressType: 'IPv6' };
  const otherPorts = { ...stored('web-ports', [{ addresses: ['10.1.0.9'], targetRef: { kind: 'Pod', namespace: 'ns', name: 'x' } }]), ports: [{ name: 'old', protocol: 'TCP', port: 1 }] };
  await reconciler.reconcile(svc, [pod('a', '10.1.0.1')], [v6, otherPorts], Date.parse('2026-01-01T00:00:00Z'));
  assert.deepEqual(calls, ['update web-ports', 'delete web-v6']);
  assert.equal(tracker.staleSlices('ns', 'web', []), true);
});
