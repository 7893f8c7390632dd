// Nodes over raw HTTP as Kubernetes serves them: cluster-scoped, created with a status (the node
// agent registers so) with allocatable defaulted to capacity and Go's zero values, ValidateNode's
// messages, the status only through /status afterwards, pod CIDRs and the provider ID set once,
// the NAME STATUS ROLES AGE VERSION table (wide: addresses, OS image, kernel, runtime), and the
// spec.unschedulable field selector.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startCoreApiserver, type CoreApiserver } from '../support/core-apiserver.ts';

let s: CoreApiserver;
before(async () => {
  s = await startCoreApiserver();
});
after(() => s.stop());

const NODES = '/api/v1/nodes';
const TABLE = { accept: 'application/json;as=Table;v=v1;g=meta.k8s.io' };
const MERGE = { 'content-type': 'application/merge-patch+json' };

function messages(r: { body: any }): string[] {
  return (r.body.details?.causes ?? []).map((c: any) => `${c.field}: ${c.message}`);
}

const nodeInfo = {
  machineID: 'm1', systemUUID: 'u1', bootID: 'b1', kernelVersion: '6.1.0-13-amd64', osImage: 'Debian GNU/Linux 12 (bookworm)',
  containerRuntimeVersion: 'sim://1.0', kubeletVersion: 'v1.35.0', kubeProxyVersion: '', operatingSystem: 'linux', architecture: 'amd64',
};

test('discovery names nodes with the short name no, cluster-scoped; there is no namespaced path', async () => {
  const no = (await s.call('GET', '/api/v1')).body.resources.find((x: any) => x.name === 'nodes');
  assert.deepEqual(no.shortNames, ['no']);
  assert.equal(no.namespaced, false);
  assert.equal((await s.call('GET', '/api/v1/namespaces/default/nodes')).status, 404);
});

test('a create keeps the status it carries, with allocatable defaulted and Go\'s zero values', async () => {
  const r = await s.call('POST', NODES, {
    metadata: { name: 'worker-1', labels: { 'node-role.orch.io/worker': '' } },
    spec: { podCIDR: '10.244.1.0/24', providerID: 'orch://worker-1' },
    status: { capacity: { cpu: '4', memory: '8Gi', pods: '110' }, conditions: [{ type: 'Ready', status: 'True' }], addresses: [{ type: 'InternalIP', address: '10.0.0.11' }], nodeInfo },
  });
  assert.equal(r.status, 201, JSON.stringify(r.body));
  assert.deepEqual(r.body.spec, { podCIDR: '10.244.1.0/24', podCIDRs: ['10.244.1.0/24'], providerID: 'orch://worker-1' });
  assert.deepEqual(r.body.status.allocatable, { cpu: '4', memory: '8Gi', pods: '110' });
  assert.deepEqual(Object.keys(r.body.status), ['capacity', 'allocatable', 'conditions', 'addresses', 'daemonEndpoints', 'nodeInfo']);
  assert.deepEqual(r.body.status.daemonEndpoints, { kubeletEndpoint: { Port: 0 } });
  const bare = await s.call('POST', NODES, { metadata: { name: 'bare' } });
  assert.equal(bare.status, 201, JSON.stringify(bare.body));
  assert.equal(bare.body.status.nodeInfo.kubeletVersion, '');
});

test('ValidateNode\'s messages', async () => {
  const r = await s.call('POST', NODES, {
    metadata: { name: 'Bad_Node' },
    spec: { podCIDRs: ['10.244.0.0/16', '10.245.0.0/16'], taints: [{ key: 'a', effect: 'NoSchedule' }, { key: 'a', effect: 'NoSchedule' }, { key: 'b', effect: 'Never' }] },
    status: { capacity: { cpu: '-2' } },
  });
  assert.equal(r.status, 422, JSON.stringify(r.body));
  assert.deepEqual(messages(r), [
    "metadata.name: Invalid value: \"Bad_Node\": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')",
    'metadata.taints[1]: Duplicate value: core.Taint{Key:"a", Value:"", Effect:"NoSchedule", TimeAdded:(*v1.Time)(nil)}: taints must be unique by key and effect pair',
    'metadata.taints[2].effect: Unsupported value: "Never": supported values: "NoSchedule", "PreferNoSchedule", "NoExecute"',
    'status.capacity.cpu: Invalid value: "-2": must be greater than or equal to 0',
    // allocatable was defaulted from capacity, so it is refused too, as in Kubernetes.
    'status.allocatable.cpu: Invalid value: "-2": must be greater than or equal to 0',
    'spec.podCIDRs: Invalid value: []string{"10.244.0.0/16", "10.245.0.0/16"}: may specify no more than one CIDR for each IP family',
  ]);
});

