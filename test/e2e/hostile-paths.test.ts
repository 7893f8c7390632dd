// Request paths that try to address more than they name: dot segments, escaped dots, and names a
// storage key cannot hold. Each must be refused with a 400 Status while nothing stored changes.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startCoreApiserver, type CoreApiserver } from '../support/core-apiserver.ts';

let s: CoreApiserver;
before(async () => {
  s = await startCoreApiserver();
});
after(() => s.stop());

const NS = '/api/v1/namespaces/dots';

async function names(): Promise<string[]> {
  const r = await s.call('GET', `${NS}/configmaps`);
  assert.equal(r.status, 200);
  return r.body.items.map((i: { metadata: { name: string } }) => i.metadata.name).sort();
}

test('"." and ".." as a name are refused on every verb; the collection and its namespace stay', async () => {
  assert.equal((await s.call('POST', '/api/v1/namespaces', { metadata: { name: 'dots' } })).status, 201);
  for (const name of ['a', 'b']) assert.equal((await s.call('POST', `${NS}/configmaps`, { metadata: { name } })).status, 201);

  const merge = { 'content-type': 'application/merge-patch+json' };
  for (const seg of ['.', '..', '%2e', '%2E%2e', 'a%2F..']) {
    for (const [method, body, headers] of [
      ['DELETE', undefined, {}],
      ['GET', undefined, {}],
      ['PUT', { metadata: { name: 'a' } }, {}],
      ['PATCH', { data: { x: 'y' } }, merge],
    ] as const) {
      const r = await s.call(method, `${NS}/configmaps/${seg}`, body, headers);
      assert.ok(r.status === 400 || r.status === 404, `${method} configmaps/${seg}: ${r.status} ${JSON.stringify(r.body)}`);
      assert.equal(r.body.kind, 'Status', `${method} configmaps/${seg}`);
    }
  }
  const dot = await s.call('DELETE', `${NS}/configmaps/.`);
  assert.equal(dot.status, 400);
  assert.match(dot.body.message, /^Name parameter invalid: "\.": may not be '\.'/);
  const dotdot = await s.call('DELETE', `${NS}/configmaps/..`);
  assert.equal(dotdot.status, 400);
  assert.match(dotdot.body.message, /may not be '\.\.'/);

  assert.deepEqual(await names(), ['a', 'b']);
  const ns = await s.call('GET', NS);
  assert.equal(ns.status, 200);
  assert.equal(ns.body.metadata.deletionTimestamp, undefined, 'the namespace is not being deleted');
});

test('a namespace named ".." in the path addresses nothing', async () => {
  const r = await s.call('DELETE', '/api/v1/namespaces/..');
  assert.equal(r.status, 400);
  const up = await s.call('DELETE', `${NS}/..`);
  assert.ok(up.status >= 400 && up.status < 500, `${up.status}`);
  assert.equal((await s.call('GET', NS)).body.metadata.deletionTimestamp, undefined);
});

test('a malformed escape in the path is a 400, not a guess', async () => {
  const r = await s.call('GET', `${NS}/configmaps/%zz`);
  assert.equal(r.status, 400);
  assert.equal(r.body.kind, 'Status');
});

test('a cluster-scoped resource has no path under a namespace: 404, as Kubernetes routes it', async () => {
  for (const [method, path] of [
    ['GET', '/apis/rbac.authorization.orch.io/v1/namespaces/default/clusterroles'],
    ['GET', '/apis/rbac.authorization.orch.io/v1/namespaces/default/clusterroles/admin'],
    ['DELETE', '/apis/rbac.authorization.orch.io/v1/namespaces/default/clusterroles/admin'],
    ['GET', '/api/v1/namespaces/default/namespaces'],
    ['GET', '/api/v1/namespaces/default/namespaces/default'],
  ] as const) {
    const r = await s.call(method, path);
    assert.equal(r.status, 404, `${method} ${path}: ${r.status}`);
    assert.equal(r.body.kind, 'Status');
  }
  assert.equal((await s.call('GET', '/apis/rbac.authorization.orch.io/v1/clusterroles/admin')).status, 200, 'the cluster path still serves');
  assert.equal((await s.call('GET', '/api/v1/namespaces/default')).status, 200, "a namespace's own path still serves");
  assert.equal((await s.call('GET', '/api/v1/namespaces/default/status')).status, 200);
});

test('a subresource named like a JavaScript member is not found, not a 500', async () => {
  for (const sub of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
    for (const path of [`/api/v1/namespaces/default/${sub}`, `/api/v1/namespaces/default/configmaps/x/${sub}`, `/apis/flowcontrol.apiserver.orch.io/v1/flowschemas/catch-all/${sub}`]) {
      const r = await s.call('GET', path);
      assert.equal(r.status, 404, `${path}: ${r.status} ${JSON.stringify(r.body)}`);
      assert.equal(r.body.kind, 'Status');
    }
  }
});
