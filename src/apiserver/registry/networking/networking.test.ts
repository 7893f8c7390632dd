import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Ingress, IngressClass, IPAddress, NetworkPolicy, ServiceCIDR } from '../../../api/networking/v1/types.ts';
import { defaultNetworkPolicy, networkPolicyStrategy } from './networkpolicies/strategy.ts';
import { validateNetworkPolicy } from './networkpolicies/validation.ts';
import { validateIngressCreate, validateIngressUpdate } from './ingresses/validation.ts';
import { ingressStatusStrategy, ingressStrategy } from './ingresses/strategy.ts';
import { formatAddress, formatHosts } from './ingresses/table.ts';
import { defaultIngressClass } from './ingressclasses/strategy.ts';
import { validateIngressClass } from './ingressclasses/validation.ts';
import { validateServiceCIDR, validateServiceCIDRUpdate } from './servicecidrs/validation.ts';
import { serviceCIDRStatusStrategy } from './servicecidrs/strategy.ts';
import { validateIPAddress } from './ipaddresses/validation.ts';
import { formatParentRef } from './ipaddresses/table.ts';
import { legacyCIDRErrors, strictCIDRErrors, strictIPErrors } from './syntax.ts';

const msgs = (causes: readonly { field?: string; message?: string }[]) => causes.map((c) => `${c.field}: ${c.message}`);

test('strict IPs: canonical form, no leading zeros, no IPv4-mapped IPv6', () => {
  assert.deepEqual(strictIPErrors('10.0.0.1'), []);
  assert.deepEqual(strictIPErrors('2001:db8::1'), []);
  assert.deepEqual(strictIPErrors('2001:DB8::1'), ['must be in canonical form ("2001:db8::1")']);
  assert.deepEqual(strictIPErrors('010.0.0.1'), ['must not have leading 0s']);
  assert.deepEqual(strictIPErrors('::ffff:10.0.0.1'), ['must not be an IPv4-mapped IPv6 address']);
  assert.deepEqual(strictIPErrors('10.0.0'), ['must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)']);
});

test('strict CIDRs refuse what the legacy fields still accept', () => {
  assert.deepEqual(strictCIDRErrors('c', '10.0.0.0/8'), []);
  assert.deepEqual(legacyCIDRErrors('c', '10.0.0.1/8'), []);
  assert.deepEqual(strictCIDRErrors('c', '10.0.0.1/8').map((e) => e.detail), ['must not have bits set beyond the prefix length']);
  assert.deepEqual(strictCIDRErrors('c', '10.0.0.0/08').map((e) => e.detail), ['must not have leading 0s in IP or prefix length']);
  assert.deepEqual(strictCIDRErrors('c', '2001:DB8::/64').map((e) => e.detail), ['must be in canonical form ("2001:db8::/64")']);
  assert.deepEqual(legacyCIDRErrors('c', '10.0.0.0/33').map((e) => e.detail), ['must be a valid CIDR value, (e.g. 10.9.8.0/24 or 2001:db8::/64)']);
});

test('network policy defaults: TCP ports, Ingress always, Egress with egress rules', () => {
  const np: NetworkPolicy = { metadata: { name: 'p' }, spec: { egress: [{ ports: [{ port: 53, protocol: 'UDP' }, { port: 80 }] }] } };
  defaultNetworkPolicy(np);
  assert.deepEqual(np.spec?.policyTypes, ['Ingress', 'Egress']);
  assert.deepEqual(np.spec?.egress?.[0]?.ports, [{ port: 53, protocol: 'UDP' }, { port: 80, protocol: 'TCP' }]);
  const given: NetworkPolicy = { metadata: { name: 'p' }, spec: { egress: [{}], policyTypes: ['Egress'] } };
  assert.deepEqual(defaultNetworkPolicy(given).spec?.policyTypes, ['Egress']);
});

