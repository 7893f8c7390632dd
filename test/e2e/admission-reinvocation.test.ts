// Reinvocation across admission plugins against the real HTTPS server: a MutatingAdmissionPolicy
// with reinvocationPolicy IfNeeded runs again after a webhook changed the object, and an IfNeeded
// webhook is called again after a policy changed it in that extra round; with Never, neither is.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as delay } from 'node:timers/promises';
import { apiRequest, makeTempDir, startTestApiserver, type TestApiserver } from '../support/apiserver.ts';
import { reviewAnswer, startWebhookServer, type WebhookServer } from '../support/webhook-server.ts';
import { installMutatingPolicy } from '../support/mutating-policy.ts';
import { startAdmissionStack, type AdmissionStack } from '../../src/apiserver/admission/plugins/testing/admission-stack.ts';

let stack: AdmissionStack<TestApiserver>;
let s: TestApiserver;
let hookServer: WebhookServer;
const calls: string[] = [];

async function call(method: string, path: string, body?: unknown) {
  const r = await apiRequest(s, path, { method, token: s.token, headers: body ? { 'content-type': 'application/json' } : {}, body: body ? JSON.stringify(body) : undefined });
  return { status: r.status, body: r.body.startsWith('{') ? r.json() : r.body };
}

/** Adds a label through a JSON patch; the path says which: /add/<label>, or /add/<label>/if/<other>. */
function labelPatch(path: string, labels: Record<string, string> | undefined): unknown[] {
  const [, , label, , when] = path.split('/');
  if (!label || (when && !labels?.[when]) || labels?.[label]) return [];
  return labels ? [{ op: 'add', path: `/metadata/labels/${label}`, value: 'from-webhook' }] : [{ op: 'add', path: '/metadata/labels', value: { [label]: 'from-webhook' } }];
}

before(async () => {
  hookServer = await startWebhookServer((review, req, res) => {
    const path = new URL(req.url ?? '/', 'https://x').pathname;
    calls.push(path);
    const ops = labelPatch(path, review.request.object?.metadata?.labels);
    res.end(reviewAnswer(review, ops.length ? { allowed: true, patchType: 'JSONPatch', patch: Buffer.from(JSON.stringify(ops)).toString('base64') } : { allowed: true }));
  });
  // As the daemon serves it: the v1beta1 kinds need --runtime-config as well as the feature gate.
  stack = await startAdmissionStack({ 'data-dir': makeTempDir('orch-reinvoke-'), 'runtime-config': { 'admissionregistration.orch.io/v1beta1': 'true' } }, (values, deps) => startTestApiserver(values, deps), {
    featureGates: { enabled: (name) => name === 'MutatingAdmissionPolicy' },
  });
  s = stack.server;
  for (let i = 0; i < 200 && (await call('GET', '/readyz')).status !== 200; i++) await delay(25);
});

after(async () => {
  await stack?.stop();
  await hookServer?.close();
});

type Cleanup = { after(fn: () => Promise<unknown>): void };
const CM = '/api/v1/namespaces/default/configmaps';
const RULES = [{ operations: ['CREATE', 'UPDATE'], apiGroups: [''], apiVersions: ['v1'], resources: ['configmaps'] }];
let seq = 0;

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !check(); i++) await delay(10);
}

/** A policy (and its binding) adding `label` once `when` is present. */
async function labelPolicy(t: Cleanup, name: string, label: string, when: string, reinvocationPolicy: 'IfNeeded' | 'Never') {
  await installMutatingPolicy(t, call, stack.registration, name, {
    matchConstraints: { resourceRules: RULES },
    reinvocationPolicy,
    matchConditions: [{ name: 'has-label', expression: `has(object.metadata.labels) && "${when}" in object.metadata.labels` }],
    mutations: [{ patchType: 'ApplyConfiguration', applyConfiguration: { expression: `Object{metadata: Object.metadata{labels: {"${label}": "from-policy"}}}` } }],
  });
}

/** A mutating webhook configuration with one webhook calling `path` on the test's webhook server. */
async function labelWebhook(t: Cleanup, name: string, path: string, reinvocationPolicy: 'IfNeeded' | 'Never') {
  const AR = '/apis/admissionregistration.orch.io/v1';
  const hook = { name: `${name}.example.com`, clientConfig: { url: `${hookServer.url}${path}`, caBundle: hookServer.caBundle }, rules: RULES, sideEffects: 'None', admissionReviewVersions: ['v1'], timeoutSeconds: 2, reinvocationPolicy };
  const r = await call('POST', `${AR}/mutatingwebhookconfigurations`, { metadata: { name }, webhooks: [hook] });
  assert.equal(r.status, 201, JSON.stringify(r.body));
  await until(() => !!stack.registration.mutatingWebhooks.get(name));
  t.after(async () => {
    await call('DELETE', `${AR}/mutatingwebhookconfigurations/${name}`);
    await until(() => !stack.registration.mutatingWebhooks.get(name));
  });
}

/** Creates a config map; returns its stored labels and the webhook paths called meanwhile. */
async function createConfigMap(): Promise<{ labels: Record<string, string>; called: string[] }> {
  const from = calls.length;
  const created = await call('POST', CM, { metadata: { name: `cm${++seq}` }, data: { k: 'v' } });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  const stored = await call('GET', `${CM}/cm${seq}`);
  return { labels: stored.body.metadata.labels, called: calls.slice(from) };
}

test('an IfNeeded policy runs again after a webhook added the label it waits for', async (t) => {
  await labelPolicy(t, 'a-if-b', 'a', 'b', 'IfNeeded');
  await labelWebhook(t, 'add-b', '/add/b', 'Never');
  const { labels, called } = await createConfigMap();
  assert.deepEqual(labels, { b: 'from-webhook', a: 'from-policy' });
  // The policy's change does not call the Never webhook again.
  assert.deepEqual(called, ['/add/b']);
});

test('a Never policy is not run again: the object keeps only the webhook label', async (t) => {
  await labelPolicy(t, 'a-if-b', 'a', 'b', 'Never');
  await labelWebhook(t, 'add-b', '/add/b', 'Never');
  const { labels, called } = await createConfigMap();
  assert.deepEqual(labels, { b: 'from-webhook' });
  assert.deepEqual(called, ['/add/b']);
});

test('an IfNeeded webhook is called again after a policy changed the object in the extra round', async (t) => {
  // Round one: the policy waits for b, "a-d-if-c" waits for c, "b-add" adds b.
  // Extra round: the policy adds c, so the IfNeeded webhook is called again and adds d.
  await labelPolicy(t, 'c-if-b', 'c', 'b', 'IfNeeded');
  await labelWebhook(t, 'a-d-if-c', '/add/d/if/c', 'IfNeeded');
  await labelWebhook(t, 'b-add', '/add/b', 'Never');
  const { labels, called } = await createConfigMap();
  assert.deepEqual(labels, { b: 'from-webhook', c: 'from-policy', d: 'from-webhook' });
  assert.deepEqual(called, ['/add/d/if/c', '/add/b', '/add/d/if/c']);
});

test('a Never webhook is not called again after a policy changed the object', async (t) => {
  await labelPolicy(t, 'c-if-b', 'c', 'b', 'IfNeeded');
  await labelWebhook(t, 'a-d-if-c', '/add/d/if/c', 'Never');
  await labelWebhook(t, 'b-add', '/add/b', 'Never');
  const { labels, called } = await createConfigMap();
  assert.deepEqual(labels, { b: 'from-webhook', c: 'from-policy' });
  assert.deepEqual(called, ['/add/d/if/c', '/add/b']);
});
