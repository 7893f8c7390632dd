// Validating and mutating admission webhooks against the real HTTPS server, with a webhook
// server started here (HTTPS, trusted through caBundle): allow with warnings, deny with a
// message, patches applied (also through an equivalent resource), time-outs under each failure
// policy, namespace and object selectors, service references refused, configurations validated.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { apiRequest, makeTempDir, startTestApiserver, type TestApiserver } from '../support/apiserver.ts';
import { reviewAnswer, startWebhookServer, type WebhookServer } from '../support/webhook-server.ts';
import { startAdmissionStack, type AdmissionStack } from '../../src/apiserver/admission/plugins/testing/admission-stack.ts';
import { readJsonLines } from '../support/json-lines.ts';

const dir = makeTempDir('orch-webhook-');
let stack: AdmissionStack<TestApiserver>;
let s: TestApiserver;
let hookServer: WebhookServer;
let hookUrl = '';
let caBundle = '';
const reviews: any[] = [];

async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const r = await apiRequest(s, path, { method, token: s.token, headers: body ? { 'content-type': 'application/json', ...headers } : headers, body: body ? JSON.stringify(body) : undefined });
  return { status: r.status, headers: r.headers, body: r.body.startsWith('{') ? r.json() : r.body };
}

before(async () => {
  hookServer = await startWebhookServer(async (review, req, res) => {
    reviews.push({ path: req.url, review });
    const path = new URL(req.url ?? '/', 'https://x').pathname;
    if (path === '/allow') res.end(reviewAnswer(review, { allowed: true, warnings: ['looked at it'], auditAnnotations: { checked: 'yes' } }));
    else if (path === '/deny') res.end(reviewAnswer(review, { allowed: false, status: { code: 403, reason: 'Forbidden', message: 'the note says no' } }));
    else if (path === '/label') {
      const labels = review.request.object?.metadata?.labels;
      const ops = labels ? [{ op: 'add', path: '/metadata/labels/patched', value: 'yes' }] : [{ op: 'add', path: '/metadata/labels', value: { patched: 'yes' } }];
      res.end(reviewAnswer(review, { allowed: true, patchType: 'JSONPatch', patch: Buffer.from(JSON.stringify(ops)).toString('base64') }));
    } else if (path === '/extra') {
      // Fields a ConfigMap does not have, and an empty `,omitempty` map.
      const ops = [
        { op: 'add', path: '/spec', value: { replicas: 3 } },
        { op: 'add', path: '/metadata/bogus', value: 'x' },
        { op: 'add', path: '/data', value: { k: 'v' } },
        { op: 'add', path: '/binaryData', value: {} },
      ];
      res.end(reviewAnswer(review, { allowed: true, patchType: 'JSONPatch', patch: Buffer.from(JSON.stringify(ops)).toString('base64') }));
    } else if (path === '/wrong-type') {
      const ops = [{ op: 'add', path: '/data', value: ['not', 'a', 'map'] }];
      res.end(reviewAnswer(review, { allowed: true, patchType: 'JSONPatch', patch: Buffer.from(JSON.stringify(ops)).toString('base64') }));
    } else if (path === '/note') {
      // Sees the core form of an events.orch.io event (matched as an equivalent resource).
      const ops = [{ op: 'replace', path: '/message', value: `${review.request.object.message} (checked)` }];
      res.end(reviewAnswer(review, { allowed: true, patchType: 'JSONPatch', patch: Buffer.from(JSON.stringify(ops)).toString('base64') }));
    } else if (path === '/slow') {
      await delay(2500);
      if (!res.destroyed) res.end(reviewAnswer(review, { allowed: true }));
    } else res.end(reviewAnswer({ request: { uid: 'wrong' } }, { allowed: true }));
  });
  ({ url: hookUrl, caBundle } = hookServer);
  writeFileSync(join(dir, 'audit-policy.yaml'), 'apiVersion: audit.orch.io/v1\nkind: Policy\nrules:\n- level: Metadata\n  resources: [{group: "", resources: [configmaps]}]\n');
  stack = await startAdmissionStack({ 'data-dir': dir, 'audit-policy-file': join(dir, 'audit-policy.yaml'), 'audit-log-path': join(dir, 'audit.log') }, (values, deps) => startTestApiserver(values, deps));
  s = stack.server;
  for (let i = 0; i < 200 && (await call('GET', '/readyz')).status !== 200; i++) await delay(25);
  for (const ns of ['hooked', 'quiet']) assert.equal((await call('POST', '/api/v1/namespaces', { metadata: { name: ns, labels: { webhooks: ns === 'hooked' ? 'on' : 'off' } } })).status, 201);
});

