// SubjectAccessReview, LocalSubjectAccessReview, SelfSubjectAccessReview and
// SelfSubjectRulesReview answered by the real server with RBAC over a real SQLite store: what
// they allow, what they refuse, and the rules they list.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { apiRequest, makeTempDir, startTestApiserver, type TestApiserver } from '../../../../test/support/apiserver.ts';
import { openAccessStack, type AccessStack } from './testing/access-stack.ts';

const TOKENS = { admin: 'reviews-admin', alice: 'reviews-alice', node: 'reviews-node' };
let stack: AccessStack;
let server: TestApiserver;

before(async () => {
  const tokens = join(makeTempDir('orch-reviews-'), 'tokens.csv');
  writeFileSync(tokens, `${TOKENS.admin},admin,u0,"system:masters"\n${TOKENS.alice},alice,u1,"dev"\n${TOKENS.node},system:node:n1,u2,"system:nodes"\n`);
  stack = await openAccessStack();
  server = await startTestApiserver({ 'token-auth-file': tokens, 'authorization-mode': ['Node', 'RBAC'] }, stack.deps);
  for (let i = 0; i < 200 && (await apiRequest(server, '/readyz', { token: TOKENS.admin })).status !== 200; i++) await delay(25);
  const rbac = '/apis/rbac.authorization.orch.io/v1';
  const made = await Promise.all([
    post(`${rbac}/namespaces/team/roles`, { kind: 'Role', apiVersion: 'rbac.authorization.orch.io/v1', metadata: { name: 'cm' }, rules: [{ apiGroups: [''], resources: ['configmaps'], verbs: ['get', 'list'], resourceNames: [] }] }),
    post(`${rbac}/namespaces/team/rolebindings`, {
      kind: 'RoleBinding', apiVersion: 'rbac.authorization.orch.io/v1', metadata: { name: 'alice-cm' },
      roleRef: { apiGroup: 'rbac.authorization.orch.io', kind: 'Role', name: 'cm' }, subjects: [{ kind: 'User', apiGroup: 'rbac.authorization.orch.io', name: 'alice' }],
    }),
    post(`${rbac}/namespaces/broken/rolebindings`, {
      kind: 'RoleBinding', apiVersion: 'rbac.authorization.orch.io/v1', metadata: { name: 'dangling' },
      roleRef: { apiGroup: 'rbac.authorization.orch.io', kind: 'ClusterRole', name: 'does-not-exist' }, subjects: [{ kind: 'Group', apiGroup: 'rbac.authorization.orch.io', name: 'dev' }],
    }),
  ]);
  for (const m of made) assert.equal(m.status, 201, JSON.stringify(m.body));
  // The policy index follows the store through a watch.
  for (let i = 0; i < 200 && stack.access.index.rulesFor({ name: 'alice', uid: '', groups: ['dev'] }, 'team').rules.length === 0; i++) await delay(10);
});
after(async () => {
  await server?.stop();
  await stack?.close();
});

async function post(path: string, body: unknown, token = TOKENS.admin): Promise<{ status: number; body: any }> {
  const text = JSON.stringify(body);
  const r = await apiRequest(server, path, { method: 'POST', token, headers: { 'content-type': 'application/json' }, body: text });
  return { status: r.status, body: JSON.parse(r.body) };
}

const SAR = '/apis/authorization.orch.io/v1/subjectaccessreviews';
const sar = (spec: unknown, token?: string) => post(SAR, { apiVersion: 'authorization.orch.io/v1', kind: 'SubjectAccessReview', spec }, token);

test('SubjectAccessReview: allowed with the RBAC reason, or not allowed without denying', async () => {
  const yes = await sar({ user: 'alice', groups: ['dev'], resourceAttributes: { namespace: 'team', verb: 'get', resource: 'configmaps', name: 'x' } });
  assert.equal(yes.status, 201);
  assert.deepEqual(yes.body.status, { allowed: true, reason: 'RBAC: allowed by RoleBinding "alice-cm/team" of Role "cm" to User "alice"' });
  const no = await sar({ user: 'alice', groups: ['dev'], resourceAttributes: { namespace: 'team', verb: 'delete', resource: 'configmaps' } });
  assert.deepEqual(no.body.status, { allowed: false });
  const path = await sar({ user: 'alice', groups: ['system:authenticated'], nonResourceAttributes: { path: '/version', verb: 'get' } });
  assert.equal(path.body.status.allowed, true, 'system:public-info-viewer');
  const masters = await sar({ user: 'x', groups: ['system:masters'], resourceAttributes: { verb: 'delete', resource: 'nodes' } });
  assert.equal(masters.body.status.allowed, true);
  // A dangling binding shows up in the reason.
  const broken = await sar({ user: 'alice', groups: ['dev'], resourceAttributes: { namespace: 'broken', verb: 'get', resource: 'pods' } });
  assert.deepEqual(broken.body.status, { allowed: false, reason: 'RBAC: clusterrole.rbac.authorization.orch.io "does-not-exist" not found' });
});

test('SubjectAccessReview: node identities go through the Node authorizer', async () => {
  const lease = await sar({ user: 'system:node:n1', groups: ['system:nodes'], resourceAttributes: { namespace: 'orch-node-lease', verb: 'update', group: 'coordination.orch.io', resource: 'leases', name: 'n1' } });
  assert.equal(lease.body.status.allowed, true);
  const other = await sar({ user: 'system:node:n1', groups: ['system:nodes'], resourceAttributes: { namespace: 'orch-node-lease', verb: 'update', group: 'coordination.orch.io', resource: 'leases', name: 'n2' } });
  assert.deepEqual(other.body.status, { allowed: false, reason: 'can only access node lease with the same name as the requesting node' });
});

