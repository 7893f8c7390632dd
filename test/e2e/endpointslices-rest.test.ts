// discovery.orch.io/v1 EndpointSlices over raw HTTP as Kubernetes 1.35 serves them: port
// defaults, generation, deprecatedTopology dropped on v1 writes, addresses checked by address
// type, the FQDN and non-canonical address warnings, an immutable address type, selection by
// the orch.io/service-name label and the NAME ADDRESSTYPE PORTS ENDPOINTS AGE table.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startCoreApiserver, type CoreApiserver } from '../support/core-apiserver.ts';

let s: CoreApiserver;
before(async () => {
  s = await startCoreApiserver();
});
after(() => s.stop());

const SLICES = '/apis/discovery.orch.io/v1/namespaces/default/endpointslices';
const TABLE = { accept: 'application/json;as=Table;v=v1;g=meta.k8s.io' };
const MERGE = { 'content-type': 'application/merge-patch+json' };

function messages(r: { body: any }): string[] {
  return (r.body.details?.causes ?? []).map((c: any) => `${c.field}: ${c.message}`);
}

const slice = (name: string, fields: Record<string, unknown> = {}) => ({
  metadata: { name, labels: { 'orch.io/service-name': 'web' } },
  addressType: 'IPv4',
  endpoints: [{ addresses: ['10.1.0.5'], conditions: { ready: true }, nodeName: 'node-a', deprecatedTopology: { 'orch.io/hostname': 'node-a' } }],
  ports: [{ port: 8080 }],
  ...fields,
});

test('discovery names endpointslices, namespaced, without short names', async () => {
  const r = (await s.call('GET', '/apis/discovery.orch.io/v1')).body.resources.find((x: any) => x.name === 'endpointslices');
  assert.equal(r.kind, 'EndpointSlice');
  assert.equal(r.namespaced, true);
  assert.equal(r.shortNames, undefined);
});

test('a create defaults its ports, starts at generation 1 and drops deprecatedTopology', async () => {
  const r = await s.call('POST', SLICES, slice('web-a'));
  assert.equal(r.status, 201, JSON.stringify(r.body));
  assert.deepEqual(r.body.ports, [{ name: '', protocol: 'TCP', port: 8080 }]);
  assert.equal(r.body.metadata.generation, 1);
  assert.deepEqual(r.body.endpoints, [{ addresses: ['10.1.0.5'], conditions: { ready: true }, nodeName: 'node-a' }]);
  assert.deepEqual(Object.keys(r.body), ['kind', 'apiVersion', 'metadata', 'addressType', 'endpoints', 'ports']);
  assert.equal(r.headers['warning'], undefined);
});

test('an update bumps the generation for content or labels, never the address type', async () => {
  const labels = await s.call('PATCH', `${SLICES}/web-a`, { metadata: { labels: { extra: 'x' } } }, MERGE);
  assert.equal(labels.body.metadata.generation, 2);
  const annotations = await s.call('PATCH', `${SLICES}/web-a`, { metadata: { annotations: { note: 'x' } } }, MERGE);
  assert.equal(annotations.body.metadata.generation, 2);
  const type = await s.call('PATCH', `${SLICES}/web-a`, { addressType: 'IPv6', endpoints: [{ addresses: ['2001:db8::5'] }] }, MERGE);
  assert.equal(type.status, 422);
  assert.deepEqual(messages(type), ['addressType: Invalid value: "IPv6": field is immutable']);
});

