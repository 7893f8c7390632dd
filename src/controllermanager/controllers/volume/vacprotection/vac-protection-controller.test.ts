import { test } from 'node:test';
import assert from 'node:assert/strict';
import { claimClassNames, volumeClassNames } from './vac-protection-controller.ts';

test('a claim names a class through its spec, its current class and a modification in progress', () => {
  assert.deepEqual(claimClassNames({ metadata: {}, spec: { volumeAttributesClassName: 'gold' }, status: { currentVolumeAttributesClassName: 'silver', modifyVolumeStatus: { targetVolumeAttributesClassName: 'gold', status: 'InProgress' } } }), ['gold', 'silver']);
  assert.deepEqual(claimClassNames({ metadata: {} }), []);
  assert.deepEqual(volumeClassNames({ metadata: {}, spec: { volumeAttributesClassName: 'gold' } }), ['gold']);
  assert.deepEqual(volumeClassNames({ metadata: {}, spec: {} }), []);
});
