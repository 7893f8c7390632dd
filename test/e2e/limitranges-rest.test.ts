// LimitRanges over raw HTTP as Kubernetes serves them: quantities decoded and written back in
// canonical form, container defaults filled from max, default and min, ValidateLimitRange's
// messages, create on update, NAME and CREATED AT for kubectl, metadata field selectors.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startCoreApiserver, type CoreApiserver } from '../support/core-apiserver.ts';

let s: CoreApiserver;
before(async () => {
  s = await startCoreApiserver();
});
after(() => s.stop());

const LRS = '/api/v1/namespaces/default/limitranges';
const TABLE = { accept: 'application/json;as=Table;v=v1;g=meta.k8s.io' };

function messages(r: { body: any }): string[] {
  return (r.body.details?.causes ?? []).map((c: any) => `${c.field}: ${c.message}`);
}

test('discovery names limitranges with the short name limits and no categories', async () => {
  const res = (await s.call('GET', '/api/v1')).body.resources.find((x: any) => x.name === 'limitranges');
  assert.deepEqual(res.shortNames, ['limits']);
  assert.equal(res.kind, 'LimitRange');
  assert.equal(res.namespaced, true);
  assert.equal(res.categories, undefined);
});

test('a container item gets its defaults, and quantities come back canonical', async () => {
  const r = await s.call('POST', LRS, {
    metadata: { name: 'compute' },
    spec: { limits: [{ type: 'Container', max: { cpu: '2', memory: '1024Mi' }, min: { cpu: 0.1, memory: '64Mi' }, default: { cpu: '1000m' } }, { type: 'Pod', max: { cpu: '4' } }] },
  });
  assert.equal(r.status, 201, JSON.stringify(r.body));
  assert.deepEqual(r.body.spec.limits, [
    { type: 'Container', max: { cpu: '2', memory: '1Gi' }, min: { cpu: '100m', memory: '64Mi' }, default: { cpu: '1', memory: '1Gi' }, defaultRequest: { cpu: '1', memory: '1Gi' } },
    { type: 'Pod', max: { cpu: '4' } },
  ]);
  const got = (await s.call('GET', `${LRS}/compute`)).body;
  assert.deepEqual(got.spec, r.body.spec);
  assert.deepEqual(Object.keys(got), ['kind', 'apiVersion', 'metadata', 'spec']);
});

