// PodDisruptionBudgets over raw HTTP as Kubernetes serves them, and pod evictions that respect
// them as Kubernetes' eviction subresource does: a budget allowing no disruption answers 429 with
// the DisruptionBudget cause, one that allows takes a disruption and records the pod by
// compare-and-swap, a budget whose status lags its spec, two budgets for one pod, unready pods,
// pods not running, dry runs; and the budgets' defaults, validation, /status and table.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startCoreApiserver, type CoreApiserver } from '../support/core-apiserver.ts';

let s: CoreApiserver;
before(async () => {
  s = await startCoreApiserver();
});
after(() => s.stop());

const NS = '/api/v1/namespaces';
const PDBS = (ns: string) => `/apis/policy/v1/namespaces/${ns}/poddisruptionbudgets`;
const PODS = (ns: string) => `${NS}/${ns}/pods`;
const TABLE = { accept: 'application/json;as=Table;v=v1;g=meta.k8s.io' };
const MERGE = { 'content-type': 'application/merge-patch+json' };

function causes(r: { body: any }): string[] {
  return (r.body.details?.causes ?? []).map((c: any) => `${c.field}: ${c.message}`);
}

async function namespace(name: string): Promise<void> {
  const r = await s.call('POST', NS, { metadata: { name } });
  assert.equal(r.status, 201, JSON.stringify(r.body));
}

/** A running pod, ready unless told otherwise. */
async function runningPod(ns: string, name: string, labels: Record<string, string>, ready = true): Promise<void> {
  const r = await s.call('POST', PODS(ns), { metadata: { name, labels }, spec: { containers: [{ name: 'app', image: 'nginx' }] } });
  assert.equal(r.status, 201, JSON.stringify(r.body));
  const status = await s.call('PATCH', `${PODS(ns)}/${name}/status`, { status: { phase: 'Running', conditions: [{ type: 'Ready', status: ready ? 'True' : 'False' }] } }, MERGE);
  assert.equal(status.status, 200, JSON.stringify(status.body));
}

/** A budget whose status the disruption controller (not running here) would have computed. */
async function budget(ns: string, name: string, spec: Record<string, unknown>, status: Record<string, unknown>): Promise<void> {
  const r = await s.call('POST', PDBS(ns), { metadata: { name }, spec });
  assert.equal(r.status, 201, JSON.stringify(r.body));
  const st = await s.call('PATCH', `${PDBS(ns)}/${name}/status`, { status: { observedGeneration: 1, ...status } }, MERGE);
  assert.equal(st.status, 200, JSON.stringify(st.body));
}

const evict = (ns: string, name: string, extra: Record<string, unknown> = {}) =>
  s.call('POST', `${PODS(ns)}/${name}/eviction`, { apiVersion: 'policy/v1', kind: 'Eviction', metadata: { name }, ...extra });

test('discovery lists poddisruptionbudgets (pdb) and its /status', async () => {
  const list = (await s.call('GET', '/apis/policy/v1')).body.resources;
  const pdb = list.find((r: any) => r.name === 'poddisruptionbudgets');
  assert.deepEqual([pdb.shortNames, pdb.categories, pdb.kind], [['pdb'], undefined, 'PodDisruptionBudget']);
  assert.ok(list.some((r: any) => r.name === 'poddisruptionbudgets/status'));
});

test('a budget starts with a zero status and generation 1; a spec change bumps the generation, /status keeps the spec', async () => {
  await namespace('budgets');
  const r = await s.call('POST', PDBS('budgets'), { metadata: { name: 'web' }, spec: { minAvailable: '50%', selector: { matchLabels: { app: 'web' } } }, status: { disruptionsAllowed: 5 } });
  assert.equal(r.status, 201, JSON.stringify(r.body));
  assert.deepEqual(r.body.status, { disruptionsAllowed: 0, currentHealthy: 0, desiredHealthy: 0, expectedPods: 0 });
  assert.equal(r.body.metadata.generation, 1);
  const spec = await s.call('PATCH', `${PDBS('budgets')}/web`, { spec: { minAvailable: 2 }, status: { disruptionsAllowed: 3 } }, MERGE);
  assert.deepEqual([spec.body.metadata.generation, spec.body.spec.minAvailable, spec.body.status.disruptionsAllowed], [2, 2, 0]);
  const status = await s.call('PATCH', `${PDBS('budgets')}/web/status`, { spec: { minAvailable: 9 }, status: { disruptionsAllowed: -1 } }, MERGE);
  assert.equal(status.status, 422);
  assert.deepEqual(causes(status), ['status.disruptionsAllowed: Invalid value: -1: must be greater than or equal to 0']);
});

