// The REST machinery end to end over HTTP against a real SQLite store, with a small test resource.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, collectWatch, type TestServer } from './testing/serve.ts';
import { widgetDeclaration } from './testing/widgets.ts';

let srv: TestServer;
const base = '/apis/test.orch.io/v1/namespaces/ns1/widgets';

before(async () => {
  srv = await startTestServer((store) => [{ declaration: widgetDeclaration(), store, storeName: 'sqlite' }], {
    openapi: { v2Definitions: {}, v3Schemas: {} },
  });
});
after(async () => srv.close());

const widget = (name: string, extra: Record<string, unknown> = {}) => ({ apiVersion: 'test.orch.io/v1', kind: 'Widget', metadata: { name }, spec: { size: 1, color: 'red' }, ...extra });

test('create answers 201 with system metadata; a second create of the name is 409 AlreadyExists', async () => {
  const r = await srv.request('POST', base, { body: widget('a') });
  assert.equal(r.status, 201);
  assert.equal(r.json.metadata.namespace, 'ns1');
  assert.match(r.json.metadata.uid, /^[0-9a-f-]{36}$/);
  assert.match(r.json.metadata.creationTimestamp, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
  assert.equal(r.json.metadata.generation, 1);
  assert.ok(Number(r.json.metadata.resourceVersion) > 0);
  const again = await srv.request('POST', base, { body: widget('a') });
  assert.equal(again.status, 409);
  assert.equal(again.json.reason, 'AlreadyExists');
  assert.equal(again.json.message, 'widgets.test.orch.io "a" already exists');
});

test('generateName gets a 5-character suffix from the Kubernetes alphabet', async () => {
  const r = await srv.request('POST', base, { body: { metadata: { generateName: 'gen-' }, spec: { size: 2 } } });
  assert.equal(r.status, 201);
  assert.match(r.json.metadata.name, /^gen-[bcdfghjklmnpqrstvwxz2456789]{5}$/);
  assert.equal(r.json.kind, 'Widget');
});

test('dryRun=All on create returns the object but stores nothing; a bad dryRun is 422', async () => {
  const r = await srv.request('POST', `${base}?dryRun=All`, { body: widget('dry') });
  assert.equal(r.status, 201);
  assert.equal(r.json.metadata.name, 'dry');
  assert.equal((await srv.request('GET', `${base}/dry`)).status, 404);
  const bad = await srv.request('POST', `${base}?dryRun=Foo`, { body: widget('dry') });
  assert.equal(bad.status, 422);
  assert.match(bad.json.message, /dryRun: Unsupported value: .*"Foo".*supported values: "All"/);
});

test('bad bodies: malformed 400, wrong apiVersion 400, namespace mismatch 400, too large 413, unknown media type 415', async () => {
  const malformed = await srv.request('POST', base, { body: '{"metadata":' });
  assert.equal(malformed.status, 400);
  const wrongVersion = await srv.request('POST', base, { body: { ...widget('x'), apiVersion: 'v1' } });
  assert.equal(wrongVersion.status, 400);
  assert.equal(wrongVersion.json.message, 'the API version in the data (v1) does not match the expected API version (test.orch.io/v1)');
  const ns = await srv.request('POST', base, { body: { ...widget('x'), metadata: { name: 'x', namespace: 'other' } } });
  assert.equal(ns.status, 400);
  assert.equal(ns.json.message, 'the namespace of the provided object does not match the namespace sent on the request');
  const big = await srv.request('POST', base, { body: { ...widget('x'), pad: 'x'.repeat(3 * 1024 * 1024) } });
  assert.equal(big.status, 413);
  const media = await srv.request('POST', base, { body: 'a=b', headers: { 'content-type': 'text/plain' } });
  assert.equal(media.status, 415);
  const invalid = await srv.request('POST', base, { body: { ...widget('neg'), spec: { size: -1 } } });
  assert.equal(invalid.status, 422);
  assert.equal(invalid.json.details.causes[0].field, 'spec.size');
});

test('fieldValidation: Strict refuses unknown and duplicate fields, Warn answers with Warning headers', async () => {
  const strict = await srv.request('POST', `${base}?fieldValidation=Strict`, { body: { ...widget('fv'), spec: { size: 1, shape: 'round' } } });
  assert.equal(strict.status, 400);
  assert.equal(strict.json.message, 'strict decoding error: unknown field "spec.shape"');
  const dup = await srv.request('POST', `${base}?fieldValidation=Strict`, { body: '{"metadata":{"name":"fv"},"spec":{"size":1,"size":2}}' });
  assert.equal(dup.status, 400);
  assert.equal(dup.json.message, 'strict decoding error: duplicate field "spec.size"');
  const warn = await srv.request('POST', base, { body: { ...widget('fv'), spec: { size: 1, shape: 'round' } } });
  assert.equal(warn.status, 201);
  assert.equal(warn.headers['warning'], '299 - "unknown field \\"spec.shape\\""');
});

test('get, and 404 for a missing name', async () => {
  await srv.request('POST', base, { body: widget('g1') });
  const r = await srv.request('GET', `${base}/g1`);
  assert.equal(r.status, 200);
  assert.equal(r.json.spec.color, 'red');
  const missing = await srv.request('GET', `${base}/nope`);
  assert.equal(missing.status, 404);
  assert.equal(missing.json.message, 'widgets.test.orch.io "nope" not found');
});

test('update: stale resourceVersion is 409, name mismatch 400, create-on-update 201, unconditional update 200', async () => {
  const created = (await srv.request('POST', base, { body: widget('u1') })).json;
  const ok = await srv.request('PUT', `${base}/u1`, { body: { ...created, spec: { size: 5 } } });
  assert.equal(ok.status, 200);
  assert.equal(ok.json.spec.size, 5);
  assert.equal(ok.json.metadata.uid, created.metadata.uid);
  const stale = await srv.request('PUT', `${base}/u1`, { body: { ...created, spec: { size: 6 } } });
  assert.equal(stale.status, 409);
  assert.equal(stale.json.message, 'Operation cannot be fulfilled on widgets.test.orch.io "u1": the object has been modified; please apply your changes to the latest version and try again');
  const mismatch = await srv.request('PUT', `${base}/other`, { body: widget('u1') });
  assert.equal(mismatch.status, 400);
  assert.equal(mismatch.json.message, 'the name of the object (u1) does not match the name on the URL (other)');
  const createOnUpdate = await srv.request('PUT', `${base}/u2`, { body: widget('u2') });
  assert.equal(createOnUpdate.status, 201);
  const unconditional = await srv.request('PUT', `${base}/u2`, { body: widget('u2', { spec: { size: 9 } }) });
  assert.equal(unconditional.status, 200);
  const dry = await srv.request('PUT', `${base}/u2?dryRun=All`, { body: widget('u2', { spec: { size: 100 } }) });
  assert.equal(dry.status, 200);
  assert.equal(dry.json.spec.size, 100);
  assert.equal((await srv.request('GET', `${base}/u2`)).json.spec.size, 9);
});

test('patch: merge, json, strategic; apply creates (201) and needs fieldManager; force on non-apply is 422', async () => {
  await srv.request('POST', base, { body: widget('p1') });
  const merge = await srv.request('PATCH', `${base}/p1`, { body: { spec: { color: 'blue' } }, headers: { 'content-type': 'application/merge-patch+json' } });
  assert.equal(merge.status, 200);
  assert.equal(merge.json.spec.color, 'blue');
  assert.equal(merge.json.spec.size, 1);
  const json = await srv.request('PATCH', `${base}/p1`, { body: [{ op: 'replace', path: '/spec/size', value: 7 }], headers: { 'content-type': 'application/json-patch+json' } });
  assert.equal(json.status, 200);
  assert.equal(json.json.spec.size, 7);
  const strategic = await srv.request('PATCH', `${base}/p1`, { body: { metadata: { labels: { a: 'b' } } }, headers: { 'content-type': 'application/strategic-merge-patch+json' } });
  assert.equal(strategic.json.metadata.labels.a, 'b');
  const missing = await srv.request('PATCH', `${base}/nope`, { body: {}, headers: { 'content-type': 'application/merge-patch+json' } });
  assert.equal(missing.status, 404);
  const noManager = await srv.request('PATCH', `${base}/ap`, { body: 'spec:\n  size: 3\n', headers: { 'content-type': 'application/apply-patch+yaml' } });
  assert.equal(noManager.status, 422);
  assert.match(noManager.json.message, /fieldManager: Required value: is required for apply patch/);
  const apply = await srv.request('PATCH', `${base}/ap?fieldManager=me`, { body: 'apiVersion: test.orch.io/v1\nkind: Widget\nmetadata:\n  name: ap\nspec:\n  size: 3\n', headers: { 'content-type': 'application/apply-patch+yaml' } });
  assert.equal(apply.status, 201);
  assert.equal(apply.json.spec.size, 3);
  const force = await srv.request('PATCH', `${base}/p1?force=true`, { body: {}, headers: { 'content-type': 'application/merge-patch+json' } });
  assert.equal(force.status, 422);
  const badType = await srv.request('PATCH', `${base}/p1`, { body: {}, headers: { 'content-type': 'application/json' } });
  assert.equal(badType.status, 415);
  const dry = await srv.request('PATCH', `${base}/p1?dryRun=All`, { body: { spec: { size: 99 } }, headers: { 'content-type': 'application/merge-patch+json' } });
  assert.equal(dry.json.spec.size, 99);
  assert.equal((await srv.request('GET', `${base}/p1`)).json.spec.size, 7);
});

test('delete: preconditions (409), dryRun keeps the object, success Status names it', async () => {
  const created = (await srv.request('POST', base, { body: widget('d1') })).json;
  const pre = await srv.request('DELETE', `${base}/d1`, { body: { preconditions: { uid: 'wrong' } } });
  assert.equal(pre.status, 409);
  assert.match(pre.json.message, /Precondition failed: UID in precondition: wrong, UID in object meta: /);
  const dry = await srv.request('DELETE', `${base}/d1?dryRun=All`);
  assert.equal(dry.status, 200);
  assert.equal((await srv.request('GET', `${base}/d1`)).status, 200);
  const del = await srv.request('DELETE', `${base}/d1`);
  assert.equal(del.status, 200);
  assert.deepEqual(del.json, { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Success', details: { name: 'd1', group: 'test.orch.io', kind: 'widgets', uid: created.metadata.uid }, code: 200 });
  assert.equal((await srv.request('DELETE', `${base}/d1`)).status, 404);
});

test('list pages through every object exactly once, with remainingItemCount; selectors filter', async () => {
  const ns = '/apis/test.orch.io/v1/namespaces/pages/widgets';
  for (let i = 0; i < 25; i++) {
    await srv.request('POST', ns, { body: { metadata: { name: `w${String(i).padStart(2, '0')}`, labels: { parity: i % 2 ? 'odd' : 'even' } }, spec: { color: i < 5 ? 'green' : 'grey' } } });
  }
  const seen: string[] = [];
  let cont = '';
  let pages = 0;
  do {
    const r = await srv.request('GET', `${ns}?limit=10${cont ? `&continue=${encodeURIComponent(cont)}` : ''}`);
    assert.equal(r.status, 200);
    assert.equal(r.json.kind, 'WidgetList');
    seen.push(...r.json.items.map((i: any) => i.metadata.name));
    cont = r.json.metadata.continue ?? '';
    if (pages === 0) assert.equal(r.json.metadata.remainingItemCount, 15);
    pages++;
  } while (cont);
  assert.equal(pages, 3);
  assert.equal(new Set(seen).size, 25);
  assert.equal(seen.length, 25);
  const odd = await srv.request('GET', `${ns}?labelSelector=parity%3Dodd`);
  assert.equal(odd.json.items.length, 12);
  const green = await srv.request('GET', `${ns}?fieldSelector=spec.color%3Dgreen`);
  assert.equal(green.json.items.length, 5);
  const badField = await srv.request('GET', `${ns}?fieldSelector=spec.size%3D1`);
  assert.equal(badField.status, 400);
  assert.equal(badField.json.message, 'field label not supported: spec.size');
  const all = await srv.request('GET', '/apis/test.orch.io/v1/widgets');
  assert.ok(all.json.items.length >= 25);
});

test('list options are validated as Kubernetes validates them (422)', async () => {
  const cases: Array<[string, RegExp]> = [
    ['resourceVersionMatch=Exact', /resourceVersionMatch: Forbidden: resourceVersionMatch is forbidden unless resourceVersion is provided/],
    ['resourceVersion=0&resourceVersionMatch=Exact', /resourceVersionMatch "exact" is forbidden for resourceVersion "0"/],
    ['sendInitialEvents=true', /sendInitialEvents: Forbidden: sendInitialEvents is forbidden for list/],
    ['watch=true&sendInitialEvents=true', /sendInitialEvents requires setting resourceVersionMatch to NotOlderThan/],
    ['watch=true&resourceVersionMatch=NotOlderThan', /resourceVersionMatch is forbidden for watch unless sendInitialEvents is provided/],
  ];
  for (const [q, re] of cases) {
    const r = await srv.request('GET', `${base}?${q}`);
    assert.equal(r.status, 422, q);
    assert.match(r.json.message, re, q);
  }
  const cont = await srv.request('GET', `${base}?continue=abc&resourceVersion=5`);
  assert.equal(cont.status, 400);
});

test('deletecollection deletes what the selector picks and answers with the deleted objects', async () => {
  const ns = '/apis/test.orch.io/v1/namespaces/dc/widgets';
  for (const [n, keep] of [['a', 'no'], ['b', 'no'], ['c', 'yes']]) {
    await srv.request('POST', ns, { body: { metadata: { name: n!, labels: { keep: keep! } } } });
  }
  const dry = await srv.request('DELETE', `${ns}?labelSelector=keep%3Dno&dryRun=All`);
  assert.equal(dry.json.items.length, 2);
  assert.equal((await srv.request('GET', ns)).json.items.length, 3);
  const r = await srv.request('DELETE', `${ns}?labelSelector=keep%3Dno`);
  assert.equal(r.status, 200);
  assert.equal(r.json.kind, 'WidgetList');
  assert.deepEqual(r.json.items.map((i: any) => i.metadata.name).sort(), ['a', 'b']);
  assert.deepEqual((await srv.request('GET', ns)).json.items.map((i: any) => i.metadata.name), ['c']);
});

test('Table output in the group the client asked for, with PartialObjectMetadata rows; 406 for unknown media', async () => {
  await srv.request('POST', base, { body: widget('t1') });
  for (const g of ['meta.k8s.io', 'meta.orch.io']) {
    const r = await srv.request('GET', base, { headers: { accept: `application/json;as=Table;v=v1;g=${g}, application/json` } });
    assert.equal(r.status, 200);
    assert.equal(r.json.kind, 'Table');
    assert.equal(r.json.apiVersion, `${g}/v1`);
    assert.deepEqual(r.json.columnDefinitions.map((c: any) => c.name), ['Name', 'Color']);
    assert.equal(r.json.rows[0].object.kind, 'PartialObjectMetadata');
  }
  const beta = await srv.request('GET', `${base}/t1`, { headers: { accept: 'application/json;as=Table;v=v1beta1;g=meta.k8s.io' } });
  assert.equal(beta.json.apiVersion, 'meta.k8s.io/v1beta1');
  assert.deepEqual(beta.json.rows[0].cells, ['t1', 'red']);
  const yaml = await srv.request('GET', `${base}/t1`, { headers: { accept: 'application/yaml' } });
  assert.match(yaml.text, /^apiVersion: test.orch.io\/v1\nkind: Widget\n/);
  const none = await srv.request('GET', `${base}/t1`, { headers: { accept: 'text/html' } });
  assert.equal(none.status, 406);
});

test('watch from a resourceVersion sees later changes in order; sendInitialEvents ends with the annotated bookmark', async () => {
  const ns = '/apis/test.orch.io/v1/namespaces/watch/widgets';
  const first = (await srv.request('POST', ns, { body: { metadata: { name: 'w1' } } })).json;
  const watching = collectWatch(`${srv.url}${ns}?watch=true&resourceVersion=${first.metadata.resourceVersion}`, 3);
  await new Promise((r) => setTimeout(r, 100));
  await srv.request('POST', ns, { body: { metadata: { name: 'w2' } } });
  await srv.request('PATCH', `${ns}/w1`, { body: { spec: { size: 4 } }, headers: { 'content-type': 'application/merge-patch+json' } });
  await srv.request('DELETE', `${ns}/w2`);
  const got = await watching;
  assert.equal(got.status, 200);
  assert.deepEqual(got.events.map((e) => `${e.type}:${e.object.metadata.name}`), ['ADDED:w2', 'MODIFIED:w1', 'DELETED:w2']);
  assert.equal(got.events[0].object.kind, 'Widget');

  const initial = await collectWatch(`${srv.url}${ns}?watch=true&sendInitialEvents=true&resourceVersionMatch=NotOlderThan&allowWatchBookmarks=true`, 2);
  assert.equal(initial.events[0].type, 'ADDED');
  assert.equal(initial.events[0].object.metadata.name, 'w1');
  assert.equal(initial.events[1].type, 'BOOKMARK');
  assert.equal(initial.events[1].object.metadata.annotations['k8s.io/initial-events-end'], 'true');
  assert.equal(initial.events[1].object.kind, 'Widget');

  const plain = await collectWatch(`${srv.url}/apis/test.orch.io/v1/watch/namespaces/watch/widgets`, 1);
  assert.equal(plain.events[0].type, 'ADDED');
});

test('discovery documents and aggregated discovery in the requested group', async () => {
  const apis = await srv.request('GET', '/apis');
  assert.equal(apis.json.kind, 'APIGroupList');
  assert.equal(apis.json.groups[0].name, 'test.orch.io');
  const rl = await srv.request('GET', '/apis/test.orch.io/v1');
  assert.equal(rl.json.kind, 'APIResourceList');
  const w = rl.json.resources[0];
  assert.equal(w.name, 'widgets');
  assert.equal(w.singularName, 'widget');
  assert.deepEqual(w.shortNames, ['wd']);
  assert.deepEqual(w.verbs, ['create', 'delete', 'deletecollection', 'get', 'list', 'patch', 'update', 'watch']);
  assert.match(w.storageVersionHash, /^[A-Za-z0-9+/]{11}=$/);
  const agg = await srv.request('GET', '/apis', { headers: { accept: 'application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList,application/json' } });
  assert.equal(agg.headers['content-type'], 'application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList');
  assert.equal(agg.json.kind, 'APIGroupDiscoveryList');
  assert.equal(agg.json.items[0].versions[0].resources[0].responseKind.kind, 'Widget');
  const v3 = await srv.request('GET', '/openapi/v3');
  assert.match(v3.json.paths['apis/test.orch.io/v1'].serverRelativeURL, /^\/openapi\/v3\/apis\/test.orch.io\/v1\?hash=[0-9A-F]+$/);
  const doc = await srv.request('GET', '/openapi/v3/apis/test.orch.io/v1');
  assert.ok(doc.json.paths['/apis/test.orch.io/v1/namespaces/{namespace}/widgets/{name}'].patch);
  const v2 = await srv.request('GET', '/openapi/v2');
  assert.equal(v2.json.swagger, '2.0');
  assert.equal((await srv.request('GET', '/apis/nope.orch.io/v1/things')).status, 404);
  assert.equal((await srv.request('POST', '/apis/test.orch.io/v1/widgets', { body: {} })).status, 405);
});
