// The pure parts of service allocation: address text, range bounds, the node port bitmap and its
// stored form, IP family defaulting and node port plans.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Service } from '../../../../../api/core/v1/service-types.ts';
import { canonicalIP, formatIP } from '../../../../../machinery/net/ip-address.ts';
import { initIPFamilyFields } from './ip-families.ts';
import { planCreate, planUpdate } from './node-port-plan.ts';
import { PortBitmap, portStaticBand } from './port-bitmap.ts';
import { networkAddress, orchServiceIP, parseServiceCIDR } from './service-cidr.ts';
import { errorString } from '../../../../../machinery/validation/field-error.ts';

test('addresses are named in canonical form', () => {
  assert.equal(canonicalIP('10.0.0.1'), '10.0.0.1');
  assert.equal(canonicalIP('010.000.000.001'), '10.0.0.1');
  assert.equal(canonicalIP('2001:DB8:0:0:0:0:0:1'), '2001:db8::1');
  assert.equal(canonicalIP('2001:db8:0:0:1:0:0:1'), '2001:db8::1:0:0:1');
  assert.equal(canonicalIP('2001:db8:0:1:0:0:0:1'), '2001:db8:0:1::1');
  assert.equal(canonicalIP('fd00:0:0:1:2:3:4:5'), 'fd00::1:2:3:4:5');
  assert.equal(canonicalIP('fd00:1:2:3:4:5:6:0'), 'fd00:1:2:3:4:5:6:0');
  assert.equal(canonicalIP('::'), '::');
  assert.equal(canonicalIP('::ffff:10.1.2.3'), '10.1.2.3');
  assert.equal(canonicalIP('nonsense'), undefined);
  assert.equal(formatIP({ family: 'IPv6', value: 1n }), '::1');
});

test('service ranges: bounds, the low band and the orch service address, as Kubernetes computes them', () => {
  const big = parseServiceCIDR('10.96.0.0/12');
  assert.equal(big.cidr, '10.96.0.0/12');
  assert.equal(formatIP({ family: 'IPv4', value: big.first }), '10.96.0.1');
  assert.equal(formatIP({ family: 'IPv4', value: big.last }), '10.111.255.254');
  assert.equal(big.staticBand, 256);
  assert.equal(orchServiceIP(big), '10.96.0.1');
  assert.equal(networkAddress(big), '10.96.0.0');
  assert.equal(parseServiceCIDR('10.0.0.0/24').staticBand, 16);
  assert.equal(parseServiceCIDR('10.0.0.0/28').staticBand, 0);
  assert.equal(parseServiceCIDR('10.0.0.7/24').cidr, '10.0.0.0/24');
  const v6 = parseServiceCIDR('fd00:10:96::/112');
  assert.equal(formatIP({ family: 'IPv6', value: v6.last }), 'fd00:10:96::ffff', 'IPv6 has no broadcast address to skip');
  assert.equal(orchServiceIP(v6), 'fd00:10:96::1');
  assert.throws(() => parseServiceCIDR('fd00::/48'), /shortest allowed prefix length for service CIDR is 64, got 48/);
  assert.throws(() => parseServiceCIDR('10.0.0.0/30'), /must be at least 8 IP addresses/);
});

test('the node port bitmap: stored as Go big.Int bytes, restored over a moved range, random picks fill it', () => {
  const range = { base: 30000, size: 2768 };
  const map = new PortBitmap(range);
  assert.equal(map.snapshot(), '');
  map.set(30000);
  assert.deepEqual([...Buffer.from(map.snapshot(), 'base64')], [1]);
  map.set(30008);
  assert.deepEqual([...Buffer.from(map.snapshot(), 'base64')], [1, 1]);
  const back = PortBitmap.restore(range, map.snapshot());
  assert.ok(back.has(30000) && back.has(30008) && !back.has(30001));
  assert.equal(portStaticBand(2768), 86);
  const small = new PortBitmap({ base: 100, size: 20 });
  const seen = new Set<number>();
  for (let i = 0; i < 20; i++) {
    const p = small.pickFree()!;
    small.set(p);
    seen.add(p);
  }
  assert.equal(seen.size, 20);
  assert.equal(small.pickFree(), undefined);
});

