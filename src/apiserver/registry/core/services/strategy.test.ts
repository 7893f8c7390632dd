// A service's defaults and update rules as Kubernetes applies them: what a create fills in, what
// an update keeps, normalises and clears on a change of type, and what /status may change.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Service, ServiceSpec } from '../../../../api/core/v1/service-types.ts';
import { serviceStatusStrategy, serviceStrategy, serviceWarnings } from './strategy.ts';

const svc = (spec: ServiceSpec, extra: Partial<Service> = {}): Service => ({ metadata: { name: 'web', namespace: 'default', resourceVersion: '1' }, spec, ...extra });

function created(spec: ServiceSpec): ServiceSpec {
  const s = svc(spec, { status: { loadBalancer: { ingress: [{ ip: '1.2.3.4' }] } } });
  serviceStrategy.prepareForCreate(s);
  assert.deepEqual(s.status, {});
  return s.spec!;
}

test('a ClusterIP service gets Kubernetes\' defaults; the cluster IP is left to the allocator', () => {
  assert.deepEqual(created({ ports: [{ port: 80 }], selector: { app: 'web' } }), {
    ports: [{ port: 80, protocol: 'TCP', targetPort: 80 }],
    selector: { app: 'web' },
    sessionAffinity: 'None',
    type: 'ClusterIP',
    internalTrafficPolicy: 'Cluster',
    ipFamilyPolicy: 'SingleStack',
  });
});

test('clusterIPs starts as [clusterIP]; two families or addresses ask for dual-stack', () => {
  assert.deepEqual(created({ clusterIP: '10.0.0.10', ports: [{ port: 80 }] }).clusterIPs, ['10.0.0.10']);
  assert.equal(created({ ipFamilies: ['IPv4', 'IPv6'], ports: [{ port: 80 }] }).ipFamilyPolicy, 'RequireDualStack');
  assert.equal(created({ ipFamilyPolicy: 'PreferDualStack', ports: [{ port: 80 }] }).ipFamilyPolicy, 'PreferDualStack');
  assert.deepEqual(created({ clusterIP: 'None' }).clusterIPs, ['None']);
});

test('NodePort and LoadBalancer services get the external traffic policy; load balancers allocate node ports', () => {
  const np = created({ type: 'NodePort', ports: [{ port: 80, targetPort: 'http' }] });
  assert.equal(np.externalTrafficPolicy, 'Cluster');
  assert.equal(np.ports![0]!.targetPort, 'http');
  assert.equal(np.allocateLoadBalancerNodePorts, undefined);
  const lb = created({ type: 'LoadBalancer', ports: [{ port: 443, protocol: 'UDP' }] });
  assert.equal(lb.allocateLoadBalancerNodePorts, true);
  assert.equal(lb.externalTrafficPolicy, 'Cluster');
  assert.equal(created({ type: 'ClusterIP', externalIPs: ['192.0.2.1'], ports: [{ port: 80 }] }).externalTrafficPolicy, 'Cluster');
});

test('ClientIP affinity gets a 3-hour timeout; None drops any affinity config', () => {
  assert.deepEqual(created({ sessionAffinity: 'ClientIP', ports: [{ port: 80 }] }).sessionAffinityConfig, { clientIP: { timeoutSeconds: 10800 } });
  assert.deepEqual(created({ sessionAffinity: 'ClientIP', sessionAffinityConfig: { clientIP: { timeoutSeconds: 60 } }, ports: [{ port: 80 }] }).sessionAffinityConfig, { clientIP: { timeoutSeconds: 60 } });
  assert.equal(created({ sessionAffinityConfig: { clientIP: { timeoutSeconds: 60 } }, ports: [{ port: 80 }] }).sessionAffinityConfig, undefined);
});

test('an ExternalName service gets no IP family policy and no internal traffic policy', () => {
  const spec = created({ type: 'ExternalName', externalName: 'db.example.com' });
  assert.equal(spec.ipFamilyPolicy, undefined);
  assert.equal(spec.internalTrafficPolicy, undefined);
  assert.deepEqual(serviceStrategy.validate(svc(spec)), []);
});

function stored(spec: ServiceSpec): Service {
  const s = svc(spec);
  serviceStrategy.prepareForCreate(s);
  // What the allocator would have filled in.
  if (s.spec!.type !== 'ExternalName' && !s.spec!.clusterIP) {
    s.spec!.clusterIP = '10.0.0.7';
    s.spec!.clusterIPs = ['10.0.0.7'];
  }
  if (s.spec!.type !== 'ExternalName') s.spec!.ipFamilies = ['IPv4'];
  const conditions = [{ type: 'Probed', status: 'True', lastTransitionTime: '2026-11-25T10:00:00Z', reason: 'Seen', message: '' }];
  s.status = { loadBalancer: { ingress: [{ ip: '203.0.113.9', ipMode: 'VIP' }] }, conditions };
  return s;
}

