// Identities x authorization modes x verbs against the real HTTPS server serving Events and RBAC:
// AlwaysAllow, AlwaysDeny, ABAC, Webhook (a test webhook, cache hit observed), RBAC, Node and
// the chain Node,RBAC; escalation prevention; the bootstrap policy and its reconciliation.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createServer as createHttpsServer } from 'node:https';
import { readFileSync } from 'node:fs';
import { request } from 'node:https';
import { makeTempDir, sharedCertDirectory, startTestApiserver, type TestValues } from '../support/apiserver.ts';
import { openAccessStack, type AccessStack } from '../../src/apiserver/registry/rbac/testing/access-stack.ts';

const TOKENS = { admin: 'admin-token', alice: 'alice-token', bob: 'bob-token', node1: 'node1-token' };
const dir = makeTempDir('orch-authz-');
const tokenFile = join(dir, 'tokens.csv');
writeFileSync(
  tokenFile,
  [
    `${TOKENS.admin},admin,u0,"system:masters"`,
    `${TOKENS.alice},alice,u1,"dev"`,
    `${TOKENS.bob},bob,u2,""`,
    `${TOKENS.node1},system:node:node1,u3,"system:nodes"`,
  ].join('\n') + '\n',
);

const cleanups: (() => Promise<void>)[] = [];
after(async () => {
  for (const c of cleanups.reverse()) await c();
});

async function serve(values: TestValues): Promise<{ url: string; ca: string; stack: AccessStack }> {
  const stack = await openAccessStack();
  const server = await startTestApiserver({ 'token-auth-file': tokenFile, ...values }, stack.deps);
  cleanups.push(async () => {
    await server.stop();
    await stack.close();
  });
    const srv = { url: server.url, ca: readFileSync(server.caFile, 'utf8'), stack };
  // Health reports the bootstrap policy hook until it has finished.
  await waitFor(async () => (await call(srv, 'GET', '/healthz', TOKENS.admin)).status === 200);
  return srv;
}

function call(srv: { url: string; ca: string }, method: string, path: string, token?: string, body?: unknown): Promise<{ status: number; json: any }> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (token) headers.authorization = `Bearer ${token}`;
    if (body) headers['content-type'] = 'application/json';
    const req = request(`${srv.url}${path}`, { method, headers, ca: srv.ca }, (res) => {
      let text = '';
      res.on('data', (c) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, json: text.startsWith('{') ? JSON.parse(text) : text }));
    });
    req.on('error', reject);
    req.end(body ? JSON.stringify(body) : undefined);
  });
}

const EVENTS = '/api/v1/namespaces/default/events';
const event = (name: string) => ({ apiVersion: 'v1', kind: 'Event', metadata: { name }, involvedObject: { kind: 'Pod', name: 'p', namespace: 'default' }, reason: 'R', message: 'm' });

async function waitFor(check: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  assert.fail('condition not reached');
}

test('AlwaysDeny: only system:masters; the denial is worded as Kubernetes words it', async () => {
  const srv = await serve({ 'authorization-mode': ['AlwaysDeny'] });
  assert.equal((await call(srv, 'GET', EVENTS, TOKENS.admin)).status, 200);
  const denied = await call(srv, 'GET', EVENTS, TOKENS.alice);
  assert.equal(denied.status, 403);
  assert.equal(denied.json.reason, 'Forbidden');
  assert.equal(denied.json.message, 'events is forbidden: User "alice" cannot list resource "events" in API group "" in the namespace "default": Everything is forbidden.');
});

