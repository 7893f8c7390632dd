import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Attributes } from '../../../machinery/authorization/types.ts';
import type { Pod } from '../../../api/core/v1/pod-types.ts';
import { nodeAuthorizer, nodeIdentity } from './authorizer.ts';
import { NodeGraph } from './graph.ts';

const node1 = { name: 'system:node:node1', uid: '', groups: ['system:nodes', 'system:authenticated'] };
const attrs = (user: Attributes['user'], over: Partial<Attributes>): Attributes => ({
  user, verb: 'get', isResourceRequest: true, path: '', namespace: '', apiGroup: '', apiVersion: 'v1', resource: '', subresource: '', name: '', ...over,
});

function pod(name: string, nodeName: string | undefined, spec: Record<string, unknown> = {}, annotations?: Record<string, string>): Pod {
  return { metadata: { name, namespace: 'default', ...(annotations ? { annotations } : {}) }, spec: { containers: [{ name: 'c' }], ...(nodeName ? { nodeName } : {}), ...spec } } as Pod;
}

/** A graph holding a pod on node1 that uses secret s1 (volume), config map c1 (env) and claim data; pv1 bound to it with a CSI secret. */
function populated(): NodeGraph {
  const g = new NodeGraph();
  g.addPod(
    pod('web', 'node1', {
      serviceAccountName: 'web-sa',
      imagePullSecrets: [{ name: 'pull' }],
      volumes: [
        { name: 'v', secret: { secretName: 's1' } },
        { name: 'data', persistentVolumeClaim: { claimName: 'data' } },
        { name: 'scratch', ephemeral: { volumeClaimTemplate: { spec: {} } } },
      ],
      containers: [{ name: 'c', env: [{ name: 'X', valueFrom: { configMapKeyRef: { name: 'c1', key: 'k' } } }] }],
    }),
  );
  g.addPod(pod('other', 'node2', { volumes: [{ name: 'v', secret: { secretName: 's2' } }] }));
  g.addPersistentVolume({ metadata: { name: 'pv1' }, spec: { claimRef: { namespace: 'default', name: 'data' }, csi: { driver: 'd', volumeHandle: 'h', nodePublishSecretRef: { name: 'csi-secret', namespace: 'storage' } } } });
  return g;
}

const decide = async (authz: ReturnType<typeof nodeAuthorizer>, over: Partial<Attributes>, user = node1) => authz.authorize(attrs(user, over));

test('node identities need both the system:node: name and the system:nodes group', () => {
  assert.equal(nodeIdentity(node1), 'node1');
  assert.equal(nodeIdentity({ ...node1, groups: ['system:authenticated'] }), undefined);
  assert.equal(nodeIdentity({ name: 'node1', uid: '', groups: ['system:nodes'] }), undefined);
});

test('other users get no opinion; a node identity without a name is refused with Kubernetes reason', async () => {
  const authz = nodeAuthorizer();
  assert.deepEqual(await decide(authz, { verb: 'create', resource: 'events' }, { name: 'alice', uid: '', groups: ['system:nodes'] }), { decision: 'noOpinion', reason: '' });
  assert.deepEqual(await decide(authz, { resource: 'nodes' }, { name: 'system:node:', uid: '', groups: ['system:nodes'] }), { decision: 'noOpinion', reason: 'unknown node for user "system:node:"' });
});

test('secrets and config maps only when a pod on the node uses them', async () => {
  const authz = nodeAuthorizer({ graph: populated() });
  const secret = (name: string, over: Partial<Attributes> = {}) => decide(authz, { resource: 'secrets', namespace: 'default', name, ...over });
  assert.equal((await secret('s1')).decision, 'allow');
  assert.equal((await secret('pull')).decision, 'allow');
  assert.equal((await secret('s1', { verb: 'watch' })).decision, 'allow');
  assert.deepEqual(await secret('s2'), { decision: 'noOpinion', reason: "no relationship found between node 'node1' and this object" });
  assert.deepEqual(await secret('unknown'), { decision: 'noOpinion', reason: "no relationship found between node 'node1' and this object" });
  assert.deepEqual(await secret('', { verb: 'list' }), { decision: 'noOpinion', reason: 'No Object name found' });
  assert.deepEqual(await secret('s1', { verb: 'update' }), { decision: 'noOpinion', reason: 'can only read resources of this type' });
  assert.equal((await decide(authz, { resource: 'configmaps', namespace: 'default', name: 'c1' })).decision, 'allow');
  // The same name in another namespace is another object.
  assert.equal((await secret('s1', { namespace: 'other' })).decision, 'noOpinion');
});

