import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { PersistentVolume, PersistentVolumeClaim } from '../../../../api/core/v1/volume-types.ts';
import { controllerResizeInProgress, resizeFinished, sizeToExpand } from './resize-status.ts';

const claim = (request: string, status: PersistentVolumeClaim['status'] = {}): PersistentVolumeClaim => ({
  metadata: { name: 'c', namespace: 'ns' },
  spec: { resources: { requests: { storage: request } } },
  status: { phase: 'Bound', capacity: { storage: '1Gi' }, conditions: [{ type: 'ModifyVolumeError', status: 'True' }], ...status },
});
const volume = (size: string): PersistentVolume => ({ metadata: { name: 'v' }, spec: { capacity: { storage: size } } });

test('a grown request is expanded to the request, or to the size a resize left unfinished allocated', () => {
  assert.equal(sizeToExpand(claim('2Gi'), volume('1Gi')), '2Gi');
  assert.equal(sizeToExpand(claim('3Gi', { allocatedResources: { storage: '2Gi' }, allocatedResourceStatuses: { storage: 'ControllerResizeInProgress' } }), volume('1Gi')), '2Gi');
  assert.equal(sizeToExpand(claim('2Gi', { allocatedResourceStatuses: { storage: 'NodeResizePending' } }), volume('2Gi')), undefined);
});

test('in progress: Resizing, ControllerResizeInProgress and allocatedResources; finished: capacity, and resize marks gone', () => {
  const started = controllerResizeInProgress(claim('2Gi'), '2Gi', '2026-01-01T00:00:00Z');
  assert.deepEqual(started.status?.conditions, [{ type: 'ModifyVolumeError', status: 'True' }, { type: 'Resizing', status: 'True', lastProbeTime: null, lastTransitionTime: '2026-01-01T00:00:00Z' }]);
  assert.deepEqual(started.status?.allocatedResourceStatuses, { storage: 'ControllerResizeInProgress' });
  assert.deepEqual(started.status?.allocatedResources, { storage: '2Gi' });
  const done = resizeFinished(started, '2Gi');
  assert.deepEqual(done.status?.capacity, { storage: '2Gi' });
  assert.deepEqual(done.status?.allocatedResources, { storage: '2Gi' });
  assert.equal(done.status?.allocatedResourceStatuses, undefined);
  assert.deepEqual(done.status?.conditions, [{ type: 'ModifyVolumeError', status: 'True' }]);
});
