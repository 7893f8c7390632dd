import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { PolicyRule } from '../../../api/rbac/v1/types.ts';
import { nonResourceURLMatches, ruleAllows, rulesAllow, type RuleRequest } from './rule-matching.ts';

const req = (over: Partial<RuleRequest>): RuleRequest => ({ verb: 'get', isResourceRequest: true, apiGroup: '', resource: 'pods', subresource: '', name: '', path: '', ...over });
const nonResource = (verb: string, path: string): RuleRequest => req({ verb, isResourceRequest: false, resource: '', path });

test('verbs: listed verbs and * match, others do not', () => {
  const rule: PolicyRule = { verbs: ['get', 'list'], apiGroups: [''], resources: ['pods'] };
  assert.equal(ruleAllows(req({ verb: 'get' }), rule), true);
  assert.equal(ruleAllows(req({ verb: 'list' }), rule), true);
  assert.equal(ruleAllows(req({ verb: 'delete' }), rule), false);
  assert.equal(ruleAllows(req({ verb: 'deletecollection' }), { ...rule, verbs: ['*'] }), true);
  assert.equal(ruleAllows(req({ verb: 'get' }), { ...rule, verbs: [] }), false);
});

test('apiGroups: the core group is "", * is every group, no groups match nothing', () => {
  const core: PolicyRule = { verbs: ['get'], apiGroups: [''], resources: ['events'] };
  assert.equal(ruleAllows(req({ resource: 'events' }), core), true);
  assert.equal(ruleAllows(req({ resource: 'events', apiGroup: 'events.orch.io' }), core), false);
  assert.equal(ruleAllows(req({ resource: 'events', apiGroup: 'events.orch.io' }), { ...core, apiGroups: ['*'] }), true);
  assert.equal(ruleAllows(req({ resource: 'events' }), { verbs: ['get'], resources: ['events'] }), false);
});

test('resources: subresources must be named, */sub covers a subresource of any resource, * covers all', () => {
  const pods: PolicyRule = { verbs: ['get'], apiGroups: [''], resources: ['pods'] };
  assert.equal(ruleAllows(req({ subresource: 'log' }), pods), false, 'pods does not grant pods/log');
  assert.equal(ruleAllows(req({ subresource: 'log' }), { ...pods, resources: ['pods/log'] }), true);
  assert.equal(ruleAllows(req({}), { ...pods, resources: ['pods/log'] }), false, 'pods/log does not grant pods');
  assert.equal(ruleAllows(req({ resource: 'nodes', subresource: 'status' }), { ...pods, resources: ['*/status'] }), true);
  assert.equal(ruleAllows(req({ resource: 'nodes', subresource: 'proxy' }), { ...pods, resources: ['*/status'] }), false);
  assert.equal(ruleAllows(req({ resource: 'nodes' }), { ...pods, resources: ['*/status'] }), false, '*/status does not grant the resource itself');
  assert.equal(ruleAllows(req({ resource: 'nodes', subresource: 'xstatus' }), { ...pods, resources: ['*/status'] }), false);
  assert.equal(ruleAllows(req({ resource: 'secrets', subresource: 'anything' }), { ...pods, resources: ['*'] }), true);
  assert.equal(ruleAllows(req({ resource: 'pod' }), pods), false, 'no prefix or singular matching');
});

test('resourceNames: restrict to the names listed; an empty list means every name', () => {
  const named: PolicyRule = { verbs: ['get', 'list'], apiGroups: [''], resources: ['configmaps'], resourceNames: ['one'] };
  assert.equal(ruleAllows(req({ resource: 'configmaps', name: 'one' }), named), true);
  assert.equal(ruleAllows(req({ resource: 'configmaps', name: 'two' }), named), false);
  assert.equal(ruleAllows(req({ resource: 'configmaps', verb: 'list', name: '' }), named), false, 'a list has no name and is not covered');
  assert.equal(ruleAllows(req({ resource: 'configmaps', name: 'two' }), { ...named, resourceNames: [] }), true);
});

test('nonResourceURLs: exact paths, a trailing * as a prefix, * for all; never for resource requests', () => {
  assert.equal(nonResourceURLMatches('/healthz', '/healthz'), true);
  assert.equal(nonResourceURLMatches('/healthz', '/healthz/ping'), false);
  assert.equal(nonResourceURLMatches('/healthz/*', '/healthz/ping'), true);
  assert.equal(nonResourceURLMatches('/healthz/*', '/healthz'), false, 'the prefix keeps its slash');
  assert.equal(nonResourceURLMatches('/api*', '/apis/x'), true);
  assert.equal(nonResourceURLMatches('*', '/anything'), true);
  const rule: PolicyRule = { verbs: ['get'], nonResourceURLs: ['/version', '/metrics/*'] };
  assert.equal(ruleAllows(nonResource('get', '/version'), rule), true);
  assert.equal(ruleAllows(nonResource('get', '/metrics/slis'), rule), true);
  assert.equal(ruleAllows(nonResource('post', '/version'), rule), false);
  assert.equal(ruleAllows(nonResource('get', '/versions'), rule), false);
  // A rule with resources does not grant paths, nor one with paths resources.
  assert.equal(ruleAllows(nonResource('get', '/version'), { verbs: ['*'], apiGroups: ['*'], resources: ['*'] }), false);
  assert.equal(ruleAllows(req({}), { verbs: ['*'], nonResourceURLs: ['*'] }), false);
});

test('rulesAllow: any one rule suffices', () => {
  const rules: PolicyRule[] = [
    { verbs: ['get'], apiGroups: [''], resources: ['pods'] },
    { verbs: ['create'], apiGroups: ['events.orch.io'], resources: ['events'] },
  ];
  assert.equal(rulesAllow(req({ verb: 'create', apiGroup: 'events.orch.io', resource: 'events' }), rules), true);
  assert.equal(rulesAllow(req({ verb: 'create' }), rules), false);
  assert.equal(rulesAllow(req({}), []), false);
});
