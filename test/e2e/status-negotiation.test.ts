// An error's Status goes out in the form the client's Accept header asks for, as Kubernetes writes
// errors: protobuf for protobuf clients (client-go's typed clients, kubectl's events), YAML for
// YAML, and JSON when the header names nothing a Status can be written in (the error is never
// replaced by a 406). Checked against the real server for errors from a handler, from validation and from
// the authentication filter.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { parse as parseYaml } from 'yaml';
import { startCoreApiserver, type CoreApiserver } from '../support/core-apiserver.ts';
import { apiRequest, type TestResponse } from '../support/apiserver.ts';
import { eventBody } from '../support/events.ts';
import { decodeProtobuf } from '../../src/machinery/codecs/protobuf.ts';

const events = '/apis/events.orch.io/v1/namespaces/default/events';
const orchProtobuf = 'application/vnd.orch.protobuf';
const kubernetesProtobuf = 'application/vnd.kubernetes.protobuf';

let server: CoreApiserver;

before(async () => {
  server = await startCoreApiserver();
});
after(async () => server.stop());

const get = (path: string, accept: string, token = server.token) => apiRequest(server, path, { token, headers: { accept } });

/** The Status of a response written as protobuf with the given content type. */
function protobufStatus(r: TestResponse, contentType: string): Record<string, any> {
  assert.equal(r.headers['content-type'], contentType);
  assert.deepEqual([...r.raw.subarray(0, 4)], [0x6b, 0x38, 0x73, 0x00], 'the Kubernetes protobuf envelope');
  const status = decodeProtobuf(r.raw) as Record<string, any>;
  assert.equal(status.apiVersion, 'v1');
  assert.equal(status.kind, 'Status');
  return status;
}

test('a missing object is a NotFound Status in protobuf, under the protobuf spelling the client used', async () => {
  for (const accept of [orchProtobuf, kubernetesProtobuf, `${kubernetesProtobuf}, application/json`]) {
    const r = await get(`${events}/nope`, accept);
    assert.equal(r.status, 404);
    const status = protobufStatus(r, accept.split(',')[0]!);
    assert.equal(status.status, 'Failure');
    assert.equal(status.reason, 'NotFound');
    assert.equal(status.code, 404);
    assert.deepEqual(status.details, { name: 'nope', group: 'events.orch.io', kind: 'events' });
    assert.match(status.message, /events\.events\.orch\.io "nope" not found/);
  }
});

test('a failed validation keeps every cause in the protobuf Status; nothing is stored', async () => {
  const bad = eventBody('bad-type', { type: 'Loud', reason: '' });
  const r = await apiRequest(server, events, {
    method: 'POST',
    token: server.token,
    headers: { accept: orchProtobuf, 'content-type': 'application/json' },
    body: JSON.stringify(bad),
  });
  assert.equal(r.status, 422);
  const status = protobufStatus(r, orchProtobuf);
  assert.equal(status.reason, 'Invalid');
  const fields = (status.details.causes as Array<{ field: string; reason: string }>).map((c) => c.field).sort();
  assert.deepEqual(fields, ['reason', 'type']);
  assert.equal((await get(`${events}/bad-type`, 'application/json')).status, 404);
});

test('an unauthenticated request gets its 401 Status in protobuf, a watch request too', async () => {
  for (const accept of [kubernetesProtobuf, `${kubernetesProtobuf};stream=watch, application/json;stream=watch`]) {
    const r = await get(`${events}?watch=true`, accept, 'not-a-token');
    assert.equal(r.status, 401);
    const status = protobufStatus(r, kubernetesProtobuf);
    assert.equal(status.reason, 'Unauthorized');
    assert.equal(status.code, 401);
  }
});

test('YAML clients get a YAML Status; JSON when the Accept header names nothing a Status fits', async () => {
  const yaml = await get(`${events}/nope`, 'application/yaml');
  assert.equal(yaml.status, 404);
  assert.equal(yaml.headers['content-type'], 'application/yaml');
  assert.equal(parseYaml(yaml.body).reason, 'NotFound');
  // kubectl's Table request: the Status cannot be a Table, so it is JSON.
  const table = await get(`${events}/nope`, 'application/json;as=Table;v=v1;g=meta.k8s.io');
  assert.equal(table.status, 404);
  assert.equal(table.headers['content-type'], 'application/json');
  assert.equal(table.json().reason, 'NotFound');
  // An object cannot be served as HTML (406), and that refusal is itself a JSON Status...
  const html = await get(`${events}/nope`, `text/html, ${orchProtobuf};q=0`);
  assert.equal(html.status, 406);
  assert.equal(html.headers['content-type'], 'application/json');
  assert.equal(html.json().reason, 'NotAcceptable');
  // ...as is any other error such a client gets.
  const anonymous = await get(events, 'text/html', 'not-a-token');
  assert.equal(anonymous.status, 401);
  assert.equal(anonymous.headers['content-type'], 'application/json');
  assert.equal(anonymous.json().reason, 'Unauthorized');
});

test('the server keeps answering after every one of these errors', async () => {
  const ok = await get(events, 'application/json');
  assert.equal(ok.status, 200);
  assert.equal(ok.json().kind, 'EventList');
});
