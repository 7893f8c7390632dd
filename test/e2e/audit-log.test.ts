// Audit events in the log file for a sequence of requests, at each policy level, in the json
// and legacy formats; stages, omitted stages and managed fields, error statuses, panics,
// failed authentication, client-sent audit IDs, forwarded addresses and the audit metrics.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startTestApiserver, apiRequest, makeTempDir, type TestApiserver, type TestResponse } from '../support/apiserver.ts';
import { auditTestApi, waitForLines, readLines } from '../../src/apiserver/audit/testing/audit-test-api.ts';

const POLICY = `
apiVersion: audit.orch.io/v1
kind: Policy
rules:
  - level: None
    nonResourceURLs: ["/healthz*", "/livez"]
  - level: RequestResponse
    namespaces: ["rr"]
    resources: [{ group: "", resources: ["pods"] }]
    omitManagedFields: true
  - level: RequestResponse
    namespaces: ["rr-keep"]
    resources: [{ group: "", resources: ["pods", "pods/log"] }]
  - level: Request
    resources: [{ group: "", resources: ["configmaps"] }]
  - level: Metadata
    resources: [{ group: "", resources: ["secrets"] }]
    omitStages: ["RequestReceived"]
  - level: Metadata
`;

const servers: TestApiserver[] = [];
after(async () => {
  for (const s of servers) await s.stop();
});

async function auditedServer(extra: Record<string, string | number | boolean> = {}): Promise<{ s: TestApiserver; logFile: string }> {
  const dir = makeTempDir('orch-audit-');
  const policyFile = join(dir, 'policy.yaml');
  writeFileSync(policyFile, POLICY);
  const logFile = join(dir, 'audit.log');
  const s = await startTestApiserver({ 'audit-policy-file': policyFile, 'audit-log-path': logFile, ...extra }, { apiHandler: auditTestApi });
  servers.push(s);
  return { s, logFile };
}

/** The parsed events of one request, waiting for `count` of them. */
async function eventsOf(logFile: string, res: TestResponse, count: number): Promise<any[]> {
  const id = res.headers['audit-id'];
  assert.ok(typeof id === 'string' && id !== '', 'every response carries an Audit-Id');
  const deadline = Date.now() + 3000;
  for (;;) {
    const events = (await waitForLines(logFile, 1)).map((l) => JSON.parse(l)).filter((e) => e.auditID === id);
    if (events.length >= count || Date.now() > deadline) return events;
    await new Promise((r) => setTimeout(r, 10));
  }
}

const MICRO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

test('Metadata level: RequestReceived and ResponseComplete with who, what and from where, no objects', async () => {
  const { s, logFile } = await auditedServer();
  const res = await apiRequest(s, '/api/v1/namespaces/default/services/web', { token: s.token, headers: { 'User-Agent': 'audit-test/1.0', 'X-Forwarded-For': '10.0.0.1, bogus, 10.0.0.2' } });
  assert.equal(res.status, 200);
  const events = await eventsOf(logFile, res, 2);
  assert.deepEqual(events.map((e) => e.stage), ['RequestReceived', 'ResponseComplete']);
  const [received, complete] = events;
  const { requestReceivedTimestamp, stageTimestamp, ...rest } = complete;
  assert.deepEqual(rest, {
    kind: 'Event',
    apiVersion: 'audit.orch.io/v1',
    level: 'Metadata',
    auditID: res.headers['audit-id'],
    stage: 'ResponseComplete',
    requestURI: '/api/v1/namespaces/default/services/web',
    verb: 'get',
    user: { username: 'admin', uid: 'admin-uid', groups: ['system:masters', 'system:authenticated'] },
    sourceIPs: ['10.0.0.1', '10.0.0.2', '127.0.0.1'],
    userAgent: 'audit-test/1.0',
    objectRef: { resource: 'services', namespace: 'default', name: 'web', apiVersion: 'v1' },
    responseStatus: { metadata: {}, code: 200 },
    // The authorizer's decision is recorded as Kubernetes records it (system:masters: allowed, no reason).
    annotations: { 'authorization.orch.io/decision': 'allow', 'authorization.orch.io/reason': '', 'test.orch.io/handler': 'audit-test-api' },
  });
  assert.match(requestReceivedTimestamp, MICRO_TIME);
  assert.match(stageTimestamp, MICRO_TIME);
  assert.ok(stageTimestamp >= requestReceivedTimestamp);
  assert.equal(received.requestReceivedTimestamp, requestReceivedTimestamp);
  assert.equal(received.responseStatus, undefined, 'no status before the response');
  assert.equal(received.annotations, undefined, 'annotations added later are not in the earlier stage');
});

