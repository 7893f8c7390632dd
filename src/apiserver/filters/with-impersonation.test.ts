import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Request } from '../../component-base/serving/request-context.ts';
import { impersonatedUser, impersonationChecks, readImpersonationHeaders } from './with-impersonation.ts';

const req = (...raw: string[]) => ({ rawHeaders: raw, headers: {} }) as unknown as Request;
const alice = { name: 'alice', groups: ['dev'] };

test('headers: the first user and uid, every group and extra value; nothing asked without headers', () => {
  const wanted = readImpersonationHeaders(
    req('Impersonate-User', 'bob', 'impersonate-user', 'eve', 'Impersonate-Group', 'a', 'Impersonate-Group', 'b', 'Impersonate-Uid', 'u', 'Impersonate-Extra-Foo%2Fbar', 'x', 'Impersonate-Extra-foo%2FBar', 'y', 'X-Other', 'z'),
  );
  assert.deepEqual(wanted, { user: 'bob', uid: 'u', groups: ['a', 'b'], extra: { 'foo/bar': ['x', 'y'] }, any: true });
  assert.equal(readImpersonationHeaders(req('Authorization', 'Bearer x')).any, false);
});

test('checks in Kubernetes order, each as the verb impersonate', () => {
  const checks = impersonationChecks(alice, { user: 'bob', uid: 'u', groups: ['g'], extra: { scopes: ['s1', 's2'] }, any: true });
  assert.deepEqual(
    checks.map((c) => [c.verb, c.apiGroup, c.resource, c.subresource, c.name, c.namespace]),
    [
      ['impersonate', '', 'users', '', 'bob', ''],
      ['impersonate', '', 'groups', '', 'g', ''],
      ['impersonate', 'authentication.orch.io', 'userextras', 'scopes', 's1', ''],
      ['impersonate', 'authentication.orch.io', 'userextras', 'scopes', 's2', ''],
      ['impersonate', 'authentication.orch.io', 'uids', '', 'u', ''],
    ],
  );
  assert.ok(checks.every((c) => c.user === alice && c.isResourceRequest));
  const sa = impersonationChecks(alice, { user: 'system:serviceaccount:ns:robot', uid: '', groups: [], extra: {}, any: true });
  assert.deepEqual([sa[0]!.apiGroup, sa[0]!.resource, sa[0]!.namespace, sa[0]!.name], ['', 'serviceaccounts', 'ns', 'robot']);
  const malformed = impersonationChecks(alice, { user: 'system:serviceaccount:only-one-part', uid: '', groups: [], extra: {}, any: true });
  assert.equal(malformed[0]!.resource, 'users', 'a name that is not ns:name is an ordinary user');
});

test('groups added as Kubernetes adds them', () => {
  const base = { uid: '', groups: [] as string[], extra: {}, any: true };
  assert.deepEqual(impersonatedUser({ ...base, user: 'bob' }).groups, ['system:authenticated']);
  assert.deepEqual(impersonatedUser({ ...base, user: 'bob', groups: ['system:authenticated', 'x'] }).groups, ['system:authenticated', 'x']);
  assert.deepEqual(impersonatedUser({ ...base, user: 'bob', groups: ['system:unauthenticated'] }).groups, ['system:unauthenticated']);
  assert.deepEqual(impersonatedUser({ ...base, user: 'system:anonymous' }).groups, ['system:unauthenticated']);
  assert.deepEqual(impersonatedUser({ ...base, user: 'system:serviceaccount:ns:sa', groups: ['only'] }).groups, ['only', 'system:authenticated']);
});
