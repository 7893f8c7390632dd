import { test } from 'node:test';
import assert from 'node:assert/strict';
import { updateManagedFields } from './update.ts';
import type { ApiObject } from '../../api/meta/v1/types.ts';

const t1 = '2026-01-02T03:04:05Z';
const t2 = '2026-01-02T03:05:00Z';
const v = 'events.orch.io/v1';

function event(extra: Record<string, unknown> = {}): ApiObject {
  return {
    apiVersion: v,
    kind: 'Event',
    metadata: { name: 'e1', namespace: 'default', uid: 'u', resourceVersion: '5', labels: { app: 'web' } },
    eventTime: '2026-01-02T03:04:05.123456Z',
    reason: 'Started',
    note: 'hello',
    regarding: { kind: 'Pod', name: 'p1' },
    ...extra,
  };
}

test('create records every field the creator set, as Kubernetes writes it', () => {
  const out = updateManagedFields({ newObj: event(), manager: 'kubectl-create', operation: 'Update', apiVersion: v, time: t1 });
  assert.deepEqual(out.metadata.managedFields, [
    {
      manager: 'kubectl-create',
      operation: 'Update',
      apiVersion: v,
      time: t1,
      fieldsType: 'FieldsV1',
      fieldsV1: {
        'f:eventTime': {},
        'f:metadata': { 'f:labels': { '.': {}, 'f:app': {} } },
        'f:note': {},
        'f:reason': {},
        'f:regarding': {}, // an atomic struct is owned as one field
      },
    },
  ]);
});

test('an update moves changed fields to the new manager and keeps the rest', () => {
  const created = updateManagedFields({ newObj: event(), manager: 'creator', operation: 'Update', apiVersion: v, time: t1 });
  const changed = { ...created, note: 'changed', series: { count: 2, lastObservedTime: '2026-01-02T03:05:00.000001Z' } };
  const out = updateManagedFields({ oldObj: created, newObj: changed, manager: 'updater', operation: 'Update', apiVersion: v, time: t2 });
  const entries = out.metadata.managedFields as { manager: string; time: string; fieldsV1: Record<string, unknown> }[];
  assert.deepEqual(entries.map((e) => e.manager), ['creator', 'updater']);
  assert.equal(entries[0]!.time, t1);
  assert.equal(entries[0]!.fieldsV1['f:note'], undefined);
  assert.ok(entries[0]!.fieldsV1['f:reason']);
  assert.deepEqual(entries[1]!.fieldsV1, { 'f:note': {}, 'f:series': { '.': {}, 'f:count': {}, 'f:lastObservedTime': {} } });
});

test('a write that changes nothing leaves managedFields alone', () => {
  const created = updateManagedFields({ newObj: event(), manager: 'creator', operation: 'Update', apiVersion: v, time: t1 });
  const out = updateManagedFields({ oldObj: created, newObj: structuredClone(created), manager: 'other', operation: 'Update', apiVersion: v, time: t2 });
  assert.deepEqual(out.metadata.managedFields, created.metadata.managedFields);
});

test('removed fields leave every manager; a manager left with nothing disappears', () => {
  const created = updateManagedFields({ newObj: event(), manager: 'creator', operation: 'Update', apiVersion: v, time: t1 });
  const withNote = updateManagedFields({ oldObj: created, newObj: { ...created, note: 'x' }, manager: 'noter', operation: 'Update', apiVersion: v, time: t2 });
  const { note: _n, ...withoutNote } = withNote;
  const out = updateManagedFields({ oldObj: withNote, newObj: withoutNote as ApiObject, manager: 'remover', operation: 'Update', apiVersion: v, time: t2 });
  const managers = (out.metadata.managedFields as { manager: string }[]).map((e) => e.manager);
  assert.deepEqual(managers, ['creator']);
});

test('managedFields in the request: [] resets, valid entries are kept, garbage falls back to the live ones', () => {
  const created = updateManagedFields({ newObj: event(), manager: 'creator', operation: 'Update', apiVersion: v, time: t1 });
  const reset = updateManagedFields({
    oldObj: created,
    newObj: { ...created, note: 'n2', metadata: { ...created.metadata, managedFields: [] } },
    manager: 'resetter',
    operation: 'Update',
    apiVersion: v,
    time: t2,
  });
  assert.deepEqual((reset.metadata.managedFields as { manager: string; fieldsV1: unknown }[]).map((e) => [e.manager, e.fieldsV1]), [
    ['resetter', { 'f:note': {} }],
  ]);
  const garbage = updateManagedFields({
    oldObj: created,
    newObj: { ...created, metadata: { ...created.metadata, managedFields: [{ manager: 'x', operation: 'Bogus' }] } },
    manager: 'm',
    operation: 'Update',
    apiVersion: v,
    time: t2,
  });
  assert.deepEqual(garbage.metadata.managedFields, created.metadata.managedFields);
  const explicit = [{ manager: 'hand', operation: 'Update', apiVersion: v, time: t1, fieldsType: 'FieldsV1', fieldsV1: { 'f:note': {} } }];
  const kept = updateManagedFields({
    oldObj: created,
    newObj: { ...created, metadata: { ...created.metadata, managedFields: explicit } },
    manager: 'm',
    operation: 'Update',
    apiVersion: v,
    time: t2,
  });
  assert.deepEqual(kept.metadata.managedFields, explicit);
});

test('a subresource write gets an entry of its own and ignores managedFields in the request', () => {
  const created = updateManagedFields({ newObj: event(), manager: 'm', operation: 'Update', apiVersion: v, time: t1 });
  const out = updateManagedFields({
    oldObj: created,
    newObj: { ...created, note: 'x', metadata: { ...created.metadata, managedFields: [] } },
    manager: 'm',
    operation: 'Update',
    apiVersion: v,
    time: t2,
    subresource: 'status',
  });
  const entries = out.metadata.managedFields as { manager: string; subresource?: string }[];
  assert.deepEqual(entries.map((e) => [e.manager, e.subresource]), [['m', undefined], ['m', 'status']]);
});

test('past 10 update managers the oldest fold into ancient-changes', () => {
  let obj = updateManagedFields({ newObj: event(), manager: 'creator', operation: 'Update', apiVersion: v, time: '2026-01-01T00:00:00Z' });
  for (let i = 0; i < 11; i++) {
    obj = updateManagedFields({
      oldObj: obj,
      newObj: { ...obj, metadata: { ...obj.metadata, labels: { ...obj.metadata.labels, [`l${i}`]: 'x' } } },
      manager: `m${i}`,
      operation: 'Update',
      apiVersion: v,
      time: `2026-01-01T00:00:${String(i + 1).padStart(2, '0')}Z`,
    });
  }
  const entries = obj.metadata.managedFields as { manager: string; time: string; fieldsV1: { 'f:note'?: unknown; 'f:metadata'?: { 'f:labels'?: Record<string, unknown> } } }[];
  assert.equal(entries.length, 10);
  const ancient = entries.find((e) => e.manager === 'ancient-changes')!;
  assert.ok(ancient.fieldsV1['f:metadata']?.['f:labels']?.['f:l1']);
  assert.ok(ancient.fieldsV1['f:note']);
  assert.equal(ancient.time, '2026-01-01T00:00:02Z');
  assert.ok(!entries.some((e) => e.manager === 'creator' || e.manager === 'm0' || e.manager === 'm1'));
});
