// Webhook token authentication against a TokenReview server the test runs: the wire form, the
// answer mapped to a user, refusals, caching of both answers, and a webhook that fails.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { startTestApiserver, apiRequest, makeTempDir, type TestApiserver } from '../support/apiserver.ts';
import { createTestCA, SERVER_AUTH } from '../support/authn-pki.ts';
import { requestContext, type Handler } from '../../src/component-base/serving/request-context.ts';
import { writeJson } from '../../src/component-base/serving/responses.ts';

const echoUser: Handler = (req, res) => writeJson(req, res, 200, { user: requestContext(req).user });

let webhook: Server;
let webhookURL = '';
const reviews: Array<{ authorization?: string; body: any }> = [];
let failNext = 0;

function orchconfig(extra: { token?: string; ca: string }): string {
  const dir = makeTempDir('orch-webhook-');
  writeFileSync(join(dir, 'ca.crt'), extra.ca);
  const file = join(dir, 'webhook.yaml');
  writeFileSync(
    file,
    stringify({
      apiVersion: 'v1',
      kind: 'Config',
      clusters: [{ name: 'authn', cluster: { server: `${webhookURL}/authenticate`, 'certificate-authority': 'ca.crt' } }],
      users: [{ name: 'apiserver', user: { token: extra.token ?? 'webhook-secret' } }],
      contexts: [{ name: 'ctx', context: { cluster: 'authn', user: 'apiserver' } }],
      'current-context': 'ctx',
    }),
  );
  return file;
}

let caPem = '';
const servers: TestApiserver[] = [];

before(async () => {
  const ca = await createTestCA('webhook-ca');
  caPem = ca.certPem;
  const serving = await ca.issue('CN=127.0.0.1', { usages: [SERVER_AUTH], hosts: ['127.0.0.1'] });
  webhook = createServer({ cert: serving.certPem, key: serving.keyPem }, (req, res) => {
    let text = '';
    req.on('data', (c) => (text += c));
    req.on('end', () => {
      const body = JSON.parse(text);
      reviews.push({ authorization: req.headers.authorization, body });
      if (failNext > 0) {
        failNext--;
        res.writeHead(500).end('boom');
        return;
      }
      const token = body.spec.token;
      const status =
        token.startsWith('good-')
          ? { authenticated: true, user: { username: 'grace', uid: 'uid-g', groups: ['ops'], extra: { scopes: ['a', 'b'] } } }
          : token === 'err-token'
            ? { authenticated: false, error: 'token revoked' }
            : { authenticated: false };
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ apiVersion: body.apiVersion, kind: 'TokenReview', status }));
    });
  });
  await new Promise<void>((resolve) => webhook.listen(0, '127.0.0.1', resolve));
  webhookURL = `https://127.0.0.1:${(webhook.address() as AddressInfo).port}`;
});

after(async () => {
  for (const s of servers) await s.stop();
  webhook.closeAllConnections();
  await new Promise((r) => webhook.close(r));
});

async function start(values: Record<string, unknown>): Promise<TestApiserver> {
  const s = await startTestApiserver({ 'authentication-token-webhook-config-file': orchconfig({ ca: caPem }), ...values } as never, { apiHandler: echoUser });
  servers.push(s);
  return s;
}

const path = '/api/v1/pods';

test('a v1beta1 TokenReview in Kubernetes\' wire form; the answer names the user', async () => {
  const s = await start({ 'api-audiences': ['https://orch.test'] });
  reviews.length = 0;
  const r = await apiRequest(s, path, { token: 'good-token' });
  assert.equal(r.status, 200);
  assert.deepEqual(r.json().user, { name: 'grace', uid: 'uid-g', groups: ['ops', 'system:authenticated'], extra: { scopes: ['a', 'b'] } });
  assert.equal(reviews.length, 1);
  assert.equal(reviews[0]!.authorization, 'Bearer webhook-secret', 'the orchconfig user\'s token authenticates the server to the webhook');
  assert.deepEqual(reviews[0]!.body, {
    apiVersion: 'authentication.k8s.io/v1beta1',
    kind: 'TokenReview',
    metadata: { creationTimestamp: null },
    spec: { token: 'good-token', audiences: ['https://orch.test'] },
    status: { user: {} },
  });
});

test('refusals are 401; both answers are cached for the TTL; the admin token never reaches the webhook', async () => {
  const s = await start({ 'authentication-token-webhook-version': 'v1', 'authentication-token-webhook-cache-ttl': 60_000 });
  reviews.length = 0;
  for (let i = 0; i < 3; i++) {
    assert.equal((await apiRequest(s, path, { token: 'good-token' })).status, 200);
    assert.equal((await apiRequest(s, path, { token: 'bad-token' })).status, 401);
    assert.equal((await apiRequest(s, path, { token: 'err-token' })).status, 401);
  }
  assert.deepEqual(reviews.map((r) => r.body.spec.token), ['good-token', 'bad-token', 'err-token'], 'one review per token');
  assert.equal(reviews[0]!.body.apiVersion, 'authentication.k8s.io/v1');
  assert.equal((await apiRequest(s, path, { token: s.token })).status, 200);
  assert.equal(reviews.length, 3, 'a token file token is settled before the webhook is asked');
});

test('with a zero TTL refusals are asked every time; a failing webhook is retried, then the request is 401', async () => {
  const s = await start({ 'authentication-token-webhook-cache-ttl': 0 });
  reviews.length = 0;
  await apiRequest(s, path, { token: 'bad-token' });
  await apiRequest(s, path, { token: 'bad-token' });
  assert.equal(reviews.length, 2);
  await apiRequest(s, path, { token: 'good-1' });
  await apiRequest(s, path, { token: 'good-1' });
  assert.equal(reviews.length, 3, 'as in kube-apiserver, accepted tokens are still remembered for 10 s');
  failNext = 1;
  assert.equal((await apiRequest(s, path, { token: 'good-2' })).status, 200, 'one 500 is retried');
  failNext = 10;
  const r = await apiRequest(s, path, { token: 'good-3' });
  assert.equal(r.status, 401);
  failNext = 0;
});

test('a webhook configuration without a usable server is refused at start-up', async () => {
  const dir = makeTempDir('orch-webhook-bad-');
  const file = join(dir, 'bad.yaml');
  writeFileSync(file, stringify({ clusters: [{ name: 'c', cluster: { server: 'http://plain.example' } }] }));
  await assert.rejects(startTestApiserver({ 'authentication-token-webhook-config-file': file }), /server URL must use https/);
  await assert.rejects(startTestApiserver({ 'authentication-token-webhook-config-file': join(dir, 'missing.yaml') }), /missing.yaml: ENOENT/);
});
