import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parsePatchBody, patchTypeFromContentType, requirePatchType } from './patch-type.ts';
import { StatusError } from '../status.ts';

test('content types map to patch types, parameters ignored', () => {
  assert.equal(patchTypeFromContentType('application/json-patch+json'), 'json');
  assert.equal(patchTypeFromContentType('application/merge-patch+json; charset=utf-8'), 'merge');
  assert.equal(patchTypeFromContentType('Application/Strategic-Merge-Patch+JSON'), 'strategic');
  assert.equal(patchTypeFromContentType('application/apply-patch+yaml'), 'apply');
  assert.equal(patchTypeFromContentType('application/apply-patch+cbor'), undefined);
  assert.equal(patchTypeFromContentType('application/json'), undefined);
});

test('an unsupported patch content type is a 415 listing what is accepted', () => {
  for (const ct of ['application/json', 'application/apply-patch+cbor', undefined]) {
    assert.throws(
      () => requirePatchType(ct, { strategic: true }),
      (e: unknown) =>
        e instanceof StatusError &&
        e.code === 415 &&
        e.reason === 'UnsupportedMediaType' &&
        e.message ===
          'the body of the request was in an unknown format - accepted media types include: application/json-patch+json, application/merge-patch+json, application/strategic-merge-patch+json, application/apply-patch+yaml',
    );
  }
  assert.throws(() => requirePatchType('application/strategic-merge-patch+json', { strategic: false }), /unknown format/);
});

test('patch bodies parse as JSON, apply bodies as YAML; bad ones are 400', () => {
  assert.deepEqual(parsePatchBody('merge', Buffer.from('{"note":"x"}')), { note: 'x' });
  assert.deepEqual(parsePatchBody('apply', Buffer.from('apiVersion: events.orch.io/v1\nnote: x\n')), { apiVersion: 'events.orch.io/v1', note: 'x' });
  assert.deepEqual(parsePatchBody('apply', '{"note": "y"}'), { note: 'y' });
  const bad = (t: 'json' | 'apply', body: string, re: RegExp) =>
    assert.throws(() => parsePatchBody(t, body), (e: unknown) => e instanceof StatusError && e.code === 400 && re.test(e.message));
  bad('json', '[{"op":', /^error decoding patch: /);
  bad('apply', 'a: [1,', /^error decoding YAML: /);
  bad('apply', '- 1\n- 2\n', /must be an object, got array/);
  bad('apply', 'a: 1\n---\nb: 2\n', /^error decoding YAML: /);
  bad('apply', 'a: 1\na: 2\n', /^error decoding YAML: /);
});
