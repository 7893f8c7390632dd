// ValidateService's essentials with Kubernetes' messages: ports, names, protocols and target
// ports; cluster IPs and IP families; types, external names, selectors, affinity; load balancer
// fields; and the load balancer status.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Service, ServiceSpec } from '../../../../api/core/v1/service-types.ts';
import { serviceStrategy } from './strategy.ts';
import { validateService, validateServiceStatusUpdate } from './validation.ts';

function errors(spec: ServiceSpec, name = 'web'): string[] {
  const s: Service = { metadata: { name, namespace: 'default' }, spec };
  serviceStrategy.prepareForCreate(s);
  return validateService(s).map((c) => `${c.field}: ${c.message}`);
}

test('a plain, a headless and an ExternalName service are valid', () => {
  assert.deepEqual(errors({ selector: { app: 'web' }, ports: [{ port: 80, targetPort: 8080 }] }), []);
  assert.deepEqual(errors({ clusterIP: 'None', selector: { app: 'db' } }), []);
  assert.deepEqual(errors({ type: 'ExternalName', externalName: 'db.example.com.' }), []);
  assert.deepEqual(errors({ type: 'NodePort', ports: [{ name: 'http', port: 80, nodePort: 30080 }, { name: 'dns', port: 53, protocol: 'UDP', nodePort: 30080 }] }), []);
});

test('names are DNS-1035 labels', () => {
  assert.deepEqual(errors({ ports: [{ port: 80 }] }, '1web'), [
    "metadata.name: Invalid value: \"1web\": a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character (e.g. 'my-name',  or 'abc-123', regex used for validation is '[a-z]([-a-z0-9]*[a-z0-9])?')",
  ]);
});

test('ports: required, in range, named when several, unique, with known protocols and target ports', () => {
  assert.deepEqual(errors({}), ['spec.ports: Required value']);
  assert.deepEqual(errors({ ports: [{ port: 0, targetPort: 80 }, { name: 'a', port: 70000, protocol: 'ICMP', targetPort: 'Bad_Name' }, { name: 'a', port: 81, targetPort: 'http--x' }] }), [
    'spec.ports[0].name: Required value',
    'spec.ports[0].port: Invalid value: 0: must be between 1 and 65535, inclusive',
    'spec.ports[1].port: Invalid value: 70000: must be between 1 and 65535, inclusive',
    'spec.ports[1].protocol: Unsupported value: "ICMP": supported values: "SCTP", "TCP", "UDP"',
    'spec.ports[1].targetPort: Invalid value: "Bad_Name": must contain only alpha-numeric characters (a-z, 0-9), and hyphens (-)',
    'spec.ports[2].name: Duplicate value: "a"',
    'spec.ports[2].targetPort: Invalid value: "http--x": must not contain consecutive hyphens',
  ]);
  assert.deepEqual(errors({ ports: [{ name: 'a', port: 80 }, { name: 'b', port: 80 }] }), [
    'spec.ports[1]: Duplicate value: core.ServicePort{Name:"", Protocol:"TCP", AppProtocol:(*string)(nil), Port:80, TargetPort:intstr.IntOrString{Type:0, IntVal:0, StrVal:""}, NodePort:0}',
  ]);
  assert.deepEqual(errors({ ports: [{ port: 80, nodePort: 30000 }] }), ["spec.ports[0].nodePort: Forbidden: may not be used when `type` is 'ClusterIP'"]);
  assert.deepEqual(errors({ type: 'NodePort', ports: [{ name: 'a', port: 80, nodePort: 30000 }, { name: 'b', port: 81, nodePort: 30000 }] }), ['spec.ports[1].nodePort: Duplicate value: 30000']);
});

test('cluster IPs: None or valid addresses, one per family, matching the families', () => {
  assert.deepEqual(errors({ clusterIP: 'ten', ports: [{ port: 80 }] }), ['spec.clusterIPs[0]: Invalid value: "ten": must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)']);
  assert.deepEqual(errors({ clusterIP: '10.0.0.1', clusterIPs: ['10.0.0.2'], ports: [{ port: 80 }] }), ['spec.clusterIPs: Invalid value: []string{"10.0.0.2"}: first value must match `clusterIP`']);
  assert.deepEqual(errors({ clusterIP: '10.0.0.1', clusterIPs: ['10.0.0.1', '10.0.0.2'], ports: [{ port: 80 }] }), ['spec.clusterIPs: Invalid value: []string{"10.0.0.1", "10.0.0.2"}: may specify no more than one IP for each IP family']);
  assert.deepEqual(errors({ clusterIP: 'None', clusterIPs: ['None', '10.0.0.1'], ports: [{ port: 80 }] }), ['spec.clusterIPs: Invalid value: []string{"None", "10.0.0.1"}: \'None\' must be the first and only value']);
  assert.deepEqual(errors({ clusterIP: '10.0.0.1', ipFamilies: ['IPv6'], ports: [{ port: 80 }] }), ['spec.clusterIPs[0]: Invalid value: "10.0.0.1": expected an IPv6 value as indicated by `ipFamilies[0]`']);
  assert.deepEqual(errors({ ipFamilies: ['IPv4', 'IPv4'], ipFamilyPolicy: 'Both', ports: [{ port: 80 }] }), [
    'spec.ipFamilies[1]: Duplicate value: "IPv4"',
    'spec.ipFamilyPolicy: Unsupported value: "Both": supported values: "PreferDualStack", "RequireDualStack", "SingleStack"',
  ]);
  assert.deepEqual(errors({ type: 'NodePort', clusterIP: 'None', ports: [{ port: 80 }] }), ["spec.clusterIPs[0]: Invalid value: \"None\": may not be set to 'None' for NodePort services"]);
});

