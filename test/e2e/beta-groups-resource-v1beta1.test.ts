// resource.orch.io/v1beta1 as Kubernetes 1.35 serves it, off by default and turned on with
// --runtime-config: the same objects as v1, converted. A request written through v1beta1 with its
// class and count on itself is read through v1 under `exactly`, and v1's alternatives read back
// through v1beta1 unchanged; a device's `basic` is v1's device; defaults, validation (naming v1's
// paths, as Kubernetes validates its internal form), patches, /status and the k8s.io name work
// through the converted version.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startCoreApiserver, type CoreApiserver } from '../support/core-apiserver.ts';

const BETA = '/apis/resource.orch.io/v1beta1';
const V1 = '/apis/resource.orch.io/v1';
let s: CoreApiserver;
before(async () => {
  s = await startCoreApiserver({ 'runtime-config': { 'resource.orch.io/v1beta1': 'true' } });
});
after(() => s?.stop());

const causes = (r: { body: any }): string[] => (r.body.details?.causes ?? []).map((c: any) => `${c.field}: ${c.message}`);
const mergePatch = { 'content-type': 'application/merge-patch+json' };

test('off by default; listed after v1 when turned on', async () => {
  const off = await startCoreApiserver();
  try {
    assert.equal((await off.call('GET', `${BETA}/resourceclaims`)).status, 404);
    const versions = (await off.call('GET', '/apis/resource.orch.io')).body.versions.map((v: any) => v.version);
    assert.ok(!versions.includes('v1beta1'), versions.join());
  } finally {
    await off.stop();
  }
  const group = (await s.call('GET', '/apis/resource.orch.io')).body;
  assert.equal(group.preferredVersion.version, 'v1');
  assert.ok(group.versions.some((v: any) => v.version === 'v1beta1'));
  const resources = (await s.call('GET', BETA)).body.resources.map((r: any) => r.name).sort();
  assert.deepEqual(resources, ['deviceclasses', 'resourceclaims', 'resourceclaims/status', 'resourceclaimtemplates', 'resourceslices']);
});

test('a v1beta1 request is v1\'s exactly, defaulted; v1 alternatives read back through v1beta1', async () => {
  const made = await s.call('POST', `${BETA}/namespaces/default/resourceclaims`, {
    metadata: { name: 'gpu' },
    spec: { devices: { requests: [{ name: 'gpu', deviceClassName: 'gpu.example.com', selectors: [{ cel: { expression: 'device.driver == "gpu.example.com"' } }] }] } },
  });
  assert.equal(made.status, 201, JSON.stringify(made.body));
  assert.equal(made.body.apiVersion, 'resource.orch.io/v1beta1');
  assert.deepEqual(made.body.spec.devices.requests[0], { name: 'gpu', deviceClassName: 'gpu.example.com', selectors: [{ cel: { expression: 'device.driver == "gpu.example.com"' } }], allocationMode: 'ExactCount', count: 1 });
  const v1 = (await s.call('GET', `${V1}/namespaces/default/resourceclaims/gpu`)).body;
  assert.deepEqual(v1.spec.devices.requests[0], { name: 'gpu', exactly: { deviceClassName: 'gpu.example.com', selectors: [{ cel: { expression: 'device.driver == "gpu.example.com"' } }], allocationMode: 'ExactCount', count: 1 } });

  const alt = await s.call('POST', `${V1}/namespaces/default/resourceclaims`, {
    metadata: { name: 'any' },
    spec: { devices: { requests: [{ name: 'any', firstAvailable: [{ name: 'big', deviceClassName: 'big.example.com' }, { name: 'small', deviceClassName: 'small.example.com', count: 2 }] }] } },
  });
  assert.equal(alt.status, 201, JSON.stringify(alt.body));
  const beta = (await s.call('GET', `${BETA}/namespaces/default/resourceclaims/any`)).body;
  assert.deepEqual(beta.spec.devices.requests[0], {
    name: 'any',
    firstAvailable: [
      { name: 'big', deviceClassName: 'big.example.com', allocationMode: 'ExactCount', count: 1 },
      { name: 'small', deviceClassName: 'small.example.com', allocationMode: 'ExactCount', count: 2 },
    ],
  });
  const list = (await s.call('GET', `${BETA}/namespaces/default/resourceclaims`)).body;
  assert.equal(list.apiVersion, 'resource.orch.io/v1beta1');
  assert.deepEqual(list.items.map((c: any) => [c.apiVersion, c.metadata.name, Object.keys(c.spec.devices.requests[0]).sort().join()]), [
    ['resource.orch.io/v1beta1', 'any', 'firstAvailable,name'],
    ['resource.orch.io/v1beta1', 'gpu', 'allocationMode,count,deviceClassName,name,selectors'],
  ]);
});

