// batch/v1 Jobs and CronJobs over raw HTTP as Kubernetes serves them: discovery (cj, category all,
// /status), defaults written in Go's field order with the generated selector and labels, 422
// causes, the spec kept by /status and the status by the main resource, immutable fields, the
// status.successful field selector, and kubectl's tables.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startCoreApiserver, type CoreApiserver } from '../support/core-apiserver.ts';

let s: CoreApiserver;
before(async () => {
  s = await startCoreApiserver();
});
after(() => s.stop());

const JOBS = '/apis/batch/v1/namespaces/default/jobs';
const CRONJOBS = '/apis/batch/v1/namespaces/default/cronjobs';
const TABLE = { accept: 'application/json;as=Table;v=v1;g=meta.k8s.io' };
const MERGE = { 'content-type': 'application/merge-patch+json' };
const podTemplate = (restartPolicy = 'Never') => ({ spec: { restartPolicy, containers: [{ name: 'work', image: 'busybox' }] } });

function messages(r: { body: any }): string[] {
  return (r.body.details?.causes ?? []).map((c: any) => `${c.field}: ${c.message}`);
}

test('discovery lists cronjobs (cj) and jobs in category all, each with /status', async () => {
  const list = (await s.call('GET', '/apis/batch/v1')).body.resources;
  assert.deepEqual(list.map((r: any) => r.name), ['cronjobs', 'cronjobs/status', 'jobs', 'jobs/status']);
  const [cj, , job] = list;
  assert.deepEqual([cj.shortNames, cj.categories, job.shortNames, job.categories], [['cj'], ['all'], undefined, ['all']]);
});

test('a job is created with Kubernetes\' defaults, its generated selector and labels, in Go\'s field order', async () => {
  const r = await s.call('POST', JOBS, { metadata: { name: 'hello' }, spec: { template: podTemplate() }, status: { succeeded: 3 } });
  assert.equal(r.status, 201, JSON.stringify(r.body));
  const uid = r.body.metadata.uid;
  assert.deepEqual(Object.keys(r.body.spec), ['parallelism', 'completions', 'backoffLimit', 'selector', 'manualSelector', 'template', 'completionMode', 'suspend', 'podReplacementPolicy']);
  assert.deepEqual(r.body.spec.selector, { matchLabels: { 'batch.orch.io/controller-uid': uid } });
  const labels = { 'batch.orch.io/controller-uid': uid, 'batch.orch.io/job-name': 'hello', 'controller-uid': uid, 'job-name': 'hello' };
  assert.deepEqual(r.body.spec.template.metadata.labels, labels);
  assert.deepEqual(r.body.metadata.labels, labels);
  assert.deepEqual(r.body.status, {});
  assert.equal(r.body.metadata.generation, 1);
});

test('invalid jobs are refused with Kubernetes\' causes', async () => {
  const r = await s.call('POST', JOBS, { metadata: { name: 'bad' }, spec: { completions: -1, template: podTemplate('Always'), completionMode: 'Sometimes' } });
  assert.equal(r.status, 422, JSON.stringify(r.body));
  assert.deepEqual(messages(r), [
    'spec.completions: Invalid value: -1: must be greater than or equal to 0',
    'spec.completionMode: Unsupported value: "Sometimes": supported values: "NonIndexed", "Indexed"',
    'spec.template.spec.restartPolicy: Required value: valid values: "OnFailure", "Never"',
  ]);
});

test('the main resource keeps the status and may change parallelism and suspend; /status keeps the spec', async () => {
  const status = await s.call('PATCH', `${JOBS}/hello/status`, { spec: { parallelism: 5 }, status: { active: 1, startTime: '2026-01-01T00:00:00Z' } }, MERGE);
  assert.equal(status.status, 200, JSON.stringify(status.body));
  assert.deepEqual([status.body.spec.parallelism, status.body.status.active], [1, 1]);
  const main = await s.call('PATCH', `${JOBS}/hello`, { spec: { parallelism: 2, suspend: true }, status: { active: 0 } }, MERGE);
  assert.equal(main.status, 200, JSON.stringify(main.body));
  assert.deepEqual([main.body.spec.parallelism, main.body.spec.suspend, main.body.status.active, main.body.metadata.generation], [2, true, 1, 2]);
  const immutable = await s.call('PATCH', `${JOBS}/hello`, { spec: { completions: 4, selector: { matchLabels: { a: 'b' } } } }, MERGE);
  assert.equal(immutable.status, 422);
  assert.ok(messages(immutable).includes('spec.completions: Invalid value: 4: field is immutable'), messages(immutable).join('\n'));
  assert.ok(messages(immutable).some((m) => m.startsWith('spec.selector: Invalid value:') && m.endsWith('field is immutable')), messages(immutable).join('\n'));
  const backwards = await s.call('PATCH', `${JOBS}/hello/status`, { status: { startTime: null } }, MERGE);
  assert.equal(backwards.status, 200, 'a suspended job may lose its start time');
});

