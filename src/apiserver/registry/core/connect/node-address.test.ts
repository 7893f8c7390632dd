import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isStatusError } from '../../../../machinery/status.ts';
import { DEFAULT_NODE_AGENT_PORT, nodeAgentAddress, preferredNodeAddress } from './node-address.ts';
import type { ConnectNode } from './connect-shapes.ts';

const ORDER = ['Hostname', 'InternalDNS', 'InternalIP', 'ExternalDNS', 'ExternalIP'];

function node(addresses: { type: string; address: string }[], extra: Partial<ConnectNode> = {}): ConnectNode {
  return { metadata: { name: 'n1', ...extra.metadata }, status: { addresses, ...extra.status } };
}

test('addresses are tried by type in the preferred order, not in the order the node lists them', () => {
  const n = node([
    { type: 'ExternalIP', address: '203.0.113.5' },
    { type: 'InternalIP', address: '10.0.0.1' },
    { type: 'InternalIP', address: '10.0.0.2' },
  ]);
  assert.equal(preferredNodeAddress(n, ORDER), '10.0.0.1');
  assert.equal(preferredNodeAddress(n, ['ExternalIP', 'InternalIP']), '203.0.113.5');
  assert.equal(preferredNodeAddress(n, ['Hostname']), undefined);
});

test('a Hostname may come from the hostname label when the node reports no such address', () => {
  const n = node([{ type: 'InternalIP', address: '10.0.0.1' }], { metadata: { name: 'n1', labels: { 'orch.io/hostname': 'host-a' } } });
  assert.equal(preferredNodeAddress(n, ORDER), 'host-a');
  assert.equal(preferredNodeAddress(n, ['InternalIP', 'Hostname']), '10.0.0.1');
});

test('the port is the reported agent port, else the default', () => {
  const reported = node([{ type: 'InternalIP', address: '10.0.0.1' }], { status: { daemonEndpoints: { kubeletEndpoint: { Port: 12345 } } } });
  assert.deepEqual(nodeAgentAddress(reported, ORDER), { host: '10.0.0.1', port: 12345 });
  assert.deepEqual(nodeAgentAddress(node([{ type: 'InternalIP', address: '10.0.0.1' }]), ORDER), { host: '10.0.0.1', port: DEFAULT_NODE_AGENT_PORT });
});

test('no usable address is a 503 naming the known addresses as Go prints them', () => {
  for (const [addresses, listed] of [
    [[], '[]'],
    [[{ type: 'InternalIP', address: '1.2.3.4' }, { type: 'InternalDNS', address: 'n1.local' }], '[{InternalIP 1.2.3.4} {InternalDNS n1.local}]'],
  ] as const) {
    try {
      nodeAgentAddress(node([...addresses]), ['Hostname', 'ExternalIP']);
      assert.fail('expected a StatusError');
    } catch (err) {
      assert.ok(isStatusError(err));
      assert.equal(err.code, 503);
      assert.equal(err.status.message, `no preferred addresses found; known addresses: ${listed}`);
    }
  }
});
