// The webhook backend against a real HTTPS receiver started by the test: EventList batches, the
// orchconfig target (CA and bearer token), retries after a failure, blocking mode, and a bad
// configuration file failing start-up.
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:https';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startTestApiserver, apiRequest, makeTempDir, type TestApiserver, type TestValues } from '../support/apiserver.ts';
import { generateSelfSignedCertKey } from '../../src/component-base/certs/self-signed.ts';
import { auditTestApi } from '../../src/apiserver/audit/testing/audit-test-api.ts';

interface Received {
  authorization: string | undefined;
  contentType: string | undefined;
  body: any;
}

let receiver: Server;
let receiverURL: string;
let caPem: string;
const received: Received[] = [];
/** Status codes to answer the next POSTs with, before answering 200 again. */
const failures: number[] = [];

before(async () => {
  const pair = await generateSelfSignedCertKey('127.0.0.1', ['localhost', '127.0.0.1']);
  caPem = pair.caCert;
  receiver = createServer({ cert: pair.cert, key: pair.key }, (req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (body += c));
    req.on('end', () => {
      const code = failures.shift() ?? 200;
      if (code === 200) received.push({ authorization: req.headers.authorization, contentType: req.headers['content-type'], body: JSON.parse(body) });
      res.statusCode = code;
      res.end('{}');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const address = receiver.address();
  receiverURL = `https://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/audit`;
});

const servers: TestApiserver[] = [];
after(async () => {
  for (const s of servers) await s.stop();
  receiver.close();
});

function files(): { dir: string; policy: string; config: string } {
  const dir = makeTempDir('orch-audit-webhook-');
  const policy = join(dir, 'policy.yaml');
  writeFileSync(policy, 'apiVersion: audit.orch.io/v1\nkind: Policy\nomitStages: [RequestReceived]\nrules:\n  - level: Metadata\n    resources: [{ group: "" }]\n');
  writeFileSync(join(dir, 'ca.crt'), caPem);
  const config = join(dir, 'webhook.yaml');
  writeFileSync(
    config,
    [
      'apiVersion: v1',
      'kind: Config',
      'clusters:',
      '  - name: audit-sink',
      '    cluster:',
      `      server: ${receiverURL}`,
      '      certificate-authority: ca.crt',
      'users:',
      '  - name: apiserver',
      '    user:',
      '      token: sink-token',
      'contexts:',
      '  - name: default',
      '    context: { cluster: audit-sink, user: apiserver }',
      'current-context: default',
      '',
    ].join('\n'),
  );
  return { dir, policy, config };
}

async function start(values: TestValues): Promise<TestApiserver> {
  const s = await startTestApiserver(values, { apiHandler: auditTestApi });
  servers.push(s);
  return s;
}

async function waitForItems(count: number, timeoutMs = 5000): Promise<any[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const items = received.flatMap((r) => r.body.items);
    if (items.length >= count || Date.now() > deadline) return items;
    await new Promise((r) => setTimeout(r, 10));
  }
}

test('batch mode POSTs EventLists of up to batch-max-size events with the configured token', async () => {
  received.length = 0;
  const f = files();
  const s = await start({
    'audit-policy-file': f.policy,
    'audit-webhook-config-file': f.config,
    'audit-webhook-batch-max-size': 2,
    'audit-webhook-batch-max-wait': 100,
  });
  const ids: string[] = [];
  for (let i = 0; i < 3; i++) ids.push((await apiRequest(s, `/api/v1/namespaces/default/services/s${i}`, { token: s.token })).headers['audit-id'] as string);
  const items = await waitForItems(3);
  assert.deepEqual(items.map((e) => e.auditID).sort(), [...ids].sort());
  assert.ok(received.every((r) => r.body.items.length <= 2), 'no batch is larger than batch-max-size');
  assert.ok(received.length >= 2);
  for (const r of received) {
    assert.equal(r.authorization, 'Bearer sink-token');
    assert.equal(r.contentType, 'application/json');
    assert.equal(r.body.kind, 'EventList');
    assert.equal(r.body.apiVersion, 'audit.orch.io/v1');
  }
  assert.deepEqual(items.map((e) => e.stage), ['ResponseComplete', 'ResponseComplete', 'ResponseComplete']);
  assert.equal(items[0].kind, 'Event');
});

test('a failed POST is retried after the initial back-off', async () => {
  received.length = 0;
  failures.push(500);
  const f = files();
  const s = await start({
    'audit-policy-file': f.policy,
    'audit-webhook-config-file': f.config,
    'audit-webhook-batch-max-size': 1,
    'audit-webhook-batch-max-wait': 10,
    'audit-webhook-initial-backoff': 50,
  });
  const res = await apiRequest(s, '/api/v1/namespaces/default/services/retried', { token: s.token });
  const items = await waitForItems(1);
  assert.equal(items.length, 1);
  assert.equal(items[0].auditID, res.headers['audit-id']);
  assert.equal(failures.length, 0, 'the failing answer was used up');
  const metrics = (await apiRequest(s, '/metrics', { token: s.token })).body;
  assert.doesNotMatch(metrics, /apiserver_audit_error_total\{plugin="webhook"\}/);
});

test('blocking mode sends each event before the request completes; giving up is counted', async () => {
  received.length = 0;
  const f = files();
  const s = await start({ 'audit-policy-file': f.policy, 'audit-webhook-config-file': f.config, 'audit-webhook-mode': 'blocking', 'audit-webhook-initial-backoff': 5 });
  const res = await apiRequest(s, '/api/v1/namespaces/default/services/blocking', { token: s.token });
  assert.equal(res.status, 200);
  const items = await waitForItems(1);
  assert.equal(received[0]!.body.items.length, 1);
  assert.equal(items[0].auditID, res.headers['audit-id']);

  // A 400 is not retried; the event is lost and counted, the request still served.
  failures.push(400);
  const lost = await apiRequest(s, '/api/v1/namespaces/default/services/lost', { token: s.token });
  assert.equal(lost.status, 200);
  const metrics = (await apiRequest(s, '/metrics', { token: s.token })).body;
  assert.match(metrics, /^apiserver_audit_error_total\{plugin="webhook"\} 1$/m);
});

test('an unusable webhook configuration fails start-up naming the flag', async () => {
  const f = files();
  const bad = join(f.dir, 'bad.yaml');
  writeFileSync(bad, 'apiVersion: v1\nkind: Config\nclusters: []\n');
  await assert.rejects(start({ 'audit-policy-file': f.policy, 'audit-webhook-config-file': bad }), /^Error: --audit-webhook-config-file: initializing audit webhook from .*bad\.yaml: invalid configuration: no server found for cluster$/);
  const missingCA = join(f.dir, 'missing-ca.yaml');
  writeFileSync(missingCA, `clusters:\n  - name: x\n    cluster: { server: "${receiverURL}", certificate-authority: nope.crt }\n`);
  await assert.rejects(start({ 'audit-policy-file': f.policy, 'audit-webhook-config-file': missingCA }), /--audit-webhook-config-file: .*ENOENT/);
});
