// CEL in admission against the real HTTPS server with RBAC: webhook matchConditions (a false
// condition skips the webhook, an error follows failurePolicy, the `authorizer` variable asks
// the server's authorizer) and authorizer checks in a ValidatingAdmissionPolicy.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { apiRequest, makeTempDir, startTestApiserver, type TestApiserver } from '../support/apiserver.ts';
import { reviewAnswer, startWebhookServer, type WebhookServer } from '../support/webhook-server.ts';
import { startAdmissionStack, type AdmissionStack } from '../../src/apiserver/admission/plugins/testing/admission-stack.ts';

const dir = makeTempDir('orch-webhook-match-');
let stack: AdmissionStack<TestApiserver>;
let s: TestApiserver;
let hookServer: WebhookServer;
let hookUrl = '';
let caBundle = '';
const calls: string[] = [];
const ADMIN = 'admin-token-0123456789';
const ALICE = 'alice-token-0123456789';
const BOB = 'bob-token-0123456789';

async function call(method: string, path: string, body?: unknown, token = ADMIN) {
  const r = await apiRequest(s, path, { method, token, headers: body ? { 'content-type': 'application/json' } : {}, body: body ? JSON.stringify(body) : undefined });
  return { status: r.status, body: r.body.startsWith('{') ? r.json() : r.body };
}

before(async () => {
  hookServer = await startWebhookServer((review, req, res) => {
    calls.push(`${req.url} ${review.request.name}`);
    res.end(reviewAnswer(review, { allowed: false, status: { message: 'the hook says no' } }));
  });
  ({ url: hookUrl, caBundle } = hookServer);
  const tokens = join(dir, 'tokens.csv');
  writeFileSync(tokens, `${ADMIN},admin,admin-uid,"system:masters"\n${ALICE},alice,alice-uid,"team"\n${BOB},bob,bob-uid,"team"\n`);
  stack = await startAdmissionStack({ 'data-dir': dir, 'token-auth-file': tokens, 'authorization-mode': ['RBAC'] }, (values, deps) => startTestApiserver(values, deps));
  s = stack.server;
  for (let i = 0; i < 200 && (await call('GET', '/readyz')).status !== 200; i++) await delay(25);
  // The team may write config maps in "team"; only alice may also delete secrets there.
  assert.equal((await call('POST', '/api/v1/namespaces', { metadata: { name: 'team' } })).status, 201);
  const RBAC = '/apis/rbac.authorization.orch.io/v1/namespaces/team';
  await call('POST', `${RBAC}/roles`, { metadata: { name: 'cm' }, rules: [{ apiGroups: [''], resources: ['configmaps'], verbs: ['*'] }] });
  await call('POST', `${RBAC}/rolebindings`, { metadata: { name: 'cm' }, roleRef: { apiGroup: 'rbac.authorization.orch.io', kind: 'Role', name: 'cm' }, subjects: [{ kind: 'Group', name: 'team', apiGroup: 'rbac.authorization.orch.io' }] });
  await call('POST', `${RBAC}/roles`, { metadata: { name: 'secrets' }, rules: [{ apiGroups: [''], resources: ['secrets'], verbs: ['delete'] }] });
  await call('POST', `${RBAC}/rolebindings`, { metadata: { name: 'secrets' }, roleRef: { apiGroup: 'rbac.authorization.orch.io', kind: 'Role', name: 'secrets' }, subjects: [{ kind: 'User', name: 'alice', apiGroup: 'rbac.authorization.orch.io' }] });
});

after(async () => {
  await stack?.stop();
  await hookServer?.close();
});

const AR = '/apis/admissionregistration.orch.io/v1';
const CM = '/api/v1/namespaces/team/configmaps';
let seq = 0;
const cm = (labels: Record<string, string> = {}) => ({ metadata: { name: `cm${++seq}`, labels } });

async function until(check: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 200 && !(await check()); i++) await delay(10);
}

