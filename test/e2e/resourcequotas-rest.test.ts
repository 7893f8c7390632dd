// ResourceQuotas over raw HTTP as Kubernetes serves them: canonical quantities, an empty status
// on create, the spec only through the main resource and the status only through /status,
// ValidateResourceQuota's messages, scopes fixed after create, the NAME AGE REQUEST LIMIT table
// kubectl prints, metadata field selectors.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startCoreApiserver, type CoreApiserver } from '../support/core-apiserver.ts';

let s: CoreApiserver;
before(async () => {
  s = await startCoreApiserver();
});
after(() => s.stop());

const RQS = '/api/v1/namespaces/default/resourcequotas';
const TABLE = { accept: 'application/json;as=Table;v=v1;g=meta.k8s.io' };
const MERGE = { 'content-type': 'application/merge-patch+json' };

/** Waits until the server has filled in the quota's status (its hard pods as given). */
async function measured(name: string, pods: string): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if ((await s.call('GET', `${RQS}/${name}`)).body.status?.hard?.pods === pods) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  assert.fail(`the server did not measure quota ${name}`);
}

function messages(r: { body: any }): string[] {
  return (r.body.details?.causes ?? []).map((c: any) => `${c.field}: ${c.message}`);
}

test('discovery names resourcequotas with the short name quota and no categories', async () => {
  const rq = (await s.call('GET', '/api/v1')).body.resources.find((x: any) => x.name === 'resourcequotas');
  assert.deepEqual(rq.shortNames, ['quota']);
  assert.equal(rq.kind, 'ResourceQuota');
  assert.equal(rq.categories, undefined);
});

test('a create keeps canonical quantities and starts with an empty status', async () => {
  const r = await s.call('POST', RQS, {
    metadata: { name: 'compute' },
    spec: { hard: { pods: 10, 'requests.cpu': '0.5', 'requests.memory': '1024Mi', 'limits.cpu': '2000m' } },
    status: { hard: { pods: '1' }, used: { pods: '1' } },
  });
  assert.equal(r.status, 201, JSON.stringify(r.body));
  assert.deepEqual(r.body.spec, { hard: { 'limits.cpu': '2', pods: '10', 'requests.cpu': '500m', 'requests.memory': '1Gi' } });
  assert.deepEqual(r.body.status, {});
  assert.deepEqual(Object.keys(r.body), ['kind', 'apiVersion', 'metadata', 'spec', 'status']);
});

test('the main resource keeps the status; /status keeps the spec', async () => {
  await s.call('POST', RQS, { metadata: { name: 'split' }, spec: { hard: { pods: '2' } } });
  await measured('split', '2');
  // A status whose hard matches the spec, which the server's own measuring leaves as written.
  const status = await s.call('PATCH', `${RQS}/split/status`, { spec: { hard: { pods: '99' } }, status: { hard: { pods: '2' }, used: { pods: '1' } } }, MERGE);
  assert.equal(status.status, 200, JSON.stringify(status.body));
  assert.deepEqual(status.body.spec, { hard: { pods: '2' } });
  assert.deepEqual(status.body.status, { hard: { pods: '2' }, used: { pods: '1' } });
  const main = await s.call('PATCH', `${RQS}/split`, { spec: { hard: { pods: '3' } }, status: { used: { pods: '0' } } }, MERGE);
  assert.equal(main.status, 200, JSON.stringify(main.body));
  assert.deepEqual(main.body.spec, { hard: { pods: '3' } });
  assert.deepEqual(main.body.status.used, { pods: '1' });
  // GET of /status serves the whole object (its status the server soon measures against the new spec).
  const got = await s.call('GET', `${RQS}/split/status`);
  assert.equal(got.body.kind, 'ResourceQuota');
  assert.deepEqual(got.body.spec.hard, { pods: '3' });
});

test('kubectl\'s table shows used/hard from the status, limits.* under LIMIT', async () => {
  await s.call('POST', RQS, { metadata: { name: 'shown' }, spec: { hard: { pods: '2', 'limits.cpu': '1' } } });
  // Once the server has measured it, a status whose hard matches the spec is left as written.
  await measured('shown', '2');
  const set = await s.call('PATCH', `${RQS}/shown/status`, { status: { hard: { pods: '2', 'limits.cpu': '1' }, used: { pods: '1', 'limits.cpu': '0' } } }, MERGE);
  assert.equal(set.status, 200, JSON.stringify(set.body));
  const one = await s.call('GET', `${RQS}/shown`, undefined, TABLE);
  assert.deepEqual(one.body.columnDefinitions.map((c: any) => c.name), ['Name', 'Age', 'Request', 'Limit']);
  const [name, , request, limit] = one.body.rows[0].cells;
  assert.deepEqual([name, request, limit], ['shown', 'pods: 1/2', 'limits.cpu: 0/1']);
  // A quota the server has measured (its status follows its spec soon after the create) shows zeros.
  let cells: string[] = [];
  for (let i = 0; i < 100 && !cells[2]; i++) {
    if (i) await new Promise((r) => setTimeout(r, 20));
    cells = (await s.call('GET', `${RQS}/compute`, undefined, TABLE)).body.rows[0].cells;
  }
  assert.deepEqual(cells.slice(2), ['pods: 0/10, requests.cpu: 0/500m, requests.memory: 0/1Gi', 'limits.cpu: 0/2']);
});