test('network policies: more than two policy types and ports without a port', () => {
  const np: NetworkPolicy = { metadata: { name: 'p', namespace: 'd' }, spec: { policyTypes: ['Ingress', 'Egress', 'Ingress'], ingress: [{ ports: [{ endPort: 5 }, { port: 70000 }] }] } };
  assert.deepEqual(msgs(validateNetworkPolicy(np)), [
    'spec.ingress[0].ports[0].endPort: Invalid value: 5: may not be specified when `port` is not specified',
    'spec.ingress[0].ports[1].port: Invalid value: 70000: must be between 1 and 65535, inclusive',
    'spec.policyTypes: Invalid value: []networking.PolicyType{"Ingress", "Egress", "Ingress"}: may not specify more than two policyTypes',
  ]);
});

test('a generation change follows the spec only', () => {
  const old: NetworkPolicy = { metadata: { name: 'p', generation: 3 }, spec: { policyTypes: ['Ingress'] } };
  const same: NetworkPolicy = { metadata: { name: 'p', labels: { a: 'b' } }, spec: { policyTypes: ['Ingress'] } };
  networkPolicyStrategy.prepareForUpdate(same, old);
  assert.equal(same.metadata.generation, undefined);
  const changed: NetworkPolicy = { metadata: { name: 'p' }, spec: { policyTypes: ['Egress'] } };
  networkPolicyStrategy.prepareForUpdate(changed, old);
  assert.equal(changed.metadata.generation, 4);
});

const rule = (host: string, service = 'web') => ({ host, http: { paths: [{ path: '/', pathType: 'Prefix', backend: { service: { name: service, port: { number: 80 } } } }] } });

test('an ingress update keeps accepting an invalid secret name it already held', () => {
  const old: Ingress = { metadata: { name: 'i', namespace: 'd', resourceVersion: '1' }, spec: { rules: [rule('a.example')], tls: [{ secretName: 'Old_Name' }] } };
  assert.equal(validateIngressCreate(old).length, 1);
  const next = structuredClone(old);
  next.spec!.rules!.push(rule('b.example'));
  assert.deepEqual(validateIngressUpdate(next, old), []);
});

test('ingress strategies: the main resource keeps the status, /status keeps the spec', () => {
  const old: Ingress = { metadata: { name: 'i', generation: 1 }, spec: { rules: [rule('a.example')] }, status: { loadBalancer: { ingress: [{ ip: '1.1.1.1' }] } } };
  const main: Ingress = { metadata: { name: 'i' }, spec: { rules: [rule('b.example')] }, status: { loadBalancer: {} } };
  ingressStrategy.prepareForUpdate(main, old);
  assert.deepEqual(main.status, old.status);
  assert.equal(main.metadata.generation, 2);
  const status: Ingress = { metadata: { name: 'i' }, spec: {}, status: { loadBalancer: {} } };
  ingressStatusStrategy.prepareForUpdate(status, old);
  assert.deepEqual(status.spec, old.spec);
});

test('ingress table cells: hosts past the third are counted, addresses sorted and unique', () => {
  assert.equal(formatHosts([]), '*');
  assert.equal(formatHosts([{ host: '' }]), '*');
  assert.equal(formatHosts([rule('a'), rule('b'), rule('c'), rule('d'), rule('e')]), 'a,b,c + 2 more...');
  const ing: Ingress = { metadata: {}, status: { loadBalancer: { ingress: [{ ip: '10.0.0.2' }, { hostname: 'lb' }, { ip: '10.0.0.2' }, { ip: '10.0.0.1', hostname: 'x' }] } } };
  assert.equal(formatAddress(ing), '10.0.0.1,10.0.0.2,lb');
});

