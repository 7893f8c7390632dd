import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { EndpointSlice } from '../../../../api/discovery/v1/types.ts';
import { defaultEndpointSlice, endpointSliceStrategy } from './strategy.ts';
import { validateEndpointSlice } from './validation.ts';
import { ipAddressWarnings } from './ip-warnings.ts';
import { formatPorts } from './table.ts';

const msgs = (causes: readonly { field?: string; message?: string }[]) => causes.map((c) => `${c.field}: ${c.message}`);
const base = (fields: Partial<EndpointSlice> = {}): EndpointSlice => ({ metadata: { name: 's', namespace: 'd' }, addressType: 'IPv4', endpoints: [], ports: [], ...fields });

test('ports default to an empty name and TCP', () => {
  const slice = defaultEndpointSlice(base({ ports: [{ port: 80 }, { name: 'dns', protocol: 'UDP', port: 53 }] }));
  assert.deepEqual(slice.ports, [{ port: 80, name: '', protocol: 'TCP' }, { name: 'dns', protocol: 'UDP', port: 53 }]);
});

test('an update that changes the endpoints keeps a node name the stored topology named', () => {
  const old = base({ endpoints: [{ addresses: ['10.0.0.1'], deprecatedTopology: { 'orch.io/hostname': 'node-a' } }] });
  old.metadata.generation = 1;
  const next = base({ endpoints: [{ addresses: ['10.0.0.2'], deprecatedTopology: { 'orch.io/hostname': 'node-a' } }, { addresses: ['10.0.0.3'], deprecatedTopology: { 'orch.io/hostname': 'node-b' } }] });
  endpointSliceStrategy.prepareForUpdate(next, old);
  assert.deepEqual(next.endpoints, [{ addresses: ['10.0.0.2'], nodeName: 'node-a' }, { addresses: ['10.0.0.3'] }]);
  assert.equal(next.metadata.generation, 2);
  const unchanged = base({ endpoints: structuredClone(old.endpoints) });
  endpointSliceStrategy.prepareForUpdate(unchanged, old);
  assert.deepEqual(unchanged.endpoints, old.endpoints, 'endpoints that do not change keep their topology');
});

test('hints: at most eight zones (then nothing else is checked), node hints named once', () => {
  const zones = Array.from({ length: 9 }, (_, i) => ({ name: `z${i}` }));
  assert.deepEqual(msgs(validateEndpointSlice(base({ endpoints: [{ addresses: ['10.0.0.1'], hints: { forZones: zones, forNodes: [{ name: 'A' }] } }] }))), [
    'endpoints[0].hints.forZones: Too many: 9: must have at most 8 items',
  ]);
  assert.deepEqual(msgs(validateEndpointSlice(base({ endpoints: [{ addresses: ['10.0.0.1'], hints: { forNodes: [{ name: 'n' }, { name: 'n' }] } }] }))), [
    'endpoints[0].hints.forNodes[1].name: Duplicate value: "n"',
  ]);
});

test('FQDN addresses may end with a dot; IPv6 slices hold IPv6 addresses only', () => {
  assert.deepEqual(validateEndpointSlice(base({ addressType: 'FQDN', endpoints: [{ addresses: ['db.example.com.'] }] })), []);
  assert.deepEqual(msgs(validateEndpointSlice(base({ addressType: 'IPv6', endpoints: [{ addresses: ['10.0.0.1'] }] }))), ['endpoints[0].addresses[0]: Invalid value: "10.0.0.1": must be a valid IPv6 address']);
});

test('warnings name the canonical form of an address written otherwise', () => {
  assert.deepEqual(ipAddressWarnings('a', '10.000.0.1'), ['a: non-standard IP address "10.000.0.1" will be considered invalid in a future orch release: use "10.0.0.1"']);
  assert.deepEqual(ipAddressWarnings('a', '::ffff:10.0.0.1'), ['a: non-standard IP address "::ffff:10.0.0.1" will be considered invalid in a future orch release: use "10.0.0.1"']);
  assert.deepEqual(ipAddressWarnings('a', '10.0.0.1'), []);
  assert.deepEqual(ipAddressWarnings('a', 'not-an-ip'), []);
});

test('PORTS shows the number, else the name, else "*"', () => {
  assert.equal(formatPorts(base({ ports: [{ port: 80, name: 'http' }, { name: 'named' }, {}] })), '80,named,*');
});
