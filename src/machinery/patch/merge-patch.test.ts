import { test } from 'node:test';
import assert from 'node:assert/strict';
import { applyMergePatch } from './merge-patch.ts';
import { StatusError } from '../status.ts';
import { sampleEvent } from './testing-fixtures.ts';

test('merge patch merges objects, deletes with null and replaces lists', () => {
  const event = sampleEvent();
  const out = applyMergePatch(event, {
    note: 'changed',
    metadata: { labels: { app: null, tier: 'db' }, finalizers: ['b'] },
    series: { count: 2, lastObservedTime: '2026-01-02T03:04:06.000001Z', ignored: null },
  });
  assert.equal(out.note, 'changed');
  assert.deepEqual(out.metadata.labels, { tier: 'db' });
  assert.deepEqual(out.metadata.finalizers, ['b']);
  assert.deepEqual(out.series, { count: 2, lastObservedTime: '2026-01-02T03:04:06.000001Z' });
  assert.equal(out.metadata.ownerReferences?.length, 2);
  assert.equal(event.note, 'hello');
});

test('a null or scalar merge patch is a 400, an array a 422', () => {
  for (const bad of [null, 'x', 3]) {
    assert.throws(() => applyMergePatch(sampleEvent(), bad), (e: unknown) => e instanceof StatusError && e.code === 400 && e.message === 'Invalid JSON Patch');
  }
  assert.throws(() => applyMergePatch(sampleEvent(), [1]), (e: unknown) => e instanceof StatusError && e.code === 422);
});
