// resource.orch.io/v1 (dynamic resource allocation) over raw HTTP as Kubernetes serves it:
// device classes, claims with /status, claim templates and resource slices; request defaults,
// the validation essentials (requests, CEL selectors, driver parameters, node selection),
// the claim spec fixed after create and its status written only through /status, tables, the
// resource slices' field selectors and generation; v1beta2 is off unless --runtime-config asks.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startCoreApiserver, type CoreApiserver } from '../support/core-apiserver.ts';

let s: CoreApiserver;
before(async () => {
  s = await startCoreApiserver({ 'runtime-config': { 'resource.orch.io/v1beta2': 'true' } });
});
after(() => s.stop());

const V1 = '/apis/resource.orch.io/v1';
const CLASSES = `${V1}/deviceclasses`;
const CLAIMS = `${V1}/namespaces/default/resourceclaims`;
const TEMPLATES = `${V1}/namespaces/default/resourceclaimtemplates`;
const SLICES = `${V1}/resourceslices`;
const TABLE = { accept: 'application/json;as=Table;v=v1;g=meta.k8s.io' };
const MERGE = { 'content-type': 'application/merge-patch+json' };

function causes(r: { body: any }): string[] {
  return (r.body.details?.causes ?? []).map((c: any) => `${c.field}: ${c.message}`);
}

const claim = (name: string, devices: unknown = { requests: [{ name: 'gpu', exactly: { deviceClassName: 'gpu.example.com' } }] }) => ({ metadata: { name }, spec: { devices } });

test('discovery lists the four resources, cluster-scoped classes and slices, claims with /status', async () => {
  const list = (await s.call('GET', V1)).body.resources;
  const byName = Object.fromEntries(list.map((r: any) => [r.name, r]));
  assert.equal(byName.deviceclasses.namespaced, false);
  assert.equal(byName.resourceslices.namespaced, false);
  assert.equal(byName.resourceclaims.namespaced, true);
  assert.equal(byName.resourceclaimtemplates.kind, 'ResourceClaimTemplate');
  assert.ok(byName['resourceclaims/status']);
  assert.equal((await s.call('GET', '/apis/resource.orch.io')).body.preferredVersion.version, 'v1');
});

test('a device class with a CEL selector and driver parameters; bad ones are refused', async () => {
  const ok = await s.call('POST', CLASSES, {
    metadata: { name: 'gpu.example.com' },
    spec: {
      selectors: [{ cel: { expression: 'device.driver == "gpu.example.com" && device.capacity["gpu.example.com"].memory.compareTo(quantity("8Gi")) >= 0' } }],
      config: [{ opaque: { driver: 'gpu.example.com', parameters: { apiVersion: 'gpu.example.com/v1', kind: 'Config', sharing: 'TimeSlicing' } } }],
    },
  });
  assert.equal(ok.status, 201, JSON.stringify(ok.body));
  assert.equal(ok.body.metadata.generation, 1);
  const bad = await s.call('POST', CLASSES, {
    metadata: { name: 'bad' },
    spec: { selectors: [{ cel: { expression: 'device.driver ==' } }, {}], config: [{ opaque: { driver: 'Not_A_Driver', parameters: [1] } }] },
  });
  assert.equal(bad.status, 422, JSON.stringify(bad.body));
  const found = causes(bad);
  assert.ok(found.some((c) => c.startsWith('spec.selectors[0].cel.expression: Invalid value: "device.driver ==": compilation failed')), found.join('\n'));
  assert.ok(found.includes('spec.selectors[1].cel: Required value'), found.join('\n'));
  assert.ok(found.some((c) => c.startsWith('spec.config[0].opaque.driver: Invalid value: "Not_A_Driver"')), found.join('\n'));
  assert.ok(found.includes('spec.config[0].opaque.parameters: Invalid value: "<value omitted>": must be a valid JSON object'), found.join('\n'));
  const result = await s.call('POST', CLASSES, { metadata: { name: 'str' }, spec: { selectors: [{ cel: { expression: '"yes"' } }] } });
  assert.deepEqual(causes(result), ['spec.selectors[0].cel.expression: Invalid value: "\\"yes\\"": must evaluate to bool']);
});

test('a class spec change increments its generation', async () => {
  await s.call('POST', CLASSES, { metadata: { name: 'gen' }, spec: {} });
  const labelled = await s.call('PATCH', `${CLASSES}/gen`, { metadata: { labels: { a: 'b' } } }, MERGE);
  assert.equal(labelled.body.metadata.generation, 1);
  const changed = await s.call('PATCH', `${CLASSES}/gen`, { spec: { selectors: [{ cel: { expression: 'true' } }] } }, MERGE);
  assert.equal(changed.status, 200, JSON.stringify(changed.body));
  assert.equal(changed.body.metadata.generation, 2);
});