test('addresses are checked by address type; ports are unique by name', async () => {
  const bad = await s.call('POST', SLICES, {
    metadata: { name: 'bad' },
    addressType: 'IPv4',
    endpoints: [{ addresses: ['2001:db8::1', '127.0.0.1'], hostname: 'Web', hints: { forZones: [{ name: 'a' }, { name: 'a' }] } }, { addresses: [] }],
    ports: [{ name: 'http', port: 80, protocol: 'ICMP' }, { name: 'http', port: 81, appProtocol: 'not/a/name' }],
  });
  assert.equal(bad.status, 422);
  assert.deepEqual(messages(bad), [
    'endpoints[0].addresses[0]: Invalid value: "2001:db8::1": must be a valid IPv4 address',
    'endpoints[0].addresses[1]: Invalid value: "127.0.0.1": may not be in the loopback range (127.0.0.0/8, ::1/128)',
    'endpoints[0].hostname: Invalid value: "Web": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or \'-\', and must start and end with an alphanumeric character (e.g. \'my-name\',  or \'123-abc\', regex used for validation is \'[a-z0-9]([-a-z0-9]*[a-z0-9])?\')',
    'endpoints[0].hints.forZones[1].name: Duplicate value: "a"',
    'endpoints[1].addresses: Required value: must contain at least 1 address',
    'ports[0].protocol: Unsupported value: "ICMP": supported values: "SCTP", "TCP", "UDP"',
    'ports[1].name: Duplicate value: "http"',
    'ports[1].appProtocol: Invalid value: "not/a/name": a qualified name must consist of alphanumeric characters, \'-\', \'_\' or \'.\', and must start and end with an alphanumeric character (e.g. \'MyName\',  or \'my.name\',  or \'123-abc\', regex used for validation is \'([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]\') with an optional DNS subdomain prefix and \'/\' (e.g. \'example.com/MyName\')',
  ]);
  const type = await s.call('POST', SLICES, { metadata: { name: 'type' }, addressType: 'IP' });
  assert.deepEqual(messages(type), ['addressType: Unsupported value: "IP": supported values: "FQDN", "IPv4", "IPv6"']);
});

test('FQDN slices and addresses in a non-standard form are accepted with warnings', async () => {
  const fqdn = await s.call('POST', SLICES, { metadata: { name: 'names' }, addressType: 'FQDN', endpoints: [{ addresses: ['db.example.com'] }] });
  assert.equal(fqdn.status, 201, JSON.stringify(fqdn.body));
  assert.equal(fqdn.headers['warning'], '299 - "spec.addressType: FQDN endpoints are deprecated"');
  const short = await s.call('POST', SLICES, { metadata: { name: 'short' }, addressType: 'FQDN', endpoints: [{ addresses: ['localhost'] }] });
  assert.deepEqual(messages(short), ['endpoints[0].addresses[0]: Invalid value: "localhost": should be a domain with at least two segments separated by dots']);
  const v6 = await s.call('POST', SLICES, { metadata: { name: 'v6' }, addressType: 'IPv6', endpoints: [{ addresses: ['2001:DB8::7'] }] });
  assert.equal(v6.status, 201, JSON.stringify(v6.body));
  assert.equal(v6.headers['warning'], '299 - "endpoints[0].addresses[0]: IPv6 address \\"2001:DB8::7\\" should be in RFC 5952 canonical format (\\"2001:db8::7\\")"');
  const managed = await s.call('POST', SLICES, { metadata: { name: 'managed', labels: { 'endpointslice.orch.io/managed-by': 'endpointslice-controller.orch.io' } }, addressType: 'IPv6', endpoints: [{ addresses: ['2001:DB8::8'] }] });
  assert.equal(managed.headers['warning'], undefined);
});

test('a service\'s slices are found by orch.io/service-name; the table counts what it does not show', async () => {
  const many = await s.call('POST', SLICES, slice('web-b', {
    endpoints: ['10.1.0.1', '10.1.0.2', '10.1.0.3', '10.1.0.4'].map((a) => ({ addresses: [a] })),
    ports: [{ name: 'a', port: 1 }, { name: 'b' }, { name: 'c', port: 3 }, { name: 'd', port: 4 }],
  }));
  assert.equal(many.status, 201, JSON.stringify(many.body));
  await s.call('POST', SLICES, { metadata: { name: 'other', labels: { 'orch.io/service-name': 'other' } }, addressType: 'IPv4', endpoints: [], ports: [] });
  const selected = await s.call('GET', `${SLICES}?labelSelector=${encodeURIComponent('orch.io/service-name=web')}`);
  assert.deepEqual(selected.body.items.map((i: any) => i.metadata.name), ['web-a', 'web-b']);
  const table = await s.call('GET', SLICES, undefined, TABLE);
  assert.deepEqual(table.body.columnDefinitions.map((c: any) => c.name), ['Name', 'AddressType', 'Ports', 'Endpoints', 'Age']);
  const row = (name: string) => table.body.rows.find((r: any) => r.cells[0] === name).cells.slice(0, 4);
  assert.deepEqual(row('web-b'), ['web-b', 'IPv4', '1,b,3 + 1 more...', '10.1.0.1,10.1.0.2,10.1.0.3 + 1 more...']);
  assert.deepEqual(row('other'), ['other', 'IPv4', '<unset>', '<unset>']);
});
