// OwnerReferencesPermissionEnforcement against the real HTTPS server under RBAC: changing
// ownerReferences needs delete on the object, blockOwnerDeletion needs update on the owner's
// finalizers; creating with plain references is always allowed.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { apiRequest, makeTempDir, startTestApiserver, type TestApiserver } from '../support/apiserver.ts';
import { startAdmissionStack, type AdmissionStack } from '../../src/apiserver/admission/plugins/testing/admission-stack.ts';

const dir = makeTempDir('orch-ownerrefs-');
const tokens = join(dir, 'tokens.csv');
writeFileSync(tokens, 'admin-token,admin,u0,"system:masters"\nalice-token,alice,u1,"dev"\n');

let stack: AdmissionStack<TestApiserver>;
let s: TestApiserver;

async function call(token: string, method: string, path: string, body?: unknown) {
  const r = await apiRequest(s, path, { method, token, headers: body ? { 'content-type': 'application/json' } : {}, body: body ? JSON.stringify(body) : undefined });
  return { status: r.status, body: r.body.startsWith('{') ? r.json() : r.body };
}

before(async () => {
  stack = await startAdmissionStack(
    { 'data-dir': dir, 'token-auth-file': tokens, 'authorization-mode': ['RBAC'], 'enable-admission-plugins': ['OwnerReferencesPermissionEnforcement'] },
    (values, deps) => startTestApiserver(values, deps),
  );
  s = stack.server;
  for (let i = 0; i < 200 && (await call('admin-token', 'GET', '/readyz')).status !== 200; i++) await delay(25);
  const role = { apiVersion: 'rbac.authorization.orch.io/v1', kind: 'Role', metadata: { name: 'cm-editor', namespace: 'default' }, rules: [{ apiGroups: [''], resources: ['configmaps'], verbs: ['get', 'create', 'update'] }] };
  const created = await call('admin-token', 'POST', '/apis/rbac.authorization.orch.io/v1/namespaces/default/roles', role);
  assert.equal(created.status, 201, JSON.stringify(created.body));
  const binding = { apiVersion: 'rbac.authorization.orch.io/v1', kind: 'RoleBinding', metadata: { name: 'alice', namespace: 'default' }, roleRef: { apiGroup: 'rbac.authorization.orch.io', kind: 'Role', name: 'cm-editor' }, subjects: [{ apiGroup: 'rbac.authorization.orch.io', kind: 'User', name: 'alice' }] };
  const bound = await call('admin-token', 'POST', '/apis/rbac.authorization.orch.io/v1/namespaces/default/rolebindings', binding);
  assert.equal(bound.status, 201, JSON.stringify(bound.body));
  await delay(100);
});
after(() => stack?.stop());

const CM = '/api/v1/namespaces/default/configmaps';
const owner = (blockOwnerDeletion?: boolean) => ({ apiVersion: 'v1', kind: 'ConfigMap', name: 'owner', uid: '6f7c1d2e-0000-4000-8000-000000000001', ...(blockOwnerDeletion === undefined ? {} : { blockOwnerDeletion }) });

test('creating with an ownerReference is allowed without delete permission', async () => {
  const r = await call('alice-token', 'POST', CM, { metadata: { name: 'child', ownerReferences: [owner()] } });
  assert.equal(r.status, 201, JSON.stringify(r.body));
});

test('changing ownerReferences without delete permission is refused; other updates pass', async () => {
  const current = (await call('alice-token', 'GET', `${CM}/child`)).body;
  const changed = { ...current, metadata: { ...current.metadata, ownerReferences: [{ ...owner(), name: 'other-owner', uid: '6f7c1d2e-0000-4000-8000-000000000002' }] } };
  const r = await call('alice-token', 'PUT', `${CM}/child`, changed);
  assert.equal(r.status, 403);
  assert.equal(r.body.reason, 'Forbidden');
  assert.equal(r.body.message, `configmaps "child" is forbidden: cannot set an ownerRef on a resource you can't delete: , <nil>`);
  const data = await call('alice-token', 'PUT', `${CM}/child`, { ...current, data: { a: 'b' } });
  assert.equal(data.status, 200, JSON.stringify(data.body));
  // The admin may delete, so may change them.
  const fresh = (await call('admin-token', 'GET', `${CM}/child`)).body;
  const byAdmin = await call('admin-token', 'PUT', `${CM}/child`, { ...fresh, metadata: { ...fresh.metadata, ownerReferences: changed.metadata.ownerReferences } });
  assert.equal(byAdmin.status, 200, JSON.stringify(byAdmin.body));
});

test('blockOwnerDeletion needs update on the owner finalizers', async () => {
  const refused = await call('alice-token', 'POST', CM, { metadata: { name: 'blocker', ownerReferences: [owner(true)] } });
  assert.equal(refused.status, 403);
  assert.equal(refused.body.message, `configmaps "blocker" is forbidden: cannot set blockOwnerDeletion if an ownerReference refers to a resource you can't set finalizers on: , <nil>`);
  const unknown = await call('alice-token', 'POST', CM, { metadata: { name: 'blocker', ownerReferences: [{ ...owner(true), apiVersion: 'example.io/v1', kind: 'Widget' }] } });
  assert.equal(unknown.status, 403);
  assert.match(unknown.body.message, /cannot set blockOwnerDeletion in this case because cannot find RESTMapping for APIVersion example\.io\/v1 Kind Widget: no matches for kind "Widget" in version "example\.io\/v1"/);

  const role = { apiVersion: 'rbac.authorization.orch.io/v1', kind: 'Role', metadata: { name: 'finalizers', namespace: 'default' }, rules: [{ apiGroups: [''], resources: ['configmaps/finalizers'], verbs: ['update'], resourceNames: ['owner'] }] };
  assert.equal((await call('admin-token', 'POST', '/apis/rbac.authorization.orch.io/v1/namespaces/default/roles', role)).status, 201);
  const binding = { apiVersion: 'rbac.authorization.orch.io/v1', kind: 'RoleBinding', metadata: { name: 'alice-finalizers', namespace: 'default' }, roleRef: { apiGroup: 'rbac.authorization.orch.io', kind: 'Role', name: 'finalizers' }, subjects: [{ apiGroup: 'rbac.authorization.orch.io', kind: 'User', name: 'alice' }] };
  assert.equal((await call('admin-token', 'POST', '/apis/rbac.authorization.orch.io/v1/namespaces/default/rolebindings', binding)).status, 201);
  let ok = { status: 0, body: {} as any };
  for (let i = 0; i < 40 && ok.status !== 201; i++) {
    ok = await call('alice-token', 'POST', CM, { metadata: { name: 'blocker', ownerReferences: [owner(true)] } });
    if (ok.status !== 201) await delay(50);
  }
  assert.equal(ok.status, 201, JSON.stringify(ok.body));
});
