// --authorization-config webhook matchConditions against the real server: CEL over the
// SubjectAccessReview spec decides whether the webhook is asked; a false condition skips it (the
// next authorizer decides), a condition that fails follows the webhook's failurePolicy.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createServer, type Server } from 'node:https';
import { stringify } from 'yaml';
import { apiRequest, makeTempDir, sharedCertDirectory, startTestApiserver, type TestApiserver } from '../support/apiserver.ts';
import { openAccessStack, type AccessStack } from '../../src/apiserver/registry/rbac/testing/access-stack.ts';

const dir = makeTempDir('orch-authz-cel-');
const BOB = 'bob-token-0123456789';
const EVE = 'eve-token-0123456789';
let hook: Server;
let server: TestApiserver;
let stack: AccessStack;
const asked: string[] = [];

function webhookEntry(name: string, path: string, failurePolicy: string, matchConditions: unknown[]) {
  const file = join(dir, `${name}.orchconfig`);
  const port = (hook.address() as { port: number }).port;
  writeFileSync(file, stringify({ apiVersion: 'v1', kind: 'Config', clusters: [{ name: 'w', cluster: { server: `https://127.0.0.1:${port}${path}`, 'certificate-authority': join(dir, 'ca.crt') } }], contexts: [{ name: 'w', context: { cluster: 'w' } }], 'current-context': 'w' }));
  return {
    type: 'Webhook',
    name,
    webhook: {
      timeout: '3s',
      subjectAccessReviewVersion: 'v1',
      matchConditionSubjectAccessReviewVersion: 'v1',
      failurePolicy,
      cacheAuthorizedRequests: false,
      cacheUnauthorizedRequests: false,
      connectionInfo: { type: 'KubeConfigFile', kubeConfigFile: file },
      matchConditions,
    },
  };
}

before(async () => {
  const certs = await sharedCertDirectory();
  writeFileSync(join(dir, 'ca.crt'), readFileSync(join(certs, 'apiserver.crt')));
  hook = createServer({ cert: readFileSync(join(certs, 'apiserver.crt')), key: readFileSync(join(certs, 'apiserver.key')) }, (req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const review = JSON.parse(body);
      asked.push(`${req.url} ${review.spec.user} ${review.spec.resourceAttributes?.namespace ?? review.spec.nonResourceAttributes?.path}`);
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ apiVersion: review.apiVersion, kind: 'SubjectAccessReview', status: { allowed: false, denied: true, reason: 'the guard says no' } }));
    });
  });
  await new Promise<void>((r) => hook.listen(0, '127.0.0.1', r));
  const tokens = join(dir, 'tokens.csv');
  writeFileSync(tokens, `${BOB},bob,bob-uid,"dev"\n${EVE},eve,eve-uid,"dev"\n`);
  const config = join(dir, 'authz.yaml');
  writeFileSync(
    config,
    stringify({
      apiVersion: 'apiserver.config.orch.io/v1',
      kind: 'AuthorizationConfiguration',
      authorizers: [
        webhookEntry('guard', '/guard', 'NoOpinion', [
          { expression: 'has(request.resourceAttributes)' },
          { expression: "request.resourceAttributes.namespace == 'guarded'" },
          { expression: "!('admins' in request.groups)" },
        ]),
        // request.extra has no such key for these users: the condition fails, and Deny applies.
        webhookEntry('strict', '/strict', 'Deny', [{ expression: "request.user == 'eve' && request.extra['example.com/team'][0] == 'x'" }]),
        { type: 'AlwaysAllow', name: 'rest' },
      ],
    }),
  );
  stack = await openAccessStack();
  server = await startTestApiserver({ 'token-auth-file': tokens, 'authorization-config': config }, stack.deps);
  // Health reports the bootstrap policy hook until it has finished.
  for (let i = 0; i < 200 && (await apiRequest(server, '/healthz', { token: BOB })).status !== 200; i++) await new Promise((r) => setTimeout(r, 25));
});

after(async () => {
  await server?.stop();
  await stack?.close();
  hook?.closeAllConnections();
  await new Promise((r) => hook?.close(r));
});

const get = async (path: string, token: string) => {
  const r = await apiRequest(server, path, { token });
  return { status: r.status, body: r.body.startsWith('{') ? r.json() : r.body };
};

test('a false match condition skips the webhook and the next authorizer decides', async () => {
  asked.length = 0;
  const r = await get('/api/v1/namespaces/default/events', BOB);
  assert.equal(r.status, 200, JSON.stringify(r.body));
  assert.equal((await get('/healthz', BOB)).status, 200);
  assert.deepEqual(asked, []);
});

test('when every condition holds the webhook is asked and its denial stands', async () => {
  asked.length = 0;
  const r = await get('/api/v1/namespaces/guarded/events', BOB);
  assert.equal(r.status, 403);
  assert.match(r.body.message, /: the guard says no$/);
  assert.deepEqual(asked, ['/guard bob guarded']);
});

test('a condition that fails follows failurePolicy: Deny refuses without asking the webhook', async () => {
  asked.length = 0;
  const r = await get('/api/v1/namespaces/default/events', EVE);
  assert.equal(r.status, 403);
  assert.match(r.body.message, /webhook "strict": failed to evaluate match conditions: expression .* resulted in error: No such key: example\.com\/team/);
  assert.deepEqual(asked, []);
});

test('match conditions that do not compile stop the start', async () => {
  const bad = join(dir, 'bad.yaml');
  writeFileSync(bad, stringify({ apiVersion: 'apiserver.config.orch.io/v1', kind: 'AuthorizationConfiguration', authorizers: [webhookEntry('bad', '/bad', 'Deny', [{ expression: 'request.user ==' }])] }));
  await assert.rejects(startTestApiserver({ 'authorization-config': bad }, stack.deps), /authorizers\[0\]\.webhook\.matchConditions\[0\]\.expression: Invalid value: "request\.user ==": compilation failed/);
});