test('a claim gets Kubernetes\' request defaults and an empty status', async () => {
  const r = await s.call('POST', CLAIMS, { ...claim('one'), status: { reservedFor: [{ resource: 'pods', name: 'p', uid: 'u' }] } });
  assert.equal(r.status, 201, JSON.stringify(r.body));
  assert.deepEqual(r.body.spec.devices.requests, [{ name: 'gpu', exactly: { deviceClassName: 'gpu.example.com', allocationMode: 'ExactCount', count: 1 } }]);
  assert.deepEqual(r.body.status, {});
  const all = await s.call('POST', CLAIMS, claim('all', { requests: [{ name: 'every', exactly: { deviceClassName: 'gpu.example.com', allocationMode: 'All' } }] }));
  assert.equal(all.body.spec.devices.requests[0].exactly.count, undefined);
  const tolerant = await s.call('POST', CLAIMS, claim('tolerant', { requests: [{ name: 'gpu', exactly: { deviceClassName: 'gpu.example.com', tolerations: [{ key: 'example.com/broken', effect: 'NoSchedule' }] } }] }));
  assert.equal(tolerant.body.spec.devices.requests[0].exactly.tolerations[0].operator, 'Equal');
});

test('claim requests, constraints and configuration are validated with Kubernetes\' messages', async () => {
  const r = await s.call('POST', CLAIMS, claim('bad', {
    requests: [
      { name: 'gpu', exactly: { deviceClassName: '' } },
      { name: 'gpu', exactly: { deviceClassName: 'gpu.example.com', allocationMode: 'Some' } },
      { name: 'Both', exactly: { deviceClassName: 'x' }, firstAvailable: [{ name: 'a', deviceClassName: 'x' }] },
      { name: 'none' },
      { name: 'count', exactly: { deviceClassName: 'x', allocationMode: 'All', count: 2 } },
    ],
    constraints: [{ requests: ['missing'], matchAttribute: 'model' }, { requests: ['gpu'] }],
    config: [{ requests: ['gpu/sub'], opaque: { driver: 'gpu.example.com', parameters: { a: 1 } } }],
  }));
  assert.equal(r.status, 422, JSON.stringify(r.body));
  const refDetail = "must be the name of a request in the claim or the name of a request and a subrequest separated by '/'";
  assert.deepEqual(causes(r).sort(), [
    'spec.devices.config[0].requests[0]: Invalid value: "gpu/sub": ' + refDetail,
    'spec.devices.constraints[0].matchAttribute: Invalid value: "model": a fully qualified name must be a domain and a name separated by a slash',
    'spec.devices.constraints[0].requests[0]: Invalid value: "missing": ' + refDetail,
    'spec.devices.constraints[1]: Required value: exactly one of "matchAttribute" or "distinctAttribute" is required, but multiple fields are set',
    'spec.devices.requests[0].exactly.deviceClassName: Required value',
    'spec.devices.requests[1].exactly.allocationMode: Unsupported value: "Some": supported values: "All", "ExactCount"',
    'spec.devices.requests[1]: Duplicate value: "gpu"',
    "spec.devices.requests[2].name: Invalid value: \"Both\": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')",
    'spec.devices.requests[2]: Invalid value: null: exactly one of `exactly` or `firstAvailable` is required, but multiple fields are set',
    'spec.devices.requests[3]: Required value: exactly one of `exactly` or `firstAvailable` is required',
    "spec.devices.requests[4].exactly.count: Invalid value: 2: must not be specified when allocationMode is 'All'",
  ].sort());
});