async function webhookConfiguration(t: { after(fn: () => Promise<unknown>): void }, name: string, conditions: unknown[], failurePolicy = 'Fail') {
  const r = await call('POST', `${AR}/validatingwebhookconfigurations`, {
    metadata: { name },
    webhooks: [
      {
        name: `${name}.example.com`,
        clientConfig: { url: `${hookUrl}/${name}`, caBundle },
        rules: [{ operations: ['CREATE'], apiGroups: [''], apiVersions: ['v1'], resources: ['configmaps'] }],
        sideEffects: 'None',
        admissionReviewVersions: ['v1'],
        failurePolicy,
        matchConditions: conditions,
      },
    ],
  });
  assert.equal(r.status, 201, JSON.stringify(r.body));
  await until(async () => stack.registration.validatingWebhooks.list().some((c) => c.metadata.name === name));
  t.after(async () => {
    await call('DELETE', `${AR}/validatingwebhookconfigurations/${name}`);
    await until(async () => !stack.registration.validatingWebhooks.list().some((c) => c.metadata.name === name));
  });
}

test('a false match condition skips the webhook; a true one calls it', async (t) => {
  await webhookConfiguration(t, 'labelled', [
    { name: 'labelled', expression: "has(object.metadata.labels) && 'checked' in object.metadata.labels" },
    { name: 'not-admin', expression: "request.userInfo.username != 'nobody'" },
  ]);
  calls.length = 0;
  assert.equal((await call('POST', CM, cm())).status, 201);
  assert.deepEqual(calls, []);
  const refused = await call('POST', CM, cm({ checked: 'yes' }));
  assert.equal(refused.status, 400);
  assert.match(refused.body.message, /admission webhook "labelled.example.com" denied the request: the hook says no/);
  assert.equal(calls.length, 1);
});

test('a match condition that fails to evaluate refuses under Fail and skips the webhook under Ignore', async (t) => {
  await webhookConfiguration(t, 'broken', [{ name: 'missing', expression: "object.data.missing == 'x'" }], 'Fail');
  const refused = await call('POST', CM, { ...cm(), data: { other: 'y' } });
  assert.equal(refused.status, 500);
  assert.match(refused.body.message, /failed calling webhook "broken.example.com": failed evaluating match conditions: expression 'object.data.missing == 'x'' resulted in error: No such key: missing/);
  await call('DELETE', `${AR}/validatingwebhookconfigurations/broken`);
  await until(async () => !stack.registration.validatingWebhooks.list().some((c) => c.metadata.name === 'broken'));
  await webhookConfiguration(t, 'lenient', [{ name: 'missing', expression: "object.data.missing == 'x'" }], 'Ignore');
  calls.length = 0;
  assert.equal((await call('POST', CM, { ...cm(), data: { other: 'y' } })).status, 201);
  assert.deepEqual(calls, []);
});

test('match conditions that do not compile are refused when the configuration is written', async () => {
  const r = await call('POST', `${AR}/validatingwebhookconfigurations`, {
    metadata: { name: 'bad' },
    webhooks: [
      {
        name: 'bad.example.com',
        clientConfig: { url: `${hookUrl}/bad`, caBundle },
        sideEffects: 'None',
        admissionReviewVersions: ['v1'],
        matchConditions: [
          { name: 'syntax', expression: 'object.metadata.name ==' },
          { name: 'params', expression: 'params.x == 1' },
        ],
      },
    ],
  });
  assert.equal(r.status, 422);
  assert.match(r.body.message, /webhooks\[0\]\.matchConditions\[0\]\.expression: Invalid value: "object\.metadata\.name ==": compilation failed: /);
  assert.match(r.body.message, /webhooks\[0\]\.matchConditions\[1\]\.expression: Invalid value: "params\.x == 1": compilation failed: /);
});

test("the authorizer variable in a match condition asks the server's authorizer about the requesting user", async (t) => {
  // Only users who may not delete secrets are reviewed by the webhook.
  await webhookConfiguration(t, 'untrusted', [{ name: 'untrusted', expression: "!authorizer.group('').resource('secrets').namespace('team').check('delete').allowed()" }]);
  calls.length = 0;
  assert.equal((await call('POST', CM, cm(), ALICE)).status, 201);
  assert.deepEqual(calls, []);
  const bob = await call('POST', CM, cm(), BOB);
  assert.equal(bob.status, 400);
  assert.equal(calls.length, 1);
});