test('ABAC: versioned and legacy policies; read-only policies refuse writes', async () => {
  const policy = join(dir, 'abac.jsonl');
  writeFileSync(
    policy,
    [
      '# comment',
      '{"apiVersion":"abac.authorization.orch.io/v1beta1","kind":"Policy","spec":{"user":"alice","namespace":"*","resource":"events","apiGroup":"*","readonly":true}}',
      '{"user":"bob"}',
      '',
    ].join('\n'),
  );
  const srv = await serve({ 'authorization-mode': ['ABAC'], 'authorization-policy-file': policy });
  assert.equal((await call(srv, 'GET', EVENTS, TOKENS.alice)).status, 200);
  const write = await call(srv, 'POST', EVENTS, TOKENS.alice, event('a1'));
  assert.equal(write.status, 403);
  assert.match(write.json.message, /User "alice" cannot create resource "events" .*: No policy matched\.$/);
  assert.equal((await call(srv, 'POST', EVENTS, TOKENS.bob, event('b1'))).status, 201);
  assert.equal((await call(srv, 'GET', EVENTS, TOKENS.node1)).status, 403);
});

test('ABAC: a bad policy line stops the start with the line named', async () => {
  const policy = join(dir, 'bad.jsonl');
  writeFileSync(policy, '{"user":"alice"}\n{not json\n');
  const stack = await openAccessStack();
  cleanups.push(() => stack.close());
  await assert.rejects(startTestApiserver({ 'token-auth-file': tokenFile, 'authorization-mode': ['ABAC'], 'authorization-policy-file': policy }, stack.deps), /line 2: \{not json: invalid JSON/);
});

test('Webhook: allow and deny from a remote service, answers cached', async () => {
  const certDir = await sharedCertDirectory();
  let calls = 0;
  const hook = createHttpsServer({ cert: readFileSync(join(certDir, 'apiserver.crt')), key: readFileSync(join(certDir, 'apiserver.key')) }, (req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      calls++;
      const review = JSON.parse(body);
      assert.equal(review.apiVersion, 'authorization.k8s.io/v1');
      const user = review.spec.user;
      const status = user === 'alice' ? { allowed: true } : user === 'bob' ? { allowed: false, denied: true, reason: 'bob is banned' } : { allowed: false };
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ apiVersion: review.apiVersion, kind: 'SubjectAccessReview', status }));
    });
  });
  await new Promise<void>((r) => hook.listen(0, '127.0.0.1', r));
  cleanups.push(() => new Promise<void>((r) => hook.close(() => r())));
  const port = (hook.address() as { port: number }).port;
  const cfg = join(dir, 'webhook.yaml');
  writeFileSync(cfg, `apiVersion: v1\nkind: Config\nclusters:\n- name: w\n  cluster: {server: "https://127.0.0.1:${port}/authorize", certificate-authority: "${join(certDir, 'apiserver.crt')}"}\ncontexts:\n- name: w\n  context: {cluster: w}\ncurrent-context: w\n`);
  const srv = await serve({ 'authorization-mode': ['Webhook', 'RBAC'], 'authorization-webhook-config-file': cfg, 'authorization-webhook-version': 'v1' });
  assert.equal((await call(srv, 'GET', EVENTS, TOKENS.alice)).status, 200);
  assert.equal((await call(srv, 'GET', EVENTS, TOKENS.alice)).status, 200);
  assert.equal(calls, 1, 'the second decision came from the cache');
  const bob = await call(srv, 'GET', EVENTS, TOKENS.bob);
  assert.equal(bob.status, 403);
  assert.match(bob.json.message, /: bob is banned$/);
});