test('validation sees the converted request: a class with alternatives, or neither, is refused', async () => {
  const both = await s.call('POST', `${BETA}/namespaces/default/resourceclaims`, {
    metadata: { name: 'both' },
    spec: { devices: { requests: [{ name: 'r', deviceClassName: 'gpu.example.com', firstAvailable: [{ name: 'a', deviceClassName: 'a.example.com' }] }] } },
  });
  assert.equal(both.status, 422, JSON.stringify(both.body));
  const neither = await s.call('POST', `${BETA}/namespaces/default/resourceclaims`, { metadata: { name: 'neither' }, spec: { devices: { requests: [{ name: 'r' }] } } });
  assert.equal(neither.status, 422, JSON.stringify(neither.body));
  const v1Neither = await s.call('POST', `${V1}/namespaces/default/resourceclaims`, { metadata: { name: 'neither' }, spec: { devices: { requests: [{ name: 'r' }] } } });
  assert.deepEqual(causes(neither), causes(v1Neither), 'the same errors as through v1');
  const v1Both = await s.call('POST', `${V1}/namespaces/default/resourceclaims`, {
    metadata: { name: 'both' },
    spec: { devices: { requests: [{ name: 'r', exactly: { deviceClassName: 'gpu.example.com', allocationMode: 'ExactCount', count: 1 }, firstAvailable: [{ name: 'a', deviceClassName: 'a.example.com' }] }] } },
  });
  assert.deepEqual(causes(both), causes(v1Both));
});

test('update rules, patches and /status through v1beta1', async () => {
  const labelled = await s.call('PATCH', `${BETA}/namespaces/default/resourceclaims/gpu`, { metadata: { labels: { team: 'a' } } }, mergePatch);
  assert.equal(labelled.status, 200, JSON.stringify(labelled.body));
  assert.equal(labelled.body.spec.devices.requests[0].deviceClassName, 'gpu.example.com');
  const moved = await s.call('PATCH', `${BETA}/namespaces/default/resourceclaims/gpu`, { spec: { devices: { requests: [{ name: 'gpu', deviceClassName: 'other.example.com' }] } } }, mergePatch);
  assert.equal(moved.status, 422, JSON.stringify(moved.body));
  assert.match(causes(moved).join('\n'), /^spec: Invalid value: .*field is immutable/m);
  const allocation = { devices: { results: [{ request: 'gpu', driver: 'gpu.example.com', pool: 'node-1', device: 'gpu-0' }] }, nodeSelector: { nodeSelectorTerms: [{ matchFields: [{ key: 'metadata.name', operator: 'In', values: ['node-1'] }] }] } };
  const status = await s.call('PATCH', `${BETA}/namespaces/default/resourceclaims/gpu/status`, { status: { allocation } }, mergePatch);
  assert.equal(status.status, 200, JSON.stringify(status.body));
  assert.equal(status.body.apiVersion, 'resource.orch.io/v1beta1');
  assert.equal(status.body.spec.devices.requests[0].deviceClassName, 'gpu.example.com');
  assert.deepEqual((await s.call('GET', `${V1}/namespaces/default/resourceclaims/gpu`)).body.status.allocation.devices.results[0].device, 'gpu-0');
  const put = await s.call('PUT', `${BETA}/namespaces/default/resourceclaims/gpu`, { ...status.body, metadata: { ...status.body.metadata, annotations: { note: 'kept' } } });
  assert.equal(put.status, 200, JSON.stringify(put.body));
  assert.ok(put.body.status.allocation, 'an update of the main resource keeps the status');
});

