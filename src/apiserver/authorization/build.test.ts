// The chain's decision order: system:masters first, then the modes in the order given; the first
// allow or deny wins, no opinion passes on, and when nobody decides the reasons are joined.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { FlagValues } from '../../options/flag.ts';
import { authorizerConfigs, buildAuthorizer } from './build.ts';
import { unionAuthorizer } from './union.ts';
import type { Attributes, Authorizer, AuthorizerResult } from '../../machinery/authorization/types.ts';
import { apiserverOptions } from '../../options/apiserver-options.ts';

const user = (name: string, ...groups: string[]) => ({ name, uid: '', groups });
const attrs = (u: Attributes['user'], over: Partial<Attributes> = {}): Attributes => ({
  user: u, verb: 'get', isResourceRequest: true, path: '/api/v1/namespaces/default/configmaps/x', namespace: 'default', apiGroup: '', apiVersion: 'v1', resource: 'configmaps', subresource: '', name: 'x', ...over,
});

/** A mode that answers a fixed result and records that it was asked. */
function fixed(result: AuthorizerResult, asked: string[], label: string): Authorizer {
  return { authorize: () => (asked.push(label), result) };
}

test('union: the first allow or deny wins and later authorizers are not asked', async () => {
  const asked: string[] = [];
  const chain = unionAuthorizer([
    fixed({ decision: 'noOpinion', reason: 'a says no' }, asked, 'a'),
    fixed({ decision: 'deny', reason: 'b denies' }, asked, 'b'),
    fixed({ decision: 'allow', reason: '' }, asked, 'c'),
  ]);
  assert.deepEqual(await chain.authorize(attrs(user('x'))), { decision: 'deny', reason: 'b denies' });
  assert.deepEqual(asked, ['a', 'b']);
});

test('union: when nobody decides, the reasons are joined by newlines, empty ones left out', async () => {
  const asked: string[] = [];
  const chain = unionAuthorizer([
    fixed({ decision: 'noOpinion', reason: 'first' }, asked, 'a'),
    fixed({ decision: 'noOpinion', reason: '' }, asked, 'b'),
    fixed({ decision: 'noOpinion', reason: 'third' }, asked, 'c'),
  ]);
  assert.deepEqual(await chain.authorize(attrs(user('x'))), { decision: 'noOpinion', reason: 'first\nthird' });
  assert.deepEqual(asked, ['a', 'b', 'c']);
  assert.deepEqual(await unionAuthorizer([]).authorize(attrs(user('x'))), { decision: 'noOpinion', reason: '' });
});

test('system:masters is allowed before any mode is asked, even AlwaysDeny', async () => {
  const chain = buildAuthorizer(apiserverOptions({ 'authorization-mode': ['AlwaysDeny'] } as FlagValues).authorization, { anonymousEnabled: false });
  assert.equal((await chain.authorize(attrs(user('root', 'system:masters')))).decision, 'allow');
  assert.deepEqual(await chain.authorize(attrs(user('alice', 'system:authenticated'))), { decision: 'noOpinion', reason: 'Everything is forbidden.' });
});

test('modes are asked in the order given: a deny before an allow wins, an allow before a deny wins', async () => {
  const asked: string[] = [];
  const modes = {
    Webhook: () => fixed({ decision: 'deny', reason: 'webhook denies' }, asked, 'Webhook'),
    RBAC: () => fixed({ decision: 'allow', reason: 'rbac allows' }, asked, 'RBAC'),
  };
  const denyFirst = buildAuthorizer(apiserverOptions({ 'authorization-mode': ['Node', 'Webhook', 'RBAC'] } as FlagValues).authorization, { anonymousEnabled: false, modes });
  assert.deepEqual(await denyFirst.authorize(attrs(user('alice'))), { decision: 'deny', reason: 'webhook denies' });
  assert.deepEqual(asked, ['Webhook']);
  asked.length = 0;
  const allowFirst = buildAuthorizer(apiserverOptions({ 'authorization-mode': ['RBAC', 'Webhook'] } as FlagValues).authorization, { anonymousEnabled: false, modes });
  assert.deepEqual(await allowFirst.authorize(attrs(user('alice'))), { decision: 'allow', reason: 'rbac allows' });
  assert.deepEqual(asked, ['RBAC']);
  // AlwaysDeny has no opinion, so a later AlwaysAllow still allows.
  const denyThenAllow = buildAuthorizer(apiserverOptions({ 'authorization-mode': 'AlwaysDeny,AlwaysAllow' } as FlagValues).authorization, { anonymousEnabled: false });
  assert.equal((await denyThenAllow.authorize(attrs(user('alice')))).decision, 'allow');
});

test('with anonymous authentication and AlwaysAllow, anonymous users reach only the public paths', async () => {
  const chain = buildAuthorizer(apiserverOptions({ 'authorization-mode': ['AlwaysAllow'] } as FlagValues).authorization, { anonymousEnabled: true });
  const anonymous = user('system:anonymous', 'system:unauthenticated');
  const get = (path: string) => attrs(anonymous, { isResourceRequest: false, path, resource: '', namespace: '', name: '' });
  assert.equal((await chain.authorize(get('/healthz'))).decision, 'allow');
  assert.equal((await chain.authorize(get('/version'))).decision, 'allow');
  assert.equal((await chain.authorize(get('/metrics'))).decision, 'deny');
  assert.equal((await chain.authorize(attrs(anonymous))).decision, 'deny');
  assert.equal((await chain.authorize(attrs(user('alice', 'system:authenticated')))).decision, 'allow');
});

test('the mode list: default AlwaysAllow, comma form, duplicates and unknown modes refused', () => {
  assert.deepEqual(authorizerConfigs(apiserverOptions({} as FlagValues).authorization), [{ type: 'AlwaysAllow', name: 'alwaysallow' }]);
  assert.deepEqual(
    authorizerConfigs(apiserverOptions({ 'authorization-mode': 'Node,RBAC' } as FlagValues).authorization).map((c) => c.type),
    ['Node', 'RBAC'],
  );
  assert.throws(() => authorizerConfigs(apiserverOptions({ 'authorization-mode': ['RBAC', 'RBAC'] } as FlagValues).authorization), /mode RBAC given more than once/);
  assert.throws(() => authorizerConfigs(apiserverOptions({ 'authorization-mode': ['rbac'] } as FlagValues).authorization), /unknown authorization mode "rbac"/);
});

test('modes missing what they need are refused when the chain is built', () => {
  assert.throws(() => buildAuthorizer(apiserverOptions({ 'authorization-mode': ['ABAC'] } as FlagValues).authorization, { anonymousEnabled: false }), /ABAC requires --authorization-policy-file/);
  assert.throws(() => buildAuthorizer(apiserverOptions({ 'authorization-mode': ['Webhook'] } as FlagValues).authorization, { anonymousEnabled: false }), /Webhook requires --authorization-webhook-config-file/);
  assert.throws(() => buildAuthorizer(apiserverOptions({ 'authorization-mode': ['RBAC'] } as FlagValues).authorization, { anonymousEnabled: false }), /RBAC needs the RBAC resources/);
});
