// The storage.orch.io/v1 strategies at unit level: Kubernetes' defaults, its validation messages,
// what may not change on update, generation and status handling, the tables' cells.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { CSIDriver, CSINode, CSIStorageCapacity, StorageClass, VolumeAttachment, VolumeAttributesClass } from '../../../api/storage/v1/types.ts';
import type { StatusCause } from '../../../machinery/status.ts';
import { defaultStorageClass, storageClassStrategy } from './storageclasses/strategy.ts';
import { storageClassTable } from './storageclasses/table.ts';
import { defaultStorageClassOf } from '../../../machinery/storage/default-storage-class.ts';
import { volumeAttachmentStatusStrategy, volumeAttachmentStrategy } from './volumeattachments/strategy.ts';
import { csiDriverStrategy, defaultCSIDriver } from './csidrivers/strategy.ts';
import { csiDriverTable } from './csidrivers/table.ts';
import { csiNodesDeclaration } from './csinodes/declaration.ts';
import { csiStorageCapacitiesDeclaration } from './csistoragecapacities/declaration.ts';
import { volumeAttributesClassesDeclaration } from './volumeattributesclasses/declaration.ts';

const lines = (causes: StatusCause[]) => causes.map((c) => `${c.field}: ${c.message}`);
const meta = (name: string, extra: Record<string, unknown> = {}) => ({ name, resourceVersion: '5', generation: 1, ...extra });

function sc(fields: Partial<StorageClass> = {}): StorageClass {
  return defaultStorageClass({ metadata: meta('fast'), provisioner: 'example.com/disk', ...fields } as StorageClass);
}

test('a storage class is defaulted to Delete and Immediate, keeping what it names', () => {
  assert.deepEqual([sc().reclaimPolicy, sc().volumeBindingMode], ['Delete', 'Immediate']);
  const kept = sc({ reclaimPolicy: 'Retain', volumeBindingMode: 'WaitForFirstConsumer' });
  assert.deepEqual([kept.reclaimPolicy, kept.volumeBindingMode], ['Retain', 'WaitForFirstConsumer']);
});

test('ValidateStorageClass: provisioner, parameters, reclaim policy, binding mode, topologies', () => {
  assert.deepEqual(storageClassStrategy.validate(sc()), []);
  const bad = sc({
    provisioner: 'not a/name',
    parameters: { '': 'x' },
    reclaimPolicy: 'Recycle',
    volumeBindingMode: 'Later',
    allowedTopologies: [
      { matchLabelExpressions: [{ key: 'zone', values: ['a', 'a'] }, { key: 'zone', values: ['b'] }] },
      { matchLabelExpressions: [{ key: 'bad key', values: [] }] },
    ],
  });
  assert.deepEqual(lines(storageClassStrategy.validate(bad)), [
    'provisioner: Invalid value: "not a/name": prefix part a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, \'-\' or \'.\', and must start and end with an alphanumeric character (e.g. \'example.com\', regex used for validation is \'[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*\')',
    'parameters: Invalid value: "": field can not be empty.',
    'reclaimPolicy: Unsupported value: "Recycle": supported values: "Delete", "Retain"',
    'volumeBindingMode: Unsupported value: "Later": supported values: "Immediate", "WaitForFirstConsumer"',
    'allowedTopologies[0].matchLabelExpressions[0].values[1]: Duplicate value: "a"',
    'allowedTopologies[0].matchLabelExpressions[1].key: Duplicate value: "zone"',
    'allowedTopologies[1].matchLabelExpressions[0].values: Required value',
    'allowedTopologies[1].matchLabelExpressions[0].key: Invalid value: "bad key": name part must consist of alphanumeric characters, \'-\', \'_\' or \'.\', and must start and end with an alphanumeric character (e.g. \'MyName\',  or \'my.name\',  or \'123-abc\', regex used for validation is \'([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]\')',
  ]);
  assert.deepEqual(lines(storageClassStrategy.validate(sc({ provisioner: '' }))), ['provisioner: Required value']);
});

test('the same topology term twice is a duplicate; an empty term always is, as in Kubernetes', () => {
  const term = { matchLabelExpressions: [{ key: 'zone', values: ['a', 'b'] }] };
  const same = { matchLabelExpressions: [{ key: 'zone', values: ['b', 'a'] }] };
  assert.deepEqual(lines(storageClassStrategy.validate(sc({ allowedTopologies: [term, same] }))), ['allowedTopologies[1].matchLabelExpressions: Duplicate value: ""']);
  assert.deepEqual(lines(storageClassStrategy.validate(sc({ allowedTopologies: [{}] }))), ['allowedTopologies[0].matchLabelExpressions: Duplicate value: ""']);
});