test('the claim spec is immutable; the status changes only through /status and is checked there', async () => {
  const spec = await s.call('PATCH', `${CLAIMS}/one`, { spec: { devices: { requests: [{ name: 'other', exactly: { deviceClassName: 'x' } }] } } }, MERGE);
  assert.equal(spec.status, 422, JSON.stringify(spec.body));
  assert.match(causes(spec)[0]!, /^spec: Invalid value: .*: field is immutable$/);
  const main = await s.call('PATCH', `${CLAIMS}/one`, { metadata: { labels: { x: 'y' } }, status: { reservedFor: [{ resource: 'pods', name: 'p', uid: 'u1' }] } }, MERGE);
  assert.equal(main.status, 200, JSON.stringify(main.body));
  assert.deepEqual(main.body.status, {});
  const unallocated = await s.call('PATCH', `${CLAIMS}/one/status`, { status: { reservedFor: [{ resource: 'pods', name: 'p', uid: 'u1' }] } }, MERGE);
  assert.deepEqual(causes(unallocated), ['status.reservedFor: Forbidden: may not be specified when `allocated` is not set']);
  const allocation = { devices: { results: [{ request: 'gpu', driver: 'gpu.example.com', pool: 'node-1', device: 'gpu-0' }] } };
  const allocated = await s.call('PATCH', `${CLAIMS}/one/status`, {
    metadata: { labels: { ignored: 'yes' } },
    spec: { devices: { requests: [] } },
    status: { allocation, reservedFor: [{ resource: 'pods', name: 'p', uid: 'u1' }] },
  }, MERGE);
  assert.equal(allocated.status, 200, JSON.stringify(allocated.body));
  assert.equal(allocated.body.spec.devices.requests.length, 1);
  assert.deepEqual(allocated.body.metadata.labels, { x: 'y' });
  assert.deepEqual(allocated.body.status.allocation, allocation);
  const moved = await s.call('PATCH', `${CLAIMS}/one/status`, { status: { allocation: { devices: { results: [{ request: 'gpu', driver: 'gpu.example.com', pool: 'node-1', device: 'gpu-1' }] } } } }, MERGE);
  assert.equal(moved.status, 422);
  assert.match(causes(moved)[0]!, /^status\.allocation: Invalid value: .*: field is immutable$/);
  const foreign = await s.call('PATCH', `${CLAIMS}/one/status`, { status: { devices: [{ driver: 'gpu.example.com', pool: 'node-1', device: 'gpu-9' }] } }, MERGE);
  assert.deepEqual(causes(foreign), ['status.devices[0]: Invalid value: "gpu.example.com/node-1/gpu-9": must be an allocated device in the claim']);
});

test('kubectl\'s claim table shows the state', async () => {
  const rows = (await s.call('GET', CLAIMS, undefined, TABLE)).body;
  assert.deepEqual(rows.columnDefinitions.map((c: any) => c.name), ['Name', 'State', 'Age']);
  const state = Object.fromEntries(rows.rows.map((r: any) => [r.cells[0], r.cells[1]]));
  assert.equal(state.one, 'allocated,reserved');
  assert.equal(state.all, 'pending');
});

test('a claim template may hold only labels and annotations beside its claim spec, which is fixed', async () => {
  const ok = await s.call('POST', TEMPLATES, { metadata: { name: 'tpl' }, spec: { metadata: { labels: { app: 'a' } }, spec: { devices: { requests: [{ name: 'gpu', firstAvailable: [{ name: 'big', deviceClassName: 'big' }, { name: 'small', deviceClassName: 'small', count: 2 }] }] } } } });
  assert.equal(ok.status, 201, JSON.stringify(ok.body));
  assert.deepEqual(ok.body.spec.spec.devices.requests[0].firstAvailable.map((a: any) => [a.allocationMode, a.count]), [['ExactCount', 1], ['ExactCount', 2]]);
  const bad = await s.call('POST', TEMPLATES, { metadata: { name: 'bad' }, spec: { metadata: { name: 'x' }, spec: { devices: { requests: [{ name: 'gpu', firstAvailable: [{ name: 'a', deviceClassName: 'c' }, { name: 'a', deviceClassName: 'c' }] }] } } } });
  assert.deepEqual(causes(bad).sort(), ['spec.metadata.name: Forbidden: cannot be set', 'spec.spec.devices.requests[0].firstAvailable[1]: Duplicate value: "a"']);
  const changed = await s.call('PATCH', `${TEMPLATES}/tpl`, { spec: { metadata: { labels: { app: 'b' } } } }, MERGE);
  assert.equal(changed.status, 422);
  assert.match(causes(changed)[0]!, /^spec: Invalid value: .*: field is immutable$/);
});

function slice(name: string, node: string, driver = 'gpu.example.com', extra: Record<string, unknown> = {}) {
  return {
    metadata: { name },
    spec: { driver, nodeName: node, pool: { name: node, generation: 1, resourceSliceCount: 1 }, devices: [{ name: 'gpu-0', attributes: { model: { string: 'A100' }, 'gpu.example.com/memory': { int: 80 } }, capacity: { memory: { value: '80Gi' } } }], ...extra },
  };
}

