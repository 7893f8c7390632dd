// Nodes as Kubernetes' node strategy and ValidateNode treat them: a create keeps its status,
// allocatable defaults to capacity, podCIDR and podCIDRs stay in step, taints and pod CIDRs are
// validated with Kubernetes' messages, the provider ID and pod CIDRs are set once, and the table
// shows STATUS from the Ready condition and ROLES from node-role labels.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Node, NodeSpec, NodeStatus } from '../../../../api/core/v1/node-types.ts';
import { nodeStatusStrategy, nodeStrategy, nodeWarnings } from './strategy.ts';
import { nodeRoles, nodeStatusCell, nodeTable } from './table.ts';

const node = (spec: NodeSpec = {}, status?: NodeStatus, labels?: Record<string, string>): Node => ({ metadata: { name: 'n1', resourceVersion: '1', labels }, spec, ...(status ? { status } : {}) });
const messages = (causes: { field?: string; message?: string }[]) => causes.map((c) => `${c.field}: ${c.message}`);

test('a create keeps the status, defaults allocatable and fills podCIDRs from podCIDR', () => {
  const n = node({ podCIDR: '10.244.1.0/24', configSource: { configMap: { namespace: 'kube', name: 'cfg', kubeletConfigKey: 'k' } } }, { capacity: { cpu: '4', pods: '110' }, config: { error: 'x' } });
  nodeStrategy.prepareForCreate(n);
  assert.deepEqual(n.spec, { podCIDR: '10.244.1.0/24', podCIDRs: ['10.244.1.0/24'] });
  assert.deepEqual(n.status, { capacity: { cpu: '4', pods: '110' }, allocatable: { cpu: '4', pods: '110' } });
  assert.deepEqual(nodeStrategy.validate(n), []);
});

test('taints: label keys and values, known effects, unique by key and effect (under metadata.taints)', () => {
  const n = node({ taints: [{ key: 'dedicated', value: 'gpu', effect: 'NoSchedule' }, { key: 'dedicated', value: 'x', effect: 'NoSchedule' }, { key: 'bad key', effect: 'Sometimes' }, { key: 'k', value: 'v!', effect: '' }] });
  assert.deepEqual(messages(nodeStrategy.validate(n)), [
    'metadata.taints[1]: Duplicate value: core.Taint{Key:"dedicated", Value:"x", Effect:"NoSchedule", TimeAdded:(*v1.Time)(nil)}: taints must be unique by key and effect pair',
    "metadata.taints[2].key: Invalid value: \"bad key\": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')",
    'metadata.taints[2].effect: Unsupported value: "Sometimes": supported values: "NoSchedule", "PreferNoSchedule", "NoExecute"',
    "metadata.taints[3].value: Invalid value: \"v!\": a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')",
    'metadata.taints[3].effect: Required value',
  ]);
});

test('pod CIDRs are valid, one per family and not repeated; capacity is not negative', () => {
  assert.deepEqual(messages(nodeStrategy.validate(node({ podCIDRs: ['10.244.0.0/16', 'fd00::/64'] }))), []);
  assert.deepEqual(messages(nodeStrategy.validate(node({ podCIDRs: ['10.244.0.0/16', '10.245.0.0/16', 'x'] }, { capacity: { cpu: '-1' } }))), [
    'status.capacity.cpu: Invalid value: "-1": must be greater than or equal to 0',
    'spec.podCIDRs[2]: Invalid value: "x": must be a valid CIDR value, (e.g. 10.9.8.0/24 or 2001:db8::/64)',
    'spec.podCIDRs: Invalid value: []string{"10.244.0.0/16", "10.245.0.0/16", "x"}: may specify no more than one CIDR for each IP family',
  ]);
  assert.deepEqual(messages(nodeStrategy.validate(node({ podCIDRs: ['10.244.0.0/16', '10.244.0.0/16'] }))), [
    'spec.podCIDRs: Invalid value: []string{"10.244.0.0/16", "10.244.0.0/16"}: may specify no more than one CIDR for each IP family',
    'spec.podCIDRs[1]: Duplicate value: "10.244.0.0/16"',
  ]);
});

test('an update keeps the status; pod CIDRs and the provider ID are set once; cordoning is allowed', () => {
  const old = node({ providerID: 'orch://n1', podCIDRs: ['10.244.1.0/24'], podCIDR: '10.244.1.0/24' }, { conditions: [{ type: 'Ready', status: 'True' }] });
  const cordon = node({ ...structuredClone(old.spec!), unschedulable: true }, { conditions: [] });
  nodeStrategy.prepareForUpdate(cordon, old);
  assert.deepEqual(cordon.status, old.status);
  assert.deepEqual(nodeStrategy.validateUpdate(cordon, old), []);
  const moved = node({ providerID: 'other://n1', podCIDRs: ['10.244.2.0/24'], externalID: 'x' });
  nodeStrategy.prepareForUpdate(moved, old);
  assert.equal(moved.spec!.podCIDR, '10.244.2.0/24');
  assert.deepEqual(messages(nodeStrategy.validateUpdate(moved, old)), [
    'spec.podCIDRs: Forbidden: node updates may not change podCIDR except from "" to valid',
    'spec.providerID: Forbidden: node updates may not change providerID except from "" to valid',
    'spec.externalID: Forbidden: may not be updated',
  ]);
  const first = node({ podCIDRs: ['10.244.3.0/24'], providerID: 'orch://n2' });
  assert.deepEqual(nodeStrategy.validateUpdate(first, node()), []);
  assert.deepEqual(nodeWarnings(moved), ['spec.externalID: this field is deprecated, and is unused by Kubernetes']);
});

test('/status keeps the spec and refuses duplicate addresses', () => {
  const old = node({ unschedulable: true });
  const next = node({}, { addresses: [{ type: 'InternalIP', address: '10.0.0.1' }, { type: 'InternalIP', address: '10.0.0.1' }], capacity: { memory: '1Gi' } });
  nodeStatusStrategy.prepareForUpdate(next, old);
  assert.deepEqual(next.spec, { unschedulable: true });
  assert.deepEqual(next.status!.allocatable, { memory: '1Gi' });
  assert.deepEqual(messages(nodeStatusStrategy.validateUpdate(next, old)), ['status.addresses[1]: Duplicate value: core.NodeAddress{Type:"InternalIP", Address:"10.0.0.1"}']);
});

test('STATUS comes from the Ready condition, ROLES from node-role labels', () => {
  assert.equal(nodeStatusCell(node()), 'Unknown');
  assert.equal(nodeStatusCell(node({ unschedulable: true }, { conditions: [{ type: 'Ready', status: 'True' }] })), 'Ready,SchedulingDisabled');
  assert.equal(nodeStatusCell(node({}, { conditions: [{ type: 'Ready', status: 'Unknown' }] })), 'NotReady');
  assert.deepEqual(nodeRoles(node({}, undefined, { 'node-role.orch.io/worker': '', 'node-role.orch.io/control-plane': '', 'node-role.orch.io/': 'x', 'orch.io/role': 'edge' })), ['control-plane', 'edge', 'worker']);
  const n = node({}, { addresses: [{ type: 'InternalIP', address: '10.0.0.1' }], nodeInfo: { kubeletVersion: 'v1.35.0', osImage: 'Debian', kernelVersion: '', containerRuntimeVersion: 'sim://1' } as any });
  const cells = nodeTable().row(n);
  assert.deepEqual([cells[0], cells[1], cells[2], cells[4], ...cells.slice(5)], ['n1', 'Unknown', '<none>', 'v1.35.0', '10.0.0.1', '<none>', 'Debian', '<unknown>', 'sim://1']);
});
