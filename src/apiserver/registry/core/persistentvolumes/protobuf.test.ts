// PersistentVolume and PersistentVolumeClaim on the protobuf wire: the source a volume spells out
// in its spec travels as the embedded PersistentVolumeSource message (field 2 of the spec, the
// host path its field 3), and both kinds read back to the JSON they were written from.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { decodeProtobuf, decodeRawMessage, encodeProtobuf, encodeRawMessage, messageOfDefinition } from '../../../../machinery/codecs/protobuf.ts';

const pv = {
  apiVersion: 'v1',
  kind: 'PersistentVolume',
  metadata: { name: 'data', creationTimestamp: '2025-01-01T00:00:00Z' },
  spec: {
    capacity: { storage: '1Gi' },
    hostPath: { path: '/x', type: '' },
    accessModes: ['ReadWriteOnce'],
    claimRef: { kind: 'PersistentVolumeClaim', namespace: 'default', name: 'claim' },
    persistentVolumeReclaimPolicy: 'Retain',
    volumeMode: 'Filesystem',
    nodeAffinity: { required: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'zone', operator: 'In', values: ['a'] }] }] } },
  },
  status: { phase: 'Bound', lastPhaseTransitionTime: '2025-01-01T00:00:01Z' },
};

const pvc = {
  apiVersion: 'v1',
  kind: 'PersistentVolumeClaim',
  metadata: { name: 'claim', namespace: 'default', creationTimestamp: '2025-01-01T00:00:00Z' },
  spec: {
    accessModes: ['ReadWriteOnce'],
    resources: { requests: { storage: '1Gi' } },
    volumeName: 'data',
    storageClassName: '',
    volumeMode: 'Filesystem',
  },
  status: { phase: 'Bound', accessModes: ['ReadWriteOnce'], capacity: { storage: '1Gi' } },
};

test('a volume and a claim read back from protobuf as they were written', () => {
  for (const obj of [pv, pvc]) assert.equal(JSON.stringify(decodeProtobuf(encodeProtobuf(obj))), JSON.stringify(obj));
});

test('a volume\'s source is the embedded message, field 2 of its spec', () => {
  const plan = messageOfDefinition('io.orch.api.core.v1.PersistentVolume');
  const bytes = Buffer.from(encodeRawMessage({ spec: { hostPath: { path: '/x', type: '' } } }, plan));
  // metadata (1) and status (3) are always written, empty; the spec (2) holds field 2, the
  // PersistentVolumeSource, which holds field 3, hostPath: path "/x" and the kept empty type.
  assert.equal(bytes.toString('hex'), '0a00' + '120a' + '1208' + '1a06' + '0a022f78' + '1200' + '1a00');
  assert.deepEqual(decodeRawMessage(bytes, plan).spec, { hostPath: { path: '/x', type: '' } });
});