test('claims, volumes and their secrets, service account tokens', async () => {
  const authz = nodeAuthorizer({ graph: populated() });
  assert.equal((await decide(authz, { resource: 'persistentvolumeclaims', namespace: 'default', name: 'data' })).decision, 'allow');
  assert.equal((await decide(authz, { resource: 'persistentvolumeclaims', namespace: 'default', name: 'web-scratch' })).decision, 'allow');
  assert.deepEqual(await decide(authz, { verb: 'list', resource: 'persistentvolumeclaims', namespace: 'default' }), { decision: 'noOpinion', reason: 'can only get individual resources of this type' });
  assert.equal((await decide(authz, { verb: 'patch', resource: 'persistentvolumeclaims', subresource: 'status', namespace: 'default', name: 'data' })).decision, 'allow');
  assert.equal((await decide(authz, { resource: 'persistentvolumes', name: 'pv1' })).decision, 'allow');
  assert.equal((await decide(authz, { resource: 'secrets', namespace: 'storage', name: 'csi-secret' })).decision, 'allow');
  assert.equal((await decide(authz, { verb: 'create', resource: 'serviceaccounts', subresource: 'token', namespace: 'default', name: 'web-sa' })).decision, 'allow');
  assert.deepEqual(await decide(authz, { verb: 'get', resource: 'serviceaccounts', namespace: 'default', name: 'web-sa' }), { decision: 'noOpinion', reason: 'can only create tokens for individual service accounts' });
});

test('pods: get through the graph, list and watch with the spec.nodeName field selector', async () => {
  const authz = nodeAuthorizer({ graph: populated() });
  const pods = (over: Partial<Attributes>) => decide(authz, { resource: 'pods', namespace: 'default', ...over });
  assert.equal((await pods({ name: 'web' })).decision, 'allow');
  assert.equal((await pods({ name: 'other' })).decision, 'noOpinion');
  assert.equal((await pods({ verb: 'list', namespace: '', fieldSelector: [{ field: 'spec.nodeName', operator: '=', value: 'node1' }] })).decision, 'allow');
  assert.deepEqual(await pods({ verb: 'watch', fieldSelector: [{ field: 'spec.nodeName', operator: '=', value: 'node2' }] }), { decision: 'noOpinion', reason: 'can only list/watch pods with spec.nodeName field selector' });
  for (const [verb, subresource] of [['create', ''], ['delete', ''], ['patch', 'status'], ['create', 'eviction']]) assert.equal((await pods({ verb, subresource, name: 'x' })).decision, 'allow', `${verb} ${subresource}`);
  assert.equal((await pods({ verb: 'update', name: 'web' })).decision, 'noOpinion');
});

test('its own Node only, by name', async () => {
  const authz = nodeAuthorizer();
  const nodes = (over: Partial<Attributes>) => decide(authz, { resource: 'nodes', ...over });
  assert.equal((await nodes({ name: 'node1' })).decision, 'allow');
  assert.equal((await nodes({ verb: 'watch', name: 'node1' })).decision, 'allow');
  assert.deepEqual(await nodes({ verb: 'list' }), { decision: 'noOpinion', reason: "node 'node1' cannot read all nodes, only its own Node object" });
  assert.deepEqual(await nodes({ name: 'node2' }), { decision: 'noOpinion', reason: "node 'node1' cannot read 'node2', only its own Node object" });
  assert.equal((await nodes({ verb: 'patch', name: 'node2' })).decision, 'allow');
  assert.equal((await nodes({ verb: 'patch', subresource: 'status', name: 'node1' })).decision, 'allow');
  assert.equal((await nodes({ verb: 'delete', name: 'node1' })).decision, 'noOpinion');
});

