// PersistentVolumes and PersistentVolumeClaims over raw HTTP as Kubernetes serves them: the
// defaults (Retain, Filesystem, Pending with its transition time), ValidatePersistentVolume and
// ValidatePersistentVolumeClaim with their messages, the spec only through the main resource and
// the status only through /status, a fixed PV source and claim spec (a bound claim may grow),
// the tables kubectl prints, metadata field selectors and the protobuf form.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startCoreApiserver, type CoreApiserver } from '../support/core-apiserver.ts';

let s: CoreApiserver;
before(async () => {
  // The resources' own rules: the admission plugins that add protection finalizers and check a
  // claim's StorageClass before it grows are tested with their plugins.
  s = await startCoreApiserver({ 'disable-admission-plugins': ['StorageObjectInUseProtection', 'PersistentVolumeClaimResize'] });
});
after(() => s.stop());

const PVS = '/api/v1/persistentvolumes';
const PVCS = '/api/v1/namespaces/default/persistentvolumeclaims';
const TABLE = { accept: 'application/json;as=Table;v=v1;g=meta.k8s.io' };
const MERGE = { 'content-type': 'application/merge-patch+json' };

function messages(r: { body: any }): string[] {
  return (r.body.details?.causes ?? []).map((c: any) => `${c.reason} ${c.field}: ${c.message}`);
}

const pv = (name: string, spec: Record<string, unknown> = {}) => ({
  metadata: { name },
  spec: { capacity: { storage: '1Gi' }, accessModes: ['ReadWriteOnce'], hostPath: { path: `/data/${name}` }, ...spec },
});
const pvc = (name: string, spec: Record<string, unknown> = {}) => ({
  metadata: { name },
  spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } }, ...spec },
});

test('discovery: pv is cluster-scoped, pvc namespaced, both with /status', async () => {
  const resources = (await s.call('GET', '/api/v1')).body.resources;
  const find = (name: string) => resources.find((x: any) => x.name === name);
  assert.deepEqual([find('persistentvolumes').shortNames, find('persistentvolumes').namespaced], [['pv'], false]);
  assert.deepEqual([find('persistentvolumeclaims').shortNames, find('persistentvolumeclaims').namespaced], [['pvc'], true]);
  assert.ok(find('persistentvolumes/status'));
  assert.ok(find('persistentvolumeclaims/status'));
});

