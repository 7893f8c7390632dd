// The resource group's defaults, validation and update rules, without a server.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { DeviceClaim, ResourceClaim, ResourceSlice, ResourceSliceSpec } from '../../../api/resource/v1/types.ts';
import { defaultDeviceClaim, defaultResourceSliceSpec } from './defaults.ts';
import { validateSelectorExpression } from './cel-selector.ts';
import { validateDeviceClaim } from './device-claim.ts';
import { errorString } from '../../../machinery/validation/field-error.ts';
import { validateFullyQualifiedName, validatePoolName, validateQualifiedName } from './names.ts';
import { resourceClaimStatusStrategy, resourceClaimStrategy } from './resourceclaims/strategy.ts';
import { resourceClaimState } from './resourceclaims/table.ts';
import { validateResourceSlice } from './resourceslices/validation.ts';
import { validateDeviceClassUpdate } from './deviceclasses/validation.ts';

const messages = (errs: { field: string; type: any; badValue: any; detail: string }[]) => errs.map((e) => errorString(e as any));

test('requests default to ExactCount and one device; All leaves count alone; taints get timeAdded', () => {
  const claim: DeviceClaim = {
    requests: [
      { name: 'a', exactly: { deviceClassName: 'c' } },
      { name: 'b', exactly: { deviceClassName: 'c', allocationMode: 'All' } },
      { name: 'c', firstAvailable: [{ name: 'x', deviceClassName: 'c', count: 3 }] },
    ],
  };
  defaultDeviceClaim(claim);
  assert.deepEqual(claim.requests!.map((r) => r.exactly ?? r.firstAvailable![0]).map((a) => [a!.allocationMode, a!.count]), [['ExactCount', 1], ['All', undefined], ['ExactCount', 3]]);
  const spec: ResourceSliceSpec = { driver: 'd', pool: { name: 'p', generation: 0, resourceSliceCount: 1 }, devices: [{ name: 'x', taints: [{ key: 'k', effect: 'None' }] }] };
  defaultResourceSliceSpec(spec, new Date('2026-01-02T03:04:05.678Z'));
  assert.equal(spec.devices![0]!.taints![0]!.timeAdded, '2026-01-02T03:04:05Z');
});

test('CEL selectors: syntax errors and non-boolean results are refused, DRA library calls accepted', () => {
  assert.deepEqual(validateSelectorExpression('device.driver == "a" && device.attributes["a"].model == "x"', 'p'), []);
  assert.deepEqual(validateSelectorExpression('device.capacity["a"].mem.compareTo(quantity("1Gi")) >= 0', 'p'), []);
  assert.deepEqual(validateSelectorExpression('device.attributes["a"].v.isGreaterThan(semver("1.0.0"))', 'p'), []);
  assert.match(messages(validateSelectorExpression('device.driver ==', 'p'))[0]!, /^p: Invalid value: "device.driver ==": compilation failed: /);
  assert.match(messages(validateSelectorExpression('undefined_thing == 1', 'p'))[0]!, /compilation failed: Unknown variable/);
  assert.deepEqual(messages(validateSelectorExpression('1', 'p')), ['p: Invalid value: "1": must evaluate to bool']);
  assert.deepEqual(messages(validateSelectorExpression('x'.repeat(10 * 1024 + 1), 'p')), ['p: Too long: may not be more than 10240 bytes']);
});

test('names: qualified attribute names, fully qualified ones, pool names', () => {
  assert.deepEqual(validateQualifiedName('model', 'a'), []);
  assert.deepEqual(validateQualifiedName('gpu.example.com/model_2', 'a'), []);
  assert.match(messages(validateQualifiedName('2model', 'a'))[0]!, /a valid C identifier must start with alphabetic character/);
  assert.deepEqual(messages(validateQualifiedName('/x', 'a')), ['a: Invalid value: "": the domain must not be empty']);
  assert.deepEqual(messages(validateFullyQualifiedName('model', 'a')), ['a: Invalid value: "model": a fully qualified name must be a domain and a name separated by a slash']);
  assert.deepEqual(validatePoolName('node-1/pool.a', 'p'), []);
  assert.deepEqual(messages(validatePoolName('', 'p')), ['p: Required value']);
});

