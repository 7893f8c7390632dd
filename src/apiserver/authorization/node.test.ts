import { test } from 'node:test';
import assert from 'node:assert/strict';
import { nodeAuthorizer, nodeIdentity } from './node.ts';
import type { Attributes } from '../../machinery/authorization/types.ts';

const node1 = { name: 'system:node:node1', uid: '', groups: ['system:nodes', 'system:authenticated'] };
const attrs = (user: Attributes['user'], over: Partial<Attributes>): Attributes => ({
  user, verb: 'get', isResourceRequest: true, path: '', namespace: '', apiGroup: '', apiVersion: 'v1', resource: '', subresource: '', name: '', ...over,
});
const authz = nodeAuthorizer();
const decide = async (user: Attributes['user'], over: Partial<Attributes>) => authz.authorize(attrs(user, over));

test('node identities need both the system:node: name and the system:nodes group', () => {
  assert.equal(nodeIdentity(node1), 'node1');
  assert.equal(nodeIdentity({ ...node1, groups: ['system:authenticated'] }), undefined);
  assert.equal(nodeIdentity({ name: 'node1', uid: '', groups: ['system:nodes'] }), undefined);
});

test('other users get no opinion and no reason, whatever they ask', async () => {
  const alice = { name: 'alice', uid: '', groups: ['system:nodes'] };
  assert.deepEqual(await decide(alice, { verb: 'create', resource: 'events' }), { decision: 'noOpinion', reason: '' });
});

test('a node identity without a node name is refused with the reason Kubernetes gives', async () => {
  const nameless = { name: 'system:node:', uid: '', groups: ['system:nodes'] };
  assert.deepEqual(await decide(nameless, { verb: 'get', resource: 'nodes' }), { decision: 'noOpinion', reason: 'unknown node for user "system:node:"' });
});

test('its own lease only, in orch-node-lease, with the lease verbs', async () => {
  const lease = (over: Partial<Attributes>) => decide(node1, { apiGroup: 'coordination.orch.io', resource: 'leases', namespace: 'orch-node-lease', name: 'node1', ...over });
  for (const verb of ['get', 'create', 'update', 'patch', 'delete']) assert.equal((await lease({ verb })).decision, 'allow', verb);
  assert.deepEqual(await lease({ name: 'node2' }), { decision: 'noOpinion', reason: 'can only access node lease with the same name as the requesting node' });
  assert.deepEqual(await lease({ namespace: 'default' }), { decision: 'noOpinion', reason: 'can only access leases in the orch-node-lease system namespace' });
  assert.deepEqual(await lease({ verb: 'list', name: '' }), { decision: 'noOpinion', reason: 'can only get, create, update, patch, or delete a node lease' });
  assert.equal((await lease({ verb: 'watch' })).decision, 'noOpinion');
});

test('static node rules: events in both groups, node status, reviews; not secrets or config maps', async () => {
  assert.equal((await decide(node1, { verb: 'create', resource: 'events', namespace: 'default' })).decision, 'allow');
  assert.equal((await decide(node1, { verb: 'patch', apiGroup: 'events.orch.io', resource: 'events', namespace: 'default' })).decision, 'allow');
  assert.equal((await decide(node1, { verb: 'delete', resource: 'events', namespace: 'default' })).decision, 'noOpinion');
  assert.equal((await decide(node1, { verb: 'patch', resource: 'nodes', subresource: 'status', name: 'node1' })).decision, 'allow');
  assert.equal((await decide(node1, { verb: 'create', apiGroup: 'authentication.orch.io', resource: 'tokenreviews' })).decision, 'allow');
  assert.equal((await decide(node1, { verb: 'create', apiGroup: 'authorization.orch.io', resource: 'subjectaccessreviews' })).decision, 'allow');
  assert.deepEqual(await decide(node1, { verb: 'get', resource: 'secrets', namespace: 'default', name: 's' }), { decision: 'noOpinion', reason: "no relationship found between node 'node1' and this object" });
  assert.deepEqual(await decide(node1, { verb: 'get', resource: 'configmaps', namespace: 'default', name: 'c' }), { decision: 'noOpinion', reason: "no relationship found between node 'node1' and this object" });
  assert.equal((await decide(node1, { verb: 'delete', resource: 'namespaces', name: 'default' })).decision, 'noOpinion');
  assert.equal((await decide(node1, { verb: 'get', isResourceRequest: false, path: '/healthz' })).decision, 'noOpinion');
});