test('a nameless limit range is named with a UUID', async () => {
  const r = await s.call('POST', LRS, { spec: { limits: [{ type: 'Container', max: { cpu: '1' } }] } });
  assert.equal(r.status, 201, JSON.stringify(r.body));
  assert.match(r.body.metadata.name, /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
});

test('a malformed quantity is a 400 with Go\'s parse error', async () => {
  const bad = await s.call('POST', LRS, { metadata: { name: 'bad' }, spec: { limits: [{ type: 'Container', max: { cpu: 'lots' } }] } });
  assert.equal(bad.status, 400);
  assert.equal(bad.body.message, `LimitRange in version "v1" cannot be handled as a LimitRange: quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'`);
  const suffix = await s.call('POST', LRS, { metadata: { name: 'bad' }, spec: { limits: [{ type: 'Container', max: { cpu: '1K' } }] } });
  assert.equal(suffix.status, 400);
  assert.match(suffix.body.message, /cannot be handled as a LimitRange: unable to parse quantity's suffix$/);
  const wrong = await s.call('POST', LRS, { metadata: { name: 'bad' }, spec: { limits: [{ type: 'Container', max: [] }] } });
  assert.equal(wrong.status, 400);
  assert.match(wrong.body.message, /json: cannot unmarshal array into Go struct field LimitRangeItem\.spec\.limits\.max of type v1\.ResourceList$/);
});

test('types, resource names and bounds are validated with Kubernetes\' messages', async () => {
  const r = await s.call('POST', LRS, {
    metadata: { name: 'invalid' },
    spec: {
      limits: [
        { type: 'Container', min: { cpu: '2' }, max: { cpu: '1', storage: '1Gi' }, default: { cpu: '1' } },
        { type: 'Container' },
        { type: 'Pod', default: { cpu: '1' }, defaultRequest: { cpu: '1' } },
        { type: 'Widget' },
        { type: 'PersistentVolumeClaim', max: { cpu: '1' } },
        { type: 'example.com/Thing', maxLimitRequestRatio: { cpu: '500m' } },
      ],
    },
  });
  assert.equal(r.status, 422, JSON.stringify(r.body));
  assert.equal(r.body.reason, 'Invalid');
  const q = (v: string) => `resource.Quantity{i:resource.int64Amount{value:${v}, scale:0}, d:resource.infDecAmount{Dec:(*inf.Dec)(nil)}, s:"${v}", Format:"DecimalSI"}`;
  assert.deepEqual(messages(r), [
    // Defaulting runs first: default and defaultRequest took storage from max, and cpu from default.
    'spec.limits[0].max[storage]: Invalid value: "storage": must be a standard resource for containers',
    'spec.limits[0].default[storage]: Invalid value: "storage": must be a standard resource for containers',
    'spec.limits[0].defaultRequest[storage]: Invalid value: "storage": must be a standard resource for containers',
    `spec.limits[0].min[cpu]: Invalid value: ${q('2')}: min value 2 is greater than max value 1`,
    `spec.limits[0].defaultRequest[cpu]: Invalid value: ${q('1')}: min value 2 is greater than default request value 1`,
    `spec.limits[0].default[cpu]: Invalid value: ${q('2')}: min value 2 is greater than default value 1`,
    'spec.limits[1].type: Duplicate value: "Container"',
    "spec.limits[2].default: Forbidden: may not be specified when `type` is 'Pod'",
    "spec.limits[2].defaultRequest: Forbidden: may not be specified when `type` is 'Pod'",
    'spec.limits[3].type: Invalid value: "Widget": must be a standard limit type or fully qualified',
    'spec.limits[4].limits: Required value: either minimum or maximum storage value is required, but neither was provided',
    `spec.limits[5].maxLimitRequestRatio[cpu]: Invalid value: resource.Quantity{i:resource.int64Amount{value:500, scale:-3}, d:resource.infDecAmount{Dec:(*inf.Dec)(nil)}, s:"500m", Format:"DecimalSI"}: ratio 500m is less than 1`,
  ]);
});

test('a ratio above max/min is refused with the bound printed as Go\'s %f', async () => {
  const r = await s.call('POST', LRS, { metadata: { name: 'ratio' }, spec: { limits: [{ type: 'Container', min: { cpu: '1' }, max: { cpu: '3' }, maxLimitRequestRatio: { cpu: '4' } }] } });
  assert.equal(r.status, 422);
  assert.match(messages(r)[0]!, /^spec\.limits\[0\]\.maxLimitRequestRatio\[cpu\]: Invalid value: resource\.Quantity\{.*\}: ratio 4 is greater than max\/min = 3\.000000$/);
});

test('PUT of a missing limit range creates it; an update is checked as a create', async () => {
  const put = await s.call('PUT', `${LRS}/by-put`, { metadata: { name: 'by-put' }, spec: { limits: [{ type: 'Container', default: { memory: '128Mi' } }] } });
  assert.equal(put.status, 201, JSON.stringify(put.body));
  assert.deepEqual(put.body.spec.limits[0].defaultRequest, { memory: '128Mi' });
  const bad = await s.call('PUT', `${LRS}/by-put`, { metadata: { name: 'by-put', resourceVersion: put.body.metadata.resourceVersion }, spec: { limits: [{ type: 'Pod', default: { cpu: '1' } }] } });
  assert.equal(bad.status, 422);
  assert.deepEqual(messages(bad), ["spec.limits[0].default: Forbidden: may not be specified when `type` is 'Pod'"]);
});

test('kubectl\'s table shows NAME and CREATED AT; field selectors take metadata names', async () => {
  await s.call('POST', LRS, { metadata: { name: 'tabled' }, spec: { limits: [{ type: 'Container', max: { cpu: '1' } }] } });
  const one = await s.call('GET', `${LRS}/tabled`, undefined, TABLE);
  assert.deepEqual(one.body.columnDefinitions.map((c: any) => [c.name, c.type]), [['Name', 'string'], ['Created At', 'date']]);
  assert.equal(one.body.rows[0].cells[0], 'tabled');
  assert.match(one.body.rows[0].cells[1], /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
  const selected = await s.call('GET', `${LRS}?fieldSelector=metadata.name%3Dtabled`);
  assert.deepEqual(selected.body.items.map((i: any) => i.metadata.name), ['tabled']);
  const unsupported = await s.call('GET', `${LRS}?fieldSelector=spec.limits%3Dx`);
  assert.equal(unsupported.status, 400);
});
