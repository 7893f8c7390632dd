import { test } from 'node:test';
import assert from 'node:assert/strict';
import { decodeBody, encodeBody } from './body.ts';
import { StatusError } from '../status.ts';

function failure(fn: () => unknown): StatusError {
  try {
    fn();
  } catch (err) {
    assert.ok(err instanceof StatusError);
    return err;
  }
  assert.fail('expected an error');
}

test('JSON and YAML bodies decode; a missing Content-Type means JSON', () => {
  assert.deepEqual(decodeBody('application/json; charset=utf-8', Buffer.from('{"kind":"Event"}')), { kind: 'Event' });
  assert.deepEqual(decodeBody(undefined, Buffer.from('{"kind":"Event"}')), { kind: 'Event' });
  assert.deepEqual(decodeBody('application/yaml', Buffer.from('kind: Event\nmetadata:\n  name: e1\n')), { kind: 'Event', metadata: { name: 'e1' } });
});

test('malformed bodies are 400 naming the problem', () => {
  const bad = failure(() => decodeBody('application/json', Buffer.from('{"kind": ')));
  assert.equal(bad.code, 400);
  assert.match(bad.message, /^couldn't get version\/kind; json parse error: /);
  assert.equal(failure(() => decodeBody('application/json', Buffer.alloc(0))).message, "couldn't get version/kind; json parse error: unexpected end of JSON input");
  assert.match(failure(() => decodeBody('application/json', Buffer.from('[1]'))).message, /must be an object, got array/);
  assert.match(failure(() => decodeBody('application/yaml', Buffer.from('a: [1,'))).message, /^error converting YAML to JSON: yaml: /);
  assert.match(failure(() => decodeBody('application/yaml', Buffer.from('a: 1\n---\nb: 2\n'))).message, /^error converting YAML to JSON/);
  assert.match(failure(() => decodeBody('application/vnd.orch.protobuf', Buffer.from('{}'))).message, /expected prefix \[107 56 115 0\]/);
});

test('an unknown Content-Type is a 415', () => {
  const err = failure(() => decodeBody('text/plain', Buffer.from('x')));
  assert.equal(err.code, 415);
  assert.equal(err.reason, 'UnsupportedMediaType');
});

test('encoding: compact or pretty JSON with a trailing newline, and YAML', () => {
  assert.equal(encodeBody('application/json', { kind: 'Event', metadata: {} }).toString(), '{"kind":"Event","metadata":{}}\n');
  assert.equal(encodeBody('application/json', { kind: 'Event', metadata: {} }, true).toString(), '{\n  "kind": "Event",\n  "metadata": {}\n}\n');
  assert.equal(
    encodeBody('application/yaml', { kind: 'Event', apiVersion: 'events.orch.io/v1', metadata: { name: 'web-1', creationTimestamp: '2026-01-02T03:04:05Z', labels: { on: 'yes' } } }).toString(),
    'apiVersion: events.orch.io/v1\nkind: Event\nmetadata:\n  creationTimestamp: "2026-01-02T03:04:05Z"\n  labels:\n    "on": "yes"\n  name: web-1\n',
  );
});
