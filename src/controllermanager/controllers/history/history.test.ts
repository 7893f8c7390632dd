import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ControllerRevision } from '../../../api/apps/v1/types.ts';
import { goJsonMarshal } from './go-json.ts';
import { Fnv32, safeEncodeString } from './hash.ts';
import { controllerRevisionName, equalRevision, findEqualRevisions, hashControllerRevision, newControllerRevision, nextRevision, sortRevisions } from './revisions.ts';

test('FNV-1 and FNV-1a over known inputs', () => {
  assert.equal(new Fnv32().sum32(), 0x811c9dc5);
  assert.equal(new Fnv32().write('a').sum32(), 0x050c5d7e);
  assert.equal(new Fnv32(true).write('a').sum32(), 0xe40c292c);
  assert.equal(new Fnv32(true).write('foobar').sum32(), 0xbf9cf968);
});

test('SafeEncodeString spells digits in its alphabet', () => {
  // '0' is byte 48: 48 % 27 = 21 → '4'; '9' is 57 → 3 → 'f'.
  assert.equal(safeEncodeString('09'), '4f');
});

test('data is hashed as Go marshals a map: sorted keys, HTML characters escaped', () => {
  assert.equal(goJsonMarshal({ b: 1, a: { d: '<&>', c: [true, null] } }), '{"a":{"c":[true,null],"d":"\\u003c\\u0026\\u003e"},"b":1}');
});

test('a new revision is named by its hash, labelled with it and owned by its parent', () => {
  const parent = { metadata: { name: 'web', namespace: 'ns', uid: 'u1' } };
  const r = newControllerRevision(parent, { apiVersion: 'apps/v1', kind: 'StatefulSet' }, { app: 'web' }, { spec: { template: { $patch: 'replace' } } }, 3, 0);
  const hash = hashControllerRevision(r, 0);
  assert.equal(r.metadata.name, `web-${hash}`);
  assert.deepEqual(r.metadata.labels, { app: 'web', 'controller-revision-hash': hash });
  assert.deepEqual(r.metadata.ownerReferences, [{ apiVersion: 'apps/v1', kind: 'StatefulSet', name: 'web', uid: 'u1', controller: true, blockOwnerDeletion: true }]);
  assert.equal(r.revision, 3);
  assert.notEqual(hashControllerRevision(r, 1), hash, 'the collision count changes the name');
  assert.equal(controllerRevisionName('x'.repeat(300), 'h').length, 225);
});

test('revisions sort by number, then age, then name; equal means the same data', () => {
  const rev = (name: string, revision: number, data: unknown, at = '2026-01-01T00:00:00Z'): ControllerRevision => ({ metadata: { name, creationTimestamp: at }, revision, data });
  const sorted = sortRevisions([rev('c', 2, { a: 1 }), rev('b', 1, { a: 2 }, '2026-01-02T00:00:00Z'), rev('a', 1, { a: 1 }, '2026-01-02T00:00:00Z')]);
  assert.deepEqual(sorted.map((r) => r.metadata.name), ['a', 'b', 'c']);
  assert.equal(nextRevision(sorted), 3);
  assert.equal(nextRevision([]), 1);
  assert.ok(equalRevision(rev('x', 1, { a: 1, b: 2 }), rev('y', 9, { b: 2, a: 1 })));
  assert.deepEqual(findEqualRevisions(sorted, rev('z', 0, { a: 1 })).map((r) => r.metadata.name), ['a', 'c']);
});
