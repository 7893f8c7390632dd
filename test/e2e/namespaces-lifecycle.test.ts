// Namespaces over raw HTTP: the system namespaces after start-up, the `orch` finalizer, deletion
// marking a namespace Terminating, /finalize and /status, and NamespaceLifecycle's refusals.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startCoreApiserver, type CoreApiserver } from '../support/core-apiserver.ts';

let s: CoreApiserver;
before(async () => {
  s = await startCoreApiserver();
});
after(() => s.stop());

const cm = (name: string) => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name }, data: { k: 'v' } });

test('default, orch-system, orch-public and orch-node-lease exist after start-up, Active with the orch finalizer', async () => {
  const list = await s.call('GET', '/api/v1/namespaces');
  assert.equal(list.status, 200);
  const names = list.body.items.map((n: any) => n.metadata.name).sort();
  assert.deepEqual(names, ['default', 'orch-node-lease', 'orch-public', 'orch-system']);
  for (const ns of list.body.items) {
    assert.equal(ns.status.phase, 'Active');
    assert.deepEqual(ns.spec.finalizers, ['orch']);
    assert.equal(ns.metadata.labels['orch.io/metadata.name'], ns.metadata.name);
    assert.equal(ns.metadata.labels['kubernetes.io/metadata.name'], ns.metadata.name, 'as manifests written for Kubernetes select it');
  }
});

test('a new namespace gets the orch finalizer added to its own and phase Active whatever it asked for', async () => {
  const r = await s.call('POST', '/api/v1/namespaces', { metadata: { name: 'team-a' }, spec: { finalizers: ['example.com/keep'] }, status: { phase: 'Terminating' } });
  assert.equal(r.status, 201, JSON.stringify(r.body));
  assert.deepEqual(r.body.spec.finalizers, ['example.com/keep', 'orch']);
  assert.equal(r.body.status.phase, 'Active');
  const bad = await s.call('POST', '/api/v1/namespaces', { metadata: { name: 'Bad_Name' } });
  assert.equal(bad.status, 422);
  assert.match(bad.body.message, /metadata\.name: Invalid value: "Bad_Name": a lowercase RFC 1123 label/);
  const unqualified = await s.call('POST', '/api/v1/namespaces', { metadata: { name: 'x1' }, spec: { finalizers: ['keepme'] } });
  assert.equal(unqualified.status, 422);
  assert.match(unqualified.body.message, /name is neither a standard finalizer name nor is it fully qualified/);
});

test('an update through the main resource cannot change spec.finalizers or status', async () => {
  await s.call('POST', '/api/v1/namespaces', { metadata: { name: 'team-b' } });
  const r = await s.call('PATCH', '/api/v1/namespaces/team-b', { spec: { finalizers: [] }, status: { phase: 'Terminating' }, metadata: { labels: { a: 'b' } } }, { 'content-type': 'application/merge-patch+json' });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  assert.deepEqual(r.body.spec.finalizers, ['orch']);
  assert.equal(r.body.status.phase, 'Active');
  assert.equal(r.body.metadata.labels.a, 'b');
});

test('creating in a missing namespace is 404 NotFound naming the namespace', async () => {
  const r = await s.call('POST', '/api/v1/namespaces/nowhere/configmaps', cm('c1'));
  assert.equal(r.status, 404);
  assert.equal(r.body.reason, 'NotFound');
  assert.equal(r.body.message, 'namespaces "nowhere" not found');
});

test('the system namespaces may not be deleted; orch-node-lease may', async () => {
  for (const name of ['default', 'orch-system', 'orch-public']) {
    const r = await s.call('DELETE', `/api/v1/namespaces/${name}`);
    assert.equal(r.status, 403, name);
    assert.equal(r.body.reason, 'Forbidden');
    assert.equal(r.body.message, `namespaces "${name}" is forbidden: this namespace may not be deleted`);
  }
  const dry = await s.call('DELETE', '/api/v1/namespaces/orch-node-lease?dryRun=All');
  assert.equal(dry.status, 200);
  assert.equal((await s.call('GET', '/api/v1/namespaces/orch-node-lease')).body.status.phase, 'Active');
});