test('a claim\'s requests must be within limits; stored CEL is not checked again', () => {
  const many: DeviceClaim = { requests: Array.from({ length: 33 }, (_, i) => ({ name: `r${i}`, exactly: { deviceClassName: 'c', allocationMode: 'ExactCount', count: 1 } })) };
  assert.deepEqual(messages(validateDeviceClaim(many, 'spec.devices')), ['spec.devices.requests: Too many: 33: must have at most 32 items']);
  const bad: DeviceClaim = { requests: [{ name: 'a', exactly: { deviceClassName: 'c', allocationMode: 'ExactCount', count: 1, selectors: [{ cel: { expression: '(' } }] } }] };
  assert.equal(validateDeviceClaim(bad, 's').length, 1);
  assert.equal(validateDeviceClaim(bad, 's', true).length, 0);
  const tolerations: DeviceClaim = { requests: [{ name: 'a', exactly: { deviceClassName: 'c', allocationMode: 'ExactCount', count: 1, tolerations: [{ operator: 'Exists', value: 'v' }, { operator: 'Sometimes', effect: 'PreferNoSchedule' }] } }] };
  assert.deepEqual(messages(validateDeviceClaim(tolerations, 's')), [
    's.requests[0].exactly.tolerations[0].value: Invalid value: "v": must be empty for operator `Exists`',
    's.requests[0].exactly.tolerations[1].operator: Unsupported value: "Sometimes": supported values: "Equal", "Exists"',
    's.requests[0].exactly.tolerations[1].effect: Unsupported value: "PreferNoSchedule": supported values: "NoExecute", "NoSchedule", "None"',
  ]);
});

test('claims: the main resource keeps the status, /status keeps spec and metadata', () => {
  const old: ResourceClaim = { metadata: { name: 'c', labels: { a: 'b' } }, spec: { devices: { requests: [] } }, status: { reservedFor: [] } };
  const created: ResourceClaim = { metadata: { name: 'c' }, spec: {}, status: { allocation: {} } };
  resourceClaimStrategy.prepareForCreate(created);
  assert.deepEqual(created.status, {});
  const main: ResourceClaim = { metadata: { name: 'c' }, spec: { devices: {} }, status: { allocation: {} } };
  resourceClaimStrategy.prepareForUpdate(main, old);
  assert.deepEqual(main.status, { reservedFor: [] });
  const status: ResourceClaim = { metadata: { name: 'c', labels: { x: 'y' } }, spec: { devices: {} }, status: { allocation: {} } };
  resourceClaimStatusStrategy.prepareForUpdate(status, old);
  assert.deepEqual([status.spec, status.metadata.labels, status.status], [{ devices: { requests: [] } }, { a: 'b' }, { allocation: {} }]);
  assert.equal(resourceClaimState({ metadata: { deletionTimestamp: 'now' }, spec: {} }), 'deleted');
});

test('slices: per-device node selection only with perDeviceNodeSelection; counters not with devices', () => {
  const slice = (spec: Record<string, unknown>): ResourceSlice => ({ metadata: { name: 's' }, spec: { driver: 'd.example.com', pool: { name: 'p', generation: 0, resourceSliceCount: 1 }, ...spec } as any });
  const perDevice = validateResourceSlice(slice({ allNodes: true, devices: [{ name: 'x', nodeName: 'n' }] }));
  assert.deepEqual(perDevice.map((c) => c.message), ['Invalid value: null: `nodeName`, `nodeSelector` and `allNodes` can only be set if `perDeviceNodeSelection` is set to true in the ResourceSlice spec']);
  const ok = validateResourceSlice(slice({ perDeviceNodeSelection: true, devices: [{ name: 'x', nodeName: 'n' }] }));
  assert.deepEqual(ok, []);
  const both = validateResourceSlice(slice({ allNodes: true, devices: [], sharedCounters: [{ name: 'c', counters: { mem: { value: '1' } } }] }));
  assert.deepEqual(both.map((c) => `${c.field}: ${c.message}`), ['spec: Invalid value: "": only one of `sharedCounters` or `devices` is allowed']);
});

test('a class update does not check selectors it left as they were', () => {
  const spec = { selectors: [{ cel: { expression: 'not valid (' } }] };
  const old = { metadata: { name: 'c', resourceVersion: '1' }, spec };
  assert.deepEqual(validateDeviceClassUpdate({ metadata: { name: 'c', resourceVersion: '1', labels: { a: 'b' } }, spec }, old), []);
  assert.equal(validateDeviceClassUpdate({ metadata: { name: 'c', resourceVersion: '1' }, spec: { selectors: [{ cel: { expression: 'not valid ((' } }] } }, old).length, 1);
});