test('a ValidatingAdmissionPolicy checks permissions through authorizer, serviceAccount and requestResource', async (t) => {
  const policy = {
    metadata: { name: 'guarded-labels' },
    spec: {
      matchConstraints: { resourceRules: [{ operations: ['CREATE'], apiGroups: [''], apiVersions: ['v1'], resources: ['configmaps'] }] },
      validations: [
        {
          expression: "!has(object.metadata.labels) || !('protected' in object.metadata.labels) || authorizer.group('').resource('secrets').namespace(object.metadata.namespace).check('delete').allowed()",
          messageExpression: "'user ' + request.userInfo.username + ' may not set the protected label'",
        },
        { expression: "authorizer.requestResource.check('create').allowed()" },
        { expression: "!authorizer.serviceAccount('team', 'robot').group('').resource('configmaps').namespace('team').check('create').allowed()", message: 'robots may not write here' },
        { expression: "authorizer.path('/healthz').check('get').allowed()" },
      ],
    },
  };
  assert.equal((await call('POST', `${AR}/validatingadmissionpolicies`, policy)).status, 201);
  assert.equal((await call('POST', `${AR}/validatingadmissionpolicybindings`, { metadata: { name: 'guarded-labels' }, spec: { policyName: 'guarded-labels', validationActions: ['Deny'] } })).status, 201);
  t.after(async () => {
    await call('DELETE', `${AR}/validatingadmissionpolicybindings/guarded-labels`);
    await call('DELETE', `${AR}/validatingadmissionpolicies/guarded-labels`);
    await until(async () => !stack.registration.validatingPolicyBindings.list().length);
  });
  await until(async () => stack.registration.validatingPolicyBindings.list().length === 1 && !!stack.registration.validatingPolicies.get('guarded-labels'));
  assert.equal((await call('POST', CM, cm({ protected: 'yes' }), ALICE)).status, 201);
  assert.equal((await call('POST', CM, cm(), BOB)).status, 201);
  const refused = await call('POST', CM, cm({ protected: 'yes' }), BOB);
  assert.equal(refused.status, 422);
  assert.match(refused.body.message, /ValidatingAdmissionPolicy 'guarded-labels' with binding 'guarded-labels' denied request: user bob may not set the protected label$/);
  // The robot service account gains the right: the policy now refuses everyone.
  const RBAC = '/apis/rbac.authorization.orch.io/v1/namespaces/team';
  await call('POST', `${RBAC}/rolebindings`, { metadata: { name: 'robot' }, roleRef: { apiGroup: 'rbac.authorization.orch.io', kind: 'Role', name: 'cm' }, subjects: [{ kind: 'ServiceAccount', name: 'robot', namespace: 'team' }] });
  t.after(() => call('DELETE', `${RBAC}/rolebindings/robot`));
  let robot: Awaited<ReturnType<typeof call>> | undefined;
  await until(async () => (robot = await call('POST', CM, cm(), ALICE)).status !== 201);
  assert.equal(robot!.status, 422);
  assert.match(robot!.body.message, /denied request: robots may not write here$/);
});

test('the server does not type check a policy on write: the status controller does', async (t) => {
  const r = await call('POST', `${AR}/validatingadmissionpolicies`, {
    metadata: { name: 'typed' },
    spec: {
      matchConstraints: { resourceRules: [{ operations: ['CREATE'], apiGroups: ['events.orch.io'], apiVersions: ['v1'], resources: ['events'] }] },
      validations: [{ expression: 'object.message.size() < 10' }],
    },
  });
  t.after(() => call('DELETE', `${AR}/validatingadmissionpolicies/typed`));
  assert.equal(r.status, 201, JSON.stringify(r.body));
  assert.equal(r.body.status?.typeChecking, undefined);
  assert.equal(r.body.metadata.generation, 1);
});