test('type, external name, selector and session affinity', () => {
  assert.deepEqual(errors({ type: 'Magic', ports: [{ port: 80 }] }), ['spec.type: Unsupported value: "Magic": supported values: "ClusterIP", "ExternalName", "LoadBalancer", "NodePort"']);
  assert.deepEqual(errors({ type: 'ExternalName' }), ['spec.externalName: Required value']);
  assert.deepEqual(errors({ type: 'ExternalName', externalName: 'Not_A_Name', clusterIP: '10.0.0.1' }), [
    'spec.clusterIPs: Forbidden: may not be set for ExternalName services',
    "spec.externalName: Invalid value: \"Not_A_Name\": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')",
  ]);
  assert.equal(errors({ selector: { 'bad key!': 'v' }, ports: [{ port: 80 }] })[0]!.split(':')[0], 'spec.selector');
  assert.deepEqual(errors({ sessionAffinity: 'Sticky', ports: [{ port: 80 }] }), ['spec.sessionAffinity: Unsupported value: "Sticky": supported values: "ClientIP", "None"']);
  assert.deepEqual(errors({ sessionAffinity: 'ClientIP', sessionAffinityConfig: { clientIP: { timeoutSeconds: 90000 } }, ports: [{ port: 80 }] }), [
    'spec.sessionAffinityConfig.clientIP.timeoutSeconds: Invalid value: 90000: must be greater than 0 and less than 86400',
  ]);
});

test('load balancer fields only on LoadBalancer services; external IPs are ordinary addresses', () => {
  assert.deepEqual(errors({ loadBalancerSourceRanges: ['10.0.0.0/8'], loadBalancerClass: 'example.com/lb', ports: [{ port: 80 }] }), [
    "spec.LoadBalancerSourceRanges: Forbidden: may only be used when `type` is 'LoadBalancer'",
    "spec.loadBalancerClass: Forbidden: may only be used when `type` is 'LoadBalancer'",
  ]);
  assert.deepEqual(errors({ type: 'LoadBalancer', loadBalancerSourceRanges: [' 10.0.0.0/8 ', '10.0.0.0/40'], ports: [{ port: 80 }] }), [
    'spec.LoadBalancerSourceRanges[1]: Invalid value: "10.0.0.0/40": must be a valid CIDR value, (e.g. 10.9.8.0/24 or 2001:db8::/64)',
  ]);
  assert.deepEqual(errors({ externalIPs: ['127.0.0.1', 'x'], ports: [{ port: 80 }] }), [
    'spec.externalIPs[0]: Invalid value: "127.0.0.1": may not be in the loopback range (127.0.0.0/8, ::1/128)',
    'spec.externalIPs[1]: Invalid value: "x": must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)',
  ]);
  assert.deepEqual(errors({ healthCheckNodePort: 32000, ports: [{ port: 80 }] }), [
    "spec.healthCheckNodePort: Invalid value: 32000: may only be set when `type` is 'LoadBalancer' and `externalTrafficPolicy` is 'Local'",
  ]);
  assert.deepEqual(errors({ externalTrafficPolicy: 'Local', ports: [{ port: 80 }] }), ['spec.externalTrafficPolicy: Invalid value: "Local": may only be set for externally-accessible services']);
});

test('a load balancer status: addresses with a mode, DNS host names, only on LoadBalancer services', () => {
  const old: Service = { metadata: { name: 'lb', namespace: 'default', resourceVersion: '1' }, spec: { type: 'LoadBalancer' } };
  const status = (ingress: any[], type = 'LoadBalancer'): string[] =>
    validateServiceStatusUpdate({ ...old, spec: { type }, status: { loadBalancer: { ingress } } }, old).map((c) => `${c.field}: ${c.message}`);
  assert.deepEqual(status([{ ip: '1.2.3.4', ipMode: 'VIP' }, { hostname: 'lb.example.com' }]), []);
  assert.deepEqual(status([{ ip: '1.2.3.4' }, { hostname: '10.0.0.1', ipMode: 'Proxy' }, { ip: 'x', ipMode: 'Tunnel' }]), [
    'status.loadBalancer.ingress[0].ipMode: Required value: must be specified when `ip` is set',
    'status.loadBalancer.ingress[1].ipMode: Forbidden: may not be specified when `ip` is not set',
    'status.loadBalancer.ingress[1].hostname: Invalid value: "10.0.0.1": must be a DNS name, not an IP address',
    'status.loadBalancer.ingress[2].ip: Invalid value: "x": must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)',
    'status.loadBalancer.ingress[2].ipMode: Unsupported value: "Tunnel": supported values: "Proxy", "VIP"',
  ]);
  assert.deepEqual(status([{ ip: '1.2.3.4', ipMode: 'VIP' }], 'ClusterIP'), ["status.loadBalancer.ingress: Forbidden: may only be used when `spec.type` is 'LoadBalancer'"]);
});
