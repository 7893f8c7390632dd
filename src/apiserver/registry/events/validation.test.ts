import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { EventV1 } from '../../../api/events/v1/types.ts';
import type { CoreEvent } from '../../../api/core/v1/event-types.ts';
import { validateCoreEventCreate, validateCoreEventUpdate, validateEventCreate, validateEventUpdate } from './validation.ts';
import { decodeEventV1 } from './testing/decode.ts';

function validEvent(overrides: Record<string, unknown> = {}): EventV1 {
  return decodeEventV1({
    metadata: { name: 'web.1', namespace: 'team-a', resourceVersion: '7', uid: 'u1', creationTimestamp: '2026-11-22T05:10:00Z' },
    eventTime: '2026-11-22T05:10:00.123456Z',
    reportingController: 'orch.io/scheduler',
    reportingInstance: 'scheduler-1',
    action: 'Binding',
    reason: 'Scheduled',
    regarding: { kind: 'Pod', namespace: 'team-a', name: 'web', apiVersion: 'v1' },
    note: 'assigned',
    type: 'Normal',
    ...overrides,
  });
}

function fields(causes: { field?: string; message?: string }[]): string[] {
  return causes.map((c) => `${c.field}: ${c.message}`);
}

test('a complete event is valid', () => {
  assert.deepEqual(validateEventCreate(validEvent()), []);
});

test('eventTime is required', () => {
  assert.deepEqual(fields(validateEventCreate(validEvent({ eventTime: null }))), ['eventTime: Required value']);
});

test('action, reason and reportingInstance: non-empty, at most 128 bytes', () => {
  for (const [field, core] of [['action', 'action'], ['reason', 'reason'], ['reportingInstance', 'reportingInstance']] as const) {
    assert.deepEqual(validateEventCreate(validEvent({ [field]: 'x'.repeat(128) })), [], `${field} at 128`);
    assert.deepEqual(fields(validateEventCreate(validEvent({ [field]: 'x'.repeat(129) }))), [`${core}: Invalid value: "": can have at most 128 characters`]);
    assert.deepEqual(fields(validateEventCreate(validEvent({ [field]: '' }))), [`${core}: Required value`]);
  }
});

test('note may hold 1024 bytes, not 1025; the cause names message', () => {
  assert.deepEqual(validateEventCreate(validEvent({ note: 'n'.repeat(1024) })), []);
  const causes = validateEventCreate(validEvent({ note: 'n'.repeat(1025) }));
  assert.deepEqual(causes, [{ reason: 'FieldValueInvalid', message: 'Invalid value: "": can have at most 1024 characters', field: 'message' }]);
  assert.equal(validateEventCreate(validEvent({ note: 'é'.repeat(513) })).length, 1, 'bytes, not characters');
});

test('reportingController must be a qualified name', () => {
  assert.deepEqual(validateEventCreate(validEvent({ reportingController: 'kubelet' })), []);
  const bad = fields(validateEventCreate(validEvent({ reportingController: 'not a name' })));
  assert.equal(bad.length, 1);
  assert.match(bad[0]!, /^reportingController: Invalid value: "not a name": name part must consist of/);
  assert.deepEqual(fields(validateEventCreate(validEvent({ reportingController: '' }))).slice(0, 2), [
    'reportingController: Required value',
    'reportingController: Invalid value: "": name part must be non-empty',
  ]);
});

test('type must be Normal or Warning', () => {
  assert.deepEqual(validateEventCreate(validEvent({ type: 'Warning' })), []);
  assert.deepEqual(fields(validateEventCreate(validEvent({ type: 'Info' }))), ['type: Invalid value: "": has invalid value: Info']);
  assert.deepEqual(fields(validateEventCreate(validEvent({ type: '' }))), ['type: Invalid value: "": has invalid value: ']);
});

test('deprecated fields must be unset on create, named by their core fields', () => {
  const causes = validateEventCreate(
    validEvent({
      deprecatedFirstTimestamp: '2026-11-22T05:00:00Z',
      deprecatedLastTimestamp: '2026-11-22T05:01:00Z',
      deprecatedCount: 3,
      deprecatedSource: { component: 'kubelet' },
    }),
  );
  assert.deepEqual(fields(causes), [
    'firstTimestamp: Invalid value: "": needs to be unset',
    'lastTimestamp: Invalid value: "": needs to be unset',
    'count: Invalid value: "": needs to be unset',
    'source: Invalid value: "": needs to be unset',
  ]);
});

test('series needs count of at least 2 and lastObservedTime', () => {
  assert.deepEqual(validateEventCreate(validEvent({ series: { count: 2, lastObservedTime: '2026-11-22T05:11:00.000001Z' } })), []);
  assert.deepEqual(fields(validateEventCreate(validEvent({ series: { count: 1, lastObservedTime: null } }))), [
    'series.count: Invalid value: "": should be at least 2',
    'series.lastObservedTime: Required value',
  ]);
});

test('cluster-scoped regarding objects only in default and orch-system', () => {
  const node = { kind: 'Node', name: 'n1' };
  assert.deepEqual(validateEventCreate(validEvent({ metadata: { name: 'e', namespace: 'default' }, regarding: node })), []);
  assert.deepEqual(validateEventCreate(validEvent({ metadata: { name: 'e', namespace: 'orch-system' }, regarding: node })), []);
  assert.deepEqual(fields(validateEventCreate(validEvent({ regarding: node }))), ['involvedObject.namespace: Invalid value: "": does not match event.namespace']);
  // As upstream: with eventTime set only an empty regarding namespace is refused.
  assert.deepEqual(validateEventCreate(validEvent({ regarding: { kind: 'Pod', name: 'p', namespace: 'other' } })), []);
});

