import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parsePolicy, PolicyError } from './policy.ts';
import { newPolicyEvaluator } from './policy-evaluator.ts';
import type { Attributes } from '../../machinery/authorization/types.ts';

function attrs(over: Partial<Attributes> = {}): Attributes {
  return {
    user: { name: 'alice', groups: ['dev', 'system:authenticated'] },
    verb: 'get',
    isResourceRequest: true,
    path: '/api/v1/namespaces/default/pods/p1',
    namespace: 'default',
    apiGroup: '',
    apiVersion: 'v1',
    resource: 'pods',
    subresource: '',
    name: 'p1',
    ...over,
  };
}

function levelFor(rules: string, a: Attributes): string {
  return newPolicyEvaluator(parsePolicy(`apiVersion: audit.orch.io/v1\nkind: Policy\nrules:\n${rules}`))(a).level;
}

test('the first matching rule wins; no match means None', () => {
  const rules = '  - level: RequestResponse\n    users: [bob]\n  - level: Request\n    userGroups: [dev]\n    verbs: [get]\n  - level: Metadata\n    verbs: [list]\n';
  assert.equal(levelFor(rules, attrs()), 'Request');
  assert.equal(levelFor(rules, attrs({ user: { name: 'bob', groups: [] } })), 'RequestResponse');
  assert.equal(levelFor(rules, attrs({ user: { name: 'carol', groups: [] }, verb: 'list' })), 'Metadata');
  assert.equal(levelFor(rules, attrs({ user: { name: 'carol', groups: [] }, verb: 'delete' })), 'None');
});

test('resources match by group, name, wildcard and subresource forms', () => {
  const rule = (resources: string, names = '') => `  - level: Metadata\n    resources: [{ group: "", resources: ${resources}${names} }]\n`;
  const log = attrs({ subresource: 'log' });
  assert.equal(levelFor(rule('["pods"]'), attrs()), 'Metadata');
  assert.equal(levelFor(rule('["pods"]'), log), 'None', 'pods does not cover pods/log');
  assert.equal(levelFor(rule('["pods/log"]'), log), 'Metadata');
  assert.equal(levelFor(rule('["*/log"]'), log), 'Metadata');
  assert.equal(levelFor(rule('["pods/*"]'), log), 'Metadata');
  assert.equal(levelFor(rule('["*"]'), log), 'Metadata');
  assert.equal(levelFor(rule('["pods"]', ', resourceNames: [p2]'), attrs()), 'None');
  assert.equal(levelFor(rule('["pods"]', ', resourceNames: [p1]'), attrs()), 'Metadata');
  assert.equal(levelFor('  - level: Metadata\n    resources: [{ group: apps }]\n', attrs()), 'None', 'another group');
  assert.equal(levelFor('  - level: Metadata\n    resources: [{ group: "" }]\n', attrs()), 'Metadata', 'a group without resources is all of it');
});

test('namespaces and non-resource URLs', () => {
  assert.equal(levelFor('  - level: Metadata\n    namespaces: [kube]\n', attrs()), 'None');
  assert.equal(levelFor('  - level: Metadata\n    namespaces: [""]\n', attrs({ namespace: '' })), 'Metadata', '"" is cluster scope');
  const health = attrs({ isResourceRequest: false, path: '/healthz/ping', namespace: '', resource: '', name: '' });
  assert.equal(levelFor('  - level: Metadata\n    nonResourceURLs: ["/healthz*"]\n', health), 'Metadata');
  assert.equal(levelFor('  - level: Metadata\n    nonResourceURLs: ["/healthz"]\n', health), 'None');
  assert.equal(levelFor('  - level: Metadata\n    namespaces: [default]\n', health), 'None', 'resource rules never match non-resource requests');
  assert.equal(levelFor('  - level: Metadata\n    nonResourceURLs: ["*"]\n', attrs()), 'None', 'URL rules never match resource requests');
});