test('minAvailable and maxUnavailable: not both, numbers or percentages up to 100%', async () => {
  const r = await s.call('POST', PDBS('budgets'), { metadata: { name: 'bad' }, spec: { minAvailable: -1, maxUnavailable: '120%', unhealthyPodEvictionPolicy: 'Sometimes' } });
  assert.equal(r.status, 422);
  const got = causes(r);
  assert.match(got[0]!, /^spec: Invalid value: policy\.PodDisruptionBudgetSpec\{.*\}: minAvailable and maxUnavailable cannot be both set$/);
  assert.deepEqual(got.slice(1), [
    'spec.minAvailable: Invalid value: -1: must be greater than or equal to 0',
    'spec.maxUnavailable: Invalid value: intstr.IntOrString{Type:1, IntVal:0, StrVal:"120%"}: must not be greater than 100%',
    'spec.unhealthyPodEvictionPolicy: Unsupported value: "Sometimes": supported values: "AlwaysAllow", "IfHealthyBudget"',
  ]);
});

test('the table shows MIN AVAILABLE, MAX UNAVAILABLE (N/A when unset) and ALLOWED DISRUPTIONS', async () => {
  const table = (await s.call('GET', `${PDBS('budgets')}/web`, undefined, TABLE)).body;
  assert.deepEqual(table.columnDefinitions.map((c: any) => c.name), ['Name', 'Min Available', 'Max Unavailable', 'Allowed Disruptions', 'Age']);
  assert.deepEqual(table.rows[0].cells.slice(0, 4), ['web', '2', 'N/A', 0]);
});

test('an eviction the budget does not allow is a 429 with the DisruptionBudget cause, and the pod stays', async () => {
  await namespace('none-allowed');
  await runningPod('none-allowed', 'web-1', { app: 'web' });
  await budget('none-allowed', 'web', { minAvailable: 1, selector: { matchLabels: { app: 'web' } } }, { disruptionsAllowed: 0, currentHealthy: 1, desiredHealthy: 1, expectedPods: 1 });
  const r = await evict('none-allowed', 'web-1');
  assert.equal(r.status, 429, JSON.stringify(r.body));
  assert.deepEqual([r.body.reason, r.body.message], ['TooManyRequests', "Cannot evict pod as it would violate the pod's disruption budget."]);
  assert.deepEqual(r.body.details.causes, [{ reason: 'DisruptionBudget', message: 'The disruption budget web needs 1 healthy pods and has 1 currently' }]);
  assert.equal((await s.call('GET', `${PODS('none-allowed')}/web-1`)).status, 200);
});

test('an allowed eviction takes a disruption, records the pod in disruptedPods and deletes it; a dry run changes nothing', async () => {
  await namespace('allowed');
  await runningPod('allowed', 'web-1', { app: 'web' });
  await runningPod('allowed', 'web-2', { app: 'web' });
  await budget('allowed', 'web', { maxUnavailable: 1, selector: { matchLabels: { app: 'web' } } }, { disruptionsAllowed: 1, currentHealthy: 2, desiredHealthy: 1, expectedPods: 2 });
  const dry = await evict('allowed', 'web-1', { deleteOptions: { dryRun: ['All'] } });
  assert.equal(dry.status, 201, JSON.stringify(dry.body));
  assert.equal((await s.call('GET', `${PDBS('allowed')}/web`)).body.status.disruptionsAllowed, 1);
  assert.equal((await s.call('GET', `${PODS('allowed')}/web-1`)).status, 200);
  const r = await evict('allowed', 'web-1');
  assert.equal(r.status, 201, JSON.stringify(r.body));
  assert.equal(r.body.status, 'Success');
  assert.equal((await s.call('GET', `${PODS('allowed')}/web-1`)).status, 404);
  const status = (await s.call('GET', `${PDBS('allowed')}/web`)).body.status;
  assert.equal(status.disruptionsAllowed, 0);
  assert.deepEqual(Object.keys(status.disruptedPods), ['web-1']);
  assert.deepEqual(status.conditions.map((c: any) => [c.type, c.status, c.reason]), [['DisruptionAllowed', 'False', 'InsufficientPods']]);
  const second = await evict('allowed', 'web-2');
  assert.equal(second.status, 429, 'the disruption was taken');
});

