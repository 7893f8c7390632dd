// storage.orch.io/v1 over raw HTTP as Kubernetes serves it: discovery (sc, vac, the status
// subresource of volume attachments), defaults on create, the fields that cannot change, status
// only through /status, resourceVersion required where Kubernetes requires it, kubectl's tables
// with the default class marked, and the same objects under storage.k8s.io.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startCoreApiserver, type CoreApiserver } from '../support/core-apiserver.ts';

let s: CoreApiserver;
before(async () => {
  s = await startCoreApiserver();
});
after(() => s.stop());

const BASE = '/apis/storage.orch.io/v1';
const TABLE = { accept: 'application/json;as=Table;v=v1;g=meta.k8s.io' };
const MERGE = { 'content-type': 'application/merge-patch+json' };

function messages(r: { body: any }): string[] {
  return (r.body.details?.causes ?? []).map((c: any) => `${c.field}: ${c.message}`);
}

test('discovery lists the six resources with Kubernetes\' short names and scopes', async () => {
  const list = (await s.call('GET', BASE)).body.resources as any[];
  const byName = new Map(list.map((r) => [r.name, r]));
  assert.deepEqual([...byName.keys()].sort(), ['csidrivers', 'csinodes', 'csistoragecapacities', 'storageclasses', 'volumeattachments', 'volumeattachments/status', 'volumeattributesclasses']);
  assert.deepEqual(byName.get('storageclasses').shortNames, ['sc']);
  assert.deepEqual(byName.get('volumeattributesclasses').shortNames, ['vac']);
  assert.equal(byName.get('csistoragecapacities').namespaced, true);
  assert.equal(byName.get('csidrivers').namespaced, false);
});

test('a storage class is defaulted, listed with " (default)" when marked, and keeps its fixed fields', async () => {
  const created = await s.call('POST', `${BASE}/storageclasses`, {
    metadata: { name: 'fast', annotations: { 'storageclass.orch.io/is-default-class': 'true' } },
    provisioner: 'example.com/disk',
    parameters: { type: 'ssd' },
  });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  assert.equal(created.body.reclaimPolicy, 'Delete');
  assert.equal(created.body.volumeBindingMode, 'Immediate');
  await s.call('POST', `${BASE}/storageclasses`, { metadata: { name: 'slow' }, provisioner: 'example.com/disk', reclaimPolicy: 'Retain', allowVolumeExpansion: true });
  const table = await s.call('GET', `${BASE}/storageclasses`, undefined, TABLE);
  assert.deepEqual(table.body.columnDefinitions.map((c: any) => c.name), ['Name', 'Provisioner', 'ReclaimPolicy', 'VolumeBindingMode', 'AllowVolumeExpansion', 'Age']);
  assert.deepEqual(table.body.rows.map((r: any) => r.cells.slice(0, 5)), [
    ['fast (default)', 'example.com/disk', 'Delete', 'Immediate', false],
    ['slow', 'example.com/disk', 'Retain', 'Immediate', true],
  ]);
  const changed = await s.call('PATCH', `${BASE}/storageclasses/fast`, { parameters: { type: 'hdd' }, reclaimPolicy: 'Retain', volumeBindingMode: 'WaitForFirstConsumer' }, MERGE);
  assert.equal(changed.status, 422, JSON.stringify(changed.body));
  assert.deepEqual(messages(changed), [
    'parameters: Forbidden: updates to parameters are forbidden.',
    'reclaimPolicy: Forbidden: updates to reclaimPolicy are forbidden.',
    'volumeBindingMode: Invalid value: "WaitForFirstConsumer": field is immutable',
  ]);
  const expansion = await s.call('PATCH', `${BASE}/storageclasses/fast`, { allowVolumeExpansion: true }, MERGE);
  assert.equal(expansion.status, 200, JSON.stringify(expansion.body));
});

test('an invalid storage class is refused with Kubernetes\' message', async () => {
  const r = await s.call('POST', `${BASE}/storageclasses`, { metadata: { name: 'bad' }, provisioner: 'example.com/disk', reclaimPolicy: 'Recycle' });
  assert.equal(r.status, 422);
  assert.equal(r.body.message, 'StorageClass.storage.orch.io "bad" is invalid: reclaimPolicy: Unsupported value: "Recycle": supported values: "Delete", "Retain"');
});

test('a volume attachment starts unattached; the attacher reports through /status only', async () => {
  const created = await s.call('POST', `${BASE}/volumeattachments`, {
    metadata: { name: 'va-1' },
    spec: { attacher: 'csi.example.com', source: { persistentVolumeName: 'pv-1' }, nodeName: 'node-1' },
    status: { attached: true },
  });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  assert.deepEqual(created.body.status, { attached: false });
  const main = await s.call('PATCH', `${BASE}/volumeattachments/va-1`, { status: { attached: true } }, MERGE);
  assert.equal(main.status, 200, JSON.stringify(main.body));
  assert.equal(main.body.status.attached, false);
  const status = await s.call('PATCH', `${BASE}/volumeattachments/va-1/status`, { spec: { nodeName: 'node-2' }, status: { attached: true, attachmentMetadata: { device: '/dev/sdb' } } }, MERGE);
  assert.equal(status.status, 200, JSON.stringify(status.body));
  assert.deepEqual([status.body.spec.nodeName, status.body.status.attached], ['node-1', true]);
  const spec = await s.call('PATCH', `${BASE}/volumeattachments/va-1`, { spec: { nodeName: 'node-2' } }, MERGE);
  assert.equal(spec.status, 422);
  assert.match(messages(spec)[0]!, /^spec: Invalid value: .*: field is immutable$/);
  const unconditional = await s.call('PUT', `${BASE}/volumeattachments/va-1`, { metadata: { name: 'va-1' }, spec: status.body.spec });
  assert.equal(unconditional.status, 422, JSON.stringify(unconditional.body));
  assert.deepEqual(messages(unconditional), ['metadata.resourceVersion: Invalid value: 0x0: must be specified for an update']);
  const table = await s.call('GET', `${BASE}/volumeattachments`, undefined, TABLE);
  assert.deepEqual(table.body.rows[0].cells.slice(0, 5), ['va-1', 'csi.example.com', 'pv-1', 'node-1', true]);
});