test('a storage class\'s parameters, provisioner, reclaim policy and binding mode cannot change', () => {
  const old = sc({ parameters: { type: 'ssd' } });
  const next = sc({ parameters: { type: 'hdd' }, provisioner: 'example.com/other', reclaimPolicy: 'Retain', volumeBindingMode: 'WaitForFirstConsumer', allowVolumeExpansion: true });
  assert.deepEqual(lines(storageClassStrategy.validateUpdate(next, old)), [
    'parameters: Forbidden: updates to parameters are forbidden.',
    'provisioner: Forbidden: updates to provisioner are forbidden.',
    'reclaimPolicy: Forbidden: updates to reclaimPolicy are forbidden.',
    'volumeBindingMode: Invalid value: "WaitForFirstConsumer": field is immutable',
  ]);
  assert.deepEqual(storageClassStrategy.validateUpdate(sc({ parameters: { type: 'ssd' }, allowVolumeExpansion: true, mountOptions: ['ro'] }), old), []);
});

test('the table marks the default class and prints unset fields as their defaults', () => {
  const table = storageClassTable();
  const marked = { metadata: meta('fast', { annotations: { 'storageclass.orch.io/is-default-class': 'true' } }), provisioner: 'p' } as StorageClass;
  assert.deepEqual(table.row(marked).slice(0, 5), ['fast (default)', 'p', 'Delete', 'Immediate', false]);
  const beta = { metadata: meta('slow', { annotations: { 'storageclass.beta.orch.io/is-default-class': 'true' } }), provisioner: 'p' } as StorageClass;
  assert.equal(table.row(beta)[0], 'slow (default)');
  assert.deepEqual(table.columns.map((c) => c.name), ['Name', 'Provisioner', 'ReclaimPolicy', 'VolumeBindingMode', 'AllowVolumeExpansion', 'Age']);
});

test('of several default classes the newest wins, then the first by name', () => {
  const at = (name: string, t: string) => ({ metadata: { name, creationTimestamp: t, annotations: { 'storageclass.orch.io/is-default-class': 'true' } } });
  assert.equal(defaultStorageClassOf([at('a', '2026-01-01T00:00:00Z'), at('b', '2026-01-02T00:00:00Z')])?.metadata.name, 'b');
  assert.equal(defaultStorageClassOf([at('d', '2026-01-02T00:00:00Z'), at('c', '2026-01-02T00:00:00Z')])?.metadata.name, 'c');
  assert.equal(defaultStorageClassOf([{ metadata: { name: 'plain' } }]), undefined);
});

function va(spec: Partial<VolumeAttachment['spec']>): VolumeAttachment {
  return { metadata: meta('va-1'), spec: { attacher: 'csi.example.com', source: { persistentVolumeName: 'pv-1' }, nodeName: 'node-1', ...spec } } as VolumeAttachment;
}

test('ValidateVolumeAttachment: a CSI attacher, exactly one source, a node name', () => {
  const ok = va({});
  volumeAttachmentStrategy.prepareForCreate(ok);
  assert.deepEqual(ok.status, { attached: false });
  assert.deepEqual(volumeAttachmentStrategy.validate(ok), []);
  assert.deepEqual(lines(volumeAttachmentStrategy.validate(va({ attacher: '', source: {}, nodeName: 'Node_1' }))), [
    'spec.attacher: Required value',
    'spec.source: Required value: must specify exactly one of inlineVolumeSpec and persistentVolumeName',
    'spec.nodeName: Invalid value: "Node_1": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, \'-\' or \'.\', and must start and end with an alphanumeric character (e.g. \'example.com\', regex used for validation is \'[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*\')',
    'spec.attacher: Required value',
    'spec.attacher: Invalid value: "": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, \'-\' or \'.\', and must start and end with an alphanumeric character (e.g. \'example.com\', regex used for validation is \'[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*\')',
  ]);
  const both = va({ source: { persistentVolumeName: 'pv', inlineVolumeSpec: { accessModes: ['ReadWriteOnce'], csi: { driver: 'd', volumeHandle: 'h' } } } });
  assert.deepEqual(lines(volumeAttachmentStrategy.validate(both)), ['spec.source: Forbidden: must specify exactly one of inlineVolumeSpec and persistentVolumeName']);
});

