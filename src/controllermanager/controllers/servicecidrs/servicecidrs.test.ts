// The service-cidr controller's decisions: which ranges hold an address or a range, when a
// ServiceCIDR being deleted may go, and the writes of a sync.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { IPAddress, ServiceCIDR } from '../../../api/networking/v1/types.ts';
import { FakeClock } from '../../../client/clock/fake-clock.ts';
import { Indexer } from '../../../client/cache/store.ts';
import type { EventRecorder } from '../../../client/record/index.ts';
import { containingAddress, containingPrefix, parsePrefix } from './prefixes.ts';
import { SERVICE_CIDR_FINALIZER, canDelete, syncServiceCIDR } from './servicecidr-sync.ts';

const sc = (name: string, cidrs: string[], extra: Partial<ServiceCIDR['metadata']> = {}): ServiceCIDR => ({ metadata: { name, ...extra }, spec: { cidrs } });
const ip = (name: string, family = 'IPv4'): IPAddress => ({ metadata: { name, labels: { 'ipaddress.orch.io/ip-family': family, 'ipaddress.orch.io/managed-by': 'ipallocator.orch.io' } }, spec: { parentRef: { resource: 'services', namespace: 'ns', name: 's' } } });

test('ranges holding addresses and ranges', () => {
  const all = [sc('big', ['10.0.0.0/8']), sc('small', ['10.1.0.0/16', 'fd00::/64'])];
  assert.deepEqual(containingAddress(all, '10.1.2.3').map((s) => s.metadata.name), ['big', 'small']);
  assert.deepEqual(containingAddress(all, 'fd00::5').map((s) => s.metadata.name), ['small']);
  assert.deepEqual(containingPrefix(all, parsePrefix('10.1.0.0/16')!).map((s) => s.metadata.name), ['big', 'small']);
  assert.deepEqual(containingPrefix(all, parsePrefix('10.0.0.0/7')!).map((s) => s.metadata.name), []);
});

test('a range inside another may go; one alone waits for its addresses', () => {
  const small = sc('small', ['10.1.0.0/16']);
  assert.equal(canDelete([sc('big', ['10.0.0.0/8']), small], [ip('10.1.0.5')], small), true);
  assert.equal(canDelete([small], [ip('10.1.0.5')], small), false);
  assert.equal(canDelete([small], [ip('10.2.0.5')], small), true);
});

test('a sync adds the finalizer and Ready; a deletion waits for the grace period', async () => {
  const clock = new FakeClock(Date.parse('2026-01-01T00:00:00Z'));
  const calls: string[] = [];
  const requeued: number[] = [];
  const serviceCIDRs = new Indexer<ServiceCIDR>();
  const ipAddresses = new Indexer<IPAddress>();
  const deps = {
    serviceCIDRs, ipAddresses, clock, recorder: { eventf: () => {} } as unknown as EventRecorder,
    requeueAfter: (_n: string, ms: number) => void requeued.push(ms),
    api: {
      applyReady: async (n: string, s: string, r: string | undefined) => void calls.push(`ready ${n} ${s} ${r ?? ''}`),
      addFinalizer: async (n: string) => void calls.push(`add ${n}`),
      removeFinalizer: async (n: string) => void calls.push(`remove ${n}`),
    },
  };
  serviceCIDRs.add(sc('a', ['10.5.0.0/16']));
  await syncServiceCIDR(deps, 'a');
  assert.deepEqual(calls, ['add a', 'ready a True ']);
  calls.length = 0;
  serviceCIDRs.add(sc('a', ['10.5.0.0/16'], { finalizers: [SERVICE_CIDR_FINALIZER], deletionTimestamp: '2026-01-01T00:00:00Z' }));
  ipAddresses.add(ip('10.5.0.1'));
  await syncServiceCIDR(deps, 'a');
  assert.deepEqual(calls, ['ready a False Terminating']);
  ipAddresses.delete(ip('10.5.0.1'));
  await clock.step(4000);
  await syncServiceCIDR(deps, 'a');
  assert.deepEqual(requeued, [6000]);
  await clock.step(6000);
  await syncServiceCIDR(deps, 'a');
  assert.deepEqual(calls, ['ready a False Terminating', 'remove a']);
});