test('RBAC and Node: bootstrap policy, bindings, node events and leases, escalation prevention', async () => {
  const srv = await serve({ 'authorization-mode': ['Node', 'RBAC'] });
  const RBAC = '/apis/rbac.authorization.orch.io/v1';
  // Discovery and health for every authenticated user (once the bootstrap policy is in), health only for anonymous.
  await waitFor(async () => (await call(srv, 'GET', '/apis', TOKENS.bob)).status === 200);
  assert.equal((await call(srv, 'GET', '/apis')).status, 403);
  assert.equal((await call(srv, 'GET', '/healthz')).status, 200);
  // alice holds nothing yet.
  const denied = await call(srv, 'GET', EVENTS, TOKENS.alice);
  assert.equal(denied.status, 403);
  assert.equal(denied.json.message, 'events is forbidden: User "alice" cannot list resource "events" in API group "" in the namespace "default"');
  // A binding naming a missing role adds Kubernetes' RBAC reason.
  const dangling = { apiVersion: 'rbac.authorization.orch.io/v1', kind: 'RoleBinding', metadata: { name: 'dangling', namespace: 'default' }, roleRef: { apiGroup: 'rbac.authorization.orch.io', kind: 'Role', name: 'missing' }, subjects: [{ kind: 'Group', apiGroup: 'rbac.authorization.orch.io', name: 'dev' }] };
  assert.equal((await call(srv, 'POST', `${RBAC}/namespaces/default/rolebindings`, TOKENS.admin, dangling)).status, 201);
  await waitFor(async () => /RBAC: role\.rbac\.authorization\.orch\.io "missing" not found$/.test((await call(srv, 'GET', EVENTS, TOKENS.alice)).json.message));
  // view in default via a RoleBinding to the dev group: events readable, not writable.
  const viewBinding = { apiVersion: 'rbac.authorization.orch.io/v1', kind: 'RoleBinding', metadata: { name: 'dev-view', namespace: 'default' }, roleRef: { apiGroup: 'rbac.authorization.orch.io', kind: 'ClusterRole', name: 'view' }, subjects: [{ kind: 'Group', apiGroup: 'rbac.authorization.orch.io', name: 'dev' }] };
  assert.equal((await call(srv, 'POST', `${RBAC}/namespaces/default/rolebindings`, TOKENS.admin, viewBinding)).status, 201);
  await waitFor(async () => (await call(srv, 'GET', EVENTS, TOKENS.alice)).status === 200);
  assert.equal((await call(srv, 'POST', EVENTS, TOKENS.alice, event('x'))).status, 403);
  assert.equal((await call(srv, 'GET', '/apis/events.orch.io/v1/namespaces/default/events', TOKENS.alice)).status, 403, 'view does not cover events.orch.io');
  assert.equal((await call(srv, 'GET', '/api/v1/namespaces/other/events', TOKENS.alice)).status, 403);
  // Node identities write events and their own lease, not another node's.
  assert.equal((await call(srv, 'POST', EVENTS, TOKENS.node1, event('n1'))).status, 201);
  assert.equal((await call(srv, 'GET', EVENTS, TOKENS.node1)).status, 403);
  const other = await call(srv, 'GET', '/apis/coordination.orch.io/v1/namespaces/orch-node-lease/leases/node2', TOKENS.node1);
  assert.equal(other.status, 403);
  assert.match(other.json.message, /can only access node lease with the same name as the requesting node$/);
  // Escalation: alice may create roles in default but not grant what she lacks.
  const roleWriter = { apiVersion: 'rbac.authorization.orch.io/v1', kind: 'Role', metadata: { name: 'role-writer', namespace: 'default' }, rules: [{ apiGroups: ['rbac.authorization.orch.io'], resources: ['roles', 'rolebindings'], verbs: ['create', 'get'] }] };
  assert.equal((await call(srv, 'POST', `${RBAC}/namespaces/default/roles`, TOKENS.admin, roleWriter)).status, 201);
  const writerBinding = { ...viewBinding, metadata: { name: 'dev-writer', namespace: 'default' }, roleRef: { apiGroup: 'rbac.authorization.orch.io', kind: 'Role', name: 'role-writer' } };
  assert.equal((await call(srv, 'POST', `${RBAC}/namespaces/default/rolebindings`, TOKENS.admin, writerBinding)).status, 201);
  const reader = { apiVersion: 'rbac.authorization.orch.io/v1', kind: 'Role', metadata: { name: 'reader', namespace: 'default' }, rules: [{ apiGroups: [''], resources: ['events'], verbs: ['get', 'list'] }] };
  await waitFor(async () => (await call(srv, 'POST', `${RBAC}/namespaces/default/roles`, TOKENS.alice, reader)).status === 201);
  const deleter = { ...reader, metadata: { name: 'deleter', namespace: 'default' }, rules: [{ apiGroups: [''], resources: ['events'], verbs: ['delete', 'get'] }] };
  const escalated = await call(srv, 'POST', `${RBAC}/namespaces/default/roles`, TOKENS.alice, deleter);
  assert.equal(escalated.status, 403);
  assert.equal(
    escalated.json.message,
    'roles.rbac.authorization.orch.io "deleter" is forbidden: user "alice" (groups=["dev" "system:authenticated"]) is attempting to grant RBAC permissions not currently held:\n{APIGroups:[""], Resources:["events"], Verbs:["delete"]}; resolution errors: [role.rbac.authorization.orch.io "missing" not found]',
  );
  const adminBinding = { ...viewBinding, metadata: { name: 'alice-admin', namespace: 'default' }, roleRef: { apiGroup: 'rbac.authorization.orch.io', kind: 'ClusterRole', name: 'admin' } };
  assert.equal((await call(srv, 'POST', `${RBAC}/namespaces/default/rolebindings`, TOKENS.alice, adminBinding)).status, 403);
  // The Kubernetes group name serves the same objects, and discovery lists both names.
  const viaK8s = await call(srv, 'GET', '/apis/rbac.authorization.k8s.io/v1/namespaces/default/roles/reader', TOKENS.admin);
  assert.equal(viaK8s.status, 200);
  assert.equal(viaK8s.json.apiVersion, 'rbac.authorization.k8s.io/v1');
  const groups = (await call(srv, 'GET', '/apis', TOKENS.admin)).json.groups.map((g: { name: string }) => g.name);
  assert.ok(groups.includes('rbac.authorization.orch.io') && groups.includes('rbac.authorization.k8s.io'));
});

