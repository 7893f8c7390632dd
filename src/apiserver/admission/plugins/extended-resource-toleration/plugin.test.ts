import { test } from 'node:test';
import assert from 'node:assert/strict';
import { extendedResourceToleration } from './plugin.ts';
import { container, coreAttrs, pod } from '../core-v1/testing.ts';

test('a pod asking for extended resources tolerates their taints, in name order', async () => {
  const p = pod('web', [container('a', { requests: { cpu: '1', 'example.com/gpu': '1' } })], {
    initContainers: [container('i', { requests: { 'acme.io/fpga': '2', memory: '1Gi' } })],
  });
  await extendedResourceToleration().admit!(coreAttrs('pods', p));
  assert.deepEqual(p.spec!.tolerations, [
    { key: 'acme.io/fpga', operator: 'Exists', effect: 'NoSchedule' },
    { key: 'example.com/gpu', operator: 'Exists', effect: 'NoSchedule' },
  ]);
});

test('a matching toleration is replaced in place; native and orch.io resources need none', async () => {
  const p = pod('web', [container('a', { requests: { 'example.com/gpu': '1', 'orch.io/thing': '1', 'hugepages-2Mi': '2Mi' } })], {
    tolerations: [{ key: 'x', operator: 'Exists' }, { key: 'example.com/gpu', operator: 'Exists', effect: 'NoSchedule', tolerationSeconds: 1 }],
  });
  await extendedResourceToleration().admit!(coreAttrs('pods', p));
  assert.deepEqual(p.spec!.tolerations, [{ key: 'x', operator: 'Exists' }, { key: 'example.com/gpu', operator: 'Exists', effect: 'NoSchedule' }]);
  const plain = pod('web', [container('a', { requests: { cpu: '1' } })]);
  await extendedResourceToleration().admit!(coreAttrs('pods', plain));
  assert.equal(plain.spec!.tolerations, undefined);
});