test('ingress class parameters: Cluster by default, a namespace only with Namespace scope', () => {
  const ic: IngressClass = { metadata: { name: 'c' }, spec: { controller: 'example.com/c', parameters: { kind: 'K', name: 'n', namespace: 'x' } } };
  defaultIngressClass(ic);
  assert.equal(ic.spec?.parameters?.scope, 'Cluster');
  assert.deepEqual(msgs(validateIngressClass(ic)), ["spec.parameters.namespace: Forbidden: `parameters.scope` is set to 'Cluster'"]);
  const long: IngressClass = { metadata: { name: 'c' }, spec: { controller: `example.com/${'x'.repeat(250)}` } };
  assert.deepEqual(msgs(validateIngressClass(long)), ['spec.controller: Too long: may not be more than 250 bytes']);
});

test('service CIDRs: a range may be dropped by no one, added only as a second family', () => {
  const old: ServiceCIDR = { metadata: { name: 's', resourceVersion: '1' }, spec: { cidrs: ['10.0.0.0/24', '2001:db8::/64'] } };
  const dropped: ServiceCIDR = { metadata: { name: 's', resourceVersion: '1' }, spec: { cidrs: ['10.0.0.0/24'] } };
  assert.deepEqual(msgs(validateServiceCIDRUpdate(dropped, old)), ['spec.cidrs: Invalid value: []string{"10.0.0.0/24"}: field is immutable']);
  const sameFamily: ServiceCIDR = { metadata: { name: 's', resourceVersion: '1' }, spec: { cidrs: ['10.0.0.0/24', '10.1.0.0/24'] } };
  assert.deepEqual(msgs(validateServiceCIDRUpdate(sameFamily, dropped)), [
    'spec.cidrs: Invalid value: []string{"10.0.0.0/24", "10.1.0.0/24"}: may specify no more than one IP for each IP family, i.e 192.168.0.0/24 and 2001:db8::/64',
  ]);
  assert.deepEqual(validateServiceCIDR({ metadata: { name: 's' }, spec: { cidrs: ['2001:db8::/64'] } }), []);
});

test('a ServiceCIDR status write keeps the spec and the metadata a status writer may not change', () => {
  const old: ServiceCIDR = { metadata: { name: 's', labels: { a: 'b' }, finalizers: ['x'] }, spec: { cidrs: ['10.0.0.0/24'] } };
  const next: ServiceCIDR = { metadata: { name: 's', labels: { c: 'd' } }, spec: { cidrs: ['10.9.0.0/24'] }, status: { conditions: [] } };
  serviceCIDRStatusStrategy.prepareForUpdate(next, old);
  assert.deepEqual(next.spec, old.spec);
  assert.deepEqual(next.metadata.labels, { a: 'b' });
  assert.deepEqual(next.metadata.finalizers, ['x']);
});

test('IPAddresses: the allocator\'s objects pass; parent references are path segments', () => {
  const allocated: IPAddress = {
    metadata: { name: '10.96.0.10', labels: { 'ipaddress.orch.io/ip-family': 'IPv4', 'ipaddress.orch.io/managed-by': 'ipallocator.orch.io' } },
    spec: { parentRef: { group: '', resource: 'services', namespace: 'default', name: 'web' } },
  };
  assert.deepEqual(validateIPAddress(allocated), []);
  assert.equal(formatParentRef(allocated), 'services/default/web');
  const odd: IPAddress = { metadata: { name: '2001:db8::a' }, spec: { parentRef: { group: 'Example.com', resource: 'a/b', name: '..' } } };
  assert.deepEqual(msgs(validateIPAddress(odd)), [
    'spec.parentRef.group: Invalid value: "Example.com": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, \'-\' or \'.\', and must start and end with an alphanumeric character (e.g. \'example.com\', regex used for validation is \'[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*\')',
    "spec.parentRef.resource: Invalid value: \"a/b\": may not contain '/'",
    "spec.parentRef.name: Invalid value: \"..\": may not be '..'",
  ]);
  assert.equal(formatParentRef({ metadata: {}, spec: { parentRef: { group: 'Gateway.Example', resource: 'Gateways', name: 'g' } } }), 'gateways.gateway.example/g');
});
