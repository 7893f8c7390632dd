import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Node } from '../../../api/core/v1/node-types.ts';
import type { NodeIPAMControllerOptions } from '../../../options/controllermanager/node-controller-options.ts';
import { CidrSet, ERR_NO_CIDRS_REMAINING } from './cidr-set.ts';
import { formatPrefix, parsePrefix } from './ip-prefix.ts';
import { ipamConfig } from './ipam-config.ts';
import { RangeAllocator } from './range-allocator.ts';

const opts = (o: Partial<NodeIPAMControllerOptions>): NodeIPAMControllerOptions => ({
  allocateNodeCIDRs: true, clusterCIDRs: [], serviceCIDRs: [], allocatorType: 'RangeAllocator',
  nodeCIDRMaskSize: 0, nodeCIDRMaskSizeIPv4: 0, nodeCIDRMaskSizeIPv6: 0, ...o,
});
const node = (name: string, podCIDRs?: string[]): Node => ({ metadata: { name }, spec: podCIDRs ? { podCIDR: podCIDRs[0], podCIDRs } : {} });

test('prefixes parse masked and print as Go prints an IPNet', () => {
  assert.equal(formatPrefix(parsePrefix('10.244.3.7/16')!), '10.244.0.0/16');
  assert.equal(formatPrefix(parsePrefix('fd00:10:244::1/56')!), 'fd00:10:244::/56');
  assert.equal(formatPrefix(parsePrefix('2001:db8:0:0:1:0:0:1/128')!), '2001:db8::1:0:0:1/128');
  assert.equal(parsePrefix('10.0.0.0/33'), undefined);
  assert.equal(parsePrefix('10.0.0.0'), undefined);
});

test('a CIDR set hands out subnets in order, wraps after the last taken, and runs out', () => {
  const set = new CidrSet(parsePrefix('10.0.0.0/30')!, 31);
  assert.equal(formatPrefix(set.allocateNext()), '10.0.0.0/31');
  assert.equal(formatPrefix(set.allocateNext()), '10.0.0.2/31');
  assert.throws(() => set.allocateNext(), new RegExp(ERR_NO_CIDRS_REMAINING));
  set.release(parsePrefix('10.0.0.0/31')!);
  assert.equal(formatPrefix(set.allocateNext()), '10.0.0.0/31');
  assert.throws(() => set.occupy(parsePrefix('192.168.0.0/24')!), /cidr 192.168.0.0\/24 is out the range of cluster cidr 10.0.0.0\/30/);
});

test('the mask sizes follow the flags as kube-controller-manager reads them', () => {
  assert.deepEqual(ipamConfig(opts({ clusterCIDRs: ['10.244.0.0/16'] })).nodeMaskSizes, [24]);
  assert.deepEqual(ipamConfig(opts({ clusterCIDRs: ['10.244.0.0/16'], nodeCIDRMaskSize: 26 })).nodeMaskSizes, [26]);
  assert.deepEqual(ipamConfig(opts({ clusterCIDRs: ['10.244.0.0/16', 'fd00:10:244::/56'], nodeCIDRMaskSizeIPv6: 80 })).nodeMaskSizes, [24, 80]);
  assert.throws(() => ipamConfig(opts({ clusterCIDRs: ['10.244.0.0/16', 'fd00::/56'], nodeCIDRMaskSize: 24 })), /not allowed with dual-stack clusters/);
  assert.throws(() => ipamConfig(opts({ clusterCIDRs: ['10.244.0.0/16'], nodeCIDRMaskSizeIPv6: 64 })), /single-stack IPv4 cluster/);
  assert.throws(() => ipamConfig(opts({ clusterCIDRs: ['10.244.0.0/16', '10.245.0.0/16'] })), /not configured as dual stack/);
  assert.throws(() => ipamConfig(opts({ clusterCIDRs: ['10.244.0.0/16'], nodeCIDRMaskSize: 8 })), /mask size of cluster CIDR must be less than or equal/);
  assert.throws(() => ipamConfig(opts({ clusterCIDRs: [] })), /Must specify --cluster-cidr/);
  assert.throws(() => ipamConfig(opts({ clusterCIDRs: ['10.0.0.0/8'], allocatorType: 'CloudAllocator' })), /cloud provider is not configured/);
});

test('the allocator keeps existing ranges and the service range, and gives dual-stack pairs', () => {
  const a = new RangeAllocator(ipamConfig(opts({ clusterCIDRs: ['10.244.0.0/22', 'fd00::/62'], serviceCIDRs: ['10.244.0.0/24'] })));
  a.occupy(node('old', ['10.244.1.0/24', 'fd00::/64']));
  const got = a.allocateOrOccupy(node('new'))!;
  assert.deepEqual(got.map(formatPrefix), ['10.244.2.0/24', 'fd00:0:0:1::/64']);
  a.done('new');
  assert.equal(a.allocateOrOccupy(node('again', ['10.244.3.0/24', 'fd00:0:0:2::/64'])), undefined);
  assert.throws(() => a.allocateOrOccupy(node('full')), /failed to allocate cidr from cluster cidr at idx:0/);
  assert.deepEqual(a.usedCounts(), [4, 3], 'a failed allocation gives back what it took');
  a.release(node('old', ['10.244.1.0/24', 'fd00::/64']));
  // The IPv6 set goes on after the last range it handed out, as a CidrSet does.
  assert.deepEqual(a.allocateOrOccupy(node('next'))!.map(formatPrefix), ['10.244.1.0/24', 'fd00:0:0:3::/64']);
});

test('a node being assigned is not given a second range', () => {
  const a = new RangeAllocator(ipamConfig(opts({ clusterCIDRs: ['10.244.0.0/16'] })));
  assert.ok(a.allocateOrOccupy(node('n')));
  assert.equal(a.allocateOrOccupy(node('n')), undefined);
  assert.throws(() => a.occupy(node('x', ['10.9.0.0/24'])), /failed to mark cidr\[10.9.0.0\/24\] at idx \[0\] as occupied for node: x/);
});
