import { test } from 'node:test';
import assert from 'node:assert/strict';
import { alreadyExists, invalid, notFound, toStatusError, StatusError } from './status.ts';

test('notFound is a 404 Status naming the qualified resource and name', () => {
  const err = notFound({ group: 'events.orch.io', resource: 'events' }, 'e1');
  assert.equal(err.status.code, 404);
  assert.equal(err.status.reason, 'NotFound');
  assert.equal(err.status.message, 'events.events.orch.io "e1" not found');
  assert.equal(err.status.kind, 'Status');
});

test('core-group resources are named without a group', () => {
  const err = alreadyExists({ group: '', resource: 'events' }, 'e1');
  assert.equal(err.status.message, 'events "e1" already exists');
  assert.equal(err.status.code, 409);
});

test('invalid lists each cause with its field', () => {
  const err = invalid({ group: 'events.orch.io', kind: 'Event' }, 'e1', [
    { reason: 'FieldValueRequired', field: 'eventTime', message: 'Required value' },
    { reason: 'FieldValueInvalid', field: 'type', message: 'Invalid value: "x"' },
  ]);
  assert.equal(err.status.code, 422);
  assert.equal(err.status.message, 'Event.events.orch.io "e1" is invalid: [eventTime: Required value, type: Invalid value: "x"]');
  assert.equal(err.status.details?.causes?.length, 2);
});

test('a non-Status error becomes a 500 that leaks nothing', () => {
  const err = toStatusError(new Error('SQLITE_BUSY: database is locked at /secret/path'));
  assert.ok(err instanceof StatusError);
  assert.equal(err.status.code, 500);
  assert.ok(!err.status.message?.includes('SQLITE'));
});
