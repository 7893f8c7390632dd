import { test } from 'node:test';
import assert from 'node:assert/strict';
import { applyConfiguration, applyJsonPatch, structuralMerge } from './apply.ts';

const obj = () => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'a', labels: { x: '1' } }, data: { k: 'v', gone: 'soon' } });

test('apply configurations merge maps, replace lists and scalars, and remove fields set to null', () => {
  assert.deepEqual(structuralMerge({ a: [1, 2], b: { c: 1 } }, { a: [3], b: { d: 2 } }), { a: [3], b: { c: 1, d: 2 } });
  const out = applyConfiguration(obj() as never, { metadata: { labels: { y: '2' } }, data: { gone: null } });
  assert.deepEqual(out, { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'a', labels: { x: '1', y: '2' } }, data: { k: 'v' } });
});

test('an apply configuration that is not an object, or changes the kind, is an error', () => {
  assert.throws(() => applyConfiguration(obj() as never, [1]), /must evaluate to an Object, got list/);
  assert.throws(() => applyConfiguration(obj() as never, { kind: 'Secret' }), /may not change kind/);
});

test('JSON patches apply in order; bad operations and failed tests are errors', () => {
  const out = applyJsonPatch(obj() as never, [
    { op: 'add', path: '/metadata/labels/a~1b', value: 'c' },
    { op: 'remove', path: '/data/gone' },
  ]);
  assert.deepEqual(out.metadata.labels, { x: '1', 'a/b': 'c' });
  assert.deepEqual((out as unknown as { data: unknown }).data, { k: 'v' });
  assert.throws(() => applyJsonPatch(obj() as never, { op: 'add' }), /must evaluate to a list of JSONPatch/);
  assert.throws(() => applyJsonPatch(obj() as never, [{ op: 'merge', path: '/x' }]), /invalid JSONPatch operation/);
  assert.throws(() => applyJsonPatch(obj() as never, [{ op: 'test', path: '/data/k', value: 'other' }]), /^Error: JSON Patch: /);
});
