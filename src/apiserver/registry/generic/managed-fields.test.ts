import { test } from 'node:test';
import assert from 'node:assert/strict';
import { recordUpdateManager } from './managed-fields.ts';
import { currentSecondTimestamp, nowTimestamp } from './object-meta.ts';
import type { ApiObject } from '../../../api/meta/v1/types.ts';

test('the cached timestamp is the one nowTimestamp formats, and moves on with the second', () => {
  const base = Date.UTC(2026, 0, 2, 3, 4, 5);
  for (const ms of [base, base + 1, base + 999, base + 1000, base + 1500, base - 1, base + 86_400_000]) {
    assert.equal(currentSecondTimestamp(ms), nowTimestamp(new Date(ms)), `at ${ms}`);
  }
  assert.equal(currentSecondTimestamp(base + 999), '2026-01-02T03:04:05Z');
  assert.equal(currentSecondTimestamp(base + 1000), '2026-01-02T03:04:06Z');
});

test('recordUpdateManager on a create records the manager at the current second', () => {
  const obj: ApiObject = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'cm', namespace: 'default' }, data: { a: '1' } };
  const before = Date.now();
  const out = recordUpdateManager(obj, undefined, 'kubectl', 'v1');
  const entries = out.metadata.managedFields as { manager: string; time: string; fieldsV1: unknown }[];
  assert.equal(entries.length, 1);
  assert.equal(entries[0]!.manager, 'kubectl');
  assert.deepEqual(entries[0]!.fieldsV1, { 'f:data': { '.': {}, 'f:a': {} } });
  const recorded = Date.parse(entries[0]!.time);
  assert.ok(recorded >= Math.floor(before / 1000) * 1000 && recorded <= Date.now(), entries[0]!.time);
  assert.equal(obj.metadata.managedFields, undefined, 'the argument is not changed');
});

test('recordUpdateManager on an update keeps the fields of earlier managers', () => {
  const created = recordUpdateManager<ApiObject>({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'cm' }, data: { a: '1' } }, undefined, 'creator', 'v1');
  const out = recordUpdateManager<ApiObject>({ ...created, data: { a: '1', b: '2' } }, created, 'updater', 'v1');
  const entries = out.metadata.managedFields as { manager: string; fieldsV1: unknown }[];
  assert.deepEqual(entries.map((e) => [e.manager, e.fieldsV1]), [
    ['creator', { 'f:data': { '.': {}, 'f:a': {} } }],
    ['updater', { 'f:data': { 'f:b': {} } }],
  ]);
});