test('a volume attachment\'s spec cannot change; its status changes only through /status', () => {
  const old = va({});
  volumeAttachmentStrategy.prepareForCreate(old);
  const next = structuredClone(old);
  next.spec.nodeName = 'node-2';
  next.status = { attached: true };
  volumeAttachmentStrategy.prepareForUpdate(next, old);
  assert.deepEqual(next.status, { attached: false });
  assert.match(lines(volumeAttachmentStrategy.validateUpdate(next, old))[0]!, /^spec: Invalid value: .*: field is immutable$/);
  const status = structuredClone(old);
  status.spec.nodeName = 'node-3';
  status.status = { attached: true, attachError: { message: 'x'.repeat(1025), errorCode: -1 } };
  volumeAttachmentStatusStrategy.prepareForUpdate(status, old);
  assert.equal(status.spec.nodeName, 'node-1');
  assert.deepEqual(lines(volumeAttachmentStatusStrategy.validateUpdate(status, old)), [
    'status.attachError.message: Too long: may not be more than 262144 bytes',
    'status.attachError.errorCode: Invalid value: -1: must be between 0 and 2147483647, inclusive',
  ]);
  assert.equal(volumeAttachmentStrategy.allowUnconditionalUpdate, false);
});

test('a CSI driver gets Kubernetes\' defaults', () => {
  const d = defaultCSIDriver({ metadata: meta('csi.example.com'), spec: {} } as CSIDriver);
  assert.deepEqual(d.spec, {
    attachRequired: true,
    podInfoOnMount: false,
    storageCapacity: false,
    fsGroupPolicy: 'ReadWriteOnceWithFSType',
    volumeLifecycleModes: ['Persistent'],
    requiresRepublish: false,
    seLinuxMount: false,
  });
});

test('ValidateCSIDriver: policies, modes, token requests, refresh period, tokens in secrets', () => {
  const d = defaultCSIDriver({
    metadata: meta('csi.example.com'),
    spec: {
      fsGroupPolicy: 'Sometimes',
      volumeLifecycleModes: ['Persistent', 'Forever'],
      tokenRequests: [{ audience: 'a', expirationSeconds: 60 }, { audience: 'a' }, { audience: 'b', expirationSeconds: 2 ** 33 }],
      nodeAllocatableUpdatePeriodSeconds: 5,
    },
  } as CSIDriver);
  assert.deepEqual(lines(csiDriverStrategy.validate(d)), [
    'spec.fsGroupPolicy: Unsupported value: "Sometimes": supported values: "File", "None", "ReadWriteOnceWithFSType"',
    'spec.tokenRequests[0].expirationSeconds: Invalid value: 60: may not specify a duration less than 10 minutes',
    'spec.tokenRequests[1].audience: Duplicate value: "a"',
    'spec.tokenRequests[2].expirationSeconds: Invalid value: 8589934592: may not specify a duration larger than 2^32 seconds',
    'spec.volumeLifecycleModes: Unsupported value: "Forever": supported values: "Persistent", "Ephemeral"',
    'spec.nodeAllocatableUpdatePeriodSeconds: Invalid value: 5: must be greater than or equal to 10 seconds',
  ]);
  const secrets = defaultCSIDriver({ metadata: meta('csi.example.com'), spec: { serviceAccountTokenInSecrets: true } } as CSIDriver);
  assert.deepEqual(lines(csiDriverStrategy.validate(secrets)), ['spec.serviceAccountTokenInSecrets: Forbidden: may only be set when tokenRequests is specified']);
});

test('a CSI driver\'s attachRequired and modes are fixed; other changes bump the generation', () => {
  const old = defaultCSIDriver({ metadata: meta('csi.example.com'), spec: {} } as CSIDriver);
  const next = structuredClone(old);
  next.spec.attachRequired = false;
  next.spec.volumeLifecycleModes = ['Ephemeral'];
  assert.deepEqual(lines(csiDriverStrategy.validateUpdate(next, old)), [
    'spec.attachedRequired: Invalid value: false: field is immutable',
    'spec.volumeLifecycleModes: Invalid value: ["Ephemeral"]: field is immutable',
  ]);
  const mutable = structuredClone(old);
  mutable.spec.podInfoOnMount = true;
  csiDriverStrategy.prepareForUpdate(mutable, old);
  assert.equal(mutable.metadata.generation, 2);
  assert.deepEqual(csiDriverStrategy.validateUpdate(mutable, old), []);
  assert.deepEqual(csiDriverTable().row(old).slice(1, 7), [true, false, false, '<unset>', false, 'Persistent']);
});

