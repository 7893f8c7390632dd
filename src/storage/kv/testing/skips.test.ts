import { test } from 'node:test';
import assert from 'node:assert/strict';
import { skipReason, unknownSkips } from './skips.ts';

test('a skip names its case, or one reason skips every case', () => {
  assert.equal(skipReason({ a: 'why' }, 'a'), 'why');
  assert.equal(skipReason({ a: 'why' }, 'b'), false);
  assert.equal(skipReason('no etcd', 'b'), 'no etcd');
});

test('skips that name no case are reported by title', () => {
  assert.deepEqual(unknownSkips({ a: 'why', renamed: 'why' }, ['a', 'b']), ['renamed']);
  assert.deepEqual(unknownSkips({}, ['a']), []);
  assert.deepEqual(unknownSkips('no etcd', ['a']), []);
});
