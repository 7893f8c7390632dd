// Object keys that are also JavaScript's own member names ("__proto__", "constructor",
// "prototype") in every kind of write: they are data like any other key. Nothing may reach
// Object.prototype, and a config map holding such keys keeps them through every patch type.
// The server runs in this process, so its Object.prototype is the one checked.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startCoreApiserver, type CoreApiserver } from '../support/core-apiserver.ts';

let s: CoreApiserver;
const prototypeKeys = Object.getOwnPropertyNames(Object.prototype).sort();
before(async () => {
  s = await startCoreApiserver();
});
after(() => s.stop());

const CMS = '/api/v1/namespaces/default/configmaps';
const KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty'];
const PATCH_TYPES = {
  merge: 'application/merge-patch+json',
  strategic: 'application/strategic-merge-patch+json',
  apply: 'application/apply-patch+yaml',
};

function assertPrototypeUntouched(what: string): void {
  assert.deepEqual(Object.getOwnPropertyNames(Object.prototype).sort(), prototypeKeys, what);
  const probe: Record<string, unknown> = {};
  for (const k of ['x', 'polluted', 'name', 'labels']) assert.equal(probe[k], undefined, `${what}: {}.${k}`);
}

/** `{k: inner}` for every hostile key k, as JSON text (an object literal would set the prototype). */
function hostile(inner: string): string {
  return `{${KEYS.map((k) => `${JSON.stringify(k)}:${inner}`).join(',')}}`;
}

test('hostile keys in every patch type, at every depth, never pollute Object.prototype or fail with 5xx', async () => {
  assert.equal((await s.call('POST', CMS, { metadata: { name: 'target' }, data: { a: 'b' } })).status, 201);
  const bodies = [
    hostile('{"polluted":"yes","x":"y"}'),
    `{"metadata":${hostile('{"polluted":"yes"}')}}`,
    `{"metadata":{"labels":${hostile('{"polluted":"yes"}')},"annotations":${hostile('"v"')}}}`,
    `{"data":${hostile('{"polluted":"yes"}')}}`,
    `{"metadata":{"__proto__":{"name":"other","labels":{"x":"y"}}}}`,
    `{"metadata":{"$setElementOrder/__proto__":[{"x":1}],"$deleteFromPrimitiveList/constructor":["x"]}}`,
    `{"metadata":{"$retainKeys":["__proto__"],"__proto__":{"x":"y"}}}`,
  ];
  for (const [type, contentType] of Object.entries(PATCH_TYPES)) {
    for (const body of bodies) {
      const applied = type === 'apply' ? `{"apiVersion":"v1","kind":"ConfigMap",${body.slice(1)}` : body;
      const query = type === 'apply' ? '?fieldManager=hostile&force=true' : '';
      const r = await s.call('PATCH', `${CMS}/target${query}`, applied, { 'content-type': contentType });
      assert.ok(r.status < 500, `${type} ${body}: ${r.status} ${JSON.stringify(r.body)}`);
      assertPrototypeUntouched(`${type} ${body}`);
    }
  }
  const jsonPatch = JSON.stringify(
    KEYS.flatMap((k) => [
      { op: 'add', path: `/metadata/${k}`, value: { polluted: 'yes' } },
      { op: 'add', path: `/metadata/${k}/polluted`, value: 'yes' },
      { op: 'replace', path: `/${k}/x`, value: 'yes' },
    ]),
  );
  const jp = await s.call('PATCH', `${CMS}/target`, jsonPatch, { 'content-type': 'application/json-patch+json' });
  assert.ok(jp.status < 500, `json patch: ${jp.status} ${JSON.stringify(jp.body)}`);
  assertPrototypeUntouched('json patch');

  for (const body of bodies) {
    const r = await s.call('POST', CMS, `{"apiVersion":"v1","kind":"ConfigMap","metadata":{"generateName":"c-"},${body.slice(1)}`);
    assert.ok(r.status < 500, `create ${body}: ${r.status} ${JSON.stringify(r.body)}`);
    assertPrototypeUntouched(`create ${body}`);
  }
  const other = await s.call('GET', `${CMS}/other`);
  assert.equal(other.status, 404, 'a "__proto__" member of metadata did not rename anything');
  assert.equal((await s.call('GET', '/readyz')).status, 200);
  // Objects made after all that carry nothing they were not given.
  const fresh = await s.call('POST', CMS, { metadata: { name: 'fresh' } });
  assert.equal(fresh.status, 201);
  assert.equal(fresh.body.metadata.labels, undefined);
  assert.equal(fresh.body.polluted, undefined);
});

test('config map keys named like JavaScript members are kept as data through create and every patch type', async () => {
  const data = Object.fromEntries(KEYS.map((k) => [k, `v-${k}`]));
  const created = await s.call('POST', CMS, `{"metadata":{"name":"members"},"data":${JSON.stringify(data)}}`);
  assert.equal(created.status, 201, JSON.stringify(created.body));
  assert.deepEqual(created.body.data, data);
  const got = await s.call('GET', `${CMS}/members`);
  assert.deepEqual(got.body.data, data);

  for (const [type, contentType] of Object.entries(PATCH_TYPES)) {
    const changed = Object.fromEntries(KEYS.map((k) => [k, `${type}-${k}`]));
    const body = type === 'apply'
      ? `{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"members"},"data":${JSON.stringify(changed)}}`
      : `{"data":${JSON.stringify(changed)}}`;
    const query = type === 'apply' ? '?fieldManager=keys&force=true' : '';
    const r = await s.call('PATCH', `${CMS}/members${query}`, body, { 'content-type': contentType });
    assert.equal(r.status, 200, `${type}: ${JSON.stringify(r.body)}`);
    assert.deepEqual(r.body.data, changed, type);
    assert.deepEqual((await s.call('GET', `${CMS}/members`)).body.data, changed, `${type}, read back`);
  }
  // A merge patch's null removes such a key like any other.
  const removed = await s.call('PATCH', `${CMS}/members`, '{"data":{"__proto__":null,"constructor":null}}', { 'content-type': PATCH_TYPES.merge });
  assert.equal(removed.status, 200);
  assert.deepEqual(Object.keys(removed.body.data).sort(), ['hasOwnProperty', 'prototype', 'toString']);
  assertPrototypeUntouched('after the data patches');
});

test('a label selector on a key named like a JavaScript member matches only objects that have it', async () => {
  const r = await s.call('POST', CMS, { metadata: { name: 'labelled', labels: { constructor: 'x' } } });
  assert.equal(r.status, 201);
  for (const selector of ['constructor', 'constructor=x', 'toString', '!constructor']) {
    const list = await s.call('GET', `${CMS}?labelSelector=${encodeURIComponent(selector)}`);
    assert.equal(list.status, 200, `${selector}: ${JSON.stringify(list.body)}`);
    const names = list.body.items.map((i: { metadata: { name: string } }) => i.metadata.name);
    if (selector === 'toString') assert.deepEqual(names, [], selector);
    else if (selector === '!constructor') assert.ok(!names.includes('labelled') && names.includes('members'), selector);
    else assert.deepEqual(names, ['labelled'], selector);
  }
});
