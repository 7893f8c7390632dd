// The handler chain seen from a client: authentication, authorization, CORS, HSTS, the in-flight
// limit, the request timeout, metrics and error shapes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { apiserverStarter, startTestApiserver, apiRequest, makeTempDir } from '../support/apiserver.ts';
import type { Handler } from '../../src/component-base/serving/request-context.ts';
import { requestContext } from '../../src/component-base/serving/request-context.ts';
import { writeJson } from '../../src/component-base/serving/responses.ts';

const start = apiserverStarter();

/** Answers with who asked; waits for ?delayMs= first (ending early if the request is aborted). */
const echoHandler: Handler = async (req, res) => {
  const ctx = requestContext(req);
  const delay = Number(new URL(req.url ?? '/', 'https://x').searchParams.get('delayMs') ?? 0);
  if (delay > 0) {
    await new Promise<void>((resolve) => {
      const t = setTimeout(resolve, delay);
      ctx.signal?.addEventListener('abort', () => {
        clearTimeout(t);
        resolve();
      });
    });
  }
  writeJson(req, res, 200, { user: ctx.user, verb: ctx.requestInfo?.verb, resource: ctx.requestInfo?.resource });
};

function tokenFile(lines: string): string {
  const file = join(makeTempDir(), 'tokens.csv');
  writeFileSync(file, lines);
  return file;
}

test('token file users are authenticated with system:authenticated; bad tokens get 401', async () => {
  const file = tokenFile('tok-alice,alice,uid-1,"dev,ops"\ntok-bob,bob,uid-2\n');
  const s = await start({ 'token-auth-file': file }, { apiHandler: echoHandler });
  const alice = await apiRequest(s, '/api/v1/namespaces/default/pods', { token: 'tok-alice' });
  assert.equal(alice.status, 200);
  assert.deepEqual(alice.json().user, { name: 'alice', uid: 'uid-1', groups: ['dev', 'ops', 'system:authenticated'] });
  assert.equal(alice.json().verb, 'list');
  const bob = await apiRequest(s, '/api/v1/pods', { token: 'tok-bob' });
  assert.deepEqual(bob.json().user.groups, ['system:authenticated']);

  const bad = await apiRequest(s, '/api/v1/pods', { token: 'nope' });
  assert.equal(bad.status, 401);
  assert.deepEqual(bad.json(), { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: 'Unauthorized', reason: 'Unauthorized', code: 401 });
  const badHealth = await apiRequest(s, '/healthz', { token: 'nope' });
  assert.equal(badHealth.status, 401, 'a bad token is refused even where anonymous users are allowed');
});

test('anonymous users may read health and version but nothing else', async () => {
  const s = await start({}, { apiHandler: echoHandler });
  assert.equal((await apiRequest(s, '/healthz')).status, 200);
  assert.equal((await apiRequest(s, '/version')).status, 200);
  const api = await apiRequest(s, '/api');
  assert.equal(api.status, 403);
  assert.equal(api.json().message, 'forbidden: User "system:anonymous" cannot get path "/api"');
  assert.equal(api.json().reason, 'Forbidden');
  const events = await apiRequest(s, '/apis/events.orch.io/v1/namespaces/default/events');
  assert.equal(events.status, 403);
  assert.equal(
    events.json().message,
    'events.events.orch.io is forbidden: User "system:anonymous" cannot list resource "events" in API group "events.orch.io" in the namespace "default"',
  );
  assert.equal((await apiRequest(s, '/metrics')).status, 403);
});

test('with --anonymous-auth=false a request without credentials is 401', async () => {
  const s = await start({ 'anonymous-auth': false }, { apiHandler: echoHandler });
  assert.equal((await apiRequest(s, '/healthz')).status, 401);
  assert.equal((await apiRequest(s, '/healthz', { token: s.token })).status, 200);
});