test('metadata is checked: name a DNS subdomain, namespace present', () => {
  assert.deepEqual(fields(validateEventCreate(validEvent({ metadata: { name: 'Bad_Name', namespace: 'team-a' } }))).map((s) => s.slice(0, 40)), [
    'metadata.name: Invalid value: "Bad_Name"',
  ]);
  const noNs = fields(validateEventCreate(validEvent({ metadata: { name: 'e' }, regarding: { kind: 'Pod', name: 'p' } })));
  assert.ok(noNs.includes('metadata.namespace: Required value'), noNs.join('\n'));
});

test('update: only metadata and series may change', () => {
  const old = validEvent();
  const same = validEvent({ series: { count: 2, lastObservedTime: '2026-11-22T05:20:00.5Z' }, metadata: { ...old.metadata, labels: { a: 'b' } } });
  assert.deepEqual(validateEventUpdate(same, old), []);
  const changed = validEvent({
    note: 'other',
    reason: 'Other',
    type: 'Warning',
    eventTime: '2026-11-22T05:10:00.123457Z',
    action: 'Other',
    reportingController: 'orch.io/other',
    reportingInstance: 'other-1',
    regarding: { kind: 'Pod', namespace: 'team-a', name: 'db' },
    related: { kind: 'Node', name: 'n1' },
  });
  assert.deepEqual(fields(validateEventUpdate(changed, old)), [
    'involvedObject: Invalid value: {"Kind":"Pod","Namespace":"team-a","Name":"db","UID":"","APIVersion":"","ResourceVersion":"","FieldPath":""}: field is immutable',
    'reason: Invalid value: "Other": field is immutable',
    'message: Invalid value: "other": field is immutable',
    'reason: Invalid value: "Other": field is immutable',
    'type: Invalid value: "Warning": field is immutable',
    'eventTime: Invalid value: "2026-11-22T05:10:00.123457Z": field is immutable',
    'action: Invalid value: "Other": field is immutable',
    'related: Invalid value: {"Kind":"Node","Namespace":"","Name":"n1","UID":"","APIVersion":"","ResourceVersion":"","FieldPath":""}: field is immutable',
    'reportingController: Invalid value: "orch.io/other": field is immutable',
    'reportingInstance: Invalid value: "other-1": field is immutable',
  ]);
});

test('update: a changed series is re-checked; an unchanged bad one is not', () => {
  const old = validEvent();
  assert.deepEqual(fields(validateEventUpdate(validEvent({ series: { count: 1, lastObservedTime: '2026-11-22T05:20:00Z' } }), old)), [
    'series.count: Invalid value: "": should be at least 2',
  ]);
});

test('update: deprecated fields are immutable too', () => {
  const old = validEvent();
  const ev = validEvent({ deprecatedCount: 4, deprecatedSource: { component: 'x', host: 'h' }, deprecatedFirstTimestamp: '2026-01-01T00:00:00Z' });
  assert.deepEqual(fields(validateEventUpdate(ev, old)), [
    'source: Invalid value: {"Component":"x","Host":"h"}: field is immutable',
    'firstTimestamp: Invalid value: "2026-01-01T00:00:00Z": field is immutable',
    'count: Invalid value: 4: field is immutable',
  ]);
});

function coreEvent(overrides: Partial<CoreEvent> = {}): CoreEvent {
  return {
    metadata: { name: 'web.1', namespace: 'team-a' },
    involvedObject: { kind: 'Pod', namespace: 'team-a', name: 'web' },
    reason: 'Started',
    message: 'm'.repeat(5000),
    source: { component: 'kubelet', host: 'n1' },
    firstTimestamp: '2026-11-22T05:10:00Z',
    lastTimestamp: '2026-11-22T05:10:00Z',
    count: 1,
    type: 'Normal',
    eventTime: null,
    reportingComponent: '',
    reportingInstance: '',
    ...overrides,
  };
}

test('core v1: legacy rules only, long messages allowed without eventTime', () => {
  assert.deepEqual(validateCoreEventCreate(coreEvent()), []);
  assert.deepEqual(fields(validateCoreEventCreate(coreEvent({ involvedObject: { kind: 'Pod', namespace: 'other', name: 'w' } }))), [
    'involvedObject.namespace: Invalid value: "other": does not match event.namespace',
  ]);
  assert.deepEqual(validateCoreEventCreate(coreEvent({ metadata: { name: 'n', namespace: 'default' }, involvedObject: { kind: 'Node', name: 'n1' } })), []);
  assert.deepEqual(fields(validateCoreEventCreate(coreEvent({ involvedObject: { kind: 'Node', name: 'n1' } }))), [
    'involvedObject.namespace: Invalid value: "": does not match event.namespace',
  ]);
});

test('core v1 with eventTime: reporting fields required, named reportingComponent', () => {
  const causes = fields(validateCoreEventCreate(coreEvent({ eventTime: '2026-11-22T05:10:00.000000Z', message: 'ok' })));
  assert.deepEqual(causes, [
    'reportingComponent: Required value',
    'reportingComponent: Invalid value: "": name part must be non-empty',
    `reportingComponent: Invalid value: "": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')`,
    'reportingInstance: Required value',
    'action: Required value',
  ]);
});

test('core v1 update: nothing immutable', () => {
  const old = coreEvent();
  assert.deepEqual(validateCoreEventUpdate(coreEvent({ message: 'changed', count: 5 }), old), []);
});
