import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseRequestURL } from './with-request-info.ts';

test('a request target splits into path and query as Go reads it: the path is never normalised', () => {
  const cases: [string, string, [string, string][]][] = [
    ['/', '/', []],
    ['/api/v1/namespaces/default/events', '/api/v1/namespaces/default/events', []],
    ['/apis/events.orch.io/v1/namespaces/a/events?watch=true&labelSelector=a%3Db,c+d', '/apis/events.orch.io/v1/namespaces/a/events', [['watch', 'true'], ['labelSelector', 'a=b,c d']]],
    ['/api/v1/namespaces/x/configmaps/a%2Fb?dryRun=All&dryRun=x', '/api/v1/namespaces/x/configmaps/a%2Fb', [['dryRun', 'All'], ['dryRun', 'x']]],
    // Dot segments stay: resolving them would change what the request addresses.
    ['/api/v1/namespaces/n/configmaps/.', '/api/v1/namespaces/n/configmaps/.', []],
    ['/api/v1/namespaces/n/configmaps/..', '/api/v1/namespaces/n/configmaps/..', []],
    ['/api/v1/../v1/namespaces', '/api/v1/../v1/namespaces', []],
    ['/api/v1/namespaces/n/configmaps/%2e%2e', '/api/v1/namespaces/n/configmaps/%2e%2e', []],
    ['//evil.example/path?x=1', '//evil.example/path', [['x', '1']]],
    ['/a\\b', '/a\\b', []],
    ['/path#fragment?x=1', '/path#fragment', [['x', '1']]],
    ['/?', '/', []],
    ['/x?a=1&&b=&c', '/x', [['a', '1'], ['b', ''], ['c', '']]],
    // Absolute form, which HTTP/1.1 allows: the path after the authority, kept as sent.
    ['https://host:6443/api/v1/./x?y=1', '/api/v1/./x', [['y', '1']]],
    ['https://host', '/', []],
  ];
  for (const [raw, path, query] of cases) {
    const got = parseRequestURL(raw);
    assert.equal(got.pathname, path, raw);
    assert.deepEqual([...got.searchParams], query, raw);
  }
});
