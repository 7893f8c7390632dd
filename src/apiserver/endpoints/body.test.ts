import { test } from 'node:test';
import assert from 'node:assert/strict';
import { decodeBody } from './body.ts';

const decode = (text: string) => decodeBody('application/json', Buffer.from(text), 'Event');

test('JSON bodies without repeated keys report no duplicates, whatever their strings contain', () => {
  assert.deepEqual(decode('{"a": 1, "b": {"c": [ {"d": 2}, {"d": 3} ]}}').duplicates, []);
  assert.deepEqual(decode('{"note": "x\\": y", "k" : "\\"a\\":", "list": ["a", "b:"]}').duplicates, []);
  assert.deepEqual(decode('{"__proto__": {"a": 1}, "constructor": 2}').duplicates, []);
  assert.deepEqual(decode('[{"a": 1}, {"a": 1}]').duplicates, []);
});

test('repeated keys are reported with their dotted paths, at any depth and inside list items', () => {
  assert.deepEqual(decode('{"a": 1, "a": 2}').duplicates, ['a']);
  assert.deepEqual(decode('{"spec": {"size": 1, "size" : 2}}').duplicates, ['spec.size']);
  assert.deepEqual(decode('{"items": [{"x": 1}, {"x": 1, "x": 2}]}').duplicates, ['items.x']);
  assert.deepEqual(decode('{"m": {"k\\u0041": 1, "kA": 2}}').duplicates, ['m.kA'], 'escaped and plain spellings of one key');
});

test('malformed JSON is a 400 naming the parse error', () => {
  assert.throws(() => decode('{"a": '), (err: any) => err.code === 400 && /json parse error/.test(err.message));
});