after(async () => {
  await stack?.stop();
  await hookServer?.close();
});

const AR = '/apis/admissionregistration.orch.io/v1';
const CM = (ns: string) => `/api/v1/namespaces/${ns}/configmaps`;

function hook(name: string, path: string, extra: Record<string, unknown> = {}) {
  return {
    name,
    clientConfig: { url: `${hookUrl}${path}`, caBundle },
    rules: [{ operations: ['CREATE', 'UPDATE'], apiGroups: [''], apiVersions: ['v1'], resources: ['configmaps'] }],
    namespaceSelector: { matchLabels: { webhooks: 'on' } },
    sideEffects: 'None',
    admissionReviewVersions: ['v1'],
    timeoutSeconds: 1,
    ...extra,
  };
}

/** Creates a configuration and waits until the admission view has it. */
async function configure(t: { after(fn: () => Promise<unknown>): void }, kind: 'validating' | 'mutating', name: string, webhooks: unknown[]) {
  const plural = `${kind}webhookconfigurations`;
  const r = await call('POST', `${AR}/${plural}`, { metadata: { name }, webhooks });
  assert.equal(r.status, 201, JSON.stringify(r.body));
  const view = kind === 'validating' ? stack.registration.validatingWebhooks : stack.registration.mutatingWebhooks;
  for (let i = 0; i < 100 && !view.get(name); i++) await delay(10);
  t.after(async () => {
    await call('DELETE', `${AR}/${plural}/${name}`);
    for (let i = 0; i < 100 && view.get(name); i++) await delay(10);
  });
  return r.body;
}

let seq = 0;
const cm = (labels?: Record<string, string>) => ({ metadata: { name: `cm${++seq}`, ...(labels ? { labels } : {}) }, data: { a: 'b' } });

test('configurations are defaulted and validated as Kubernetes does', async (t) => {
  const created = await configure(t, 'validating', 'defaults', [{ ...hook('a.example.com', '/allow'), timeoutSeconds: undefined, namespaceSelector: undefined }]);
  const w = created.webhooks[0];
  assert.equal(w.failurePolicy, 'Fail');
  assert.equal(w.matchPolicy, 'Equivalent');
  assert.equal(w.timeoutSeconds, 10);
  assert.deepEqual(w.namespaceSelector, {});
  assert.equal(w.rules[0].scope, '*');

  const bad = await call('POST', `${AR}/validatingwebhookconfigurations`, {
    metadata: { name: 'bad' },
    webhooks: [
      { ...hook('two.segments', '/allow'), clientConfig: { url: 'http://127.0.0.1/x?y=1' }, timeoutSeconds: 31, sideEffects: 'Some', failurePolicy: 'Sometimes' },
      { ...hook('b.example.com', '/allow'), clientConfig: {}, admissionReviewVersions: ['v2'], rules: [{ operations: ['*', 'CREATE'], apiGroups: [], apiVersions: ['v1'], resources: ['configmaps'] }] },
    ],
  });
  assert.equal(bad.status, 422);
  const msg: string = bad.body.message;
  for (const expected of [
    'webhooks[0].name: Invalid value: "two.segments": should be a domain with at least three segments separated by dots',
    `webhooks[0].clientConfig.url: Invalid value: "http://127.0.0.1/x?y=1": 'https' is the only allowed URL scheme`,
    'webhooks[0].clientConfig.url: Invalid value: "http://127.0.0.1/x?y=1": query parameters are not permitted in the URL',
    'webhooks[0].timeoutSeconds: Invalid value: 31: the timeout value must be between 1 and 30 seconds',
    'webhooks[0].sideEffects: Unsupported value: "Some"',
    'webhooks[0].failurePolicy: Unsupported value: "Sometimes"',
    'webhooks[1].clientConfig: Required value: exactly one of url or service is required',
    'webhooks[1].admissionReviewVersions: Invalid value: ["v2"]: must include at least one of v1, v1beta1',
    `webhooks[1].rules[0].operations: Invalid value: ["*","CREATE"]: if '*' is present, must not specify other operations`,
    'webhooks[1].rules[0].apiGroups: Required value',
  ]) {
    assert.ok(msg.includes(expected), `missing ${expected} in ${msg}`);
  }
});

