// resource.orch.io/v1beta1 to v1 and back: requests with and without alternatives, one with both
// (kept for validation to refuse), devices under basic, and what has no v1beta1 difference.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { claimFromV1, claimToV1, sliceFromV1, sliceToV1 } from './conversion.ts';

const claim = (requests: unknown[]) => ({ metadata: { name: 'c' }, spec: { devices: { requests, constraints: [{ requests: ['gpu'], matchAttribute: 'x.example.com/numa' }] } } }) as any;

test('a request\'s own fields go under exactly; alternatives stay; back again', () => {
  const beta = claim([
    { name: 'gpu', deviceClassName: 'gpu.example.com', selectors: [{ cel: { expression: 'true' } }], allocationMode: 'ExactCount', count: 2, tolerations: [{ key: 'k', operator: 'Exists' }] },
    { name: 'any', firstAvailable: [{ name: 'big', deviceClassName: 'big.example.com' }] },
  ]);
  const v1 = claimToV1(beta);
  assert.deepEqual(v1.spec.devices!.requests, [
    { name: 'gpu', exactly: { deviceClassName: 'gpu.example.com', selectors: [{ cel: { expression: 'true' } }], allocationMode: 'ExactCount', count: 2, tolerations: [{ key: 'k', operator: 'Exists' }] } },
    { name: 'any', firstAvailable: [{ name: 'big', deviceClassName: 'big.example.com' }] },
  ]);
  assert.deepEqual(v1.spec.devices!.constraints, beta.spec.devices.constraints);
  assert.deepEqual(claimFromV1(v1), beta);
  assert.equal(beta.spec.devices.requests[0].exactly, undefined, 'the argument is left as it was');
});

test('a request with both its own fields and alternatives keeps both, for validation to refuse', () => {
  const v1 = claimToV1(claim([{ name: 'r', count: 1, firstAvailable: [{ name: 'a', deviceClassName: 'a' }] }]));
  assert.deepEqual(v1.spec.devices!.requests![0], { name: 'r', exactly: { deviceClassName: '', count: 1 }, firstAvailable: [{ name: 'a', deviceClassName: 'a' }] });
});

test('a request with only a name has neither; zero values do not make an exact request', () => {
  assert.deepEqual(claimToV1(claim([{ name: 'r' }])).spec.devices!.requests![0], { name: 'r' });
  assert.deepEqual(claimToV1(claim([{ name: 'r', deviceClassName: '', count: 0 }])).spec.devices!.requests![0], { name: 'r' });
});

test('a device\'s basic is the v1 device without its name', () => {
  const beta = { metadata: { name: 's' }, spec: { driver: 'd.example.com', pool: { name: 'p', generation: 1, resourceSliceCount: 1 }, nodeName: 'n', devices: [{ name: 'gpu-0', basic: { attributes: { model: { string: 'a100' } }, capacity: { memory: { value: '40Gi' } }, taints: [{ key: 'k', effect: 'NoSchedule' }] } }] } } as any;
  const v1 = sliceToV1(beta);
  assert.deepEqual(v1.spec.devices, [{ name: 'gpu-0', attributes: { model: { string: 'a100' } }, capacity: { memory: { value: '40Gi' } }, taints: [{ key: 'k', effect: 'NoSchedule' }] }]);
  assert.deepEqual(sliceFromV1(v1), beta);
  assert.deepEqual(sliceFromV1({ ...v1, spec: { ...v1.spec, devices: [{ name: 'bare' }] } }).spec.devices, [{ name: 'bare', basic: {} }]);
});
