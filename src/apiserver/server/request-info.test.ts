import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseRequestInfo, isLongRunning, isMutating, RequestInfoError } from './request-info.ts';

function info(method: string, url: string) {
  const u = new URL(url, 'https://x');
  return parseRequestInfo(method, u.pathname, u.searchParams);
}

test('resource requests are parsed as RequestInfoFactory parses them', () => {
  const cases: Array<[string, string, Partial<ReturnType<typeof info>>]> = [
    ['GET', '/api/v1/namespaces', { verb: 'list', apiGroup: '', apiVersion: 'v1', resource: 'namespaces', namespace: '' }],
    ['GET', '/api/v1/namespaces/other', { verb: 'get', resource: 'namespaces', name: 'other', namespace: 'other' }],
    ['GET', '/api/v1/namespaces/other/pods', { verb: 'list', resource: 'pods', namespace: 'other' }],
    ['GET', '/api/v1/namespaces/other/pods/foo', { verb: 'get', resource: 'pods', name: 'foo', namespace: 'other' }],
    ['HEAD', '/api/v1/namespaces/other/pods/foo', { verb: 'get', name: 'foo' }],
    ['GET', '/api/v1/pods?watch=true', { verb: 'watch', resource: 'pods' }],
    ['GET', '/api/v1/pods?watch=false', { verb: 'list' }],
    ['GET', '/api/v1/watch/pods', { verb: 'watch', resource: 'pods' }],
    ['GET', '/api/v1/watch/namespaces/other/pods/foo', { verb: 'watch', namespace: 'other', name: 'foo' }],
    ['POST', '/apis/events.orch.io/v1/namespaces/default/events', { verb: 'create', apiGroup: 'events.orch.io', apiVersion: 'v1', resource: 'events', namespace: 'default' }],
    ['PUT', '/apis/events.orch.io/v1/namespaces/default/events/e1', { verb: 'update', name: 'e1' }],
    ['PATCH', '/apis/events.orch.io/v1/namespaces/default/events/e1', { verb: 'patch' }],
    ['DELETE', '/apis/events.orch.io/v1/namespaces/default/events/e1', { verb: 'delete' }],
    ['DELETE', '/apis/events.orch.io/v1/namespaces/default/events', { verb: 'deletecollection' }],
    ['GET', '/api/v1/namespaces/other/pods/foo/log', { subresource: 'log', name: 'foo' }],
    ['PUT', '/api/v1/namespaces/other/finalize', { verb: 'update', resource: 'namespaces', name: 'other', subresource: 'finalize' }],
    ['GET', '/api/v1/pods?fieldSelector=metadata.name%3Dfoo', { verb: 'list', name: 'foo' }],
    ['OPTIONS', '/api/v1/pods', { verb: '' }],
  ];
  for (const [method, url, want] of cases) {
    const got = info(method, url);
    assert.equal(got.isResourceRequest, true, url);
    for (const [k, v] of Object.entries(want)) assert.deepEqual(got[k as keyof typeof got], v, `${method} ${url} ${k}`);
  }
});

test('non-resource paths keep the lower-case method as verb', () => {
  for (const url of ['/', '/api', '/api/v1', '/apis', '/apis/events.orch.io', '/apis/events.orch.io/v1', '/healthz', '/version']) {
    const got = info('GET', url);
    assert.equal(got.isResourceRequest, false, url);
    assert.equal(got.verb, 'get');
  }
  assert.equal(info('POST', '/logs').verb, 'post');
});

test('a bare /watch/ prefix is an error, as in Kubernetes', () => {
  assert.throws(() => info('GET', '/api/v1/watch'), RequestInfoError);
});

test('long-running and mutating classification', () => {
  assert.equal(isLongRunning(info('GET', '/api/v1/pods?watch=1')), true);
  assert.equal(isLongRunning(info('GET', '/api/v1/namespaces/a/pods/b/exec')), true);
  assert.equal(isLongRunning(info('GET', '/api/v1/pods')), false);
  assert.equal(isMutating(info('GET', '/api/v1/pods')), false);
  assert.equal(isMutating(info('POST', '/api/v1/namespaces/a/pods')), true);
  assert.equal(isMutating(info('POST', '/some/path')), true);
});