test('AlwaysDeny forbids everyone but system:masters, with Kubernetes wording', async () => {
  const file = tokenFile('tok-x,x,uid-x\ntok-root,root,uid-r,system:masters\n');
  const s = await start({ 'token-auth-file': file, 'authorization-mode': ['AlwaysDeny'] }, { apiHandler: echoHandler });
  const r = await apiRequest(s, '/apis/events.orch.io/v1/namespaces/default/events', { token: 'tok-x' });
  assert.equal(r.status, 403);
  assert.equal(
    r.json().message,
    'events.events.orch.io is forbidden: User "x" cannot list resource "events" in API group "events.orch.io" in the namespace "default": Everything is forbidden.',
  );
  assert.deepEqual(r.json().details, { group: 'events.orch.io', kind: 'events' });
  assert.equal((await apiRequest(s, '/api/v1/nodes/n1', { token: 'tok-x' })).json().message, 'nodes "n1" is forbidden: User "x" cannot get resource "nodes" in API group "" at the cluster scope: Everything is forbidden.');
  assert.equal((await apiRequest(s, '/api/v1/pods', { token: 'tok-root' })).status, 200);
});

test('unknown modes, and RBAC without the resources it reads, are refused at start-up', async () => {
  await assert.rejects(startTestApiserver({ 'authorization-mode': ['RBAC'] }), /--authorization-mode RBAC needs the RBAC resources, which this server was built without/);
  await assert.rejects(startTestApiserver({ 'authorization-mode': ['Bogus'] }), /unknown authorization mode "Bogus"/);
});

test('token file errors name the file and line, never a token', async () => {
  await assert.rejects(startTestApiserver({ 'token-auth-file': tokenFile('secret-token,onlyuser\n') }), (err: Error) => {
    assert.match(err.message, /line 1: want at least 3 columns/);
    assert.doesNotMatch(err.message, /secret-token/);
    return true;
  });
  await assert.rejects(startTestApiserver({ 'token-auth-file': '/nonexistent/tokens.csv' }), /unable to read --token-auth-file \/nonexistent\/tokens.csv: ENOENT/);
});

test('CORS: allowed origins get the headers and preflight is answered 204; others get none', async () => {
  const s = await start({ 'cors-allowed-origins': ['//example\\.com$', '^https://ui\\.test:'] }, { apiHandler: echoHandler });
  const pre = await apiRequest(s, '/api/v1/pods', { method: 'OPTIONS', headers: { origin: 'https://example.com', 'access-control-request-method': 'GET' } });
  assert.equal(pre.status, 204);
  assert.equal(pre.headers['access-control-allow-origin'], 'https://example.com');
  assert.equal(pre.headers['access-control-allow-methods'], 'POST, GET, OPTIONS, PUT, DELETE, PATCH');
  assert.equal(pre.headers['access-control-allow-headers'], 'Content-Type, Content-Length, Accept-Encoding, X-CSRF-Token, Authorization, X-Requested-With, If-Modified-Since');
  assert.equal(pre.headers['access-control-expose-headers'], 'Date');
  assert.equal(pre.headers['access-control-allow-credentials'], 'true');
  const get = await apiRequest(s, '/api/v1/pods', { token: s.token, headers: { origin: 'https://ui.test:8443' } });
  assert.equal(get.status, 200);
  assert.equal(get.headers['access-control-allow-origin'], 'https://ui.test:8443');
  const other = await apiRequest(s, '/api/v1/pods', { token: s.token, headers: { origin: 'https://example.com.evil.org' } });
  assert.equal(other.headers['access-control-allow-origin'], undefined);
  await assert.rejects(startTestApiserver({ 'cors-allowed-origins': ['example.com'] }), /not anchored/);
});

test('HSTS directives become one Strict-Transport-Security header', async () => {
  const s = await start({ 'strict-transport-security-directives': ['max-age=31536000', 'includeSubDomains', 'preload'] });
  const r = await apiRequest(s, '/healthz');
  assert.equal(r.headers['strict-transport-security'], 'max-age=31536000; includeSubDomains; preload');
  const plain = await start();
  assert.equal((await apiRequest(plain, '/healthz')).headers['strict-transport-security'], undefined);
});