function updated(old: Service, next: Service): Service {
  serviceStrategy.prepareForUpdate(next, old);
  return next;
}

test('an update keeps the status and the cluster IP a PUT leaves out', () => {
  const old = stored({ type: 'ClusterIP', ports: [{ port: 80 }] });
  const next = updated(old, svc({ ports: [{ port: 80 }, { name: 'b', port: 81 }] }, { status: {} }));
  assert.equal(next.spec!.clusterIP, '10.0.0.7');
  assert.deepEqual(next.spec!.ipFamilies, ['IPv4']);
  // A ClusterIP service has no load balancer status to keep.
  assert.deepEqual(next.status, { ...old.status, loadBalancer: {} });
});

test('changing the cluster IP is refused; a change of type to ExternalName clears it', () => {
  const old = stored({ type: 'ClusterIP', ports: [{ port: 80 }] });
  const changed = updated(old, svc({ ...structuredClone(old.spec!), clusterIP: '10.0.0.8' }));
  assert.deepEqual(changed.spec!.clusterIPs, ['10.0.0.8']);
  assert.deepEqual(serviceStrategy.validateUpdate(changed, old).map((c) => `${c.field}: ${c.message}`), [
    'spec.clusterIPs[0]: Invalid value: []string{"10.0.0.8"}: may not change once set',
  ]);
  const external = updated(old, svc({ ...structuredClone(old.spec!), type: 'ExternalName', externalName: 'db.example.com' }));
  assert.equal(external.spec!.clusterIP, undefined);
  assert.equal(external.spec!.clusterIPs, undefined);
  assert.equal(external.spec!.ipFamilies, undefined);
  assert.equal(external.spec!.ipFamilyPolicy, undefined);
  assert.deepEqual(serviceStrategy.validateUpdate(external, old), []);
});

test('leaving NodePort clears node ports and the traffic policy; leaving LoadBalancer its status', () => {
  const old = stored({ type: 'LoadBalancer', ports: [{ port: 80, nodePort: 30080 }] });
  const next = updated(old, svc({ ...structuredClone(old.spec!), type: 'ClusterIP' }, { status: old.status }));
  assert.equal(next.spec!.ports![0]!.nodePort, undefined);
  assert.equal(next.spec!.externalTrafficPolicy, undefined);
  assert.equal(next.spec!.allocateLoadBalancerNodePorts, undefined);
  assert.deepEqual(next.status!.loadBalancer, {});
  assert.deepEqual(serviceStrategy.validateUpdate(next, old), []);
  const added = updated(old, svc({ ...structuredClone(old.spec!), type: 'ClusterIP', ports: [{ port: 80, nodePort: 31000 }] }));
  assert.equal(added.spec!.ports![0]!.nodePort, 31000);
  assert.deepEqual(serviceStrategy.validateUpdate(added, old).map((c) => c.field), ['spec.ports[0].nodePort']);
});

test('/status changes only the status; an address without a mode is a VIP', () => {
  const old = stored({ type: 'LoadBalancer', ports: [{ port: 80 }] });
  const next = svc({ type: 'ClusterIP' }, { status: { loadBalancer: { ingress: [{ ip: '198.51.100.1' }, { hostname: 'lb.example.com' }] } } });
  serviceStatusStrategy.prepareForUpdate(next, old);
  assert.deepEqual(next.spec, old.spec);
  assert.deepEqual(next.status!.loadBalancer!.ingress, [{ ip: '198.51.100.1', ipMode: 'VIP' }, { hostname: 'lb.example.com' }]);
  assert.deepEqual(serviceStatusStrategy.validateUpdate(next, old), []);
});

test('fields that do nothing for the service draw warnings', () => {
  assert.deepEqual(serviceWarnings(svc({ type: 'ExternalName', externalName: 'x', externalIPs: ['192.0.2.1'] })), ['spec.externalIPs is ignored when spec.type is "ExternalName"']);
  assert.deepEqual(serviceWarnings(svc({ type: 'ClusterIP', clusterIPs: ['None'], externalName: 'x' })), ['spec.externalName is ignored when spec.type is not "ExternalName"']);
});
