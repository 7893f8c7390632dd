import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cloneJson, jsonCopy } from './json-value.ts';

const viaText = (v: unknown) => JSON.parse(JSON.stringify(v)) as unknown;

test('jsonCopy gives what a JSON round trip gives, for objects as the server builds them', () => {
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
  for (const v of values) assert.deepEqual(jsonCopy(v), viaText(v));
});

test('jsonCopy and cloneJson share nothing with the original', () => {
  const original = { metadata: { labels: { a: 'b' } }, items: [{ x: 1 }] };
  for (const copy of [jsonCopy(original), cloneJson(original)]) {
    copy.metadata.labels.a = 'changed';
    copy.items[0]!.x = 2;
  }
  assert.deepEqual(original, { metadata: { labels: { a: 'b' } }, items: [{ x: 1 }] });
});
