// The row `kubectl get services -o wide` prints for each type of service.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Service, ServiceSpec, ServiceStatus } from '../../../../api/core/v1/service-types.ts';
import { serviceTable } from './table.ts';

const row = (spec: ServiceSpec, status?: ServiceStatus) => {
  const cells = serviceTable().row({ metadata: { name: 's' }, spec, status } as Service);
  return [...cells.slice(0, 5), cells[6]];
};

test('cluster IP, external IP, ports and selector as kubectl prints them', () => {
  assert.deepEqual(row({ type: 'ClusterIP', clusterIPs: ['10.0.0.1'], ports: [{ port: 80, protocol: 'TCP' }, { port: 53, protocol: 'UDP' }], selector: { b: '2', a: '1' } }), ['s', 'ClusterIP', '10.0.0.1', '<none>', '80/TCP,53/UDP', 'a=1,b=2']);
  assert.deepEqual(row({ type: 'NodePort', clusterIPs: ['10.0.0.2'], externalIPs: ['192.0.2.1', '192.0.2.2'], ports: [{ port: 80, nodePort: 30080, protocol: 'TCP' }] }), ['s', 'NodePort', '10.0.0.2', '192.0.2.1,192.0.2.2', '80:30080/TCP', '<none>']);
  assert.deepEqual(row({ type: 'LoadBalancer', ports: [] }), ['s', 'LoadBalancer', '<none>', '<pending>', '<none>', '<none>']);
  assert.deepEqual(row({ type: 'LoadBalancer', externalIPs: ['192.0.2.9'] }, { loadBalancer: { ingress: [{ ip: '203.0.113.2' }, { hostname: 'lb.example.com' }, { ip: '203.0.113.1' }] } })[3], '203.0.113.1,203.0.113.2,lb.example.com,192.0.2.9');
  assert.deepEqual(row({ type: 'ExternalName', externalName: 'db.example.com' }), ['s', 'ExternalName', '<none>', 'db.example.com', '<none>', '<none>']);
  assert.equal(row({ type: 'ClusterIP', clusterIPs: ['None'], ports: [{ port: 80, protocol: 'TCP' }] })[2], 'None');
});