test('delete marks a namespace Terminating; new content is refused with 403 while existing content can still be read and deleted', async () => {
  await s.call('POST', '/api/v1/namespaces', { metadata: { name: 'doomed' } });
  assert.equal((await s.call('POST', '/api/v1/namespaces/doomed/configmaps', cm('old'))).status, 201);
  const del = await s.call('DELETE', '/api/v1/namespaces/doomed');
  assert.equal(del.status, 200);
  assert.equal(del.body.kind, 'Namespace');
  assert.equal(del.body.status.phase, 'Terminating');
  assert.ok(del.body.metadata.deletionTimestamp);
  assert.equal(del.body.metadata.deletionGracePeriodSeconds, 0);

  const refused = await s.call('POST', '/api/v1/namespaces/doomed/configmaps', cm('new'));
  assert.equal(refused.status, 403);
  assert.equal(refused.body.message, 'configmaps "new" is forbidden: unable to create new content in namespace doomed because it is being terminated');
  assert.deepEqual(refused.body.details.causes, [{ reason: 'NamespaceTerminating', message: 'namespace doomed is being terminated', field: 'metadata.namespace' }]);

  assert.equal((await s.call('GET', '/api/v1/namespaces/doomed/configmaps/old')).status, 200);
  assert.equal((await s.call('PATCH', '/api/v1/namespaces/doomed/configmaps/old', { data: { k: 'w' } }, { 'content-type': 'application/merge-patch+json' })).status, 200);
  assert.equal((await s.call('DELETE', '/api/v1/namespaces/doomed/configmaps/old')).status, 200);

  // Deleting again keeps it Terminating; the table shows the phase.
  assert.equal((await s.call('DELETE', '/api/v1/namespaces/doomed')).body.status.phase, 'Terminating');
  const table = await s.call('GET', '/api/v1/namespaces/doomed', undefined, { accept: 'application/json;as=Table;v=v1;g=meta.k8s.io' });
  assert.deepEqual(table.body.columnDefinitions.map((c: any) => c.name), ['Name', 'Status', 'Age']);
  assert.deepEqual(table.body.rows[0].cells.slice(0, 2), ['doomed', 'Terminating']);
});

test('/finalize replaces spec.finalizers; removing the last one of a terminating namespace removes it', async () => {
  await s.call('POST', '/api/v1/namespaces', { metadata: { name: 'fin' } });
  await s.call('DELETE', '/api/v1/namespaces/fin');
  const ns = (await s.call('GET', '/api/v1/namespaces/fin')).body;
  const badName = await s.call('PUT', '/api/v1/namespaces/fin/finalize', { ...ns, spec: { finalizers: ['nodomain'] } });
  assert.equal(badName.status, 422);
  assert.match(badName.body.message, /spec\.finalizers\[0\]: Invalid value: "nodomain": name is neither a standard finalizer name nor is it fully qualified/);
  // Status is not the finalize subresource's to change.
  const fin = await s.call('PUT', '/api/v1/namespaces/fin/finalize', { ...ns, spec: { finalizers: [] }, status: { phase: 'Active' } });
  assert.equal(fin.status, 200, JSON.stringify(fin.body));
  assert.equal(fin.body.status.phase, 'Terminating');
  assert.equal((await s.call('GET', '/api/v1/namespaces/fin')).status, 404);
  assert.equal((await s.call('PATCH', '/api/v1/namespaces/default/finalize', {}, { 'content-type': 'application/merge-patch+json' })).status, 405);
});

test('a namespace without finalizers is removed at once', async () => {
  await s.call('POST', '/api/v1/namespaces', { metadata: { name: 'bare' } });
  const ns = (await s.call('GET', '/api/v1/namespaces/bare')).body;
  assert.equal((await s.call('PUT', '/api/v1/namespaces/bare/finalize', { ...ns, spec: { finalizers: [] } })).status, 200);
  const del = await s.call('DELETE', '/api/v1/namespaces/bare');
  assert.equal(del.status, 200);
  assert.equal(del.body.kind, 'Status');
  assert.equal((await s.call('GET', '/api/v1/namespaces/bare')).status, 404);
});

test('/status changes only status, and the phase must agree with deletionTimestamp', async () => {
  await s.call('POST', '/api/v1/namespaces', { metadata: { name: 'st' } });
  const ns = (await s.call('GET', '/api/v1/namespaces/st')).body;
  const bad = await s.call('PUT', '/api/v1/namespaces/st/status', { ...ns, status: { phase: 'Terminating' } });
  assert.equal(bad.status, 422);
  assert.match(bad.body.message, /status\.Phase: Invalid value: "Terminating": may only be 'Active' if `deletionTimestamp` is empty/);
  const ok = await s.call('PATCH', '/api/v1/namespaces/st/status', { spec: { finalizers: [] }, status: { conditions: [{ type: 'X', status: 'True' }] } }, { 'content-type': 'application/merge-patch+json' });
  assert.equal(ok.status, 200, JSON.stringify(ok.body));
  assert.deepEqual(ok.body.spec.finalizers, ['orch']);
  assert.equal(ok.body.status.conditions[0].type, 'X');
  assert.equal((await s.call('GET', '/api/v1/namespaces/st/status')).body.metadata.name, 'st');
  assert.equal((await s.call('GET', '/api/v1/namespaces/st/nosuch')).status, 404);
});

test('field selector on status.phase', async () => {
  const r = await s.call('GET', '/api/v1/namespaces?fieldSelector=status.phase%3DTerminating');
  assert.equal(r.status, 200);
  assert.ok(r.body.items.every((n: any) => n.status.phase === 'Terminating'));
  assert.ok(r.body.items.some((n: any) => n.metadata.name === 'doomed'));
});