function svc(spec: Service['spec'], name = 'x'): Service {
  return { metadata: { name, namespace: 'default' }, spec };
}

test('IP family fields as initIPFamilyFields fills them', () => {
  const single = ['IPv4'] as const;
  const dual = ['IPv4', 'IPv6'] as const;
  const a = svc({ type: 'ClusterIP' });
  assert.deepEqual(initIPFamilyFields(a, undefined, single), []);
  assert.equal(a.spec!.ipFamilyPolicy, 'SingleStack');
  assert.deepEqual(a.spec!.ipFamilies, ['IPv4']);

  const b = svc({ type: 'ClusterIP', ipFamilyPolicy: 'PreferDualStack' });
  initIPFamilyFields(b, undefined, dual);
  assert.deepEqual(b.spec!.ipFamilies, ['IPv4', 'IPv6']);
  const b1 = svc({ type: 'ClusterIP', ipFamilyPolicy: 'PreferDualStack' });
  initIPFamilyFields(b1, undefined, single);
  assert.deepEqual(b1.spec!.ipFamilies, ['IPv4']);

  const c = svc({ type: 'ClusterIP', ipFamilyPolicy: 'RequireDualStack' });
  assert.deepEqual(initIPFamilyFields(c, undefined, single).map(errorString), [
    'spec.ipFamilyPolicy: Invalid value: "RequireDualStack": this cluster is not configured for dual-stack services',
  ]);

  const d = svc({ type: 'ClusterIP', clusterIPs: ['fd00::5'] });
  assert.deepEqual(initIPFamilyFields(d, undefined, single).map(errorString), ['spec.clusterIPs[0]: Invalid value: []string{"fd00::5"}: IPv6 is not configured on this cluster']);

  const headless = svc({ type: 'ClusterIP', clusterIP: 'None', clusterIPs: ['None'] });
  initIPFamilyFields(headless, undefined, single);
  assert.equal(headless.spec!.ipFamilyPolicy, 'RequireDualStack');
  assert.deepEqual(headless.spec!.ipFamilies, ['IPv4', 'IPv6']);

  const external = svc({ type: 'ExternalName', externalName: 'example.com' });
  initIPFamilyFields(external, undefined, single);
  assert.equal(external.spec!.ipFamilyPolicy, undefined);
});

test('node port plans: shared port numbers share one node port; updates keep, take and give back', () => {
  const create = planCreate(svc({ type: 'NodePort', ports: [{ port: 53, protocol: 'TCP' }, { port: 53, protocol: 'UDP', nodePort: 30053 }, { port: 80 }] }));
  assert.deepEqual(create.requests.map((r) => r.value), [30053, { next: true }]);
  assert.equal(create.assign.get(0), 30053);
  assert.equal(create.assign.has(1), false, 'the UDP port asked for the port the TCP one gets');

  const lb = planCreate(svc({ type: 'LoadBalancer', externalTrafficPolicy: 'Local', allocateLoadBalancerNodePorts: false, ports: [{ port: 80 }] }));
  assert.deepEqual(lb.requests.map((r) => r.target), ['healthCheck']);

  const old = svc({ type: 'NodePort', ports: [{ port: 80, nodePort: 30080 }, { port: 81, nodePort: 30081 }] });
  const update = planUpdate(svc({ type: 'NodePort', ports: [{ port: 80, nodePort: 30080 }, { port: 82, nodePort: 30082 }] }), old);
  assert.deepEqual(update.requests.map((r) => r.value), [30082]);
  assert.deepEqual(update.release, [30081]);
  const toClusterIP = planUpdate(svc({ type: 'ClusterIP', ports: [{ port: 80 }] }), old);
  assert.deepEqual(toClusterIP.release, [30080, 30081]);
});
