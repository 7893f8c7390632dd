import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ApiObject } from './interface.ts';
import { forStorage, withResourceVersion } from './preconditions.ts';

test('metadata is stored in ObjectMeta\'s order, without resourceVersion and selfLink', () => {
  const obj = { kind: 'ConfigMap', metadata: { labels: { a: 'b' }, name: 'n', resourceVersion: '5', selfLink: '/x', namespace: 'ns', uid: 'u', extra: 1, generation: 1 } } as unknown as ApiObject;
  assert.deepEqual(Object.keys(forStorage(obj).metadata), ['name', 'namespace', 'uid', 'generation', 'labels', 'extra']);
});

test('resourceVersion goes where Go writes it, or keeps the place it has', () => {
  const read = withResourceVersion({ metadata: { name: 'n', namespace: 'ns', uid: 'u', creationTimestamp: 't', labels: {} } } as unknown as ApiObject, 7);
  assert.deepEqual(Object.keys(read.metadata), ['name', 'namespace', 'uid', 'resourceVersion', 'creationTimestamp', 'labels']);
  assert.equal(read.metadata.resourceVersion, '7');
  const again = withResourceVersion(read, 8);
  assert.deepEqual(Object.keys(again.metadata), ['name', 'namespace', 'uid', 'resourceVersion', 'creationTimestamp', 'labels']);
  assert.equal(again.metadata.resourceVersion, '8');
});
