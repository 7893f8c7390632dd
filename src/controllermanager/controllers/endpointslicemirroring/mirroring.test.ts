// The mirroring plan: addresses become endpoints (IPs in canonical form, readiness from the
// subset list they sit in), grouped by address type and ports, at most maxEndpointsPerSubset per
// subset, invalid addresses counted; an unchanged slice is left alone, a changed one rewritten
// under its name, extra ones deleted.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Endpoints } from '../../../api/core/v1/endpoints-types.ts';
import { planMirroring } from './mirroring-reconciler.ts';

const ep = (subsets: Endpoints['subsets']): Endpoints => ({ metadata: { name: 'ext', namespace: 'ns', uid: 'ep-uid', labels: { a: 'b' }, annotations: { 'endpoints.orch.io/last-change-trigger-time': 'x', keep: 'y' } }, subsets });

test('addresses are grouped by family and ports, canonical and counted', () => {
  const plan = planMirroring(ep([
    { addresses: [{ ip: '10.0.0.1' }, { ip: '2001:0db8:0:0:0:0:0:1' }, { ip: 'not-an-ip' }], notReadyAddresses: [{ ip: '10.0.0.2' }], ports: [{ name: 'p', port: 80 }] },
  ]), [], 1000);
  assert.equal(plan.invalid, 1);
  assert.equal(plan.skipped, 1);
  const byType = Object.fromEntries(plan.toCreate.map((s) => [s.addressType, s]));
  assert.deepEqual(byType.IPv6!.endpoints, [{ addresses: ['2001:db8::1'], conditions: { ready: true } }]);
  assert.deepEqual(byType.IPv4!.endpoints!.map((e) => [e.addresses[0], e.conditions!.ready]), [['10.0.0.1', true], ['10.0.0.2', false]]);
  const slice = byType.IPv4!;
  assert.equal(slice.metadata.generateName, 'ext-');
  assert.deepEqual(slice.metadata.labels, { a: 'b', 'orch.io/service-name': 'ext', 'kubernetes.io/service-name': 'ext', 'endpointslice.orch.io/managed-by': 'endpointslicemirroring-controller.orch.io' });
  assert.deepEqual(slice.metadata.annotations, { keep: 'y' });
  assert.deepEqual(slice.ports, [{ name: 'p', port: 80, protocol: 'TCP' }]);
});

test('at most maxEndpointsPerSubset addresses of a subset are mirrored', () => {
  const plan = planMirroring(ep([{ addresses: [{ ip: '10.0.0.1' }, { ip: '10.0.0.2' }, { ip: '10.0.0.3' }], ports: [{ port: 80 }] }]), [], 2);
  assert.equal(plan.toCreate[0]!.endpoints!.length, 2);
  assert.equal(plan.skipped, 1);
  assert.equal(plan.invalid, 0);
});

test('an unchanged slice stays, a changed one is rewritten under its name, extras go', () => {
  const first = planMirroring(ep([{ addresses: [{ ip: '10.0.0.1' }], ports: [{ port: 80 }] }]), [], 1000).toCreate[0]!;
  const stored = { ...first, metadata: { ...first.metadata, name: 'ext-aaaaa', generateName: undefined }, ports: [{ name: '', port: 80, protocol: 'TCP' }] };
  const extra = { ...stored, metadata: { ...stored.metadata, name: 'ext-bbbbb' } };
  const same = planMirroring(ep([{ addresses: [{ ip: '10.0.0.1' }], ports: [{ port: 80 }] }]), [stored, extra], 1000);
  assert.deepEqual([same.toCreate.length, same.toUpdate.length, same.toDelete.map((s) => s.metadata.name)], [0, 0, ['ext-bbbbb']]);
  const changed = planMirroring(ep([{ addresses: [{ ip: '10.0.0.9' }], ports: [{ port: 80 }] }]), [stored], 1000);
  assert.equal(changed.toUpdate[0]!.metadata.name, 'ext-aaaaa');
  assert.deepEqual(changed.toUpdate[0]!.endpoints![0]!.addresses, ['10.0.0.9']);
  const gone = planMirroring(ep([]), [stored], 1000);
  assert.deepEqual(gone.toDelete.map((s) => s.metadata.name), ['ext-aaaaa']);
});