test('a validating webhook allows with warnings and audit annotations, or denies with its message', async (t) => {
  await configure(t, 'validating', 'allow', [hook('allow.example.com', '/allow')]);
  const ok = await call('POST', CM('hooked'), cm());
  assert.equal(ok.status, 201, JSON.stringify(ok.body));
  assert.deepEqual(ok.headers['warning'], '299 - "looked at it"');
  const seen = reviews.at(-1)!.review;
  assert.equal(seen.apiVersion, 'admission.k8s.io/v1');
  assert.equal(seen.request.operation, 'CREATE');
  assert.equal(seen.request.namespace, 'hooked');
  assert.deepEqual(seen.request.resource, { group: '', version: 'v1', resource: 'configmaps' });
  assert.equal(seen.request.userInfo.username, 'admin');
  assert.equal(seen.request.object.data.a, 'b');
  let audited: any;
  for (let i = 0; i < 50 && !audited; i++) {
    audited = readJsonLines(join(dir, 'audit.log')).find((e) => e.stage === 'ResponseComplete' && e.verb === 'create' && e.objectRef?.namespace === 'hooked');
    if (!audited) await delay(20);
  }
  assert.equal(audited.annotations['allow.example.com/checked'], 'yes');

  await configure(t, 'validating', 'deny', [hook('deny.example.com', '/deny')]);
  const refused = await call('POST', CM('hooked'), cm());
  assert.equal(refused.status, 403);
  assert.equal(refused.body.reason, 'Forbidden');
  assert.equal(refused.body.message, 'admission webhook "deny.example.com" denied the request: the note says no');
  // The namespace selector leaves the other namespace alone.
  assert.equal((await call('POST', CM('quiet'), cm())).status, 201);
});

test('an object selector picks objects by their labels', async (t) => {
  await configure(t, 'validating', 'deny-labelled', [hook('deny.example.com', '/deny', { namespaceSelector: {}, objectSelector: { matchExpressions: [{ key: 'guarded', operator: 'Exists' }] } })]);
  assert.equal((await call('POST', CM('quiet'), cm({ guarded: 'x' }))).status, 403);
  assert.equal((await call('POST', CM('quiet'), cm())).status, 201);
});

test('a mutating webhook patch is applied and stored', async (t) => {
  await configure(t, 'mutating', 'label', [hook('label.example.com', '/label')]);
  const r = await call('POST', CM('hooked'), cm({ mine: 'x' }));
  assert.equal(r.status, 201, JSON.stringify(r.body));
  assert.deepEqual(r.body.metadata.labels, { mine: 'x', patched: 'yes' });
  const stored = await call('GET', `${CM('hooked')}/${r.body.metadata.name}`);
  assert.equal(stored.body.metadata.labels.patched, 'yes');
  assert.equal((await call('POST', CM('quiet'), cm())).body.metadata.labels, undefined);
});

// Kubernetes decodes a webhook's patched object into the kind's Go type: what the type does not
// declare is dropped without a word, empty `,omitempty` fields are left out, and an object that
// does not decode is an internal error.
test('a mutating webhook\'s result is decoded through the kind: unknown fields dropped, wrong types refused', async (t) => {
  await configure(t, 'mutating', 'extra', [hook('extra.example.com', '/extra')]);
  const r = await call('POST', CM('hooked'), cm());
  assert.equal(r.status, 201, JSON.stringify(r.body));
  assert.deepEqual(r.body.data, { k: 'v' });
  assert.equal(r.body.spec, undefined);
  assert.equal(r.body.metadata.bogus, undefined);
  assert.equal('binaryData' in r.body, false);
  const stored = await call('GET', `${CM('hooked')}/${r.body.metadata.name}`);
  assert.equal(stored.body.spec, undefined);
  assert.equal(stored.body.metadata.bogus, undefined);

  await configure(t, 'mutating', 'wrong-type', [hook('wrong.example.com', '/wrong-type')]);
  const refused = await call('POST', CM('hooked'), cm());
  assert.equal(refused.status, 500, JSON.stringify(refused.body));
  assert.match(refused.body.message, /cannot unmarshal array into Go struct field ConfigMap\.data of type map\[string\]string/);
});