test('omitStages merge policy and rule; a rule omitManagedFields overrides the policy', () => {
  const p = parsePolicy('apiVersion: audit.k8s.io/v1\nkind: Policy\nomitStages: [RequestReceived]\nomitManagedFields: true\nrules:\n  - level: Metadata\n    users: [alice]\n    omitStages: [ResponseStarted]\n    omitManagedFields: false\n  - level: Request\n');
  const alice = newPolicyEvaluator(p)(attrs());
  assert.deepEqual([...alice.omitStages].sort(), ['RequestReceived', 'ResponseStarted']);
  assert.equal(alice.omitManagedFields, false);
  const other = newPolicyEvaluator(p)(attrs({ user: { name: 'x', groups: [] } }));
  assert.deepEqual([...other.omitStages], ['RequestReceived']);
  assert.equal(other.omitManagedFields, true);
});

const BAD: Array<[string, string, RegExp]> = [
  ['not YAML', 'rules: [', /^not valid YAML or JSON: /],
  ['wrong group', 'apiVersion: audit.example.io/v1\nkind: Policy\nrules: [{ level: None }]', /^unknown apiVersion "audit\.example\.io\/v1": want audit\.orch\.io\/v1 \(or audit\.k8s\.io\/v1\)$/],
  ['wrong kind', 'apiVersion: audit.orch.io/v1\nkind: Policies\nrules: [{ level: None }]', /^unknown kind "Policies": want Policy$/],
  ['no rules', 'apiVersion: audit.orch.io/v1\nkind: Policy\n', /^loaded illegal policy with 0 rules$/],
  ['missing level', 'apiVersion: audit.orch.io/v1\nkind: Policy\nrules: [{ verbs: [get] }]', /^rules\[0\]\.level: Required value$/],
  ['unknown level', 'apiVersion: audit.orch.io/v1\nkind: Policy\nrules: [{ level: Everything }]', /^rules\[0\]\.level: Unsupported value: "Everything": supported values: "None", "Metadata", "Request", "RequestResponse"$/],
  ['unknown stage', 'apiVersion: audit.orch.io/v1\nkind: Policy\nomitStages: [Done]\nrules: [{ level: None }]', /^omitStages\[0\]: Unsupported value: "Done"/],
  ['URLs with resources', 'apiVersion: audit.orch.io/v1\nkind: Policy\nrules: [{ level: None, nonResourceURLs: ["/x"], resources: [{ group: "" }] }]', /rules cannot apply to both regular resources and non-resource URLs/],
  ['URL without slash', 'apiVersion: audit.orch.io/v1\nkind: Policy\nrules: [{ level: None, nonResourceURLs: ["healthz"] }]', /must begin with a '\/' character/],
  ['wildcard inside a URL', 'apiVersion: audit.orch.io/v1\nkind: Policy\nrules: [{ level: None, nonResourceURLs: ["/a*/b"] }]', /wildcards '\*' must be the final character/],
  ['names with a wildcard resource', 'apiVersion: audit.orch.io/v1\nkind: Policy\nrules: [{ level: None, resources: [{ group: "", resources: ["*"], resourceNames: [a] }] }]', /using resourceNames requires resources without a wildcard/],
  ['users not a list', 'apiVersion: audit.orch.io/v1\nkind: Policy\nrules: [{ level: None, users: alice }]', /^rules\[0\]\.users: Invalid value: must be a list of strings$/],
  ['two problems', 'apiVersion: audit.orch.io/v1\nkind: Policy\nrules: [{ level: Loud }, { level: None, omitManagedFields: maybe }]', /^\[rules\[0\]\.level: .*, rules\[1\]\.omitManagedFields: .*\]$/],
];

for (const [what, text, error] of BAD) {
  test(`a bad policy is refused: ${what}`, () => {
    assert.throws(() => parsePolicy(text), (err: unknown) => err instanceof PolicyError && error.test(err.message));
  });
}
