import { test } from 'node:test';
import assert from 'node:assert/strict';
import { applyStrategicMergePatch } from './strategic-merge-patch.ts';
import { eventSchema } from './schema.ts';
import { StatusError } from '../status.ts';
import { sampleEvent } from './testing-fixtures.ts';

function smp(patch: unknown) {
  return applyStrategicMergePatch(sampleEvent(), patch, eventSchema);
}

function codeOf(fn: () => unknown): { code: number; message: string } {
  try {
    fn();
  } catch (err) {
    assert.ok(err instanceof StatusError);
    return { code: err.code, message: err.message };
  }
  assert.fail('expected an error');
}

test('plain fields merge like a merge patch', () => {
  const out = smp({ note: 'x', metadata: { labels: { app: null, b: 'c' } }, regarding: { uid: 'r' } });
  assert.equal(out.note, 'x');
  assert.deepEqual(out.metadata.labels, { b: 'c' });
  assert.deepEqual(out.regarding, { kind: 'Pod', namespace: 'default', name: 'p1', uid: 'r' });
});

test('ownerReferences merge by uid; $patch: delete removes one; finalizers merge as a set', () => {
  const out = smp({
    metadata: {
      ownerReferences: [
        { uid: 'u2', name: 'p2-renamed' },
        { uid: 'u1', $patch: 'delete' },
        { uid: 'u3', apiVersion: 'v1', kind: 'Pod', name: 'p3' },
      ],
      finalizers: ['a.example/x', 'b.example/y'],
    },
  });
  assert.deepEqual(out.metadata.ownerReferences, [
    { apiVersion: 'v1', kind: 'Pod', name: 'p2-renamed', uid: 'u2' },
    { uid: 'u3', apiVersion: 'v1', kind: 'Pod', name: 'p3' },
  ]);
  assert.deepEqual(out.metadata.finalizers, ['a.example/x', 'b.example/y']);
});

test('$patch: replace on a list item or a map replaces the whole value', () => {
  const list = smp({ metadata: { ownerReferences: [{ $patch: 'replace' }, { uid: 'u9', name: 'n' }] } });
  assert.deepEqual(list.metadata.ownerReferences, [{ uid: 'u9', name: 'n' }]);
  const map = smp({ metadata: { labels: { $patch: 'replace', only: 'this' } } });
  assert.deepEqual(map.metadata.labels, { only: 'this' });
  const del = smp({ regarding: { $patch: 'delete' } });
  assert.equal(del.regarding, undefined);
});

test('$deleteFromPrimitiveList, $setElementOrder and $retainKeys', () => {
  const out = smp({
    metadata: {
      '$deleteFromPrimitiveList/finalizers': ['a.example/x'],
      finalizers: ['c'],
      '$setElementOrder/ownerReferences': [{ uid: 'u2' }, { uid: 'u1' }],
    },
    regarding: { $retainKeys: ['kind', 'name'], name: 'p9' },
  });
  assert.deepEqual(out.metadata.finalizers, ['c']);
  assert.deepEqual((out.metadata.ownerReferences as { uid: string }[]).map((o) => o.uid), ['u2', 'u1']);
  assert.deepEqual(out.regarding, { kind: 'Pod', name: 'p9' });
});

test('managedFields and unknown lists are replaced whole', () => {
  const out = smp({ metadata: { managedFields: [{ manager: 'm' }] }, extra: [1, 2] });
  assert.deepEqual(out.metadata.managedFields, [{ manager: 'm' }]);
  assert.deepEqual(out.extra, [1, 2]);
});

test('malformed directives are 400 with the Kubernetes wording', () => {
  assert.deepEqual(codeOf(() => smp({ metadata: { '$deleteFromPrimitiveList/finalizers': 'x' } })), {
    code: 400,
    message: 'invalid patch format of primitive list',
  });
  assert.equal(codeOf(() => smp({ regarding: { $retainKeys: 'kind' } })).message, 'invalid patch format of retainKeys');
  assert.equal(codeOf(() => smp({ regarding: { $retainKeys: ['kind'], name: 'x' } })).code, 400);
  assert.equal(codeOf(() => smp({ metadata: { '$setElementOrder/finalizers': {} } })).message, 'invalid patch format of setElementOrder list');
  assert.equal(codeOf(() => smp({ regarding: { $patch: 'explode' } })).code, 400);
  assert.match(codeOf(() => smp({ metadata: { ownerReferences: [{ name: 'no-uid' }] } })).message, /does not contain declared merge key: uid/);
  assert.equal(codeOf(() => smp([1])).code, 400);
  assert.equal(codeOf(() => smp({ metadata: { finalizers: [['x']] } })).code, 422);
});