test('matchPolicy Equivalent: a webhook on core events sees and patches events.orch.io events; Exact does not', async (t) => {
  const rules = [{ operations: ['CREATE'], apiGroups: [''], apiVersions: ['v1'], resources: ['events'] }];
  await configure(t, 'mutating', 'note', [hook('note.example.com', '/note', { rules, namespaceSelector: {} })]);
  const ev = { apiVersion: 'events.orch.io/v1', kind: 'Event', metadata: { name: `ev${++seq}` }, eventTime: new Date().toISOString(), reportingController: 'x/c', reportingInstance: 'i', action: 'A', reason: 'R', type: 'Normal', note: 'hello', regarding: { kind: 'Pod', name: 'p', namespace: 'quiet' } };
  const r = await call('POST', '/apis/events.orch.io/v1/namespaces/quiet/events', ev);
  assert.equal(r.status, 201, JSON.stringify(r.body));
  assert.equal(r.body.note, 'hello (checked)');
  const seen = reviews.at(-1)!.review.request;
  assert.deepEqual(seen.kind, { group: '', version: 'v1', kind: 'Event' });
  assert.deepEqual(seen.requestKind, { group: 'events.orch.io', version: 'v1', kind: 'Event' });
  assert.equal(seen.object.message, 'hello');

  await configure(t, 'mutating', 'note-exact', [hook('exact.example.com', '/deny', { rules, namespaceSelector: {}, matchPolicy: 'Exact' })]);
  assert.equal((await call('POST', '/apis/events.orch.io/v1/namespaces/quiet/events', { ...ev, metadata: { name: `ev${++seq}` } })).status, 201);
});

test('a webhook that times out is ignored under Ignore and refuses the request under Fail', async (t) => {
  await configure(t, 'validating', 'slow-ignore', [hook('slow.example.com', '/slow', { failurePolicy: 'Ignore' })]);
  const started = Date.now();
  assert.equal((await call('POST', CM('hooked'), cm())).status, 201);
  assert.ok(Date.now() - started < 2400, 'the call is cut at the timeout');

  await configure(t, 'validating', 'slow-fail', [hook('slow-fail.example.com', '/slow', { failurePolicy: 'Fail' })]);
  const r = await call('POST', CM('hooked'), cm());
  assert.equal(r.status, 500);
  assert.equal(r.body.reason, 'InternalError');
  assert.match(r.body.message, /^Internal error occurred: failed calling webhook "slow-fail\.example\.com": failed to call webhook: Post "https:\/\/127\.0\.0\.1:\d+\/slow\?timeout=1s": context deadline exceeded$/);
});

test('a bad response and a service reference fail the call with a clear message', async (t) => {
  await configure(t, 'validating', 'wrong-uid', [hook('uid.example.com', '/wrong-uid')]);
  const r = await call('POST', CM('hooked'), cm());
  assert.equal(r.status, 500);
  assert.match(r.body.message, /failed calling webhook "uid\.example\.com": received invalid webhook response: expected response\.uid="[-0-9a-f]+", got "wrong"/);
  await call('DELETE', `${AR}/validatingwebhookconfigurations/wrong-uid`);

  await configure(t, 'validating', 'service', [{ ...hook('svc.example.com', '/allow'), clientConfig: { service: { namespace: 'default', name: 'hooks' } } }]);
  for (let i = 0; i < 100 && stack.registration.validatingWebhooks.get('wrong-uid'); i++) await delay(10);
  const svc = await call('POST', CM('hooked'), cm());
  assert.equal(svc.status, 500);
  assert.match(svc.body.message, /failed calling webhook "svc\.example\.com": failed to call webhook: service "hooks" not found/);
});

test('reinvocationPolicy IfNeeded calls a webhook again after a later one changed the object', async (t) => {
  const before = reviews.length;
  await configure(t, 'mutating', 'a-first', [hook('first.example.com', '/allow', { reinvocationPolicy: 'IfNeeded' })]);
  await configure(t, 'mutating', 'b-label', [hook('label.example.com', '/label')]);
  const r = await call('POST', CM('hooked'), cm());
  assert.equal(r.status, 201);
  const calls = reviews.slice(before).map((x) => x.path.split('?')[0]);
  assert.deepEqual(calls, ['/allow', '/label', '/allow']);
  assert.equal(reviews.at(-1)!.review.request.object.metadata.labels.patched, 'yes');
});
