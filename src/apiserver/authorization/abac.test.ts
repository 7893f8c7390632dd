import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { abacAuthorizer, loadPolicyFile, parsePolicyLine } from './abac.ts';
import type { Attributes } from '../../machinery/authorization/types.ts';

const dir = mkdtempSync(join(tmpdir(), 'orch-abac-'));
after(() => rmSync(dir, { recursive: true, force: true }));

function policyFile(lines: string[]): string {
  const path = join(dir, `policy-${Math.random().toString(36).slice(2)}.jsonl`);
  writeFileSync(path, lines.join('\n') + '\n');
  return path;
}

const V1 = (spec: Record<string, unknown>) => JSON.stringify({ apiVersion: 'abac.authorization.orch.io/v1beta1', kind: 'Policy', spec });
const user = (name: string, ...groups: string[]) => ({ name, uid: '', groups: [...groups, 'system:authenticated'] });
const resource = (u: Attributes['user'], verb: string, resource: string, namespace = 'default', apiGroup = ''): Attributes => ({
  user: u, verb, isResourceRequest: true, path: '', namespace, apiGroup, apiVersion: 'v1', resource, subresource: '', name: '',
});
const path = (u: Attributes['user'], verb: string, p: string): Attributes => ({
  user: u, verb, isResourceRequest: false, path: p, namespace: '', apiGroup: '', apiVersion: '', resource: '', subresource: '', name: '',
});

test('versioned policies: user, group, namespace, resource, apiGroup and readonly all restrict', async () => {
  const authz = abacAuthorizer(
    loadPolicyFile(
      policyFile([
        '# comments and blank lines are skipped',
        '',
        V1({ user: 'alice', namespace: 'dev', resource: '*', apiGroup: '*' }),
        V1({ group: 'auditors', readonly: true, namespace: '*', resource: 'events', apiGroup: 'events.orch.io' }),
        V1({ user: 'bob', nonResourcePath: '/healthz/*' }),
        V1({ user: '*', readonly: true, nonResourcePath: '/version' }),
      ]),
    ),
  );
  const alice = user('alice');
  assert.equal((await authz.authorize(resource(alice, 'delete', 'configmaps', 'dev'))).decision, 'allow');
  assert.deepEqual(await authz.authorize(resource(alice, 'delete', 'configmaps', 'prod')), { decision: 'noOpinion', reason: 'No policy matched.' });
  const carol = user('carol', 'auditors');
  assert.equal((await authz.authorize(resource(carol, 'list', 'events', 'x', 'events.orch.io'))).decision, 'allow');
  assert.equal((await authz.authorize(resource(carol, 'watch', 'events', 'x', 'events.orch.io'))).decision, 'allow');
  assert.equal((await authz.authorize(resource(carol, 'create', 'events', 'x', 'events.orch.io'))).decision, 'noOpinion', 'readonly refuses writes');
  assert.equal((await authz.authorize(resource(carol, 'list', 'events', 'x', ''))).decision, 'noOpinion', 'another API group');
  const bob = user('bob');
  assert.equal((await authz.authorize(path(bob, 'get', '/healthz/etcd'))).decision, 'allow');
  assert.equal((await authz.authorize(path(bob, 'get', '/healthz'))).decision, 'noOpinion');
  assert.equal((await authz.authorize(resource(bob, 'get', 'pods'))).decision, 'noOpinion', 'a path policy grants no resources');
  // "*" user means every authenticated user, not anonymous ones.
  assert.equal((await authz.authorize(path(user('dave'), 'get', '/version'))).decision, 'allow');
  assert.equal((await authz.authorize(path({ name: 'system:anonymous', uid: '', groups: ['system:unauthenticated'] }, 'get', '/version'))).decision, 'noOpinion');
  assert.equal((await authz.authorize(path(user('dave'), 'post', '/version'))).decision, 'noOpinion');
});

test('a policy naming both user and group needs both', async () => {
  const authz = abacAuthorizer(loadPolicyFile(policyFile([V1({ user: 'alice', group: 'ops', namespace: '*', resource: '*', apiGroup: '*' })])));
  assert.equal((await authz.authorize(resource(user('alice', 'ops'), 'get', 'pods'))).decision, 'allow');
  assert.equal((await authz.authorize(resource(user('alice'), 'get', 'pods'))).decision, 'noOpinion');
  assert.equal((await authz.authorize(resource(user('bob', 'ops'), 'get', 'pods'))).decision, 'noOpinion');
  // A policy without subject matches nobody.
  const none = abacAuthorizer(loadPolicyFile(policyFile([V1({ namespace: '*', resource: '*', apiGroup: '*' })])));
  assert.equal((await none.authorize(resource(user('alice'), 'get', 'pods'))).decision, 'noOpinion');
});

test('legacy unversioned lines: no subject means every authenticated user, no resource also means every path', async () => {
  const { spec, unversioned } = parsePolicyLine('{"user":"alice"}');
  assert.equal(unversioned, true);
  assert.deepEqual(spec, { user: 'alice', group: '', readonly: false, apiGroup: '*', resource: '*', namespace: '*', nonResourcePath: '*' });
  assert.deepEqual(parsePolicyLine('{"readonly":true,"resource":"pods"}').spec, { user: '', group: 'system:authenticated', readonly: true, apiGroup: '*', resource: 'pods', namespace: '*', nonResourcePath: '' });
  assert.deepEqual(parsePolicyLine('{"user":"*","namespace":"ns"}').spec.group, 'system:authenticated');
  const authz = abacAuthorizer(loadPolicyFile(policyFile(['{"readonly":true,"resource":"pods"}'])));
  assert.equal((await authz.authorize(resource(user('x'), 'list', 'pods', 'any', 'any.group'))).decision, 'allow', 'any API group');
  assert.equal((await authz.authorize(path(user('x'), 'get', '/healthz'))).decision, 'noOpinion', 'a resource policy grants no path');
});

test('bad lines are refused with the file, line number and reason', () => {
  const cases: [string, RegExp][] = [
    ['{not json', /line 2: \{not json: invalid JSON/],
    [JSON.stringify({ apiVersion: 'abac.authorization.orch.io/v2', kind: 'Policy', spec: {} }), /line 2: .*no kind "Policy" is registered for version "abac.authorization.orch.io\/v2"/],
    [JSON.stringify({ apiVersion: 'abac.authorization.orch.io/v1beta1', kind: 'Rule', spec: {} }), /no kind "Rule" is registered/],
    [V1({ user: 'alice', readonly: 'yes' }), /cannot unmarshal string into Go struct field PolicySpec.readonly of type bool/],
    ['[1,2]', /a policy must be a JSON object/],
  ];
  for (const [line, want] of cases) {
    const file = policyFile(['# first', line]);
    assert.throws(() => loadPolicyFile(file), (err: Error) => err.message.startsWith(`error reading policy file ${file}, line 2`) && want.test(err.message), line);
  }
  assert.throws(() => loadPolicyFile(join(dir, 'missing.jsonl')), /--authorization-policy-file .*missing.jsonl: ENOENT/);
});

test('the Kubernetes apiVersion of ABAC policies is accepted too', () => {
  const line = JSON.stringify({ apiVersion: 'abac.authorization.kubernetes.io/v1beta1', kind: 'Policy', spec: { user: 'alice', resource: 'pods' } });
  assert.equal(parsePolicyLine(line).spec.user, 'alice');
});
