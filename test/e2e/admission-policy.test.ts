// ValidatingAdmissionPolicy against the real HTTPS server: CEL validations deny (through either
// events group), warn, take parameters from a config map, build messages from expressions;
// policies and bindings are validated as Kubernetes validates them.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as delay } from 'node:timers/promises';
import { apiRequest, makeTempDir, startTestApiserver, type TestApiserver } from '../support/apiserver.ts';
import { startAdmissionStack, type AdmissionStack } from '../../src/apiserver/admission/plugins/testing/admission-stack.ts';

let stack: AdmissionStack<TestApiserver>;
let s: TestApiserver;

async function call(method: string, path: string, body?: unknown) {
  const r = await apiRequest(s, path, { method, token: s.token, headers: body ? { 'content-type': 'application/json' } : {}, body: body ? JSON.stringify(body) : undefined });
  return { status: r.status, headers: r.headers, body: r.body.startsWith('{') ? r.json() : r.body };
}

before(async () => {
  stack = await startAdmissionStack({ 'data-dir': makeTempDir('orch-vap-') }, (values, deps) => startTestApiserver(values, deps));
  s = stack.server;
  for (let i = 0; i < 200 && (await call('GET', '/readyz')).status !== 200; i++) await delay(25);
});
after(() => stack?.stop());

const AR = '/apis/admissionregistration.orch.io/v1';
const EVENTS_MATCH = { resourceRules: [{ operations: ['CREATE', 'UPDATE'], apiGroups: ['events.orch.io'], apiVersions: ['v1'], resources: ['events'] }] };

async function create(t: { after(fn: () => Promise<unknown>): void }, plural: string, obj: { metadata: { name: string }; spec?: unknown }) {
  const r = await call('POST', `${AR}/${plural}`, obj);
  assert.equal(r.status, 201, JSON.stringify(r.body));
  const view = plural === 'validatingadmissionpolicies' ? stack.registration.validatingPolicies : stack.registration.validatingPolicyBindings;
  for (let i = 0; i < 100 && !view.get(obj.metadata.name); i++) await delay(10);
  t.after(async () => {
    await call('DELETE', `${AR}/${plural}/${obj.metadata.name}`);
    for (let i = 0; i < 100 && view.get(obj.metadata.name); i++) await delay(10);
  });
  return r.body;
}

let seq = 0;
const v1Event = (note: string) => ({ apiVersion: 'events.orch.io/v1', kind: 'Event', metadata: { name: `ev${++seq}` }, eventTime: new Date().toISOString(), reportingController: 'x/c', reportingInstance: 'i', action: 'A', reason: 'R', type: 'Normal', note, regarding: { kind: 'Pod', name: 'p', namespace: 'default' } });
const coreEvent = (message: string) => ({ apiVersion: 'v1', kind: 'Event', metadata: { name: `ev${++seq}` }, involvedObject: { kind: 'Pod', name: 'p', namespace: 'default' }, reason: 'R', message, source: { component: 'c' } });
const V1 = '/apis/events.orch.io/v1/namespaces/default/events';
const CORE = '/api/v1/namespaces/default/events';

test('policies and bindings are defaulted and validated', async (t) => {
  const p = await create(t, 'validatingadmissionpolicies', { metadata: { name: 'defaults' }, spec: { matchConstraints: EVENTS_MATCH, validations: [{ expression: 'true' }] } });
  assert.equal(p.spec.failurePolicy, 'Fail');
  assert.equal(p.spec.matchConstraints.matchPolicy, 'Equivalent');
  const bad = await call('POST', `${AR}/validatingadmissionpolicies`, { metadata: { name: 'bad' }, spec: { failurePolicy: 'Maybe', validations: [{ expression: 'object.note.contains(', reason: 'Teapot' }] } });
  assert.equal(bad.status, 422);
  assert.match(bad.body.message, /spec\.matchConstraints: Required value/);
  assert.match(bad.body.message, /spec\.validations\[0\]\.expression: Invalid value: "object\.note\.contains\(": compilation failed: /);
  assert.match(bad.body.message, /spec\.validations\[0\]\.reason: Unsupported value: "Teapot"/);
  assert.match(bad.body.message, /spec\.failurePolicy: Unsupported value: "Maybe"/);
  const badBinding = await call('POST', `${AR}/validatingadmissionpolicybindings`, { metadata: { name: 'bad' }, spec: { policyName: 'x', validationActions: ['Deny', 'Warn'], paramRef: { name: 'a', selector: {} } } });
  assert.equal(badBinding.status, 422);
  assert.match(badBinding.body.message, /spec\.validationActions: Invalid value: .*must not contain both Deny and Warn/);
  assert.match(badBinding.body.message, /spec\.paramRef\.name: Forbidden: name and selector are mutually exclusive/);
  assert.match(badBinding.body.message, /spec\.paramRef\.parameterNotFoundAction: Required value/);
});