test('a full in-flight pool answers 429 with Retry-After; watches are not counted', async () => {
  const file = tokenFile('tok-user,user,uid-u\n');
  const s = await start({ 'token-auth-file': file, 'max-requests-inflight': 1, 'max-mutating-requests-inflight': 1, 'enable-priority-and-fairness': false }, { apiHandler: echoHandler });
  const slow = apiRequest(s, '/api/v1/pods?delayMs=400', { token: 'tok-user' });
  await new Promise((r) => setTimeout(r, 100));
  const refused = await apiRequest(s, '/api/v1/pods', { token: 'tok-user' });
  assert.equal(refused.status, 429);
  assert.equal(refused.headers['retry-after'], '1');
  assert.equal(refused.json().reason, 'TooManyRequests');
  // A mutating request uses the other pool.
  assert.equal((await apiRequest(s, '/api/v1/namespaces/a/pods', { method: 'POST', token: 'tok-user' })).status, 200);
  // Watches are long-running and exempt.
  assert.equal((await apiRequest(s, '/api/v1/pods?watch=true', { token: 'tok-user' })).status, 200);
  assert.equal((await slow).status, 200);
  assert.equal((await apiRequest(s, '/api/v1/pods', { token: 'tok-user' })).status, 200, 'the slot is free again');
});

test('a full in-flight pool still answers health probes and system:masters; the limit sits after authentication', async () => {
  const file = tokenFile('tok-user,user,uid-u\ntok-root,root,uid-r,system:masters\n');
  const s = await start({ 'token-auth-file': file, 'max-requests-inflight': 1, 'max-mutating-requests-inflight': 1, 'enable-priority-and-fairness': false }, { apiHandler: echoHandler });
  const held = apiRequest(s, '/api/v1/pods?delayMs=1500', { token: 'tok-user' });
  await new Promise((r) => setTimeout(r, 150));
  for (const probe of ['/readyz', '/healthz', '/livez', '/readyz/ping', '/livez?verbose']) {
    assert.equal((await apiRequest(s, probe)).status, 200, `${probe} passes a full pool`);
  }
  const root = await apiRequest(s, '/api/v1/pods', { token: 'tok-root' });
  assert.equal(root.status, 200, 'system:masters passes a full pool');
  assert.equal(root.json().user.name, 'root');
  // The gauge counts the held request only: neither probes nor the super-user took the slot.
  const metrics = await apiRequest(s, '/metrics', { token: 'tok-root' });
  assert.match(metrics.body, /apiserver_current_inflight_requests\{request_kind="readOnly"\} 1\n/);
  const refused = await apiRequest(s, '/api/v1/pods', { token: 'tok-user' });
  assert.equal(refused.status, 429);
  assert.deepEqual(refused.json(), {
    kind: 'Status',
    apiVersion: 'v1',
    metadata: {},
    status: 'Failure',
    message: 'Too many requests, please try again later.',
    reason: 'TooManyRequests',
    details: { retryAfterSeconds: 1 },
    code: 429,
  });
  // Authentication runs first: a bad token is 401, not 429, even with the pool full.
  assert.equal((await apiRequest(s, '/api/v1/pods', { token: 'wrong' })).status, 401);
  assert.equal((await held).status, 200);
});

test('priority and fairness: system:masters is exempt from the summed limits and every response names its schema', async () => {
  const s = await start({ 'max-requests-inflight': 1, 'max-mutating-requests-inflight': 1 }, { apiHandler: echoHandler });
  const a = apiRequest(s, '/api/v1/pods?delayMs=400', { token: s.token });
  const b = apiRequest(s, '/api/v1/pods?delayMs=400', { token: s.token });
  await new Promise((r) => setTimeout(r, 100));
  const c = await apiRequest(s, '/api/v1/namespaces/a/pods', { method: 'POST', token: s.token });
  assert.equal(c.status, 200);
  assert.equal(typeof c.headers['x-kubernetes-pf-flowschema-uid'], 'string');
  assert.equal((await a).status, 200);
  assert.equal((await b).status, 200);
});

