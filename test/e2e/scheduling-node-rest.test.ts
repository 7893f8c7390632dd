// scheduling.orch.io/v1 PriorityClass and node.orch.io/v1 RuntimeClass over raw HTTP as
// Kubernetes serves them: the system classes there from the start, reserved names and the value
// bound, what cannot change, the system classes not deletable one by one, the tables, and the
// same objects under scheduling.k8s.io and node.k8s.io.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startCoreApiserver, type CoreApiserver } from '../support/core-apiserver.ts';

let s: CoreApiserver;
before(async () => {
  s = await startCoreApiserver();
});
after(() => s.stop());

const PCS = '/apis/scheduling.orch.io/v1/priorityclasses';
const RCS = '/apis/node.orch.io/v1/runtimeclasses';
const TABLE = { accept: 'application/json;as=Table;v=v1;g=meta.k8s.io' };
const MERGE = { 'content-type': 'application/merge-patch+json' };

function messages(r: { body: any }): string[] {
  return (r.body.details?.causes ?? []).map((c: any) => `${c.field}: ${c.message}`);
}

test('discovery: priorityclasses (pc) and runtimeclasses, both cluster-scoped', async () => {
  const pc = (await s.call('GET', '/apis/scheduling.orch.io/v1')).body.resources.find((r: any) => r.name === 'priorityclasses');
  assert.deepEqual([pc.shortNames, pc.namespaced, pc.kind], [['pc'], false, 'PriorityClass']);
  const rc = (await s.call('GET', '/apis/node.orch.io/v1')).body.resources.find((r: any) => r.name === 'runtimeclasses');
  assert.deepEqual([rc.shortNames, rc.namespaced, rc.kind], [undefined, false, 'RuntimeClass']);
});

test('the system priority classes exist once the server is ready', async () => {
  const table = await s.call('GET', PCS, undefined, TABLE);
  assert.deepEqual(table.body.columnDefinitions.map((c: any) => c.name), ['Name', 'Value', 'Global-Default', 'Age', 'PreemptionPolicy']);
  const rows = table.body.rows.map((r: any) => [r.cells[0], r.cells[1], r.cells[2], r.cells[4]]);
  assert.deepEqual(rows, [
    ['system-cluster-critical', 2000000000, false, 'PreemptLowerPriority'],
    ['system-node-critical', 2000001000, false, 'PreemptLowerPriority'],
  ]);
});

test('a priority class is created with the default policy; value and policy cannot change', async () => {
  const created = await s.call('POST', PCS, { metadata: { name: 'high' }, value: 1000, description: 'important' });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  assert.equal(created.body.preemptionPolicy, 'PreemptLowerPriority');
  const changed = await s.call('PATCH', `${PCS}/high`, { value: 2000, preemptionPolicy: 'Never' }, MERGE);
  assert.equal(changed.status, 422);
  assert.deepEqual(messages(changed), ['value: Forbidden: may not be changed in an update.', 'preemptionPolicy: Invalid value: "Never": field is immutable']);
  const described = await s.call('PATCH', `${PCS}/high`, { description: 'very important' }, MERGE);
  assert.equal(described.status, 200, JSON.stringify(described.body));
});

test('system- names are reserved and user values bounded, with Kubernetes\' messages', async () => {
  const reserved = await s.call('POST', PCS, { metadata: { name: 'system-mine' }, value: 10 });
  assert.equal(reserved.status, 422);
  assert.equal(reserved.body.message, 'PriorityClass.scheduling.orch.io "system-mine" is invalid: metadata.name: Forbidden: priority class names with \'system-\' prefix are reserved for system use only. error: system-mine is not a known system priority class');
  const huge = await s.call('POST', PCS, { metadata: { name: 'huge' }, value: 1000000001 });
  assert.deepEqual(messages(huge), ['value: Forbidden: maximum allowed value of a user defined priority is 1000000000']);
});

test('a system priority class cannot be deleted; another can', async () => {
  const refused = await s.call('DELETE', `${PCS}/system-cluster-critical`);
  assert.equal(refused.status, 403);
  assert.equal(refused.body.message, 'priorityclasses.scheduling.orch.io "system-cluster-critical" is forbidden: this is a system priority class and cannot be deleted');
  assert.equal((await s.call('POST', PCS, { metadata: { name: 'doomed' }, value: 1 })).status, 201);
  assert.equal((await s.call('DELETE', `${PCS}/doomed`)).status, 200);
  const k8s = await s.call('DELETE', '/apis/scheduling.k8s.io/v1/priorityclasses/system-node-critical');
  assert.equal(k8s.body.message, 'priorityclasses.scheduling.k8s.io "system-node-critical" is forbidden: this is a system priority class and cannot be deleted');
});

test('a runtime class: handler fixed, overhead and scheduling validated, NAME HANDLER AGE', async () => {
  const created = await s.call('POST', RCS, { metadata: { name: 'gvisor' }, handler: 'runsc', overhead: { podFixed: { cpu: '0.25' } }, scheduling: { nodeSelector: { sandbox: 'gvisor' } } });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  assert.deepEqual(created.body.overhead, { podFixed: { cpu: '250m' } });
  const handler = await s.call('PATCH', `${RCS}/gvisor`, { handler: 'runc' }, MERGE);
  assert.deepEqual(messages(handler), ['handler: Invalid value: "runc": field is immutable']);
  const bad = await s.call('POST', RCS, { metadata: { name: 'bad' }, handler: 'Run_SC' });
  assert.equal(bad.status, 422);
  const table = await s.call('GET', RCS, undefined, TABLE);
  assert.deepEqual(table.body.rows.map((r: any) => r.cells.slice(0, 2)), [['gvisor', 'runsc']]);
  const k8s = await s.call('GET', '/apis/node.k8s.io/v1/runtimeclasses/gvisor');
  assert.equal(k8s.body.apiVersion, 'node.k8s.io/v1');
});
