// Impersonation through the real server with raw requests: allowed under AlwaysAllow, refused
// (403 naming the attribute) by an authorizer that denies it, and the headers kubectl --as sends.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startTestApiserver, apiRequest, makeTempDir, type TestApiserver } from '../support/apiserver.ts';
import { requestContext, type Handler } from '../../src/component-base/serving/request-context.ts';
import { writeJson } from '../../src/component-base/serving/responses.ts';
import type { Attributes } from '../../src/machinery/authorization/types.ts';

const echoUser: Handler = (req, res) => writeJson(req, res, 200, { user: requestContext(req).user, sawImpersonate: req.headers['impersonate-user'] !== undefined });

function aliceTokenFile(): string {
  const file = join(makeTempDir('orch-impersonation-'), 'tokens.csv');
  writeFileSync(file, 'tok-alice,alice,uid-alice,dev\n');
  return file;
}

let open: TestApiserver;
let guarded: TestApiserver;
const asked: Attributes[] = [];

before(async () => {
  open = await startTestApiserver({}, { apiHandler: echoUser });
  // Standing in for RBAC: a mode that lets alice impersonate only the user "bob" and the group "dev", and everyone do everything else.
  guarded = await startTestApiserver(
    { 'authorization-mode': ['RBAC'], 'token-auth-file': aliceTokenFile() },
    {
      apiHandler: echoUser,
      authorizationModes: {
        RBAC: () => ({
          authorize(attrs) {
            if (attrs.verb !== 'impersonate') return { decision: 'allow', reason: '' };
            asked.push(attrs);
            const ok = (attrs.resource === 'users' && attrs.name === 'bob') || (attrs.resource === 'groups' && attrs.name === 'dev');
            return { decision: ok ? 'allow' : 'noOpinion', reason: ok ? '' : 'not on the guest list' };
          },
        }),
      },
    },
  );
});

after(async () => {
  await open?.stop();
  await guarded?.stop();
});

const path = '/api/v1/namespaces/default/pods';

test('kubectl --as=x --as-group=y: the request acts as x in y and system:authenticated', async () => {
  const r = await apiRequest(open, path, { token: open.token, headers: { 'Impersonate-User': 'x', 'Impersonate-Group': 'y' } });
  assert.equal(r.status, 200);
  assert.deepEqual(r.json().user, { name: 'x', groups: ['y', 'system:authenticated'] });
  assert.equal(r.json().sawImpersonate, false, 'the headers are removed');
});

test('uid, several groups and extras travel along; extra keys are unescaped and lower-cased', async () => {
  const r = await new Promise<any>((resolve, reject) => {
    // Repeated headers need the raw form, which apiRequest's record of headers cannot carry.
    import('node:https').then(({ request }) => {
      const req = request(new URL(path, open.url), {
        ca: readFileSync(open.caFile),
        agent: false,
        headers: [
          'Host', `127.0.0.1:${open.port}`,
          'Authorization', `Bearer ${open.token}`,
          'Impersonate-User', 'x',
          'Impersonate-Uid', 'uid-x',
          'Impersonate-Group', 'g1',
          'Impersonate-Group', 'g2',
          'Impersonate-Extra-Example.com%2FScopes', 'read',
          'Impersonate-Extra-Example.com%2FScopes', 'write',
        ] as unknown as Record<string, string>,
      }, (res) => {
        let body = '';
        res.on('data', (c) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode, body: JSON.parse(body) }));
      });
      req.on('error', reject);
      req.end();
    }, reject);
  });
  assert.equal(r.status, 200);
  assert.deepEqual(r.body.user, { name: 'x', uid: 'uid-x', groups: ['g1', 'g2', 'system:authenticated'], extra: { 'example.com/scopes': ['read', 'write'] } });
});

test('impersonating a service account adds its groups; anonymous gets system:unauthenticated', async () => {
  const sa = await apiRequest(open, path, { token: open.token, headers: { 'Impersonate-User': 'system:serviceaccount:ns1:robot' } });
  assert.deepEqual(sa.json().user.groups, ['system:serviceaccounts', 'system:serviceaccounts:ns1', 'system:authenticated']);
  const anon = await apiRequest(open, '/version', { token: open.token, headers: { 'Impersonate-User': 'system:anonymous' } });
  assert.equal(anon.status, 200);
  const unauth = await apiRequest(open, path, { token: open.token, headers: { 'Impersonate-User': 'z', 'Impersonate-Group': 'system:unauthenticated' } });
  assert.equal(unauth.status, 403, 'an impersonated unauthenticated user is kept to the public paths');
  assert.match(unauth.json().message, /User "z" cannot list/);
});

test('groups without a user are refused: a 400 Status in the words Kubernetes uses for its 500', async () => {
  const r = await apiRequest(open, path, { token: open.token, headers: { 'Impersonate-Group': 'system:masters' } });
  assert.equal(r.status, 400);
  assert.equal(r.json().kind, 'Status');
  assert.equal(r.json().message, 'requested groups without impersonating a user');
  const empty = await apiRequest(open, path, { token: open.token, headers: { 'Impersonate-User': '' } });
  assert.equal(empty.status, 400, 'an empty user is no user');
});

test('a denying authorizer: 403 naming what was refused; allowed attributes pass', async () => {
  asked.length = 0;
  const ok = await apiRequest(guarded, path, { token: 'tok-alice', headers: { 'Impersonate-User': 'bob', 'Impersonate-Group': 'dev' } });
  assert.equal(ok.status, 200);
  assert.deepEqual(ok.json().user, { name: 'bob', groups: ['dev', 'system:authenticated'] });
  assert.deepEqual(
    asked.map((a) => [a.user.name, a.verb, a.apiGroup, a.resource, a.name]),
    [
      ['alice', 'impersonate', '', 'users', 'bob'],
      ['alice', 'impersonate', '', 'groups', 'dev'],
    ],
  );

  const user = await apiRequest(guarded, path, { token: 'tok-alice', headers: { 'Impersonate-User': 'carol' } });
  assert.equal(user.status, 403);
  assert.deepEqual(user.json(), {
    kind: 'Status',
    apiVersion: 'v1',
    metadata: {},
    status: 'Failure',
    message: 'users "carol" is forbidden: User "alice" cannot impersonate resource "users" in API group "" at the cluster scope: not on the guest list',
    reason: 'Forbidden',
    details: { name: 'carol', group: '', kind: 'users' },
    code: 403,
  });
  const group = await apiRequest(guarded, path, { token: 'tok-alice', headers: { 'Impersonate-User': 'bob', 'Impersonate-Group': 'system:masters' } });
  assert.equal(group.status, 403);
  assert.match(group.json().message, /^groups "system:masters" is forbidden/);
  const sa = await apiRequest(guarded, path, { token: 'tok-alice', headers: { 'Impersonate-User': 'system:serviceaccount:kube:robot' } });
  assert.equal(sa.status, 403);
  assert.match(sa.json().message, /cannot impersonate resource "serviceaccounts" in API group "" in the namespace "kube"/);
  const uid = await apiRequest(guarded, path, { token: 'tok-alice', headers: { 'Impersonate-User': 'bob', 'Impersonate-Uid': 'u1' } });
  assert.match(uid.json().message, /^uids.authentication.orch.io "u1" is forbidden/);
  const extra = await apiRequest(guarded, path, { token: 'tok-alice', headers: { 'Impersonate-User': 'bob', 'Impersonate-Extra-Scopes': 'all' } });
  assert.match(extra.json().message, /cannot impersonate resource "userextras\/scopes"/);
});
