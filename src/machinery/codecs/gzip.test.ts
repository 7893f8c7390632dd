import { test } from 'node:test';
import assert from 'node:assert/strict';
import { gunzipSync } from 'node:zlib';
import { maybeGzip } from './gzip.ts';

test('bodies of 128 KiB or more are gzipped when the client accepts gzip', () => {
  const big = Buffer.alloc(128 * 1024, 'a');
  const out = maybeGzip('gzip, deflate', big);
  assert.equal(out.encoding, 'gzip');
  assert.ok(out.body.length < big.length);
  assert.deepEqual(gunzipSync(out.body), big);
});

test('small bodies, clients without gzip and gzip;q=0 get the body as it is', () => {
  const small = Buffer.alloc(128 * 1024 - 1, 'a');
  assert.equal(maybeGzip('gzip', small).encoding, undefined);
  const big = Buffer.alloc(200 * 1024, 'a');
  assert.equal(maybeGzip(undefined, big).encoding, undefined);
  assert.equal(maybeGzip('deflate, br', big).encoding, undefined);
  assert.equal(maybeGzip('gzip;q=0', big).encoding, undefined);
  assert.equal(maybeGzip('GZIP;q=0.5', big).encoding, 'gzip');
});
