// --tracing-config-file and --egress-selector-config-file on the composed server: spans reach an
// OTLP gRPC receiver started here with the trace id of the request's traceparent (an admin's is
// trusted; an ordinary user's is only linked), named and attributed as Kubernetes names them, and
// an admission webhook, reached through an HTTP CONNECT proxy started here (the cluster
// selection), receives the same trace id in its own traceparent.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { apiRequest, makeTempDir, startTestApiserver, type TestApiserver } from '../support/apiserver.ts';
import { reviewAnswer, startWebhookServer, type WebhookServer } from '../support/webhook-server.ts';
import { startAdmissionStack, type AdmissionStack } from '../../src/apiserver/admission/plugins/testing/admission-stack.ts';
import { startOtlpReceiver, type OtlpReceiver } from '../../src/apiserver/tracing/testing/otlp-receiver.ts';
import { startConnectProxy, type ConnectProxy } from '../../src/apiserver/egress/testing/connect-proxy.ts';

const dir = makeTempDir('orch-tracing-');
let stack: AdmissionStack<TestApiserver>;
let s: TestApiserver;
let receiver: OtlpReceiver;
let proxy: ConnectProxy;
let hooks: WebhookServer;
const hookTraceparents: string[] = [];
const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const OTHER_TRACE_ID = '0af7651916cd43dd8448eb211c80319c';

before(async () => {
  receiver = await startOtlpReceiver();
  proxy = await startConnectProxy();
  hooks = await startWebhookServer((review, req, res) => {
    hookTraceparents.push(String(req.headers.traceparent ?? ''));
    res.end(reviewAnswer(review, { allowed: true }));
  });
  const tracing = join(dir, 'tracing.yaml');
  writeFileSync(tracing, `apiVersion: apiserver.config.orch.io/v1\nkind: TracingConfiguration\nendpoint: ${receiver.endpoint}\nsamplingRatePerMillion: 0\n`);
  const egress = join(dir, 'egress.yaml');
  writeFileSync(egress, `apiVersion: apiserver.config.orch.io/v1\nkind: EgressSelectorConfiguration\negressSelections:\n- name: cluster\n  connection:\n    proxyProtocol: HTTPConnect\n    transport:\n      tcp: {url: "${proxy.address}"}\n`);
  const tokens = join(dir, 'tokens.csv');
  // The admin's trace context is trusted; the ordinary user's is not.
  writeFileSync(tokens, 'admin-token,admin,admin-uid,"system:masters"\nuser-token,someone,user-uid\n');
  stack = await startAdmissionStack(
    { 'data-dir': dir, 'tracing-config-file': tracing, 'egress-selector-config-file': egress, 'token-auth-file': tokens, 'authorization-mode': ['AlwaysAllow'] },
    (values, deps) => startTestApiserver(values, { ...deps, tracingExportDelayMs: 50 }),
  );
  s = stack.server;
  for (let i = 0; i < 200 && (await apiRequest(s, '/readyz', { token: 'admin-token' })).status !== 200; i++) await delay(25);
  const webhookConfig = {
    metadata: { name: 'traced' },
    webhooks: [{
      name: 'traced.example.com',
      clientConfig: { url: `${hooks.url}/allow`, caBundle: hooks.caBundle },
      rules: [{ operations: ['CREATE'], apiGroups: [''], apiVersions: ['v1'], resources: ['configmaps'] }],
      sideEffects: 'None',
      admissionReviewVersions: ['v1'],
    }],
  };
  const created = await apiRequest(s, '/apis/admissionregistration.orch.io/v1/validatingwebhookconfigurations', { method: 'POST', token: 'admin-token', headers: { 'content-type': 'application/json' }, body: JSON.stringify(webhookConfig) });
  assert.equal(created.status, 201, created.body);
});

after(async () => {
  await stack?.stop();
  await hooks?.close();
  await proxy?.close();
  await receiver?.close();
});

async function spansOf(traceId: string, name: string) {
  for (let i = 0; i < 200; i++) {
    const found = receiver.spans.filter((span) => (span.traceId === traceId || span.linkedTraceIds.includes(traceId)) && span.name === name);
    if (found.length) return found;
    await delay(25);
  }
  assert.fail(`no span ${name} for trace ${traceId}; got ${JSON.stringify(receiver.spans.map((x) => [x.name, x.traceId]))}`);
}

test("an admin's request is traced under its traceparent, and its webhook call carries it through the egress proxy", async () => {
  const cm = { metadata: { name: 'traced' }, data: { a: 'b' } };
  let created;
  for (let i = 0; i < 100; i++) {
    // The webhook configuration is served once the registration informer has it.
    created = await apiRequest(s, '/api/v1/namespaces/default/configmaps', {
      method: 'POST',
      token: 'admin-token',
      headers: { 'content-type': 'application/json', traceparent: `00-${TRACE_ID}-00f067aa0ba902b7-01`, 'user-agent': 'tracing-test/1.0' },
      body: JSON.stringify({ ...cm, metadata: { name: `traced-${i}` } }),
    });
    assert.equal(created.status, 201, created.body);
    if (hookTraceparents.length) break;
    await delay(50);
  }
  const [span] = await spansOf(TRACE_ID, 'POST /api/v1/namespaces/{:namespace}/configmaps');
  assert.equal(span!.traceId, TRACE_ID);
  assert.equal(span!.parentSpanId, '00f067aa0ba902b7');
  assert.equal(span!.kind, 2); // SERVER
  assert.equal(span!.attributes['verb'], 'create');
  assert.equal(span!.attributes['resource'], 'configmaps');
  assert.equal(span!.attributes['http.user_agent'], 'tracing-test/1.0');
  assert.equal(span!.attributes['http.status_code'], 201);
  assert.match(String(span!.attributes['audit-id']), /^[0-9a-f-]{36}$/);
  // The webhook saw the request's trace, by way of one tunnel (or more) through the proxy.
  assert.match(hookTraceparents.at(-1)!, new RegExp(`^00-${TRACE_ID}-[0-9a-f]{16}-01$`));
  assert.ok(proxy.tunnels.length >= 1);
  assert.ok(proxy.tunnels.every((t) => t === new URL(hooks.url).host), JSON.stringify(proxy.tunnels));
});

test("an ordinary user's traceparent starts no trace of theirs: at most a link to it", async () => {
  const r = await apiRequest(s, '/api/v1/namespaces/default/configmaps/none', { token: 'user-token', headers: { traceparent: `00-${OTHER_TRACE_ID}-00f067aa0ba902b7-01` } });
  assert.equal(r.status, 404);
  // Not sampled at rate 0 without a trusted parent: nothing is exported under that trace id.
  await delay(300);
  assert.deepEqual(receiver.spans.filter((x) => x.traceId === OTHER_TRACE_ID), []);
});