test('ValidateCSINode and its update: names, node IDs, counts, topology keys; only the count may change', () => {
  const strategy = csiNodesDeclaration().strategy;
  const node = (drivers: CSINode['spec']['drivers']) => ({ metadata: meta('node-1'), spec: { drivers } }) as CSINode;
  const bad = node([
    { name: 'csi.example.com', nodeID: '', allocatable: { count: -1 }, topologyKeys: ['zone', 'zone'] },
    { name: 'csi.example.com', nodeID: 'x'.repeat(257) },
  ]);
  assert.deepEqual(lines(strategy.validate(bad)), [
    'spec.drivers[0].nodeID: Required value',
    'spec.drivers[0].allocatable.count: Invalid value: -1: must be greater than or equal to 0',
    'spec.drivers[0]: Duplicate value: "zone"',
    `spec.drivers[1].nodeID: Invalid value: "${'x'.repeat(257)}": must be 256 characters or less`,
    'spec.drivers[1].name: Duplicate value: "csi.example.com"',
  ]);
  const old = node([{ name: 'csi.example.com', nodeID: 'n-1', allocatable: { count: 1 } }]);
  assert.deepEqual(strategy.validateUpdate(node([{ name: 'csi.example.com', nodeID: 'n-1', allocatable: { count: 5 } }]), old), []);
  assert.match(lines(strategy.validateUpdate(node([{ name: 'csi.example.com', nodeID: 'n-2' }]), old))[0]!, /^spec\.drivers: Invalid value: .*: field is immutable$/);
});

test('ValidateCSIStorageCapacity and its update: class name, capacity, topology and class fixed', () => {
  const strategy = csiStorageCapacitiesDeclaration().strategy;
  const capacity = (fields: Partial<CSIStorageCapacity>) => ({ metadata: meta('cap', { namespace: 'default' }), storageClassName: 'fast', ...fields }) as CSIStorageCapacity;
  assert.deepEqual(strategy.validate(capacity({ capacity: '1Gi' })), []);
  assert.deepEqual(lines(strategy.validate(capacity({ storageClassName: 'Fast', capacity: '-1' }))), [
    'storageClassName: Invalid value: "Fast": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, \'-\' or \'.\', and must start and end with an alphanumeric character (e.g. \'example.com\', regex used for validation is \'[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*\')',
    'capacity: Invalid value: "-1": must be greater than or equal to 0',
  ]);
  const old = capacity({ nodeTopology: { matchLabels: { zone: 'a' } } });
  assert.deepEqual(lines(strategy.validateUpdate(capacity({ storageClassName: 'slow', capacity: '2Gi' }), old)), [
    'nodeTopology: Invalid value: null: field is immutable',
    'storageClassName: Invalid value: "slow": field is immutable',
  ]);
  assert.equal(strategy.allowUnconditionalUpdate, false);
});

test('ValidateVolumeAttributesClass and its update: a driver, at least one parameter, both fixed', () => {
  const decl = volumeAttributesClassesDeclaration();
  const vac = (fields: Partial<VolumeAttributesClass>) => ({ metadata: meta('gold'), driverName: 'csi.example.com', parameters: { iops: '3000' }, ...fields }) as VolumeAttributesClass;
  assert.deepEqual(decl.strategy.validate(vac({})), []);
  assert.deepEqual(lines(decl.strategy.validate(vac({ driverName: '', parameters: {} }))), ['driverName: Required value', 'parameters: Required value: must contain at least one key/value pair']);
  assert.deepEqual(lines(decl.strategy.validateUpdate(vac({ driverName: 'csi.other.com', parameters: { iops: '1' } }), vac({}))), [
    'driverName: Forbidden: updates to driverName are forbidden.',
    'parameters: Forbidden: updates to parameters are forbidden.',
  ]);
  const marked = vac({ metadata: meta('gold', { annotations: { 'volumeattributesclass.alpha.orch.io/is-default-class': 'true' } }) });
  assert.equal(decl.table.row(marked)[0], 'gold (default)');
  assert.deepEqual(decl.shortNames, ['vac']);
});