test('--request-timeout ends a slow request with a 504 Timeout Status; ?timeout= shortens it', async () => {
  const s = await start({ 'request-timeout': 300 }, { apiHandler: echoHandler });
  const t0 = performance.now();
  const r = await apiRequest(s, '/api/v1/pods?delayMs=5000', { token: s.token });
  assert.equal(r.status, 504);
  assert.equal(r.json().reason, 'Timeout');
  assert.equal(r.json().message, 'Timeout: request did not complete within requested timeout - context deadline exceeded');
  assert.ok(performance.now() - t0 < 2000);
  const t1 = performance.now();
  assert.equal((await apiRequest(s, '/api/v1/pods?delayMs=5000&timeout=100ms', { token: s.token })).status, 504);
  assert.ok(performance.now() - t1 < 290);
  const bad = await apiRequest(s, '/api/v1/pods?timeout=soon', { token: s.token });
  assert.equal(bad.status, 400);
  assert.equal((await apiRequest(s, '/api/v1/pods?delayMs=50', { token: s.token })).status, 200);
});

test('metrics count requests by verb, resource and code', async () => {
  const s = await start({}, { apiHandler: echoHandler });
  await apiRequest(s, '/apis/events.orch.io/v1/namespaces/default/events', { token: s.token });
  await apiRequest(s, '/apis/events.orch.io/v1/namespaces/default/events', { token: 'wrong' });
  const m = await apiRequest(s, '/metrics', { token: s.token });
  assert.equal(m.status, 200);
  assert.match(m.body, /apiserver_request_total\{verb="LIST",dry_run="",group="events.orch.io",version="v1",resource="events",subresource="",scope="namespace",component="apiserver",code="200"\} 1/);
  assert.match(m.body, /apiserver_request_total\{verb="LIST",[^}]*code="401"\} 1/);
  assert.match(m.body, /apiserver_request_duration_seconds_bucket\{le="0.005",verb="LIST"/);
  assert.match(m.body, /apiserver_current_inflight_requests\{request_kind="readOnly"\}/);
  assert.match(m.body, /process_resident_memory_bytes/);
});

test('--disabled-metrics and --allow-metric-labels shape the exposition', async () => {
  const s = await start(
    { 'disabled-metrics': ['apiserver_request_duration_seconds'], 'allow-metric-labels': { 'apiserver_request_total,resource': 'pods' } },
    { apiHandler: echoHandler },
  );
  await apiRequest(s, '/api/v1/pods', { token: s.token });
  await apiRequest(s, '/api/v1/nodes', { token: s.token });
  const m = (await apiRequest(s, '/metrics', { token: s.token })).body;
  assert.doesNotMatch(m, /apiserver_request_duration_seconds/);
  assert.match(m, /resource="pods"/);
  assert.match(m, /resource="unexpected"/);
  assert.doesNotMatch(m, /resource="nodes"/);
  await assert.rejects(startTestApiserver({ 'show-hidden-metrics-for-version': '1.33' }), /only the previous minor version 1.34/);
});

test('errors are pretty-printed for curl and compact otherwise; unknown paths are 404 Status', async () => {
  const s = await start();
  const compact = await apiRequest(s, '/nope', { token: s.token });
  assert.equal(compact.status, 404);
  assert.equal(compact.body.includes('\n  '), false);
  const pretty = await apiRequest(s, '/nope', { token: s.token, headers: { 'user-agent': 'curl/8.0' } });
  assert.match(pretty.body, /^\{\n {2}"kind": "Status"/);
  assert.equal(pretty.json().reason, 'NotFound');
  // The pretty parameter decides as Go's ParseBool reads it, as it does for objects.
  const asked = await apiRequest(s, '/nope?pretty=t', { token: s.token });
  assert.match(asked.body, /^\{\n {2}"kind": "Status"/);
  const refused = await apiRequest(s, '/nope?pretty=false', { token: s.token, headers: { 'user-agent': 'curl/8.0' } });
  assert.equal(refused.body.includes('\n  '), false);
  const audit = await apiRequest(s, '/healthz');
  assert.match(String(audit.headers['audit-id']), /^[0-9a-f-]{36}$/);
});