test('evictions racing for one disruption: exactly one wins', async () => {
  await namespace('race');
  for (const n of [1, 2, 3, 4]) await runningPod('race', `web-${n}`, { app: 'web' });
  await budget('race', 'web', { minAvailable: 3, selector: { matchLabels: { app: 'web' } } }, { disruptionsAllowed: 1, currentHealthy: 4, desiredHealthy: 3, expectedPods: 4 });
  const answers = await Promise.all([1, 2, 3, 4].map((n) => evict('race', `web-${n}`)));
  assert.deepEqual(answers.map((a) => a.status).sort(), [201, 429, 429, 429]);
  const status = (await s.call('GET', `${PDBS('race')}/web`)).body.status;
  assert.deepEqual([status.disruptionsAllowed, Object.keys(status.disruptedPods).length], [0, 1]);
});

test('a budget whose status lags its spec refuses until it catches up; two budgets for one pod are refused', async () => {
  await namespace('lagging');
  await runningPod('lagging', 'web-1', { app: 'web', tier: 'front' });
  await budget('lagging', 'web', { minAvailable: 0, selector: { matchLabels: { app: 'web' } } }, { disruptionsAllowed: 1, currentHealthy: 1, desiredHealthy: 0, expectedPods: 1 });
  await s.call('PATCH', `${PDBS('lagging')}/web`, { spec: { minAvailable: 1 } }, MERGE);
  const lag = await evict('lagging', 'web-1');
  assert.equal(lag.status, 429, JSON.stringify(lag.body));
  assert.deepEqual(lag.body.details.causes, [{ reason: 'DisruptionBudget', message: 'The disruption budget web is still being processed by the server.' }]);
  await s.call('POST', PDBS('lagging'), { metadata: { name: 'front' }, spec: { maxUnavailable: 1, selector: { matchLabels: { tier: 'front' } } } });
  const two = await evict('lagging', 'web-1');
  assert.equal(two.status, 403, JSON.stringify(two.body));
  assert.deepEqual(two.body, { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: 'This pod has more than one PodDisruptionBudget, which the eviction subresource does not support.', reason: 'Forbidden', code: 403 });
});

test('an unready pod goes without taking from a budget that has its healthy pods; pods not running ignore budgets', async () => {
  await namespace('unready');
  await runningPod('unready', 'web-1', { app: 'web' }, false);
  await runningPod('unready', 'web-2', { app: 'web' }, false);
  await budget('unready', 'web', { minAvailable: 1, selector: { matchLabels: { app: 'web' } } }, { disruptionsAllowed: 0, currentHealthy: 1, desiredHealthy: 1, expectedPods: 2 });
  const r = await evict('unready', 'web-1');
  assert.equal(r.status, 201, JSON.stringify(r.body));
  assert.equal((await s.call('GET', `${PDBS('unready')}/web`)).body.status.disruptedPods, undefined);
  await s.call('PATCH', `${PDBS('unready')}/web/status`, { status: { currentHealthy: 0 } }, MERGE);
  assert.equal((await evict('unready', 'web-2')).status, 429, 'IfHealthyBudget: the guarded pods are short already');
  await s.call('PATCH', `${PDBS('unready')}/web`, { spec: { unhealthyPodEvictionPolicy: 'AlwaysAllow' } }, MERGE);
  await s.call('PATCH', `${PDBS('unready')}/web/status`, { status: { observedGeneration: 2 } }, MERGE);
  assert.equal((await evict('unready', 'web-2')).status, 201, 'AlwaysAllow');
  const pending = await s.call('POST', PODS('unready'), { metadata: { name: 'pending', labels: { app: 'web' } }, spec: { containers: [{ name: 'app', image: 'nginx' }] } });
  assert.equal(pending.status, 201);
  await s.call('PATCH', `${PDBS('unready')}/web`, { spec: { unhealthyPodEvictionPolicy: null } }, MERGE);
  assert.equal((await evict('unready', 'pending')).status, 201, 'a pending pod ignores the budget');
});

test('budgets are served as protobuf', async () => {
  const r = await s.call('GET', `${PDBS('budgets')}/web`, undefined, { accept: 'application/vnd.kubernetes.protobuf' });
  assert.equal(r.status, 200);
  assert.match(String(r.headers['content-type']), /^application\/vnd\.kubernetes\.protobuf/);
});