test('a client-sent Audit-ID is kept; non-resource requests have no objectRef; None-level paths are not logged', async () => {
  const { s, logFile } = await auditedServer();
  const res = await apiRequest(s, '/version', { token: s.token, headers: { 'Audit-ID': 'client-chosen-id' } });
  assert.equal(res.headers['audit-id'], 'client-chosen-id');
  const events = await eventsOf(logFile, res, 2);
  assert.equal(events.length, 2);
  assert.equal(events[1].verb, 'get');
  assert.equal(events[1].requestURI, '/version');
  assert.equal(events[1].objectRef, undefined);

  const health = await apiRequest(s, '/healthz', { token: s.token });
  assert.equal(health.status, 200);
  assert.ok(health.headers['audit-id'], 'unaudited responses still carry an Audit-Id');
  const version2 = await apiRequest(s, '/version', { token: s.token });
  await eventsOf(logFile, version2, 2);
  assert.equal(readLines(logFile).filter((l) => l.includes('/healthz')).length, 0);
});

test('Request level logs the request object only; RequestResponse both, with or without managed fields', async () => {
  const { s, logFile } = await auditedServer();
  const body = JSON.stringify({ kind: 'ConfigMap', apiVersion: 'v1', metadata: { name: 'c1', managedFields: [{ manager: 'kubectl' }] }, data: { a: '1' } });
  const cm = await apiRequest(s, '/api/v1/namespaces/default/configmaps', { method: 'POST', token: s.token, body });
  assert.equal(cm.status, 201);
  const [cmReceived, cmComplete] = await eventsOf(logFile, cm, 2);
  assert.equal(cmComplete.level, 'Request');
  assert.equal(cmComplete.verb, 'create');
  assert.deepEqual(cmComplete.requestObject, JSON.parse(body));
  assert.equal(cmComplete.responseObject, undefined);
  assert.equal(cmReceived.requestObject, undefined, 'the body is decoded after RequestReceived');
  assert.deepEqual(cmComplete.responseStatus, { metadata: {}, code: 201 });

  const pod = JSON.stringify({ kind: 'Pod', apiVersion: 'v1', metadata: { name: 'p1', managedFields: [{ manager: 'kubectl' }] } });
  const omitted = await apiRequest(s, '/api/v1/namespaces/rr/pods', { method: 'POST', token: s.token, body: pod });
  const [, omittedComplete] = await eventsOf(logFile, omitted, 2);
  assert.equal(omittedComplete.level, 'RequestResponse');
  assert.deepEqual(omittedComplete.requestObject, { kind: 'Pod', apiVersion: 'v1', metadata: { name: 'p1' } });
  assert.deepEqual(omittedComplete.responseObject, { kind: 'Pod', apiVersion: 'v1', metadata: { name: 'p1', uid: 'uid-1' } });

  const kept = await apiRequest(s, '/api/v1/namespaces/rr-keep/pods', { method: 'POST', token: s.token, body: pod });
  const [, keptComplete] = await eventsOf(logFile, kept, 2);
  assert.deepEqual(keptComplete.requestObject.metadata.managedFields, [{ manager: 'kubectl' }]);
  assert.deepEqual(keptComplete.responseObject.metadata.managedFields, [{ manager: 'test', operation: 'Update' }]);

  const log = await apiRequest(s, '/api/v1/namespaces/rr-keep/pods/p1/log', { token: s.token });
  const [, logComplete] = await eventsOf(logFile, log, 2);
  assert.equal(logComplete.level, 'RequestResponse', 'the pods/log subresource matches its rule');
  assert.deepEqual(logComplete.objectRef, { resource: 'pods', namespace: 'rr-keep', name: 'p1', apiVersion: 'v1', subresource: 'log' });
});