test('resource names, values, scopes and scope selectors are validated with Kubernetes\' messages', async () => {
  const r = await s.call('POST', RQS, {
    metadata: { name: 'invalid' },
    spec: {
      hard: { pods: '1500m', 'requests.cpu': '-1', widgets: '1', cpu: '1' },
      scopes: ['BestEffort', 'NotBestEffort'],
      scopeSelector: { matchExpressions: [{ scopeName: 'Terminating', operator: 'In', values: ['x'] }, { scopeName: 'PriorityClass', operator: 'Exists', values: ['high'] }, { scopeName: 'Nope', operator: 'Sometimes' }] },
    },
  });
  assert.equal(r.status, 422, JSON.stringify(r.body));
  const got = messages(r);
  const scopes = '[]core.ResourceQuotaScope{"BestEffort", "NotBestEffort"}';
  for (const want of [
    'spec.hard[pods]: Invalid value: resource.Quantity{i:resource.int64Amount{value:1500, scale:-3}, d:resource.infDecAmount{Dec:(*inf.Dec)(nil)}, s:"1500m", Format:"DecimalSI"}: must be an integer',
    'spec.hard[requests.cpu]: Invalid value: "-1": must be greater than or equal to 0',
    'spec.hard[widgets]: Invalid value: "widgets": must be a standard resource type or fully qualified',
    'spec.hard[widgets]: Invalid value: "widgets": must be a standard resource for quota',
    `spec.scopes: Invalid value: ${scopes}: unsupported scope applied to resource`,
    `spec.scopes: Invalid value: ${scopes}: conflicting scopes`,
    "spec.scopeSelector.matchExpressions.operator: Invalid value: \"In\": must be 'Exists' when scope is any of ResourceQuotaScopeTerminating, ResourceQuotaScopeNotTerminating, ResourceQuotaScopeBestEffort, ResourceQuotaScopeNotBestEffort or ResourceQuotaScopeCrossNamespacePodAffinity",
    'spec.scopeSelector.matchExpressions.values: Invalid value: []string{"high"}: must be no value when `operator` is \'Exist\' or \'DoesNotExist\' for scope selector',
    'spec.scopeSelector.matchExpressions.scopeName: Invalid value: "Nope": unsupported scope',
    'spec.scopeSelector.matchExpressions.operator: Invalid value: "Sometimes": not a valid selector operator',
  ]) assert.ok(got.includes(want), `missing ${want}\n${got.join('\n')}`);
});

test('scopes cannot change after create; a status update checks its quantities', async () => {
  const created = await s.call('POST', RQS, { metadata: { name: 'scoped' }, spec: { hard: { pods: '5' }, scopes: ['BestEffort'] } });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  const change = await s.call('PATCH', `${RQS}/scoped`, { spec: { scopes: ['NotBestEffort'] } }, MERGE);
  assert.equal(change.status, 422);
  assert.deepEqual(messages(change), ['spec.scopes: Invalid value: []core.ResourceQuotaScope{"NotBestEffort"}: field is immutable']);
  const status = await s.call('PATCH', `${RQS}/scoped/status`, { status: { used: { pods: '-1', foo: '1' } } }, MERGE);
  assert.equal(status.status, 422);
  assert.deepEqual(messages(status), [
    'status.used[foo]: Invalid value: "foo": must be a standard resource type or fully qualified',
    'status.used[foo]: Invalid value: "foo": must be a standard resource for quota',
    'status.used[pods]: Invalid value: "-1": must be greater than or equal to 0',
  ]);
});

test('field selectors take metadata.name and metadata.namespace only', async () => {
  const selected = await s.call('GET', `${RQS}?fieldSelector=metadata.name%3Dcompute`);
  assert.deepEqual(selected.body.items.map((i: any) => i.metadata.name), ['compute']);
  const all = await s.call('GET', `/api/v1/resourcequotas?fieldSelector=metadata.namespace%3Ddefault`);
  assert.ok(all.body.items.length >= 2);
  const unsupported = await s.call('GET', `${RQS}?fieldSelector=spec.hard%3Dx`);
  assert.equal(unsupported.status, 400);
});