test('resource slices: node selection, devices and pools are validated; driver, pool and node fixed', async () => {
  const ok = await s.call('POST', SLICES, slice('node-1-gpu', 'node-1', 'gpu.example.com', { devices: [{ name: 'gpu-0', taints: [{ key: 'example.com/hot', effect: 'NoSchedule' }] }] }));
  assert.equal(ok.status, 201, JSON.stringify(ok.body));
  assert.match(ok.body.spec.devices[0].taints[0].timeAdded, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
  const bad = await s.call('POST', SLICES, {
    metadata: { name: 'bad' },
    spec: { driver: 'gpu.example.com', nodeName: 'n', allNodes: true, pool: { name: 'p', generation: -1, resourceSliceCount: 0 }, devices: [{ name: 'd', attributes: { a: {}, 'b/c/d': { int: 1 } } }, { name: 'd' }] },
  });
  assert.equal(bad.status, 422);
  assert.deepEqual(causes(bad).sort(), [
    'spec.devices[0].attributes: Invalid value: "b/c/d": must not contain more than one slash',
    'spec.devices[0].attributes[a]: Invalid value: "": exactly one value must be specified',
    'spec.devices[1]: Duplicate value: "d"',
    'spec.pool.generation: Invalid value: -1: must be greater than or equal to zero',
    'spec.pool.resourceSliceCount: Invalid value: 0: must be greater than zero',
    'spec: Invalid value: "{`nodeName`, `allNodes`}": exactly one of `nodeName`, `nodeSelector`, `allNodes`, `perDeviceNodeSelection` is required, but multiple fields are set',
  ].sort());
  const none = await s.call('POST', SLICES, { metadata: { name: 'none' }, spec: { driver: 'd.example.com', pool: { name: 'p', generation: 0, resourceSliceCount: 1 } } });
  assert.deepEqual(causes(none), ['spec: Required value: exactly one of `nodeName`, `nodeSelector`, `allNodes`, `perDeviceNodeSelection` is required']);
  const moved = await s.call('PATCH', `${SLICES}/node-1-gpu`, { spec: { nodeName: 'node-2', pool: { generation: 2 } } }, MERGE);
  assert.deepEqual(causes(moved), ['spec.nodeName: Invalid value: "node-2": field is immutable']);
  const next = await s.call('PATCH', `${SLICES}/node-1-gpu`, { spec: { pool: { generation: 2 } } }, MERGE);
  assert.equal(next.body.metadata.generation, 2);
});

test('resource slices are selected by spec.nodeName and spec.driver; the table shows node, driver and pool', async () => {
  await s.call('POST', SLICES, slice('node-2-gpu', 'node-2'));
  await s.call('POST', SLICES, slice('node-2-nic', 'node-2', 'nic.example.com'));
  const names = async (selector: string) => (await s.call('GET', `${SLICES}?fieldSelector=${encodeURIComponent(selector)}`)).body.items.map((i: any) => i.metadata.name).sort();
  assert.deepEqual(await names('spec.nodeName=node-2'), ['node-2-gpu', 'node-2-nic']);
  assert.deepEqual(await names('spec.nodeName=node-2,spec.driver=nic.example.com'), ['node-2-nic']);
  assert.deepEqual(await names('spec.driver!=gpu.example.com'), ['node-2-nic']);
  const refused = await s.call('GET', `${SLICES}?fieldSelector=spec.pool.name%3Dx`);
  assert.equal(refused.status, 400);
  const table = (await s.call('GET', `${SLICES}/node-2-nic`, undefined, TABLE)).body;
  assert.deepEqual(table.columnDefinitions.map((c: any) => c.name), ['Name', 'Node', 'Driver', 'Pool', 'Age']);
  assert.deepEqual(table.rows[0].cells.slice(0, 4), ['node-2-nic', 'node-2', 'nic.example.com', 'node-2']);
});

test('v1beta2 serves the same objects in the same shape, stored as v1', async () => {
  const read = await s.call('GET', '/apis/resource.orch.io/v1beta2/namespaces/default/resourceclaims/one');
  assert.equal(read.status, 200, JSON.stringify(read.body));
  assert.equal(read.body.apiVersion, 'resource.orch.io/v1beta2');
  assert.equal(read.body.status.allocation.devices.results[0].device, 'gpu-0');
  const made = await s.call('POST', '/apis/resource.orch.io/v1beta2/deviceclasses', { metadata: { name: 'from-beta' }, spec: {} });
  assert.equal(made.status, 201, JSON.stringify(made.body));
  const asV1 = await s.call('GET', `${CLASSES}/from-beta`);
  assert.equal(asV1.body.apiVersion, 'resource.orch.io/v1');
  const groups = (await s.call('GET', '/apis/resource.orch.io')).body.versions.map((v: any) => v.version);
  assert.deepEqual(groups, ['v1', 'v1beta2']);
});
