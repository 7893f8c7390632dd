// Leases over raw HTTP: MicroTime fields, validation as Kubernetes words it, the HOLDER column,
// and the API server's identity lease renewed in orch-system.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as delay } from 'node:timers/promises';
import { startCoreApiserver, type CoreApiserver } from '../support/core-apiserver.ts';
import { eventually } from '../support/daemon.ts';

let s: CoreApiserver;
before(async () => {
  s = await startCoreApiserver({}, { identityRenewIntervalMs: 150 });
});
after(() => s.stop());

const LEASES = '/apis/coordination.orch.io/v1/namespaces/default/leases';

test('a lease as leader election writes it: MicroTime times, holder in the table', async () => {
  const r = await s.call('POST', LEASES, {
    apiVersion: 'coordination.orch.io/v1',
    kind: 'Lease',
    metadata: { name: 'orch-controller-manager' },
    spec: { holderIdentity: 'cm-1_abc', leaseDurationSeconds: 15, acquireTime: '2026-11-22T05:00:00Z', renewTime: '2026-11-22T05:00:01.5Z', leaseTransitions: 0 },
  });
  assert.equal(r.status, 201, JSON.stringify(r.body));
  assert.equal(r.body.spec.acquireTime, '2026-11-22T05:00:00.000000Z');
  assert.equal(r.body.spec.renewTime, '2026-11-22T05:00:01.500000Z');
  const table = await s.call('GET', LEASES, undefined, { accept: 'application/json;as=Table;v=v1;g=meta.k8s.io' });
  assert.deepEqual(table.body.columnDefinitions.map((c: any) => c.name), ['Name', 'Holder', 'Age']);
  assert.deepEqual(table.body.rows[0].cells.slice(0, 2), ['orch-controller-manager', 'cm-1_abc']);
  // A takeover: new holder, one more transition, optimistic concurrency on resourceVersion.
  const next = { ...r.body, spec: { ...r.body.spec, holderIdentity: 'cm-2_def', leaseTransitions: 1 } };
  assert.equal((await s.call('PUT', `${LEASES}/orch-controller-manager`, next)).status, 200);
  const stale = await s.call('PUT', `${LEASES}/orch-controller-manager`, next);
  assert.equal(stale.status, 409);
});

test('lease validation as Kubernetes words it', async () => {
  const bad = await s.call('POST', LEASES, { metadata: { name: 'bad' }, spec: { leaseDurationSeconds: 0, leaseTransitions: -1, strategy: 'Newest', preferredHolder: 'x' } });
  assert.equal(bad.status, 422);
  const messages = bad.body.details.causes.map((c: any) => `${c.field}: ${c.message}`);
  assert.deepEqual(messages, [
    'spec.leaseDurationSeconds: Invalid value: 0: must be greater than 0',
    'spec.leaseTransitions: Invalid value: -1: must be greater than or equal to 0',
    'spec.strategy: Unsupported value: "Newest": supported values: "OldestEmulationVersion"',
  ]);
  const holder = await s.call('POST', LEASES, { metadata: { name: 'ph' }, spec: { preferredHolder: 'x' } });
  assert.equal(holder.status, 422);
  assert.match(holder.body.message, /spec\.preferredHolder: Forbidden: may only be specified if `strategy` is defined/);
  const time = await s.call('POST', LEASES, { metadata: { name: 't' }, spec: { renewTime: 'yesterday' } });
  assert.equal(time.status, 400);
  assert.match(time.body.message, /Lease in version "v1" cannot be handled as a Lease: parsing time "yesterday"/);
  const int = await s.call('POST', LEASES, { metadata: { name: 'i' }, spec: { leaseDurationSeconds: 1.5 } });
  assert.equal(int.status, 400);
  const ok = await s.call('POST', LEASES, { metadata: { name: 'strat' }, spec: { strategy: 'example.com/mine', preferredHolder: 'x' } });
  assert.equal(ok.status, 201);
});

test('the identity lease is in orch-system, labelled, and renewed', async () => {
  // Written just after start, as Kubernetes does: /readyz does not wait for it.
  const list = await eventually('the identity lease', async () => {
    const r = await s.call('GET', '/apis/coordination.orch.io/v1/namespaces/orch-system/leases?labelSelector=apiserver.orch.io%2Fidentity%3Dorch-apiserver');
    return r.body.items?.length ? r : undefined;
  });
  assert.equal(list.body.items.length, 1);
  const lease = list.body.items[0];
  assert.match(lease.metadata.name, /^apiserver-[a-z2-7]{26}$/);
  assert.ok(lease.spec.holderIdentity.startsWith(`${lease.metadata.name}_`));
  assert.equal(lease.spec.leaseDurationSeconds, 3600);
  assert.ok(lease.metadata.labels['orch.io/hostname']);
  await delay(400);
  const later = (await s.call('GET', `/apis/coordination.orch.io/v1/namespaces/orch-system/leases/${lease.metadata.name}`)).body;
  assert.ok(later.spec.renewTime > lease.spec.renewTime, `${later.spec.renewTime} after ${lease.spec.renewTime}`);
  assert.notEqual(later.metadata.resourceVersion, lease.metadata.resourceVersion);
});
