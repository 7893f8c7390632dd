import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Request } from '../serving/request-context.ts';
import { headerValues, prefixedHeaderValues, unescapeExtraKey } from './request-header.ts';

const req = (...raw: string[]) => ({ rawHeaders: raw }) as unknown as Request;

test('extra keys are percent-decoded; a malformed escape is kept as sent', () => {
  assert.equal(unescapeExtraKey('example.com%2fproject'), 'example.com/project');
  assert.equal(unescapeExtraKey('100%'), '100%');
  assert.equal(unescapeExtraKey('plain'), 'plain');
});

test('repeated headers keep every value, in order, never split at commas', () => {
  const r = req('X-Remote-Group', 'a, b', 'x-remote-group', 'c', 'X-Other', 'z');
  assert.deepEqual(headerValues(r, new Set(['x-remote-group'])).get('x-remote-group'), ['a, b', 'c']);
  assert.deepEqual(
    prefixedHeaderValues(req('X-Remote-Extra-Scopes', 's1', 'X-Remote-Extra-Scopes', 's2', 'X-Remote-User', 'u'), ['x-remote-extra-']).map((h) => [h.rest, h.value]),
    [
      ['scopes', 's1'],
      ['scopes', 's2'],
    ],
  );
});
