// The facts the allocator reads from a service: which services need cluster IPs and node ports,
// what the client asked for by value, what an update releases, and what an update keeps.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Service, ServiceSpec } from '../../../../api/core/v1/service-types.ts';
import {
  heldNodePorts, isHeadless, keepAllocatedValues, needsClusterIP, needsClusterIPAllocation, needsHealthCheckNodePort, needsNodePorts,
  portsNeedingNodePort, releasedOnUpdate, requestedClusterIPs, requestedNodePorts,
} from './allocation-facts.ts';

const svc = (spec: ServiceSpec): Service => ({ metadata: { name: 's', namespace: 'default' }, spec });

test('every type but ExternalName needs a cluster IP; headless ones get none allocated', () => {
  assert.equal(needsClusterIP(svc({ type: 'ClusterIP' })), true);
  assert.equal(needsClusterIP(svc({ type: 'LoadBalancer' })), true);
  assert.equal(needsClusterIP(svc({ type: 'ExternalName', externalName: 'x.example' })), false);
  assert.equal(isHeadless(svc({ clusterIP: 'None' })), true);
  assert.equal(isHeadless(svc({ clusterIP: 'None', clusterIPs: ['None'] })), true);
  assert.equal(isHeadless(svc({ clusterIP: '10.0.0.1', clusterIPs: ['10.0.0.1'] })), false);
  assert.equal(needsClusterIPAllocation(svc({ type: 'ClusterIP', clusterIPs: ['None'] })), false);
  assert.equal(needsClusterIPAllocation(svc({ type: 'ClusterIP' })), true);
});

test('requested cluster IPs are the explicit addresses, primary first', () => {
  assert.deepEqual(requestedClusterIPs(svc({ type: 'ClusterIP' })), []);
  assert.deepEqual(requestedClusterIPs(svc({ type: 'ClusterIP', clusterIP: '10.0.0.5' })), ['10.0.0.5']);
  assert.deepEqual(requestedClusterIPs(svc({ type: 'ClusterIP', clusterIP: '10.0.0.5', clusterIPs: ['10.0.0.5', 'fd00::5'] })), ['10.0.0.5', 'fd00::5']);
  assert.deepEqual(requestedClusterIPs(svc({ type: 'ClusterIP', clusterIP: 'None', clusterIPs: ['None'] })), []);
  assert.deepEqual(requestedClusterIPs(svc({ type: 'ExternalName', clusterIP: '10.0.0.5' })), []);
});

test('NodePort and LoadBalancer services need node ports, unless a load balancer opts out', () => {
  const ports = [{ port: 80, protocol: 'TCP' }, { port: 53, protocol: 'UDP', nodePort: 30053 }];
  assert.equal(needsNodePorts(svc({ type: 'ClusterIP', ports })), false);
  assert.equal(needsNodePorts(svc({ type: 'NodePort', ports })), true);
  assert.equal(needsNodePorts(svc({ type: 'LoadBalancer', ports, allocateLoadBalancerNodePorts: true })), true);
  assert.equal(needsNodePorts(svc({ type: 'LoadBalancer', ports, allocateLoadBalancerNodePorts: false })), false);
  assert.deepEqual(requestedNodePorts(svc({ type: 'NodePort', ports })), [{ index: 1, nodePort: 30053, protocol: 'UDP' }]);
  assert.deepEqual(portsNeedingNodePort(svc({ type: 'NodePort', ports })), [0]);
  assert.deepEqual(portsNeedingNodePort(svc({ type: 'LoadBalancer', ports, allocateLoadBalancerNodePorts: false })), []);
  assert.equal(needsHealthCheckNodePort(svc({ type: 'LoadBalancer', externalTrafficPolicy: 'Local' })), true);
  assert.equal(needsHealthCheckNodePort(svc({ type: 'NodePort', externalTrafficPolicy: 'Local' })), false);
  assert.deepEqual(heldNodePorts(svc({ type: 'LoadBalancer', ports, healthCheckNodePort: 32000 })), [30053, 32000]);
});

test('an update releases what the old service held and the new one does not', () => {
  const old = svc({ type: 'NodePort', clusterIP: '10.0.0.5', clusterIPs: ['10.0.0.5', 'fd00::5'], ports: [{ port: 80, nodePort: 30080 }, { port: 81, nodePort: 30081 }] });
  const next = svc({ type: 'NodePort', clusterIP: '10.0.0.5', clusterIPs: ['10.0.0.5'], ports: [{ port: 80, nodePort: 30080 }] });
  assert.deepEqual(releasedOnUpdate(old, next), { clusterIPs: ['fd00::5'], nodePorts: [30081] });
  assert.deepEqual(releasedOnUpdate(old, svc({ type: 'ExternalName', externalName: 'x' })), { clusterIPs: ['10.0.0.5', 'fd00::5'], nodePorts: [30080, 30081] });
});

test('an update that leaves out held values keeps them, matched by port and protocol', () => {
  const old = svc({
    type: 'LoadBalancer', clusterIP: '10.0.0.5', clusterIPs: ['10.0.0.5'], ipFamilies: ['IPv4'], ipFamilyPolicy: 'SingleStack',
    externalTrafficPolicy: 'Local', healthCheckNodePort: 32000,
    ports: [{ port: 80, protocol: 'TCP', nodePort: 30080 }, { port: 53, protocol: 'UDP', nodePort: 30053 }],
  });
  const next = svc({ type: 'LoadBalancer', externalTrafficPolicy: 'Local', ports: [{ port: 53, protocol: 'UDP' }, { port: 80, protocol: 'TCP' }, { port: 443, protocol: 'TCP' }] });
  keepAllocatedValues(next, old);
  assert.equal(next.spec!.clusterIP, '10.0.0.5');
  assert.deepEqual(next.spec!.clusterIPs, ['10.0.0.5']);
  assert.deepEqual(next.spec!.ipFamilies, ['IPv4']);
  assert.equal(next.spec!.ipFamilyPolicy, 'SingleStack');
  assert.deepEqual(next.spec!.ports!.map((p) => p.nodePort), [30053, 30080, undefined]);
  assert.equal(next.spec!.healthCheckNodePort, 32000);
});

test('a node port another port now uses is not given back; nothing is kept across ExternalName', () => {
  const old = svc({ type: 'NodePort', ports: [{ port: 80, protocol: 'TCP', nodePort: 30080 }] });
  const next = svc({ type: 'NodePort', ports: [{ port: 80, protocol: 'TCP' }, { port: 81, protocol: 'TCP', nodePort: 30080 }] });
  keepAllocatedValues(next, old);
  assert.equal(next.spec!.ports![0]!.nodePort, undefined);
  const external = svc({ type: 'ExternalName', externalName: 'x.example' });
  keepAllocatedValues(external, svc({ type: 'ClusterIP', clusterIP: '10.0.0.5', clusterIPs: ['10.0.0.5'] }));
  assert.equal(external.spec!.clusterIP, undefined);
});
