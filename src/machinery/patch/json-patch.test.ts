import { test } from 'node:test';
import assert from 'node:assert/strict';
import { applyJsonPatch } from './json-patch.ts';
import { StatusError } from '../status.ts';
import { sampleEvent } from './testing-fixtures.ts';

function statusOf(fn: () => unknown): StatusError {
  try {
    fn();
  } catch (err) {
    assert.ok(err instanceof StatusError, `expected a StatusError, got ${String(err)}`);
    return err;
  }
  assert.fail('expected an error');
}

test('JSON patch replaces, adds and removes fields without touching the input', () => {
  const event = sampleEvent();
  const out = applyJsonPatch(event, [
    { op: 'test', path: '/note', value: 'hello' },
    { op: 'replace', path: '/note', value: 'bye' },
    { op: 'add', path: '/metadata/labels/tier', value: 'front' },
    { op: 'remove', path: '/metadata/finalizers/0' },
  ]);
  assert.equal(out.note, 'bye');
  assert.deepEqual(out.metadata.labels, { app: 'web', tier: 'front' });
  assert.deepEqual(out.metadata.finalizers, []);
  assert.equal(event.note, 'hello');
  assert.deepEqual(event.metadata.labels, { app: 'web' });
});

test('a failing test operation is a 422 naming what failed', () => {
  const err = statusOf(() => applyJsonPatch(sampleEvent(), [{ op: 'test', path: '/note', value: 'other' }]));
  assert.equal(err.code, 422);
  assert.equal(err.reason, 'Invalid');
  assert.equal(err.status.message, 'the server rejected our request due to an error in our request');
  assert.match(err.status.details?.causes?.[0]?.message ?? '', /Test operation failed.*test \/note/);
});

test('removing a missing path and unknown ops are 422', () => {
  assert.equal(statusOf(() => applyJsonPatch(sampleEvent(), [{ op: 'remove', path: '/nope' }])).code, 422);
  assert.equal(statusOf(() => applyJsonPatch(sampleEvent(), [{ op: 'frobnicate', path: '/note' }])).code, 422);
  assert.equal(statusOf(() => applyJsonPatch(sampleEvent(), [{ op: 'add', path: '/a/b/c', value: 1 }])).code, 422);
});

test('a body that is not a list of operation objects is a 400', () => {
  const notArray = statusOf(() => applyJsonPatch(sampleEvent(), { op: 'replace' }));
  assert.equal(notArray.code, 400);
  assert.equal(notArray.reason, 'BadRequest');
  assert.match(notArray.message, /array of operations, got object/);
  assert.equal(statusOf(() => applyJsonPatch(sampleEvent(), ['x'])).code, 400);
});

test('more than 10000 operations is a 413', () => {
  const ops = Array.from({ length: 10001 }, () => ({ op: 'test', path: '/note', value: 'hello' }));
  const err = statusOf(() => applyJsonPatch(sampleEvent(), ops));
  assert.equal(err.code, 413);
  assert.match(err.message, /maximum operations in a JSON patch is 10000, got 10001/);
});

test('copies may add at most 3 MiB to a document: a patch that doubles it 41 times is refused at once', () => {
  const event = sampleEvent();
  const ops = Array.from({ length: 41 }, (_, i) => ({ op: 'copy', from: '/metadata', path: `/metadata/c${i}` }));
  // Without the limit this would not return: the document would reach 2^41 times its size.
  const err = statusOf(() => applyJsonPatch(event, ops));
  assert.equal(err.code, 422);
  assert.match(err.status.details!.causes![0]!.message!, /^Unable to copy, a copy of size \d+ would exceed the limit 3145728 \(operation \d+: copy \/metadata\/c\d+\)$/);

  const fine = applyJsonPatch(event, [{ op: 'copy', from: '/metadata/labels', path: '/metadata/annotations' }]);
  assert.deepEqual(fine.metadata.annotations, { app: 'web' });
});
