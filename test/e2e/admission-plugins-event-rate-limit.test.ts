// EventRateLimit against the real HTTPS server: Events of both groups are refused with 429 once
// a bucket's burst is spent, per namespace and per user; other kinds are never limited; a bad
// configuration stops start-up.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { apiRequest, makeTempDir } from '../support/apiserver.ts';
import { startCoreApiserver, type CoreApiserver } from '../support/core-apiserver.ts';

const dir = makeTempDir('orch-erl-');
const tokens = join(dir, 'tokens.csv');
writeFileSync(tokens, 'admin-token,admin,u0,"system:masters"\nalice-token,alice,u1,"system:masters"\n');

function admissionConfig(name: string, limits: unknown[]): string {
  const file = join(dir, `${name}.yaml`);
  writeFileSync(
    file,
    JSON.stringify({
      apiVersion: 'apiserver.config.orch.io/v1',
      kind: 'AdmissionConfiguration',
      plugins: [{ name: 'EventRateLimit', configuration: { apiVersion: 'eventratelimit.admission.orch.io/v1alpha1', kind: 'Configuration', limits } }],
    }),
  );
  return file;
}

async function serve(limits: unknown[]): Promise<CoreApiserver> {
  return startCoreApiserver({
    'token-auth-file': tokens,
    'enable-admission-plugins': ['EventRateLimit'],
    'admission-control-config-file': admissionConfig(`c${Math.random().toString(36).slice(2)}`, limits),
  });
}

let seq = 0;
function coreEvent(ns: string) {
  return { apiVersion: 'v1', kind: 'Event', metadata: { name: `e${++seq}`, namespace: ns }, involvedObject: { kind: 'Pod', name: 'p', namespace: ns }, reason: 'R', message: 'm', source: { component: 'c' } };
}
function eventsV1(ns: string) {
  return { apiVersion: 'events.orch.io/v1', kind: 'Event', metadata: { name: `e${++seq}`, namespace: ns }, eventTime: new Date().toISOString(), reportingController: 'x/c', reportingInstance: 'i', action: 'A', reason: 'R', type: 'Normal', regarding: { kind: 'Pod', name: 'p', namespace: ns } };
}

async function post(s: CoreApiserver, token: string, path: string, body: unknown) {
  const text = JSON.stringify(body);
  const r = await apiRequest(s, path, { method: 'POST', token, headers: { 'content-type': 'application/json' }, body: text });
  return { status: r.status, body: r.json() };
}

const coreEvents = (ns: string) => `/api/v1/namespaces/${ns}/events`;
const v1Events = (ns: string) => `/apis/events.orch.io/v1/namespaces/${ns}/events`;

test('a Server limit: the burst is admitted, then 429 with Kubernetes message for Events of either group', async (t) => {
  const s = await serve([{ type: 'Server', qps: 0.001, burst: 3 }]);
  t.after(() => s.stop());
  assert.equal((await post(s, 'admin-token', coreEvents('default'), coreEvent('default'))).status, 201);
  assert.equal((await post(s, 'admin-token', v1Events('default'), eventsV1('default'))).status, 201);
  assert.equal((await post(s, 'admin-token', coreEvents('default'), coreEvent('default'))).status, 201);
  const refused = await post(s, 'admin-token', v1Events('default'), eventsV1('default'));
  assert.equal(refused.status, 429);
  assert.equal(refused.body.reason, 'TooManyRequests');
  assert.equal(refused.body.message, 'Too many requests: limit reached on type Server for key ');
  assert.equal((await post(s, 'admin-token', coreEvents('default'), coreEvent('default'))).status, 429);
  // Other kinds are never limited.
  assert.equal((await post(s, 'admin-token', '/api/v1/namespaces/default/configmaps', { metadata: { name: 'cm' } })).status, 201);
});

test('a Namespace limit keeps one bucket per namespace', async (t) => {
  const s = await serve([{ type: 'Namespace', qps: 0.001, burst: 2 }]);
  t.after(() => s.stop());
  assert.equal((await post(s, 'admin-token', '/api/v1/namespaces', { metadata: { name: 'other' } })).status, 201);
  for (let i = 0; i < 2; i++) assert.equal((await post(s, 'admin-token', coreEvents('default'), coreEvent('default'))).status, 201);
  const refused = await post(s, 'admin-token', coreEvents('default'), coreEvent('default'));
  assert.equal(refused.status, 429);
  assert.equal(refused.body.message, 'Too many requests: limit reached on type Namespace for key default');
  assert.equal((await post(s, 'admin-token', v1Events('other'), eventsV1('other'))).status, 201);
});

test('a User limit keeps one bucket per user; an update counts like a create', async (t) => {
  const s = await serve([{ type: 'User', qps: 0.001, burst: 2, cacheSize: 10 }]);
  t.after(() => s.stop());
  const ev = coreEvent('default');
  assert.equal((await post(s, 'admin-token', coreEvents('default'), ev)).status, 201);
  const put = await apiRequest(s, `${coreEvents('default')}/${ev.metadata.name}`, { method: 'PUT', token: 'admin-token', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ...ev, message: 'changed' }) });
  assert.equal(put.status, 200);
  const refused = await post(s, 'admin-token', coreEvents('default'), coreEvent('default'));
  assert.equal(refused.status, 429);
  assert.equal(refused.body.message, 'Too many requests: limit reached on type User for key admin');
  assert.equal((await post(s, 'alice-token', coreEvents('default'), coreEvent('default'))).status, 201);
});

test('a SourceAndObject limit keys by source and involved object', async (t) => {
  const s = await serve([{ type: 'SourceAndObject', qps: 0.001, burst: 1 }]);
  t.after(() => s.stop());
  assert.equal((await post(s, 'admin-token', coreEvents('default'), coreEvent('default'))).status, 201);
  assert.equal((await post(s, 'admin-token', coreEvents('default'), coreEvent('default'))).status, 429);
  const another = { ...coreEvent('default'), involvedObject: { kind: 'Pod', name: 'q', namespace: 'default' } };
  assert.equal((await post(s, 'admin-token', coreEvents('default'), another)).status, 201);
});

test('a bad EventRateLimit configuration stops start-up with every problem named', async () => {
  await assert.rejects(serve([{ type: 'Cluster', qps: 0, burst: 1 }]), (err: Error) => {
    assert.match(err.message, /couldn't init admission plugin "EventRateLimit"/);
    assert.match(err.message, /limits\[0\]\.type: Unsupported value: "Cluster"/);
    assert.match(err.message, /limits\[0\]\.qps: Invalid value: 0: must be positive/);
    return true;
  });
  await assert.rejects(serve([]), /limits: Invalid value: null: must not be empty/);
  await assert.rejects(serve([{ type: 'Server', qps: 1, burst: 1, cacheSize: 5 }]), /cacheSize is not supported for Server limit type/);
});
