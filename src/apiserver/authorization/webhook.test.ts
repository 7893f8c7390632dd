// The webhook authorizer against a real HTTPS test service: the SubjectAccessReview it posts in
// both wire versions, the decisions it reads, its cache (allowed answers for the authorized TTL,
// others for the unauthorized TTL) and its failure decision.
import { test, before, after, mock } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { generateSelfSignedCertKey } from '../../component-base/certs/self-signed.ts';
import { webhookAuthorizer, type WebhookAuthorizerOptions } from './webhook.ts';
import type { Attributes } from '../../machinery/authorization/types.ts';

interface Seen {
  body: any;
  authorization: string | undefined;
}

let server: Server;
let url = '';
let ca = '';
const seen: Seen[] = [];
/** What the service answers next: a status code and a body (built from the request). */
let answer: (review: any) => { code: number; body: unknown } = () => ({ code: 200, body: {} });

before(async () => {
  const pair = await generateSelfSignedCertKey('127.0.0.1', ['127.0.0.1']);
  ca = pair.caCert || pair.cert;
  server = createServer({ cert: pair.cert, key: pair.key }, (req, res) => {
    let text = '';
    req.on('data', (c) => (text += c));
    req.on('end', () => {
      const body = JSON.parse(text);
      seen.push({ body, authorization: req.headers.authorization });
      const { code, body: out } = answer(body);
      res.writeHead(code, { 'content-type': 'application/json' }).end(typeof out === 'string' ? out : JSON.stringify(out));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `https://127.0.0.1:${(server.address() as AddressInfo).port}/authorize`;
});
after(() => {
  server.closeAllConnections();
  server.close();
});

const reply = (allowed: boolean, extra: Record<string, unknown> = {}) => (review: any) => ({
  code: 200,
  body: { apiVersion: review.apiVersion, kind: 'SubjectAccessReview', status: { allowed, ...extra } },
});

function authorizer(over: Partial<WebhookAuthorizerOptions> = {}) {
  seen.length = 0;
  return webhookAuthorizer({ client: { server: url, ca, token: 'webhook-secret', insecureSkipTLSVerify: false }, version: 'v1', authorizedTTLms: 60_000, unauthorizedTTLms: 5_000, ...over });
}

const alice = { name: 'alice', uid: 'uid-1', groups: ['dev', 'system:authenticated'], extra: { scopes: ['a', 'b'] } };
const get = (name: string, over: Partial<Attributes> = {}): Attributes => ({
  user: alice, verb: 'get', isResourceRequest: true, path: `/api/v1/namespaces/ns/configmaps/${name}`, namespace: 'ns', apiGroup: '', apiVersion: 'v1', resource: 'configmaps', subresource: '', name, ...over,
});

test('v1: the review names the user in spec.groups and the request in resourceAttributes, empty fields left out', async () => {
  answer = reply(true, { reason: 'fine' });
  const authz = authorizer();
  assert.deepEqual(await authz.authorize(get('one')), { decision: 'allow', reason: 'fine' });
  assert.equal(seen.length, 1);
  assert.equal(seen[0]!.authorization, 'Bearer webhook-secret');
  assert.deepEqual(seen[0]!.body, {
    apiVersion: 'authorization.k8s.io/v1',
    kind: 'SubjectAccessReview',
    metadata: { creationTimestamp: null },
    spec: {
      resourceAttributes: { namespace: 'ns', verb: 'get', version: 'v1', resource: 'configmaps', name: 'one' },
      user: 'alice',
      groups: ['dev', 'system:authenticated'],
      uid: 'uid-1',
      extra: { scopes: ['a', 'b'] },
    },
    status: { allowed: false },
  });
  await authz.authorize(get('', { isResourceRequest: false, path: '/metrics', namespace: '', resource: '', apiVersion: '', name: '' }));
  assert.deepEqual(seen[1]!.body.spec.nonResourceAttributes, { path: '/metrics', verb: 'get' });
  assert.equal(seen[1]!.body.spec.resourceAttributes, undefined);
});

test('v1beta1: the body says authorization.k8s.io/v1beta1 and the groups field is `group`', async () => {
  answer = reply(true);
  const authz = authorizer({ version: 'v1beta1' });
  assert.equal((await authz.authorize(get('one', { apiGroup: 'events.orch.io', resource: 'events', subresource: 'status' }))).decision, 'allow');
  const body = seen[0]!.body;
  assert.equal(body.apiVersion, 'authorization.k8s.io/v1beta1');
  assert.deepEqual(body.spec.group, ['dev', 'system:authenticated']);
  assert.equal('groups' in body.spec, false);
  assert.deepEqual(body.spec.resourceAttributes, { namespace: 'ns', verb: 'get', group: 'events.orch.io', version: 'v1', resource: 'events', subresource: 'status', name: 'one' });
  // An answer in the other version is a failure, not a decision.
  answer = (review) => ({ code: 200, body: { apiVersion: 'authorization.k8s.io/v1', kind: 'SubjectAccessReview', status: { allowed: true, review: review.kind } } });
  const wrong = await authz.authorize(get('two'));
  assert.equal(wrong.decision, 'noOpinion');
  assert.match(wrong.reason, /expected a SubjectAccessReview v1beta1 answer, got SubjectAccessReview authorization.k8s.io\/v1/);
});

test('denied, allowed, neither, both: the decisions read from the status', async () => {
  const authz = authorizer({ authorizedTTLms: 0, unauthorizedTTLms: 0 });
  answer = reply(false, { denied: true, reason: 'not on weekends' });
  assert.deepEqual(await authz.authorize(get('a')), { decision: 'deny', reason: 'not on weekends' });
  answer = reply(false, { reason: 'no idea' });
  assert.deepEqual(await authz.authorize(get('a')), { decision: 'noOpinion', reason: 'no idea' });
  answer = reply(true, { denied: true });
  assert.deepEqual(await authz.authorize(get('a')), { decision: 'deny', reason: 'webhook subject access review returned both allow and deny response' });
  // The answer in orch's own group is read too.
  answer = () => ({ code: 200, body: { apiVersion: 'authorization.orch.io/v1', kind: 'SubjectAccessReview', status: { allowed: true } } });
  assert.equal((await authz.authorize(get('a'))).decision, 'allow');
  assert.equal(seen.length, 4, 'TTLs of 0 cache nothing');
});

test('cache: allowed answers live for the authorized TTL, others for the shorter unauthorized TTL', async () => {
  mock.timers.enable({ apis: ['Date'], now: 1_000_000 });
  try {
    const authz = authorizer({ authorizedTTLms: 60_000, unauthorizedTTLms: 5_000 });
    answer = (review) => reply(review.spec.resourceAttributes.name === 'yes')(review);
    assert.equal((await authz.authorize(get('yes'))).decision, 'allow');
    assert.equal((await authz.authorize(get('no'))).decision, 'noOpinion');
    assert.equal(seen.length, 2);
    mock.timers.tick(4_000);
    await authz.authorize(get('yes'));
    await authz.authorize(get('no'));
    assert.equal(seen.length, 2, 'both cached within 5s');
    mock.timers.tick(2_000);
    await authz.authorize(get('yes'));
    assert.equal(seen.length, 2, 'the allowed answer is still cached');
    await authz.authorize(get('no'));
    assert.equal(seen.length, 3, 'the unauthorized answer expired after 5s');
    mock.timers.tick(55_000);
    await authz.authorize(get('yes'));
    assert.equal(seen.length, 4, 'the allowed answer expired after 60s');
    // A different user is a different entry.
    await authz.authorize(get('yes', { user: { ...alice, name: 'bob' } }));
    assert.equal(seen.length, 5);
  } finally {
    mock.timers.reset();
  }
});

test('failures: retried on 5xx, then the failure decision; failures are never cached', async () => {
  let calls = 0;
  answer = () => (calls++, { code: 503, body: { message: 'down' } });
  const noOpinion = authorizer({ name: 'policy', failureDecision: 'noOpinion' });
  const first = await noOpinion.authorize(get('x'));
  assert.deepEqual(first, { decision: 'noOpinion', reason: 'webhook "policy": the webhook answered 503' });
  assert.equal(calls, 3, 'one try and two retries');
  answer = () => ({ code: 200, body: 'not json' });
  const deny = authorizer({ failureDecision: 'deny' });
  assert.deepEqual(await deny.authorize(get('x')), { decision: 'deny', reason: 'webhook authorizer: the answer is not JSON' });
  answer = () => ({ code: 403, body: {} });
  assert.deepEqual(await deny.authorize(get('x')), { decision: 'deny', reason: 'webhook authorizer: the webhook answered 403' });
  answer = reply(true);
  assert.equal((await deny.authorize(get('x'))).decision, 'allow', 'the failure was not remembered');
});

test('a service whose certificate is not trusted is a failure', async () => {
  answer = reply(true);
  const untrusted = webhookAuthorizer({ client: { server: url, insecureSkipTLSVerify: false }, version: 'v1', authorizedTTLms: 1000, unauthorizedTTLms: 1000, failureDecision: 'deny' });
  const result = await untrusted.authorize(get('x'));
  assert.equal(result.decision, 'deny');
  assert.match(result.reason, /certificate/);
});
