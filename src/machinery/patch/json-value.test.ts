import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cloneJson, deepFreeze, jsonCopyForSharing } from './json-value.ts';

const viaText = (v: unknown) => JSON.parse(JSON.stringify(v)) as unknown;

test('jsonCopyForSharing gives what a JSON round trip gives, for objects as the server builds them', () => {
  const values: unknown[] = [
    { kind: 'Event', metadata: { name: 'a', labels: { x: 'y' }, annotations: {} }, note: 'n', count: 3, ok: true, none: null },
    { metadata: { name: 'a', deletionTimestamp: undefined, finalizers: [] }, list: [1, undefined, 'b', null, { c: undefined }] },
    { n: NaN, inf: Infinity, neg: -0, nested: { f: () => 1, s: Symbol('x') } },
    { when: new Date(0), bytes: Uint8Array.of(1, 2) },
    [{ a: 1 }, [], {}],
    'text',
    7,
    null,
  ];
  for (const v of values) assert.deepEqual(jsonCopyForSharing(v), viaText(v));
});

test('cloneJson shares nothing with the original', () => {
  const original = { metadata: { labels: { a: 'b' } }, items: [{ x: 1 }] };
  const copy = cloneJson(original);
  copy.metadata.labels.a = 'changed';
  copy.items[0]!.x = 2;
  assert.deepEqual(original, { metadata: { labels: { a: 'b' } }, items: [{ x: 1 }] });
});

test('a copy for sharing is frozen below its top two levels, with one shared empty object, and deepFreeze finishes it', () => {
  const original = {
    metadata: { name: 'a', managedFields: [{ fieldsV1: { 'f:note': {}, 'f:regarding': { 'f:kind': {} } } }] },
    involvedObject: { kind: 'Pod' },
    series: { when: { toJSON: () => ({ at: 'noon' }) } },
  };
  const copy = jsonCopyForSharing(original);
  assert.deepEqual(copy, viaText(original));
  // The top level and its members stay open for the store to set resourceVersion.
  assert.ok(!Object.isFrozen(copy) && !Object.isFrozen(copy.metadata) && !Object.isFrozen(copy.involvedObject));
  copy.metadata.name = 'set later';
  const entry = copy.metadata.managedFields[0]!;
  assert.ok(Object.isFrozen(copy.metadata.managedFields) && Object.isFrozen(entry) && Object.isFrozen(entry.fieldsV1));
  assert.equal(entry.fieldsV1['f:note'], entry.fieldsV1['f:regarding']['f:kind'], 'empty objects are one object');
  assert.ok(Object.isFrozen(entry.fieldsV1['f:note']));
  assert.equal(Object.keys(entry.fieldsV1['f:note']).length, 0);
  assert.deepEqual(copy.series.when, { at: 'noon' });
  assert.ok(Object.isFrozen(copy.series.when), 'a value copied through its toJSON is frozen too');
  deepFreeze(copy);
  assert.ok(Object.isFrozen(copy) && Object.isFrozen(copy.metadata) && Object.isFrozen(copy.involvedObject));
  assert.deepEqual(original.metadata.managedFields[0]!.fieldsV1['f:note'], {}, 'the original is untouched');
  assert.ok(!Object.isFrozen(original.metadata.managedFields[0]!.fieldsV1['f:note']));
});
