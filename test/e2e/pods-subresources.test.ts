// Pods' binding and eviction subresources, the bindings resource, graceful deletion and the
// replication controllers' scale subresource, over raw HTTP as Kubernetes answers them.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startCoreApiserver, type CoreApiserver } from '../support/core-apiserver.ts';

let s: CoreApiserver;
before(async () => {
  s = await startCoreApiserver();
});
after(() => s.stop());

const PODS = '/api/v1/namespaces/default/pods';
const MERGE = { 'content-type': 'application/merge-patch+json' };

async function createPod(name: string, extra: Record<string, unknown> = {}) {
  const r = await s.call('POST', PODS, { metadata: { name }, spec: { containers: [{ name: 'app', image: 'nginx:1.27' }], ...extra } });
  assert.equal(r.status, 201, JSON.stringify(r.body));
  return r.body;
}

function bind(pod: string, node: string, extra: Record<string, unknown> = {}) {
  return s.call('POST', `${PODS}/${pod}/binding`, { apiVersion: 'v1', kind: 'Binding', metadata: { name: pod, ...extra }, target: { kind: 'Node', name: node } });
}

test('binding sets the node, marks the pod scheduled, copies annotations, and answers a Success Status', async () => {
  await createPod('bind-me');
  const r = await bind('bind-me', 'node-1', { annotations: { 'scheduler.orch.io/score': '42' } });
  assert.equal(r.status, 201, JSON.stringify(r.body));
  assert.deepEqual(r.body, { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Success', code: 201 });
  const pod = (await s.call('GET', `${PODS}/bind-me`)).body;
  assert.equal(pod.spec.nodeName, 'node-1');
  assert.equal(pod.metadata.annotations['scheduler.orch.io/score'], '42');
  const scheduled = pod.status.conditions.find((c: any) => c.type === 'PodScheduled');
  assert.equal(scheduled.status, 'True');
  assert.ok(scheduled.lastTransitionTime);
});

test('a bound pod cannot be bound again; a gated pod cannot be bound; a bad binding is a 422 naming the field', async () => {
  const again = await bind('bind-me', 'node-2');
  assert.equal(again.status, 409);
  assert.equal(again.body.message, 'Operation cannot be fulfilled on pods "bind-me": pod bind-me is already assigned to node "node-1"');
  await createPod('gated', { schedulingGates: [{ name: 'orch.io/wait' }] });
  const gated = await bind('gated', 'node-1');
  assert.equal(gated.status, 409);
  assert.match(gated.body.message, /pod gated has non-empty \.spec\.schedulingGates/);
  const noTarget = await s.call('POST', `${PODS}/gated/binding`, { metadata: { name: 'gated' }, target: {} });
  assert.equal(noTarget.status, 422);
  assert.deepEqual(noTarget.body.details.causes, [{ reason: 'FieldValueRequired', message: 'Required value', field: 'target.name' }]);
  const otherName = await s.call('POST', `${PODS}/gated/binding`, { metadata: { name: 'someone-else' }, target: { name: 'node-1' } });
  assert.equal(otherName.status, 400);
  assert.equal(otherName.body.message, 'name in URL does not match name in Binding object');
  const missing = await bind('nobody', 'node-1');
  assert.equal(missing.status, 404);
  const get = await s.call('GET', `${PODS}/gated/binding`);
  assert.equal(get.status, 405);
});

test('the bindings resource binds the pod the binding names', async () => {
  await createPod('via-bindings');
  const r = await s.call('POST', '/api/v1/namespaces/default/bindings', { apiVersion: 'v1', kind: 'Binding', metadata: { name: 'via-bindings' }, target: { name: 'node-3' } });
  assert.equal(r.status, 201, JSON.stringify(r.body));
  assert.equal((await s.call('GET', `${PODS}/via-bindings`)).body.spec.nodeName, 'node-3');
});

test('an unbound pod is deleted at once; a bound one is marked with its grace period until deleted with 0', async () => {
  await createPod('unbound');
  const gone = await s.call('DELETE', `${PODS}/unbound`);
  assert.equal(gone.status, 200);
  assert.equal((await s.call('GET', `${PODS}/unbound`)).status, 404);

  await createPod('graceful', { terminationGracePeriodSeconds: 45 });
  assert.equal((await bind('graceful', 'node-1')).status, 201);
  const before = Date.now();
  const marked = await s.call('DELETE', `${PODS}/graceful`);
  assert.equal(marked.status, 200);
  assert.equal(marked.body.kind, 'Pod');
  assert.equal(marked.body.metadata.deletionGracePeriodSeconds, 45);
  const at = Date.parse(marked.body.metadata.deletionTimestamp);
  assert.ok(at >= Math.floor(before / 1000) * 1000 + 44_000 && at <= before + 46_000, marked.body.metadata.deletionTimestamp);
  // A longer period does not extend it; a shorter one shortens it.
  const longer = await s.call('DELETE', `${PODS}/graceful`, { gracePeriodSeconds: 100 });
  assert.equal(longer.body.metadata.deletionGracePeriodSeconds, 45);
  const shorter = await s.call('DELETE', `${PODS}/graceful?gracePeriodSeconds=5`);
  assert.equal(shorter.body.metadata.deletionGracePeriodSeconds, 5);
  assert.equal((await s.call('GET', `${PODS}/graceful`)).status, 200);
  // The node agent's final delete.
  const now = await s.call('DELETE', `${PODS}/graceful`, { gracePeriodSeconds: 0 });
  assert.equal(now.status, 200);
  assert.equal(now.body.kind, 'Status');
  assert.equal((await s.call('GET', `${PODS}/graceful`)).status, 404);
});

test('eviction deletes a pod no disruption budget selects and answers Success', async () => {
  await createPod('evict-me');
  const r = await s.call('POST', `${PODS}/evict-me/eviction`, { apiVersion: 'policy/v1', kind: 'Eviction', metadata: { name: 'evict-me' } });
  assert.equal(r.status, 201, JSON.stringify(r.body));
  assert.equal(r.body.status, 'Success');
  assert.equal((await s.call('GET', `${PODS}/evict-me`)).status, 404);
  const wrongKind = await s.call('POST', `${PODS}/evict-me/eviction`, { apiVersion: 'v1', kind: 'Eviction', metadata: { name: 'evict-me' } });
  assert.equal(wrongKind.status, 400);
});

test('a replication controller scales through autoscaling/v1 Scale', async () => {
  const RCS = '/api/v1/namespaces/default/replicationcontrollers';
  const rc = await s.call('POST', RCS, {
    metadata: { name: 'web' },
    spec: { replicas: 2, selector: { tier: 'web', app: 'shop' }, template: { metadata: { labels: { app: 'shop', tier: 'web' } }, spec: { containers: [{ name: 'app', image: 'nginx' }] } } },
  });
  assert.equal(rc.status, 201, JSON.stringify(rc.body));
  const scale = await s.call('GET', `${RCS}/web/scale`);
  assert.equal(scale.status, 200);
  assert.deepEqual(scale.body, {
    kind: 'Scale',
    apiVersion: 'autoscaling/v1',
    metadata: { name: 'web', namespace: 'default', uid: rc.body.metadata.uid, resourceVersion: rc.body.metadata.resourceVersion, creationTimestamp: rc.body.metadata.creationTimestamp },
    spec: { replicas: 2 },
    status: { replicas: 0, selector: 'app=shop,tier=web' },
  });
  const patched = await s.call('PATCH', `${RCS}/web/scale`, { spec: { replicas: 5 } }, MERGE);
  assert.equal(patched.status, 200, JSON.stringify(patched.body));
  assert.equal(patched.body.spec.replicas, 5);
  const after = (await s.call('GET', `${RCS}/web`)).body;
  assert.equal(after.spec.replicas, 5);
  assert.equal(after.metadata.generation, 2);
  const put = await s.call('PUT', `${RCS}/web/scale`, { apiVersion: 'autoscaling/v1', kind: 'Scale', metadata: { name: 'web', namespace: 'default', resourceVersion: scale.body.metadata.resourceVersion }, spec: { replicas: 1 } });
  assert.equal(put.status, 409, 'a stale resourceVersion conflicts');
  const negative = await s.call('PATCH', `${RCS}/web/scale`, { spec: { replicas: -1 } }, MERGE);
  assert.equal(negative.status, 422);
  assert.deepEqual(negative.body.details.causes, [{ reason: 'FieldValueInvalid', message: 'Invalid value: -1: must be greater than or equal to 0', field: 'spec.replicas' }]);
});