test('bootstrap policy: tampering is repaired at the next start', async () => {
  const dataDir = makeTempDir('orch-authz-data-');
  const RBAC = '/apis/rbac.authorization.orch.io/v1';
  const first = await openAccessStack({ dir: dataDir });
  const s1 = await startTestApiserver({ 'token-auth-file': tokenFile, 'authorization-mode': ['RBAC'] }, first.deps);
  const srv1 = { url: s1.url, ca: readFileSync(s1.caFile, 'utf8') };
  await waitFor(async () => (await call(srv1, 'GET', `${RBAC}/clusterrolebindings/system:discovery`, TOKENS.admin)).status === 200);
  assert.equal((await call(srv1, 'DELETE', `${RBAC}/clusterrolebindings/system:discovery`, TOKENS.admin)).status, 200);
  const view = (await call(srv1, 'GET', `${RBAC}/clusterroles/view`, TOKENS.admin)).json;
  view.rules = view.rules.slice(1);
  assert.equal((await call(srv1, 'PUT', `${RBAC}/clusterroles/view`, TOKENS.admin, view)).status, 200);
  await s1.stop();
  await first.close();
  const second = await openAccessStack({ dir: dataDir });
  const s2 = await startTestApiserver({ 'token-auth-file': tokenFile, 'authorization-mode': ['RBAC'] }, second.deps);
  cleanups.push(async () => {
    await s2.stop();
    await second.close();
  });
  const srv2 = { url: s2.url, ca: readFileSync(s2.caFile, 'utf8') };
  await waitFor(async () => (await call(srv2, 'GET', `${RBAC}/clusterrolebindings/system:discovery`, TOKENS.admin)).status === 200);
  const repaired = (await call(srv2, 'GET', `${RBAC}/clusterroles/view`, TOKENS.admin)).json;
  assert.ok(repaired.rules.some((r: { resources?: string[] }) => r.resources?.includes('pods')));
});