test('jobs are selected by status.successful; the table shows STATUS, COMPLETIONS and the wide template columns', async () => {
  await s.call('POST', JOBS, { metadata: { name: 'wide' }, spec: { parallelism: 3, completions: null, template: podTemplate('OnFailure') } });
  const none = await s.call('GET', `${JOBS}?fieldSelector=status.successful=1`);
  assert.deepEqual(none.body.items, []);
  const zero = await s.call('GET', `${JOBS}?fieldSelector=status.successful=0`);
  assert.deepEqual(zero.body.items.map((j: any) => j.metadata.name).sort(), ['hello', 'wide']);
  const bad = await s.call('GET', `${JOBS}?fieldSelector=spec.parallelism=1`);
  assert.equal(bad.status, 400);
  const table = await s.call('GET', `${JOBS}/wide`, undefined, TABLE);
  assert.deepEqual(table.body.columnDefinitions.map((c: any) => [c.name, c.priority]), [
    ['Name', 0], ['Status', 0], ['Completions', 0], ['Duration', 0], ['Age', 0], ['Containers', 1], ['Images', 1], ['Selector', 1],
  ]);
  const [name, status, completions, duration, , containers, images, selector] = table.body.rows[0].cells;
  assert.deepEqual([name, status, completions, duration, containers, images], ['wide', 'Running', '0/1 of 3', '', 'work', 'busybox']);
  assert.match(selector, /^batch\.orch\.io\/controller-uid=[0-9a-f-]+$/);
  const suspended = await s.call('PATCH', `${JOBS}/hello/status`, { status: { conditions: [{ type: 'Suspended', status: 'True' }] } }, MERGE);
  assert.equal(suspended.status, 200, JSON.stringify(suspended.body));
  assert.equal((await s.call('GET', `${JOBS}/hello`, undefined, TABLE)).body.rows[0].cells[1], 'Suspended');
});

test('a cron job is created with its defaults; schedules and time zones are checked with Kubernetes\' messages', async () => {
  const cj = { metadata: { name: 'tick' }, spec: { schedule: '*/5 * * * *', jobTemplate: { spec: { template: podTemplate('OnFailure') } } } };
  const r = await s.call('POST', CRONJOBS, cj);
  assert.equal(r.status, 201, JSON.stringify(r.body));
  assert.deepEqual(Object.keys(r.body.spec), ['schedule', 'concurrencyPolicy', 'suspend', 'jobTemplate', 'successfulJobsHistoryLimit', 'failedJobsHistoryLimit']);
  assert.deepEqual([r.body.spec.concurrencyPolicy, r.body.spec.suspend, r.body.spec.successfulJobsHistoryLimit, r.body.spec.failedJobsHistoryLimit], ['Allow', false, 3, 1]);
  const bad = await s.call('POST', CRONJOBS, { ...cj, metadata: { name: 'bad' }, spec: { ...cj.spec, schedule: '* * 32 * *', timeZone: 'Nowhere/Land' } });
  assert.equal(bad.status, 422);
  assert.deepEqual(messages(bad), [
    'spec.schedule: Invalid value: "* * 32 * *": end of range (32) above maximum (31): 32',
    'spec.timeZone: Invalid value: "Nowhere/Land": unknown time zone Nowhere/Land',
  ]);
  const zoned = await s.call('POST', CRONJOBS, { ...cj, metadata: { name: 'zoned' }, spec: { ...cj.spec, schedule: '@hourly', timeZone: 'Asia/Tokyo' } });
  assert.equal(zoned.status, 201, JSON.stringify(zoned.body));
});

test('the cron job table shows SCHEDULE, TIMEZONE, SUSPEND, ACTIVE and LAST SCHEDULE', async () => {
  const status = await s.call('PATCH', `${CRONJOBS}/tick/status`, { status: { active: [{ kind: 'Job', namespace: 'default', name: 'tick-1', apiVersion: 'batch/v1' }] } }, MERGE);
  assert.equal(status.status, 200, JSON.stringify(status.body));
  const table = await s.call('GET', CRONJOBS, undefined, TABLE);
  assert.deepEqual(table.body.columnDefinitions.map((c: any) => c.name), ['Name', 'Schedule', 'Timezone', 'Suspend', 'Active', 'Last Schedule', 'Age', 'Containers', 'Images', 'Selector']);
  const rows = Object.fromEntries(table.body.rows.map((row: any) => [row.cells[0], row.cells]));
  assert.deepEqual(rows.tick.slice(1, 6), ['*/5 * * * *', '<none>', 'False', 1, '<none>']);
  assert.deepEqual(rows.zoned.slice(1, 3), ['@hourly', 'Asia/Tokyo']);
  assert.deepEqual(rows.tick.slice(7), ['work', 'busybox', '<none>']);
});

test('jobs and cron jobs are served as protobuf', async () => {
  for (const path of [`${JOBS}/hello`, `${CRONJOBS}/tick`, JOBS]) {
    const r = await s.call('GET', path, undefined, { accept: 'application/vnd.kubernetes.protobuf' });
    assert.equal(r.status, 200, path);
    assert.match(String(r.headers['content-type']), /^application\/vnd\.kubernetes\.protobuf/);
  }
});