test('a CSI driver gets Kubernetes\' defaults; attachRequired is fixed, a spec change counts a generation', async () => {
  const created = await s.call('POST', `${BASE}/csidrivers`, { metadata: { name: 'csi.example.com' }, spec: { tokenRequests: [{ audience: 'vault' }] } });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  assert.deepEqual(created.body.spec, {
    attachRequired: true,
    podInfoOnMount: false,
    volumeLifecycleModes: ['Persistent'],
    storageCapacity: false,
    fsGroupPolicy: 'ReadWriteOnceWithFSType',
    tokenRequests: [{ audience: 'vault' }],
    requiresRepublish: false,
    seLinuxMount: false,
  });
  const fixed = await s.call('PATCH', `${BASE}/csidrivers/csi.example.com`, { spec: { attachRequired: false } }, MERGE);
  assert.equal(fixed.status, 422);
  assert.deepEqual(messages(fixed), ['spec.attachedRequired: Invalid value: false: field is immutable']);
  const mutable = await s.call('PATCH', `${BASE}/csidrivers/csi.example.com`, { spec: { podInfoOnMount: true } }, MERGE);
  assert.equal(mutable.status, 200, JSON.stringify(mutable.body));
  assert.equal(mutable.body.metadata.generation, 2);
  const table = await s.call('GET', `${BASE}/csidrivers`, undefined, TABLE);
  assert.deepEqual(table.body.columnDefinitions.map((c: any) => c.name), ['Name', 'AttachRequired', 'PodInfoOnMount', 'StorageCapacity', 'TokenRequests', 'RequiresRepublish', 'Modes', 'Age']);
  assert.deepEqual(table.body.rows[0].cells.slice(0, 7), ['csi.example.com', true, true, false, 'vault', false, 'Persistent']);
});

test('CSI nodes, storage capacities and volume attributes classes with their tables and fixed fields', async () => {
  const node = await s.call('POST', `${BASE}/csinodes`, { metadata: { name: 'node-1' }, spec: { drivers: [{ name: 'csi.example.com', nodeID: 'i-1' }] } });
  assert.equal(node.status, 201, JSON.stringify(node.body));
  const nodes = await s.call('GET', `${BASE}/csinodes`, undefined, TABLE);
  assert.deepEqual(nodes.body.rows[0].cells.slice(0, 2), ['node-1', 1]);
  const cap = await s.call('POST', `${BASE}/namespaces/default/csistoragecapacities`, { metadata: { name: 'cap-1' }, storageClassName: 'fast', capacity: '1024Mi' });
  assert.equal(cap.status, 201, JSON.stringify(cap.body));
  assert.equal(cap.body.capacity, '1Gi');
  const caps = await s.call('GET', `${BASE}/namespaces/default/csistoragecapacities`, undefined, TABLE);
  assert.deepEqual(caps.body.columnDefinitions.map((c: any) => c.name), ['Name', 'StorageClassName', 'Capacity']);
  assert.deepEqual(caps.body.rows[0].cells, ['cap-1', 'fast', '1Gi']);
  const moved = await s.call('PATCH', `${BASE}/namespaces/default/csistoragecapacities/cap-1`, { storageClassName: 'slow' }, MERGE);
  assert.deepEqual(messages(moved), ['storageClassName: Invalid value: "slow": field is immutable']);
  const vac = await s.call('POST', `${BASE}/volumeattributesclasses`, { metadata: { name: 'gold' }, driverName: 'csi.example.com', parameters: { iops: '3000' } });
  assert.equal(vac.status, 201, JSON.stringify(vac.body));
  const empty = await s.call('POST', `${BASE}/volumeattributesclasses`, { metadata: { name: 'empty' }, driverName: 'csi.example.com' });
  assert.deepEqual(messages(empty), ['parameters: Required value: must contain at least one key/value pair']);
  const vacs = await s.call('GET', `${BASE}/volumeattributesclasses`, undefined, TABLE);
  assert.deepEqual(vacs.body.rows[0].cells.slice(0, 2), ['gold', 'csi.example.com']);
});

test('the same objects are served under storage.k8s.io', async () => {
  const r = await s.call('GET', '/apis/storage.k8s.io/v1/storageclasses/fast');
  assert.equal(r.status, 200);
  assert.equal(r.body.apiVersion, 'storage.k8s.io/v1');
  assert.equal(r.body.provisioner, 'example.com/disk');
});