test('a policy denies an event whose note contains a word, through either events group', async (t) => {
  await create(t, 'validatingadmissionpolicies', {
    metadata: { name: 'no-secrets' },
    spec: { matchConstraints: EVENTS_MATCH, validations: [{ expression: "!object.note.contains('password')", message: 'notes must not mention passwords', reason: 'Forbidden' }] },
  });
  await create(t, 'validatingadmissionpolicybindings', { metadata: { name: 'no-secrets-everywhere' }, spec: { policyName: 'no-secrets', validationActions: ['Deny'] } });
  assert.equal((await call('POST', V1, v1Event('all fine'))).status, 201);
  const ev = v1Event('the password is 1234');
  const refused = await call('POST', V1, ev);
  assert.equal(refused.status, 403);
  assert.equal(refused.body.reason, 'Forbidden');
  assert.equal(refused.body.message, `events.events.orch.io "${ev.metadata.name}" is forbidden: ValidatingAdmissionPolicy 'no-secrets' with binding 'no-secrets-everywhere' denied request: notes must not mention passwords`);
  // A core event is the same object: matched as an equivalent resource, seen in the events.orch.io form.
  const core = await call('POST', CORE, coreEvent('my password'));
  assert.equal(core.status, 403);
  assert.match(core.body.message, /denied request: notes must not mention passwords$/);
});

test('the Warn action answers with a Warning header and admits; messageExpression builds the message', async (t) => {
  await create(t, 'validatingadmissionpolicies', {
    metadata: { name: 'short-notes' },
    spec: { matchConstraints: EVENTS_MATCH, validations: [{ expression: 'size(object.note) < 10', messageExpression: "'note of ' + string(size(object.note)) + ' characters is too long'" }] },
  });
  await create(t, 'validatingadmissionpolicybindings', { metadata: { name: 'short-notes-warn' }, spec: { policyName: 'short-notes', validationActions: ['Warn', 'Audit'] } });
  const r = await call('POST', V1, v1Event('a rather long note'));
  assert.equal(r.status, 201, JSON.stringify(r.body));
  assert.equal(r.headers['warning'], `299 - "Validation failed for ValidatingAdmissionPolicy 'short-notes' with binding 'short-notes-warn': note of 18 characters is too long"`);
  assert.equal((await call('POST', V1, v1Event('short'))).headers['warning'], undefined);
  // The REST layer's own warnings (an unknown field under fieldValidation=Warn) follow admission's.
  const both = await call('POST', `${V1}?fieldValidation=Warn`, { ...v1Event('another long one'), colour: 'blue' });
  assert.equal(both.status, 201, JSON.stringify(both.body));
  assert.equal(
    both.headers['warning'],
    `299 - "Validation failed for ValidatingAdmissionPolicy 'short-notes' with binding 'short-notes-warn': note of 16 characters is too long", 299 - "unknown field \\"colour\\""`,
  );
});

test('a parameter from a config map: the banned word is read per request; a missing one is denied', async (t) => {
  await create(t, 'validatingadmissionpolicies', {
    metadata: { name: 'banned-word' },
    spec: { paramKind: { apiVersion: 'v1', kind: 'ConfigMap' }, matchConstraints: EVENTS_MATCH, validations: [{ expression: '!object.note.contains(params.data.word)', messageExpression: "'the word ' + params.data.word + ' is banned'" }] },
  });
  await create(t, 'validatingadmissionpolicybindings', {
    metadata: { name: 'banned-word-default' },
    spec: { policyName: 'banned-word', validationActions: ['Deny'], paramRef: { name: 'banned', namespace: 'default', parameterNotFoundAction: 'Deny' } },
  });
  const missing = await call('POST', V1, v1Event('anything'));
  assert.equal(missing.status, 422);
  assert.match(missing.body.message, /ValidatingAdmissionPolicy 'banned-word' with binding 'banned-word-default' denied request: failed to configure binding: no params found for policy binding with `Deny` parameterNotFoundAction/);
  assert.equal((await call('POST', '/api/v1/namespaces/default/configmaps', { metadata: { name: 'banned' }, data: { word: 'cheese' } })).status, 201);
  assert.equal((await call('POST', V1, v1Event('I like bread'))).status, 201);
  const refused = await call('POST', V1, v1Event('I like cheese'));
  assert.equal(refused.status, 422);
  assert.equal(refused.body.reason, 'Invalid');
  assert.match(refused.body.message, /denied request: the word cheese is banned$/);
  // The parameter is read per request: changing it changes the verdict.
  const cm = (await call('GET', '/api/v1/namespaces/default/configmaps/banned')).body;
  assert.equal((await call('PUT', '/api/v1/namespaces/default/configmaps/banned', { ...cm, data: { word: 'bread' } })).status, 200);
  assert.equal((await call('POST', V1, v1Event('I like cheese'))).status, 201);
  assert.equal((await call('POST', V1, v1Event('I like bread'))).status, 422);
});

test('an expression that fails is ignored under failurePolicy Ignore and denies under Fail', async (t) => {
  const spec = (failurePolicy: string) => ({ matchConstraints: EVENTS_MATCH, failurePolicy, validations: [{ expression: 'object.missing.field == 1' }] });
  await create(t, 'validatingadmissionpolicies', { metadata: { name: 'broken' }, spec: spec('Ignore') });
  await create(t, 'validatingadmissionpolicybindings', { metadata: { name: 'broken' }, spec: { policyName: 'broken', validationActions: ['Deny'] } });
  assert.equal((await call('POST', V1, v1Event('x'))).status, 201);
  const current = (await call('GET', `${AR}/validatingadmissionpolicies/broken`)).body;
  assert.equal((await call('PUT', `${AR}/validatingadmissionpolicies/broken`, { ...current, spec: spec('Fail') })).status, 200);
  for (let i = 0; i < 100 && stack.registration.validatingPolicies.get('broken')?.spec.failurePolicy !== 'Fail'; i++) await delay(10);
  const r = await call('POST', V1, v1Event('x'));
  assert.equal(r.status, 422);
  assert.match(r.body.message, /denied request: expression 'object\.missing\.field == 1' resulted in error: /);
});
