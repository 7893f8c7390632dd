// Events over HTTP: both groups over one store, validation, field selectors, TTL expiry.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, collectWatch, type TestServer } from '../../src/apiserver/endpoints/testing/serve.ts';
import { eventResources } from '../../src/apiserver/registry/events/declarations.ts';
import { eventBody } from '../support/events.ts';

let srv: TestServer;
const v1 = '/apis/events.orch.io/v1/namespaces/default/events';
const core = '/api/v1/namespaces/default/events';

before(async () => {
  srv = await startTestServer((store) => eventResources(store as never, { ttlSeconds: 2 }));
});
after(async () => srv.close());

const event = eventBody;

test('an event created through events.orch.io/v1 is read through core v1', async () => {
  const r = await srv.request('POST', v1, { body: event('e1') });
  assert.equal(r.status, 201, r.text);
  assert.equal(r.json.note, 'hello');
  const c = await srv.request('GET', `${core}/e1`);
  assert.equal(c.status, 200);
  assert.equal(c.json.apiVersion, 'v1');
  assert.equal(c.json.message, 'hello');
  assert.equal(c.json.involvedObject.name, 'p1');
  assert.equal(c.json.reportingComponent, 'orch.io/test');
});

test('validation: deprecated fields through v1, immutable note on update, note over 1024 bytes', async () => {
  const dep = await srv.request('POST', v1, { body: event('e2', { deprecatedCount: 3 }) });
  assert.equal(dep.status, 422);
  const long = await srv.request('POST', v1, { body: event('e3', { note: 'x'.repeat(1025) }) });
  assert.equal(long.status, 422);
  const created = (await srv.request('POST', v1, { body: event('e4') })).json;
  const upd = await srv.request('PUT', `${v1}/e4`, { body: { ...created, note: 'changed' } });
  assert.equal(upd.status, 422);
  assert.match(upd.json.message, /field is immutable/);
  const series = await srv.request('PUT', `${v1}/e4`, { body: { ...created, series: { count: 2, lastObservedTime: '2026-11-22T05:01:00.000000Z' } } });
  assert.equal(series.status, 200, series.text);
  const createOnPut = await srv.request('PUT', `${v1}/e5`, { body: event('e5') });
  assert.equal(createOnPut.status, 201);
});

test('field selectors as each path names them; other fields are 400 naming the field', async () => {
  await srv.request('POST', v1, { body: event('fs1', { reason: 'Special' }) });
  const v1sel = await srv.request('GET', `${v1}?fieldSelector=reason%3DSpecial`);
  assert.deepEqual(v1sel.json.items.map((i: any) => i.metadata.name), ['fs1']);
  const regarding = await srv.request('GET', `${v1}?fieldSelector=regarding.name%3Dp1,reason%3DSpecial`);
  assert.equal(regarding.json.items.length, 1);
  const coreSel = await srv.request('GET', `${core}?fieldSelector=involvedObject.name%3Dp1,reason%3DSpecial`);
  assert.equal(coreSel.json.items.length, 1);
  const bad = await srv.request('GET', `${v1}?fieldSelector=involvedObject.name%3Dp1`);
  assert.equal(bad.status, 400);
  assert.equal(bad.json.message, 'field label not supported: involvedObject.name');
  const table = await srv.request('GET', core, { headers: { accept: 'application/json;as=Table;v=v1;g=meta.k8s.io' } });
  assert.equal(table.json.columnDefinitions[0].name, 'Last Seen');
});

test('with a TTL, an event expires after its last write and watchers see DELETED', async () => {
  const created = (await srv.request('POST', v1, { body: event('ttl1') })).json;
  const watching = collectWatch(`${srv.url}${v1}?watch=true&resourceVersion=${created.metadata.resourceVersion}&fieldSelector=metadata.name%3Dttl1`, 1, 8000);
  const got = await watching;
  assert.equal(got.events[0]?.type, 'DELETED');
  assert.equal(got.events[0].object.metadata.name, 'ttl1');
  assert.equal((await srv.request('GET', `${v1}/ttl1`)).status, 404);
});

test('discovery lists events in both groups with short name ev', async () => {
  const core1 = await srv.request('GET', '/api/v1');
  assert.equal(core1.json.resources[0].name, 'events');
  assert.deepEqual(core1.json.resources[0].shortNames, ['ev']);
  const g = await srv.request('GET', '/apis/events.orch.io/v1');
  assert.equal(g.json.resources[0].kind, 'Event');
  assert.equal(g.json.resources[0].storageVersionHash, core1.json.resources[0].storageVersionHash);
  const api = await srv.request('GET', '/api');
  assert.deepEqual(api.json.versions, ['v1']);
});

test('protobuf: a get answers in the Kubernetes envelope; YAML and JSON otherwise', async () => {
  await srv.request('POST', v1, { body: event('pb1') });
  const pb = await srv.request('GET', `${v1}/pb1`, { headers: { accept: 'application/vnd.kubernetes.protobuf' } });
  assert.equal(pb.status, 200);
  assert.equal(pb.headers['content-type'], 'application/vnd.kubernetes.protobuf');
  assert.equal(pb.text.slice(0, 4), 'k8s\u0000');
  const yaml = await srv.request('GET', `${v1}/pb1`, { headers: { accept: 'application/yaml' } });
  assert.match(yaml.text, /^note: hello$/m);
  const table = await srv.request('GET', `${v1}/pb1`, { headers: { accept: 'application/vnd.kubernetes.protobuf;as=Table;v=v1;g=meta.k8s.io' } });
  assert.equal(table.status, 406);
});