test('after create the status changes only through /status, and /status cannot touch the spec', async () => {
  const main = await s.call('PATCH', `${NODES}/worker-1`, { spec: { unschedulable: true }, status: { conditions: [{ type: 'Ready', status: 'False' }] } }, MERGE);
  assert.equal(main.status, 200, JSON.stringify(main.body));
  assert.equal(main.body.spec.unschedulable, true);
  assert.equal(main.body.status.conditions[0].status, 'True');
  const status = await s.call('PATCH', `${NODES}/worker-1/status`, { spec: { unschedulable: false }, status: { conditions: [{ type: 'Ready', status: 'False', reason: 'Testing' }] } }, MERGE);
  assert.equal(status.status, 200, JSON.stringify(status.body));
  assert.equal(status.body.spec.unschedulable, true);
  assert.equal(status.body.status.conditions[0].status, 'False');
  const dup = await s.call('PATCH', `${NODES}/worker-1/status`, { status: { addresses: [{ type: 'InternalIP', address: '10.0.0.11' }, { type: 'InternalIP', address: '10.0.0.11' }] } }, { 'content-type': 'application/merge-patch+json' });
  assert.equal(dup.status, 422);
  assert.deepEqual(messages(dup), ['status.addresses[1]: Duplicate value: core.NodeAddress{Type:"InternalIP", Address:"10.0.0.11"}']);
});

test('pod CIDRs and the provider ID are set once', async () => {
  const moved = await s.call('PATCH', `${NODES}/worker-1`, { spec: { podCIDRs: ['10.244.2.0/24'], providerID: 'orch://elsewhere' } }, MERGE);
  assert.equal(moved.status, 422, JSON.stringify(moved.body));
  assert.deepEqual(messages(moved), [
    'spec.podCIDRs: Forbidden: node updates may not change podCIDR except from "" to valid',
    'spec.providerID: Forbidden: node updates may not change providerID except from "" to valid',
  ]);
  const first = await s.call('PATCH', `${NODES}/bare`, { spec: { podCIDRs: ['10.244.3.0/24', 'fd00:3::/64'], providerID: 'orch://bare' } }, MERGE);
  assert.equal(first.status, 200, JSON.stringify(first.body));
  assert.equal(first.body.spec.podCIDR, '10.244.3.0/24');
});

test('kubectl\'s table: STATUS from the Ready condition, ROLES from labels, and the wide columns', async () => {
  const t = await s.call('GET', NODES, undefined, TABLE);
  assert.deepEqual(t.body.columnDefinitions.map((c: any) => [c.name, c.priority]), [
    ['Name', 0], ['Status', 0], ['Roles', 0], ['Age', 0], ['Version', 0],
    ['Internal-IP', 1], ['External-IP', 1], ['OS-Image', 1], ['Kernel-Version', 1], ['Container-Runtime', 1],
  ]);
  const rows = Object.fromEntries(t.body.rows.map((r: any) => [r.cells[0], [r.cells[1], r.cells[2], ...r.cells.slice(4)]]));
  assert.deepEqual(rows['worker-1'], ['NotReady,SchedulingDisabled', 'worker', 'v1.35.0', '10.0.0.11', '<none>', 'Debian GNU/Linux 12 (bookworm)', '6.1.0-13-amd64', 'sim://1.0']);
  assert.deepEqual(rows.bare, ['Unknown', '<none>', '', '<none>', '<none>', '<unknown>', '<unknown>', '<unknown>']);
});

test('field selectors on metadata.name and spec.unschedulable', async () => {
  const cordoned = await s.call('GET', `${NODES}?fieldSelector=spec.unschedulable%3Dtrue`);
  assert.deepEqual(cordoned.body.items.map((i: any) => i.metadata.name), ['worker-1']);
  const open = await s.call('GET', `${NODES}?fieldSelector=spec.unschedulable%3Dfalse,metadata.name%3Dbare`);
  assert.deepEqual(open.body.items.map((i: any) => i.metadata.name), ['bare']);
  assert.equal((await s.call('GET', `${NODES}?fieldSelector=spec.podCIDR%3Dx`)).status, 400);
});