test('resource slices: a device\'s basic is v1\'s device; taints get their time; the k8s.io name converts too', async () => {
  const made = await s.call('POST', `/apis/resource.k8s.io/v1beta1/resourceslices`, {
    metadata: { name: 'node-1-gpu' },
    spec: { driver: 'gpu.example.com', pool: { name: 'node-1', generation: 1, resourceSliceCount: 1 }, nodeName: 'node-1', devices: [{ name: 'gpu-0', basic: { attributes: { model: { string: 'a100' } }, capacity: { memory: { value: '40Gi' } }, taints: [{ key: 'broken', effect: 'NoSchedule' }] } }] },
  });
  assert.equal(made.status, 201, JSON.stringify(made.body));
  assert.equal(made.body.apiVersion, 'resource.k8s.io/v1beta1');
  assert.match(made.body.spec.devices[0].basic.taints[0].timeAdded, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
  const v1 = (await s.call('GET', `${V1}/resourceslices/node-1-gpu`)).body;
  assert.deepEqual(v1.spec.devices[0].attributes, { model: { string: 'a100' } });
  assert.deepEqual(v1.spec.devices[0].capacity, { memory: { value: '40Gi' } });
  assert.equal(v1.spec.devices[0].basic, undefined);
  const bad = await s.call('POST', `${BETA}/resourceslices`, {
    metadata: { name: 'bad' },
    spec: { driver: 'gpu.example.com', pool: { name: 'node-1', generation: 1, resourceSliceCount: 1 }, nodeName: 'node-1', devices: [{ name: 'gpu-0', basic: { attributes: { 'bad name': { string: 'x' } } } }] },
  });
  assert.equal(bad.status, 422, JSON.stringify(bad.body));
  assert.ok(causes(bad).some((c) => c.startsWith('spec.devices[0].attributes: Invalid value: "bad name"')), causes(bad).join('\n'));
  const selected = (await s.call('GET', `${BETA}/resourceslices?fieldSelector=spec.nodeName%3Dnode-1`)).body.items;
  assert.deepEqual(selected.map((i: any) => i.metadata.name), ['node-1-gpu']);
  const table = (await s.call('GET', `${BETA}/resourceslices`, undefined, { accept: 'application/json;as=Table;v=v1;g=meta.k8s.io' })).body;
  assert.deepEqual(table.rows[0].cells.slice(0, 4), ['node-1-gpu', 'node-1', 'gpu.example.com', 'node-1']);
});

test('claim templates and device classes through v1beta1', async () => {
  const tpl = await s.call('POST', `${BETA}/namespaces/default/resourceclaimtemplates`, { metadata: { name: 'gpu' }, spec: { spec: { devices: { requests: [{ name: 'gpu', deviceClassName: 'gpu.example.com', count: 2 }] } } } });
  assert.equal(tpl.status, 201, JSON.stringify(tpl.body));
  const v1 = (await s.call('GET', `${V1}/namespaces/default/resourceclaimtemplates/gpu`)).body;
  assert.deepEqual(v1.spec.spec.devices.requests[0], { name: 'gpu', exactly: { deviceClassName: 'gpu.example.com', allocationMode: 'ExactCount', count: 2 } });
  const cls = await s.call('POST', `${BETA}/deviceclasses`, { metadata: { name: 'gpu.example.com' }, spec: { selectors: [{ cel: { expression: 'device.driver == "gpu.example.com"' } }] } });
  assert.equal(cls.status, 201, JSON.stringify(cls.body));
  assert.equal((await s.call('GET', `${V1}/deviceclasses/gpu.example.com`)).body.apiVersion, 'resource.orch.io/v1');
});