test('its own lease only, in orch-node-lease; create is checked by admission', async () => {
  const authz = nodeAuthorizer();
  const lease = (over: Partial<Attributes>) => decide(authz, { apiGroup: 'coordination.orch.io', resource: 'leases', namespace: 'orch-node-lease', name: 'node1', ...over });
  for (const verb of ['get', 'update', 'patch', 'delete']) assert.equal((await lease({ verb })).decision, 'allow', verb);
  assert.equal((await lease({ verb: 'create', name: '' })).decision, 'allow');
  assert.deepEqual(await lease({ name: 'node2' }), { decision: 'noOpinion', reason: 'can only access node lease with the same name as the requesting node' });
  assert.deepEqual(await lease({ namespace: 'default' }), { decision: 'noOpinion', reason: 'can only access leases in the "orch-node-lease" system namespace' });
  assert.deepEqual(await lease({ verb: 'list', name: '' }), { decision: 'noOpinion', reason: 'can only get, create, update, patch, or delete a node lease' });
});

test('static rules: events, reviews, services, CSRs; not namespaces or non-resource paths', async () => {
  const authz = nodeAuthorizer();
  assert.equal((await decide(authz, { verb: 'create', resource: 'events', namespace: 'default' })).decision, 'allow');
  assert.equal((await decide(authz, { verb: 'patch', apiGroup: 'events.orch.io', resource: 'events', namespace: 'default' })).decision, 'allow');
  assert.equal((await decide(authz, { verb: 'delete', resource: 'events', namespace: 'default' })).decision, 'noOpinion');
  assert.equal((await decide(authz, { verb: 'create', apiGroup: 'authentication.orch.io', resource: 'tokenreviews' })).decision, 'allow');
  assert.equal((await decide(authz, { verb: 'watch', resource: 'services' })).decision, 'allow');
  assert.equal((await decide(authz, { verb: 'delete', resource: 'namespaces', name: 'default' })).decision, 'noOpinion');
  assert.equal((await decide(authz, { isResourceRequest: false, path: '/healthz' })).decision, 'noOpinion');
});

test('the graph follows pods being rebound, replaced and deleted; mirror pods grant nothing', () => {
  const g = populated();
  assert.ok(g.hasPath('node1', 'secret', 'default', 's1'));
  g.addPod(pod('web', 'node2', { volumes: [{ name: 'v', secret: { secretName: 's1' } }] }));
  assert.ok(!g.hasPath('node1', 'secret', 'default', 's1'));
  assert.ok(g.hasPath('node2', 'secret', 'default', 's1'));
  // pv1 still points at its claim, which no pod uses now.
  assert.ok(!g.hasPath('node1', 'pv', '', 'pv1'));
  g.deletePod('default', 'web');
  g.deletePod('default', 'other');
  assert.ok(!g.hasPath('node2', 'secret', 'default', 's1'));
  g.addPod(pod('mirror', 'node1', { volumes: [{ name: 'v', secret: { secretName: 's9' } }] }, { 'orch.io/config.mirror': 'x' }));
  assert.ok(g.hasPath('node1', 'pod', 'default', 'mirror'));
  assert.ok(!g.hasPath('node1', 'secret', 'default', 's9'));
  // An unbound pod grants nothing.
  g.addPod(pod('pending', undefined, { volumes: [{ name: 'v', secret: { secretName: 's8' } }] }));
  assert.ok(!g.hasPath('node1', 'secret', 'default', 's8'));
});

test('requests wait for the first read of the graph', async () => {
  let release!: () => void;
  let synced = false;
  const ready = new Promise<void>((r) => (release = r)).then(() => void (synced = true));
  const authz = nodeAuthorizer({ graph: populated(), synced: ready, isSynced: () => synced });
  const pending = authz.authorize(attrs(node1, { resource: 'secrets', namespace: 'default', name: 's1' }));
  assert.ok(pending instanceof Promise);
  release();
  assert.equal((await pending).decision, 'allow');
});
