import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Pod } from '../../../../api/core/v1/pod-types.ts';
import type { VolumeAttachment } from '../../../../api/storage/v1/types.ts';
import { attachmentName, desiredAttachments } from './desired-attachments.ts';
import { attacherFinalizer, attacherStep } from './simulated-attacher.ts';

const managed = { metadata: { name: 'n1', annotations: { 'volumes.orch.io/controller-managed-attach-detach': 'true' } } };
const pod = (name: string, claim: string, phase = 'Running'): Pod => ({
  metadata: { name, namespace: 'ns' },
  spec: { nodeName: 'n1', containers: [{ name: 'c', image: 'x' }], volumes: [{ name: 'd', persistentVolumeClaim: { claimName: claim } }] },
  status: { phase },
});
const inputs = (attachRequired?: boolean) => ({
  node: (name: string) => (name === 'n1' ? managed : undefined),
  claim: (key: string) => ({ 'ns/c1': { metadata: { name: 'c1' }, spec: { volumeName: 'pv1' }, status: { phase: 'Bound' } }, 'ns/c2': { metadata: { name: 'c2' }, spec: { volumeName: 'pv2' }, status: { phase: 'Bound' } } })[key],
  volume: (name: string) => ({ pv1: { metadata: { name: 'pv1' }, spec: { csi: { driver: 'd.example.com', volumeHandle: 'h1' } } }, pv2: { metadata: { name: 'pv2' }, spec: { hostPath: { path: '/x' } } } })[name],
  csiDriver: () => (attachRequired === undefined ? undefined : { metadata: { name: 'd.example.com' }, spec: { attachRequired } }),
});

test('a CSI volume of running pods on a managed node is one attachment named as the CSI attacher names it', () => {
  const desired = desiredAttachments([pod('a', 'c1'), pod('b', 'c1'), pod('c', 'c2'), pod('done', 'c1', 'Succeeded')], inputs());
  assert.deepEqual([...desired.values()], [{ name: attachmentName('h1', 'd.example.com', 'n1'), driver: 'd.example.com', nodeName: 'n1', volumeName: 'pv1', pods: ['ns/a', 'ns/b'] }]);
  assert.match(attachmentName('h1', 'd.example.com', 'n1'), /^csi-[0-9a-f]{64}$/);
  assert.equal(desiredAttachments([pod('a', 'c1')], inputs(false)).size, 0);
  assert.equal(desiredAttachments([pod('a', 'c1')], inputs(true)).size, 1);
});

test('the simulated attacher adds its finalizer and attaches, and lets the finalizer go on deletion', () => {
  const va: VolumeAttachment = { metadata: { name: 'csi-x' }, spec: { attacher: 'd.example.com', nodeName: 'n1', source: { persistentVolumeName: 'pv1' } } };
  const step = attacherStep(va);
  assert.equal(step.kind, 'attach');
  const attached = step.kind === 'attach' ? step.attachment : va;
  assert.deepEqual(attached.metadata.finalizers, ['external-attacher/d-example-com']);
  assert.equal(attached.status?.attached, true);
  assert.equal(attacherStep(attached).kind, 'none');
  const deleting = attacherStep({ ...attached, metadata: { ...attached.metadata, deletionTimestamp: '2026-01-01T00:00:00Z' } });
  assert.equal(deleting.kind, 'detach');
  assert.equal(attacherFinalizer('a/b.c'), 'external-attacher/a-b-c');
});
