import { test } from 'node:test';
import assert from 'node:assert/strict';
import { FieldSet } from './field-set.ts';
import { pathToString } from './path-element.ts';

test('fieldsV1 round-trips, with "." first for a member that has children', () => {
  const fields = {
    'f:metadata': { 'f:labels': { '.': {}, 'f:a': {} }, 'f:ownerReferences': { 'k:{"uid":"u1"}': { '.': {}, 'f:name': {}, 'f:uid': {} } } },
    'f:note': {},
  };
  const set = FieldSet.fromFieldsV1(fields);
  assert.ok(set.has(['f:note']));
  assert.ok(set.has(['f:metadata', 'f:labels']));
  assert.ok(!set.has(['f:metadata']));
  assert.deepEqual(set.toFieldsV1(), fields);
  assert.equal(JSON.stringify(set.toFieldsV1()['f:metadata']), JSON.stringify(fields['f:metadata']));
});

test('children are written fields first, then keys, values and indexes', () => {
  const set = FieldSet.of(['i:1'], ['v:"x"'], ['k:{"uid":"a"}'], ['f:z'], ['f:a']);
  assert.deepEqual(Object.keys(set.toFieldsV1()), ['f:a', 'f:z', 'k:{"uid":"a"}', 'v:"x"', 'i:1']);
});

test('malformed fieldsV1 is refused', () => {
  assert.throws(() => FieldSet.fromFieldsV1({ 'x:note': {} }), /invalid path element/);
  assert.throws(() => FieldSet.fromFieldsV1({ 'f:note': 1 }), /must be an object/);
  assert.throws(() => FieldSet.fromFieldsV1({ 'k:notjson': {} }), /invalid path element/);
});

test('set algebra and path printing', () => {
  const a = FieldSet.of(['f:a'], ['f:b', 'f:c']);
  const b = FieldSet.of(['f:b', 'f:c'], ['f:d']);
  assert.deepEqual(a.intersection(b).paths(), [['f:b', 'f:c']]);
  assert.deepEqual(a.difference(b).paths(), [['f:a']]);
  assert.equal(a.union(b).paths().length, 3);
  assert.ok(a.hasAtOrBelow(['f:b']));
  assert.equal(pathToString(['f:metadata', 'f:ownerReferences', 'k:{"uid":"u1"}', 'f:name']), '.metadata.ownerReferences[uid="u1"].name');
  assert.equal(pathToString(['f:metadata', 'f:finalizers', 'v:"x"']), '.metadata.finalizers[="x"]');
});
