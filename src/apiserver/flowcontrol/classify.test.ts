import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { FlowSchema } from '../../api/flowcontrol/v1/types.ts';
import type { RequestInfo } from '../../component-base/serving/request-context.ts';
import { classify, compareFlowSchemas, flowDistinguisher, nonResourceURLMatches } from './classify.ts';

const info = (o: Partial<RequestInfo>): RequestInfo => ({ isResourceRequest: true, path: '', verb: 'get', apiPrefix: 'api', apiGroup: '', apiVersion: 'v1', namespace: '', resource: '', subresource: '', name: '', parts: [], ...o });

const fs = (name: string, precedence: number, rules: FlowSchema['spec']['rules'], distinguisher?: 'ByUser' | 'ByNamespace'): FlowSchema => ({
  metadata: { name },
  spec: { priorityLevelConfiguration: { name: 'pl' }, matchingPrecedence: precedence, rules, ...(distinguisher ? { distinguisherMethod: { type: distinguisher } } : {}) },
});

test('schemas are tried by precedence then name; the first match wins', () => {
  const all = [
    fs('b', 100, [{ subjects: [{ kind: 'Group', group: { name: 'system:authenticated' } }], resourceRules: [{ verbs: ['*'], apiGroups: ['*'], resources: ['*'], namespaces: ['*'], clusterScope: true }] }]),
    fs('a', 100, [{ subjects: [{ kind: 'User', user: { name: 'bob' } }], resourceRules: [{ verbs: ['list'], apiGroups: [''], resources: ['configmaps'], namespaces: ['team'] }] }]),
    fs('z', 50, [{ subjects: [{ kind: 'ServiceAccount', serviceAccount: { namespace: 'orch-system', name: '*' } }], resourceRules: [{ verbs: ['*'], apiGroups: ['*'], resources: ['pods/log'], namespaces: ['*'] }] }]),
  ].sort(compareFlowSchemas);
  assert.deepEqual(all.map((f) => f.metadata.name), ['z', 'a', 'b']);
  const bob = { name: 'bob', groups: ['system:authenticated'] };
  assert.equal(classify(all, { user: bob, requestInfo: info({ verb: 'list', resource: 'configmaps', namespace: 'team' }) })?.metadata.name, 'a');
  assert.equal(classify(all, { user: bob, requestInfo: info({ verb: 'list', resource: 'configmaps', namespace: 'other' }) })?.metadata.name, 'b');
  const sa = { name: 'system:serviceaccount:orch-system:gc', groups: [] };
  assert.equal(classify(all, { user: sa, requestInfo: info({ resource: 'pods', subresource: 'log', namespace: 'x' }) })?.metadata.name, 'z');
  assert.equal(classify(all, { user: sa, requestInfo: info({ resource: 'pods', namespace: 'x' }) }), undefined);
  const clusterRule = fs('c', 1, [{ subjects: [{ kind: 'User', user: { name: '*' } }], resourceRules: [{ verbs: ['*'], apiGroups: ['*'], resources: ['*'], namespaces: ['*'] }] }]);
  assert.equal(classify([clusterRule], { user: bob, requestInfo: info({ resource: 'namespaces' }) }), undefined, 'a cluster-scoped request needs clusterScope');
});

test('non-resource URLs match exactly or by a trailing /*', () => {
  assert.ok(nonResourceURLMatches('/healthz', '/healthz'));
  assert.ok(!nonResourceURLMatches('/healthz', '/healthz/ping'));
  assert.ok(nonResourceURLMatches('/healthz/*', '/healthz/ping'));
  assert.ok(!nonResourceURLMatches('/healthz/*', '/healthz'));
  assert.ok(nonResourceURLMatches('*', '/anything'));
});

test('the distinguisher is the user, the namespace or nothing', () => {
  const d = { user: { name: 'u', groups: [] }, requestInfo: info({ namespace: 'ns' }) };
  assert.equal(flowDistinguisher(fs('x', 1, [], 'ByUser'), d), 'u');
  assert.equal(flowDistinguisher(fs('x', 1, [], 'ByNamespace'), d), 'ns');
  assert.equal(flowDistinguisher(fs('x', 1, []), d), '');
});