test('a volume is created with Kubernetes\' defaults and a Pending status stamped with its time', async () => {
  const r = await s.call('POST', PVS, { ...pv('pv-defaults'), status: { phase: 'Bound' } });
  assert.equal(r.status, 201, JSON.stringify(r.body));
  assert.equal(r.body.spec.persistentVolumeReclaimPolicy, 'Retain');
  assert.equal(r.body.spec.volumeMode, 'Filesystem');
  assert.deepEqual(r.body.spec.hostPath, { path: '/data/pv-defaults', type: '' });
  assert.equal(r.body.status.phase, 'Pending');
  assert.match(r.body.status.lastPhaseTransitionTime, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
  assert.deepEqual(r.body.metadata.finalizers, undefined);
});

test('a claim is created with volume mode Filesystem and an empty Pending status', async () => {
  const r = await s.call('POST', PVCS, { ...pvc('claim-defaults'), status: { phase: 'Bound', capacity: { storage: '5Gi' } } });
  assert.equal(r.status, 201, JSON.stringify(r.body));
  assert.equal(r.body.spec.volumeMode, 'Filesystem');
  assert.deepEqual(r.body.status, { phase: 'Pending' });
  assert.deepEqual(Object.keys(r.body), ['kind', 'apiVersion', 'metadata', 'spec', 'status']);
});

test('ValidatePersistentVolume: access modes, storage capacity only, one source, known policy and mode', async () => {
  const r = await s.call('POST', PVS, {
    metadata: { name: 'pv-invalid' },
    spec: {
      capacity: { storage: '0', memory: '1Gi' },
      accessModes: ['ReadWriteOncePod', 'ReadOnlyMany', 'Sometimes'],
      hostPath: { path: '/' }, nfs: { server: 'nfs', path: '/x' },
      persistentVolumeReclaimPolicy: 'Keep', volumeMode: 'Raw', storageClassName: 'Bad_Class',
    },
  });
  assert.equal(r.status, 422, JSON.stringify(r.body));
  const got = messages(r);
  for (const want of [
    'FieldValueNotSupported spec.accessModes: Unsupported value: "Sometimes": supported values: "ReadOnlyMany", "ReadWriteMany", "ReadWriteOnce", "ReadWriteOncePod"',
    'FieldValueForbidden spec.accessModes: Forbidden: may not use ReadWriteOncePod with other access modes',
    'FieldValueInvalid spec.capacity[storage]: Invalid value: "0": must be greater than zero',
    'FieldValueNotSupported spec.persistentVolumeReclaimPolicy: Unsupported value: "Keep": supported values: "Delete", "Recycle", "Retain"',
    'FieldValueForbidden spec.nfs: Forbidden: may not specify more than 1 volume type',
    'FieldValueNotSupported spec.volumeMode: Unsupported value: "Raw": supported values: "Block", "Filesystem"',
  ]) assert.ok(got.includes(want), `missing ${want}\n${got.join('\n')}`);
  assert.ok(got.some((m) => m.startsWith('FieldValueNotSupported spec.capacity: Unsupported value: core.ResourceList{"memory":resource.Quantity{') && m.endsWith('supported values: "storage"')), got.join('\n'));
  assert.ok(got.some((m) => m.startsWith('FieldValueInvalid spec.storageClassName: Invalid value: "Bad_Class": a lowercase RFC 1123 subdomain')), got.join('\n'));
  const empty = await s.call('POST', PVS, { metadata: { name: 'pv-empty' }, spec: {} });
  assert.deepEqual(messages(empty), [
    'FieldValueRequired spec.accessModes: Required value',
    'FieldValueRequired spec.capacity: Required value',
    'FieldValueNotSupported spec.capacity: Unsupported value: core.ResourceList(nil): supported values: "storage"',
    'FieldValueRequired spec: Required value: must specify a volume type',
  ]);
  const local = await s.call('POST', PVS, pv('pv-local', { hostPath: undefined, local: { path: '/mnt/disk' } }));
  assert.deepEqual(messages(local), ['FieldValueRequired spec.nodeAffinity: Required value: Local volume requires node affinity']);
});

test('ValidatePersistentVolumeClaim: access modes, a positive storage request, a valid selector and data source', async () => {
  const r = await s.call('POST', PVCS, {
    metadata: { name: 'claim-invalid' },
    spec: {
      accessModes: [], resources: { requests: { storage: '-1Gi' } },
      selector: { matchExpressions: [{ key: 'tier', operator: 'In' }] },
      dataSource: { kind: 'Snapshot', name: 'x' }, volumeMode: 'Raw',
    },
  });
  assert.equal(r.status, 422, JSON.stringify(r.body));
  assert.deepEqual(messages(r), [
    'FieldValueRequired spec.accessModes: Required value: at least 1 access mode is required',
    "FieldValueRequired spec.selector.matchExpressions[0].values: Required value: must be specified when `operator` is 'In' or 'NotIn'",
    'FieldValueInvalid spec.resources[storage]: Invalid value: "-1Gi": must be greater than zero',
    'FieldValueNotSupported spec.volumeMode: Unsupported value: "Raw": supported values: "Block", "Filesystem"',
  ]);
  const missing = await s.call('POST', PVCS, { metadata: { name: 'claim-missing' }, spec: { accessModes: ['ReadWriteOnce'] } });
  assert.deepEqual(messages(missing), ['FieldValueRequired spec.resources[storage]: Required value']);
  // A data source that is neither a claim nor a snapshot is dropped; a claim source is mirrored.
  const cloned = await s.call('POST', PVCS, pvc('claim-clone', { dataSource: { kind: 'PersistentVolumeClaim', name: 'claim-defaults' } }));
  assert.equal(cloned.status, 201, JSON.stringify(cloned.body));
  assert.deepEqual({ kind: cloned.body.spec.dataSourceRef.kind, name: cloned.body.spec.dataSourceRef.name }, { kind: 'PersistentVolumeClaim', name: 'claim-defaults' });
});

test('the main resource keeps the status; /status keeps the spec and stamps phase changes', async () => {
  const created = await s.call('POST', PVS, pv('pv-split'));
  const status = await s.call('PATCH', `${PVS}/pv-split/status`, { spec: { capacity: { storage: '9Gi' } }, status: { phase: 'Available' } }, MERGE);
  assert.equal(status.status, 200, JSON.stringify(status.body));
  assert.equal(status.body.spec.capacity.storage, '1Gi');
  assert.equal(status.body.status.phase, 'Available');
  assert.ok(status.body.status.lastPhaseTransitionTime >= created.body.status.lastPhaseTransitionTime);
  const main = await s.call('PATCH', `${PVS}/pv-split`, { spec: { persistentVolumeReclaimPolicy: 'Delete' }, status: { phase: 'Failed' } }, MERGE);
  assert.equal(main.status, 200, JSON.stringify(main.body));
  assert.equal(main.body.spec.persistentVolumeReclaimPolicy, 'Delete');
  assert.equal(main.body.status.phase, 'Available');
  const got = await s.call('GET', `${PVS}/pv-split/status`);
  assert.equal(got.body.kind, 'PersistentVolume');
});

test('a volume\'s source and mode are fixed after create', async () => {
  const source = await s.call('PATCH', `${PVS}/pv-split`, { spec: { hostPath: { path: '/elsewhere' } } }, MERGE);
  assert.equal(source.status, 422);
  const [msg] = messages(source);
  assert.match(msg!, /^FieldValueForbidden spec\.persistentvolumesource: Forbidden: spec\.persistentvolumesource is immutable after creation\n/);
  const mode = await s.call('PATCH', `${PVS}/pv-split`, { spec: { volumeMode: 'Block' } }, MERGE);
  assert.deepEqual(messages(mode), ['FieldValueInvalid volumeMode: Invalid value: "Block": field is immutable']);
  // A patch that drops a defaulted field gets the default back, as Kubernetes' decoder gives it.
  const dropped = await s.call('PATCH', `${PVS}/pv-split`, { spec: { volumeMode: null, persistentVolumeReclaimPolicy: null } }, MERGE);
  assert.equal(dropped.status, 200, JSON.stringify(dropped.body));
  assert.deepEqual([dropped.body.spec.volumeMode, dropped.body.spec.persistentVolumeReclaimPolicy], ['Filesystem', 'Retain']);
  await s.call('PATCH', `${PVS}/pv-split`, { spec: { persistentVolumeReclaimPolicy: 'Delete' } }, MERGE);
});

test('a claim\'s spec is fixed; once bound it may grow its storage request but not below its capacity', async () => {
  await s.call('POST', PVCS, pvc('claim-grow'));
  const unbound = await s.call('PATCH', `${PVCS}/claim-grow`, { spec: { resources: { requests: { storage: '2Gi' } } } }, MERGE);
  assert.equal(unbound.status, 422);
  assert.match(messages(unbound)[0]!, /^FieldValueForbidden spec: Forbidden: spec is immutable after creation except resources\.requests and volumeAttributesClassName for bound claims\n/);
  const bind = await s.call('PATCH', `${PVCS}/claim-grow/status`, { status: { phase: 'Bound', accessModes: ['ReadWriteOnce'], capacity: { storage: '1Gi' } } }, MERGE);
  assert.equal(bind.status, 200, JSON.stringify(bind.body));
  const volume = await s.call('PATCH', `${PVCS}/claim-grow`, { spec: { volumeName: 'pv-split' } }, MERGE);
  assert.equal(volume.status, 200, JSON.stringify(volume.body));
  const grown = await s.call('PATCH', `${PVCS}/claim-grow`, { spec: { resources: { requests: { storage: '2Gi' } } } }, MERGE);
  assert.equal(grown.status, 200, JSON.stringify(grown.body));
  assert.equal(grown.body.spec.resources.requests.storage, '2Gi');
  const shrunk = await s.call('PATCH', `${PVCS}/claim-grow`, { spec: { resources: { requests: { storage: '1Gi' } } } }, MERGE);
  assert.deepEqual(messages(shrunk), ['FieldValueForbidden spec.resources.requests.storage: Forbidden: field can not be less than status.capacity']);
  const renamed = await s.call('PATCH', `${PVCS}/claim-grow`, { spec: { volumeName: 'other' } }, MERGE);
  assert.equal(renamed.status, 422);
});

test('a status update of a claim checks its capacities and resize states', async () => {
  const r = await s.call('PATCH', `${PVCS}/claim-grow/status`, {
    status: { capacity: { storage: '-1' }, allocatedResourceStatuses: { storage: 'Shrinking', memory: 'NodeResizePending' }, allocatedResources: { cpu: '1' } },
  }, MERGE);
  assert.equal(r.status, 422, JSON.stringify(r.body));
  assert.deepEqual(messages(r), [
    'FieldValueInvalid status.capacity[storage]: Invalid value: -1: must be a valid resource quantity',
    'FieldValueNotSupported status.allocatedResourceStatus: Unsupported value: "memory": supported values: "storage"',
    'FieldValueNotSupported status.allocatedResourceStatus: Unsupported value: "storage": supported values: "ControllerResizeInProgress", "ControllerResizeInfeasible", "NodeResizeInProgress", "NodeResizeInfeasible", "NodeResizePending"',
    'FieldValueNotSupported status.allocatedResources: Unsupported value: "cpu": supported values: "storage"',
  ]);
});

test('kubectl\'s tables: PV and PVC columns with abbreviated access modes, the volume mode for -o wide', async () => {
  await s.call('PATCH', `${PVS}/pv-split`, { spec: { accessModes: ['ReadWriteMany', 'ReadWriteOnce'], claimRef: { namespace: 'default', name: 'claim-grow' }, storageClassName: 'fast' } }, MERGE);
  const one = await s.call('GET', `${PVS}/pv-split`, undefined, TABLE);
  assert.deepEqual(one.body.columnDefinitions.map((c: any) => [c.name, c.priority]), [
    ['Name', 0], ['Capacity', 0], ['Access Modes', 0], ['Reclaim Policy', 0], ['Status', 0], ['Claim', 0], ['StorageClass', 0],
    ['VolumeAttributesClass', 0], ['Reason', 0], ['Age', 0], ['VolumeMode', 1],
  ]);
  const cells = one.body.rows[0].cells;
  assert.deepEqual([...cells.slice(0, 9), cells[10]], ['pv-split', '1Gi', 'RWO,RWX', 'Delete', 'Available', 'default/claim-grow', 'fast', '<unset>', '', 'Filesystem']);
  const claims = await s.call('GET', PVCS, undefined, TABLE);
  assert.deepEqual(claims.body.columnDefinitions.map((c: any) => c.name), ['Name', 'Status', 'Volume', 'Capacity', 'Access Modes', 'StorageClass', 'VolumeAttributesClass', 'Age', 'VolumeMode']);
  const row = (name: string) => claims.body.rows.find((r: any) => r.cells[0] === name).cells;
  assert.deepEqual(row('claim-grow').slice(0, 7), ['claim-grow', 'Bound', 'pv-split', '1Gi', 'RWO', '', '<unset>']);
  assert.deepEqual(row('claim-defaults').slice(0, 7), ['claim-defaults', 'Pending', '', '', '', '', '<unset>']);
});

test('field selectors take metadata.name (and metadata.namespace) only', async () => {
  const selected = await s.call('GET', `${PVS}?fieldSelector=metadata.name%3Dpv-split`);
  assert.deepEqual(selected.body.items.map((i: any) => i.metadata.name), ['pv-split']);
  const claims = await s.call('GET', `/api/v1/persistentvolumeclaims?fieldSelector=metadata.namespace%3Ddefault`);
  assert.ok(claims.body.items.length >= 3);
  const unsupported = await s.call('GET', `${PVCS}?fieldSelector=status.phase%3DBound`);
  assert.equal(unsupported.status, 400);
});

test('volumes and claims are served as protobuf', async () => {
  for (const path of [`${PVS}/pv-split`, `${PVCS}/claim-grow`]) {
    const r = await s.call('GET', path, undefined, { accept: 'application/vnd.kubernetes.protobuf' });
    assert.equal(r.status, 200);
    assert.match(String(r.headers['content-type']), /protobuf/);
  }
});