test('omitStages leaves out RequestReceived; error Statuses and panics fill responseStatus', async () => {
  const { s, logFile } = await auditedServer();
  const secret = await apiRequest(s, '/api/v1/namespaces/default/secrets/s1', { token: s.token });
  const secretEvents = await eventsOf(logFile, secret, 1);
  await new Promise((r) => setTimeout(r, 30));
  assert.deepEqual((await eventsOf(logFile, secret, 1)).map((e) => e.stage), ['ResponseComplete']);
  assert.equal(secretEvents[0].level, 'Metadata');

  const missing = await apiRequest(s, '/api/v1/namespaces/default/services/missing', { token: s.token });
  assert.equal(missing.status, 404);
  const [, missingComplete] = await eventsOf(logFile, missing, 2);
  assert.deepEqual(missingComplete.responseStatus, { metadata: {}, status: 'Failure', message: 'services "missing" not found', reason: 'NotFound', details: { name: 'missing', group: '', kind: 'services' }, code: 404 });

  const boom = await apiRequest(s, '/api/v1/namespaces/default/services/boom', { token: s.token });
  assert.equal(boom.status, 500);
  const boomEvents = await eventsOf(logFile, boom, 2);
  assert.deepEqual(boomEvents.map((e) => e.stage), ['RequestReceived', 'Panic']);
  assert.deepEqual(boomEvents[1].responseStatus, { metadata: {}, status: 'Failure', message: "APIServer panic'd: boom", reason: 'InternalError', code: 500 });
});

test('long-running requests report ResponseStarted before ResponseComplete', async () => {
  const { s, logFile } = await auditedServer();
  const watch = await apiRequest(s, '/api/v1/namespaces/default/services?watch=true', { token: s.token });
  assert.equal(watch.status, 200);
  const events = await eventsOf(logFile, watch, 3);
  assert.deepEqual(events.map((e) => e.stage), ['RequestReceived', 'ResponseStarted', 'ResponseComplete']);
  assert.equal(events[1].verb, 'watch');
  assert.deepEqual(events[1].responseStatus, { metadata: {}, code: 200 });
});

test('failed authentication is audited as ResponseStarted with the credential tried', async () => {
  const { s, logFile } = await auditedServer();
  const res = await apiRequest(s, '/api/v1/namespaces/default/services', { token: 'not-a-token' });
  assert.equal(res.status, 401);
  const [ev] = await eventsOf(logFile, res, 1);
  assert.equal(ev.stage, 'ResponseStarted');
  assert.equal(ev.level, 'Metadata');
  assert.deepEqual(ev.user, {});
  assert.deepEqual(ev.responseStatus, { metadata: {}, message: 'Authentication failed, attempted: bearer', code: 401 });
});

test('the legacy format writes one line of text per event', async () => {
  const { s, logFile } = await auditedServer({ 'audit-log-format': 'legacy' });
  const res = await apiRequest(s, '/api/v1/namespaces/default/services/web', { token: s.token, headers: { 'User-Agent': 'say "hi"' } });
  const id = res.headers['audit-id'] as string;
  const lines = (await waitForLines(logFile, 2)).filter((l) => l.includes(id));
  assert.equal(lines.length, 2);
  const time = String.raw`\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z`;
  const common = `ip="127.0.0.1" method="get" user="admin" groups="\\"system:masters\\",\\"system:authenticated\\"" as="<self>" asgroups="<lookup>" user-agent="say \\"hi\\"" namespace="default" uri="/api/v1/namespaces/default/services/web"`;
  const escape = (t: string) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  assert.match(lines[0]!, new RegExp(`^${time} AUDIT: id="${id}" stage="RequestReceived" ${escape(common)} response="<deferred>"$`));
  assert.match(lines[1]!, new RegExp(`^${time} AUDIT: id="${id}" stage="ResponseComplete" ${escape(common)} response="200"$`));
});

test('metrics count events and policy levels', async () => {
  const { s, logFile } = await auditedServer();
  const res = await apiRequest(s, '/api/v1/namespaces/default/services/web', { token: s.token });
  await eventsOf(logFile, res, 2);
  await apiRequest(s, '/healthz', { token: s.token });
  const metrics = (await apiRequest(s, '/metrics', { token: s.token })).body;
  // Two events of the first request, and RequestReceived of the /metrics request itself.
  assert.match(metrics, /^apiserver_audit_event_total 3$/m);
  assert.match(metrics, /^apiserver_audit_level_total\{level="Metadata"\} 2$/m);
  assert.match(metrics, /^apiserver_audit_level_total\{level="None"\} 1$/m);
});