test('SubjectAccessReview: refused without exactly one kind of attributes or a subject, and for users who may not create it', async () => {
  const neither = await sar({ user: 'alice' });
  assert.equal(neither.status, 422);
  assert.equal(neither.body.details.causes[0].field, 'spec.resourceAttributes');
  const both = await sar({ user: 'alice', resourceAttributes: { verb: 'get' }, nonResourceAttributes: { verb: 'get', path: '/' } });
  assert.equal(both.status, 422);
  const nobody = await sar({ resourceAttributes: { verb: 'get', resource: 'pods' } });
  assert.equal(nobody.status, 422);
  assert.match(nobody.body.message, /at least one of user or group must be specified/);
  const asAlice = await sar({ user: 'admin', resourceAttributes: { verb: 'get', resource: 'pods' } }, TOKENS.alice);
  assert.equal(asAlice.status, 403);
  assert.equal(asAlice.body.message, 'subjectaccessreviews.authorization.orch.io is forbidden: User "alice" cannot create resource "subjectaccessreviews" in API group "authorization.orch.io" at the cluster scope');
});

test('LocalSubjectAccessReview: the namespace of the path must be the one asked about', async () => {
  const path = '/apis/authorization.orch.io/v1/namespaces/team/localsubjectaccessreviews';
  const ok = await post(path, { apiVersion: 'authorization.orch.io/v1', kind: 'LocalSubjectAccessReview', spec: { user: 'alice', resourceAttributes: { namespace: 'team', verb: 'list', resource: 'configmaps' } } });
  assert.equal(ok.status, 201);
  assert.equal(ok.body.status.allowed, true);
  const mismatch = await post(path, { apiVersion: 'authorization.orch.io/v1', kind: 'LocalSubjectAccessReview', spec: { user: 'alice', resourceAttributes: { namespace: 'other', verb: 'list', resource: 'configmaps' } } });
  assert.equal(mismatch.status, 400);
  assert.equal(mismatch.body.message, 'spec.resourceAttributes.namespace must match namespace: team');
  const nonResource = await post(path, { apiVersion: 'authorization.orch.io/v1', kind: 'LocalSubjectAccessReview', spec: { user: 'alice', nonResourceAttributes: { verb: 'get', path: '/' } } });
  assert.equal(nonResource.status, 422);
});

test('SelfSubjectAccessReview: answers for the caller, whatever user the spec names; Kubernetes group names answered as asked', async () => {
  const body = { apiVersion: 'authorization.k8s.io/v1', kind: 'SelfSubjectAccessReview', spec: { user: 'admin', groups: ['system:masters'], resourceAttributes: { namespace: 'team', verb: 'delete', resource: 'configmaps' } } };
  const alice = await post('/apis/authorization.k8s.io/v1/selfsubjectaccessreviews', body, TOKENS.alice);
  assert.equal(alice.status, 201, JSON.stringify(alice.body));
  assert.equal(alice.body.apiVersion, 'authorization.k8s.io/v1');
  assert.equal(alice.body.status.allowed, false);
  // A rule on the orch.io group answers a question asked with the Kubernetes group name.
  const rbacGroup = await post(
    '/apis/authorization.k8s.io/v1/selfsubjectaccessreviews',
    { apiVersion: 'authorization.k8s.io/v1', kind: 'SelfSubjectAccessReview', spec: { resourceAttributes: { verb: 'create', group: 'authorization.k8s.io', resource: 'selfsubjectrulesreviews' } } },
    TOKENS.alice,
  );
  assert.equal(rbacGroup.body.status.allowed, true, 'system:basic-user grants it under authorization.orch.io');
});

test('SelfSubjectRulesReview: the caller\'s rules in a namespace; dangling bindings make it incomplete; masters get everything', async () => {
  const rules = (namespace: string | undefined, token: string) =>
    post('/apis/authorization.orch.io/v1/selfsubjectrulesreviews', { apiVersion: 'authorization.orch.io/v1', kind: 'SelfSubjectRulesReview', spec: namespace === undefined ? {} : { namespace } }, token);
  const team = await rules('team', TOKENS.alice);
  assert.equal(team.status, 201);
  assert.equal(team.body.status.incomplete, false);
  assert.ok(team.body.status.resourceRules.some((r: any) => r.resources.includes('configmaps') && r.verbs.join() === 'get,list'), JSON.stringify(team.body.status.resourceRules));
  assert.ok(team.body.status.resourceRules.some((r: any) => r.resources.includes('selfsubjectrulesreviews')));
  assert.ok(team.body.status.nonResourceRules.some((r: any) => r.nonResourceURLs.includes('/healthz')));
  const other = await rules('elsewhere', TOKENS.alice);
  assert.equal(other.body.status.resourceRules.some((r: any) => r.resources.includes('configmaps')), false, 'the role binding is namespaced');
  const broken = await rules('broken', TOKENS.alice);
  assert.equal(broken.body.status.incomplete, true);
  assert.equal(broken.body.status.evaluationError, 'clusterrole.rbac.authorization.orch.io "does-not-exist" not found');
  const admin = await rules('team', TOKENS.admin);
  assert.deepEqual(admin.body.status.resourceRules[0], { verbs: ['*'], apiGroups: ['*'], resources: ['*'] });
  assert.deepEqual(admin.body.status.nonResourceRules[0], { verbs: ['*'], nonResourceURLs: ['*'] });
  const missing = await rules(undefined, TOKENS.alice);
  assert.equal(missing.status, 422);
  assert.equal(missing.body.details.causes[0].field, 'spec.namespace');
});
