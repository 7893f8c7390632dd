import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseRequestURL } from './with-request-info.ts';

test('request targets parse exactly as the WHATWG URL parser reads them', () => {
  const targets = [
    '/',
    '/api/v1/namespaces/default/events',
    '/apis/events.orch.io/v1/namespaces/a/events?watch=true&resourceVersion=12&labelSelector=a%3Db,c+d',
    '/api/v1/namespaces/x/configmaps/a%2Fb?dryRun=All&dryRun=x',
    '/api/v1/../v1/namespaces',
    '/api/./v1',
    '/api/v1/..',
    '//evil.example/path?x=1',
    '/path with space?q=a b',
    '/path#fragment?x=1',
    '/q?x=1#frag',
    '/unicodé/é?é=é',
    '/a\\\\b',
    '/%zz/%41?%zz=1',
    "/a;b=c/d:e@f!$&'()*+,=",
    '/?',
    '/x?a=1&&b=&c',
  ];
  for (const raw of targets) {
    const want = new URL(raw, 'https://localhost');
    const got = parseRequestURL(raw);
    assert.equal(got.pathname, want.pathname, raw);
    assert.deepEqual([...got.searchParams], [...want.searchParams], raw);
  }
});
