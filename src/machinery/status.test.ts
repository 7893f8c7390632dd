import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  alreadyExists,
  badRequest,
  codeOf,
  conflict,
  forbidden,
  gone,
  hasStatusCause,
  internalError,
  invalid,
  isAlreadyExists,
  isBadRequest,
  isConflict,
  isForbidden,
  isGone,
  isInternalError,
  isInvalid,
  isNotFound,
  isResourceExpired,
  isServerError,
  isServerTimeout,
  isServiceUnavailable,
  isStatusError,
  isTimeout,
  isTooLargeResourceVersion,
  isTooManyRequests,
  isUnauthorized,
  notFound,
  resourceExpired,
  serverTimeout,
  serviceUnavailable,
  StatusError,
  timeout,
  tooManyRequests,
  unauthorized,
  unexpectedError,
  type Status,
} from './status.ts';

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

test('the 500 for an unexpected error names only its correlation id', () => {
  const err = unexpectedError('0b9c');
  assert.equal(err.status.code, 500);
  assert.equal(err.status.reason, 'InternalError');
  assert.equal(err.status.message, 'Internal error occurred: an internal error occurred (correlation id 0b9c)');
});

const gr = { group: '', resource: 'pods' };

/** A Status as a client receives it, carried by a StatusError. */
function received(code: number, reason: Status['reason'], causes?: NonNullable<Status['details']>['causes']): StatusError {
  return new StatusError({ kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', code, reason, ...(causes ? { details: { causes } } : {}) });
}

test('each predicate matches the errors its builder makes and no other', () => {
  const cases: Array<[(err: unknown) => boolean, StatusError]> = [
    [isBadRequest, badRequest('x')],
    [isUnauthorized, unauthorized()],
    [isForbidden, forbidden(gr, 'p', 'no')],
    [isNotFound, notFound(gr, 'p')],
    [isAlreadyExists, alreadyExists(gr, 'p')],
    [isConflict, conflict(gr, 'p', 'x')],
    [isGone, gone('x')],
    [isResourceExpired, resourceExpired('x')],
    [isInvalid, invalid({ group: '', kind: 'Pod' }, 'p', [])],
    [isTooManyRequests, tooManyRequests('x', 1)],
    [isTimeout, timeout('x')],
    [isServerTimeout, serverTimeout(gr, 'get', 1)],
    [isServiceUnavailable, serviceUnavailable('x')],
    [isInternalError, internalError('x')],
  ];
  for (const [predicate, matching] of cases) {
    for (const [, other] of cases) {
      assert.equal(predicate(other), other === matching, `${predicate.name} on ${other.status.reason}`);
    }
  }
});

test('a 409 AlreadyExists is not a conflict, and a conflict does not already exist', () => {
  assert.equal(isConflict(alreadyExists(gr, 'p')), false);
  assert.equal(isAlreadyExists(received(409, '')), false);
  assert.equal(isConflict(received(409, '')), true);
});

test('a Status of unknown reason is matched on its code', () => {
  assert.equal(isNotFound(received(404, '')), true);
  assert.equal(isNotFound(received(404, 'SomethingNew' as Status['reason'])), true);
  assert.equal(isGone(received(410, '')) && isResourceExpired(received(410, '')), true);
  assert.equal(isInvalid(received(422, '')), true);
  // A known reason is believed over the code.
  assert.equal(isNotFound(received(404, 'Forbidden')), false);
});

test('429 is too many requests whatever its reason', () => {
  assert.equal(isTooManyRequests(received(429, 'Forbidden')), true);
});

test('a read past the store is a timeout with a ResourceVersionTooLarge cause', () => {
  const tooLarge = received(504, 'Timeout', [{ reason: 'ResourceVersionTooLarge', message: 'Too large resource version' }]);
  assert.equal(isTooLargeResourceVersion(tooLarge), true);
  assert.equal(hasStatusCause(tooLarge, 'ResourceVersionTooLarge'), true);
  assert.equal(isTooLargeResourceVersion(timeout('x')), false);
});

test('5xx errors are server errors; codeOf is 0 for what is not an API error', () => {
  assert.equal(isServerError(internalError()), true);
  assert.equal(isServerError(serviceUnavailable('x')), true);
  assert.equal(isServerError(tooManyRequests('x', 1)), false);
  assert.equal(codeOf(notFound(gr, 'p')), 404);
  assert.equal(codeOf(new Error('x')), 0);
});

test('predicates refuse what is not a StatusError, however it is shaped', () => {
  for (const err of [undefined, null, 'NotFound', new Error('not found'), { code: 404 }, { status: { code: 404, reason: 'NotFound' } }]) {
    assert.equal(isStatusError(err), false);
    assert.equal(isNotFound(err), false);
  }
});

test('a StatusError from another copy of the module is recognised by its brand', () => {
  // What a second copy of status.ts would construct: its own class, the registry-wide symbol.
  class OtherStatusError extends Error {
    readonly status: Status;
    constructor(status: Status) {
      super(status.message);
      this.status = status;
    }
    get [Symbol.for('orch.io/machinery/StatusError')](): true {
      return true;
    }
  }
  const foreign = new OtherStatusError(notFound(gr, 'p').status);
  assert.equal(foreign instanceof StatusError, false);
  assert.equal(isStatusError(foreign), true);
  assert.equal(isNotFound(foreign), true);
  assert.equal(isConflict(foreign), false);
  assert.equal(codeOf(foreign), 404);
});

test('a StatusError made by a second loaded copy of this module is recognised both ways', async () => {
  // A query string makes the loader evaluate the file again: a distinct StatusError class.
  const other = (await import(new URL('./status.ts?second-copy', import.meta.url).href)) as typeof import('./status.ts');
  assert.notEqual(other.StatusError, StatusError);
  const foreign = other.conflict(gr, 'p', 'x');
  assert.equal(foreign instanceof StatusError, false);
  assert.equal(isStatusError(foreign), true);
  assert.equal(isConflict(foreign), true);
  assert.equal(other.isNotFound(notFound(gr, 'p')), true);
});
