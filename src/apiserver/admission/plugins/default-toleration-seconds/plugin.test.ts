import { test } from 'node:test';
import assert from 'node:assert/strict';
import { defaultTolerationSeconds } from './plugin.ts';
import { coreAttrs, pod } from '../core-v1/testing.ts';

const plugin = defaultTolerationSeconds({ notReadySeconds: 300, unreachableSeconds: 120 });

test('a pod gets bounded not-ready and unreachable NoExecute tolerations', async () => {
  const p = pod('web', undefined, { tolerations: [{ key: 'gpu', operator: 'Exists', effect: 'NoSchedule' }] });
  await plugin.admit!(coreAttrs('pods', p));
  assert.deepEqual(p.spec!.tolerations, [
    { key: 'gpu', operator: 'Exists', effect: 'NoSchedule' },
    { key: 'node.orch.io/not-ready', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 },
    { key: 'node.orch.io/unreachable', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 120 },
  ]);
});

test('a toleration the pod already has for either taint, or for every key or effect, is kept as it is', async () => {
  const own = pod('web', undefined, { tolerations: [{ key: 'node.orch.io/not-ready', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 5 }] });
  await plugin.admit!(coreAttrs('pods', own));
  assert.deepEqual(own.spec!.tolerations!.map((t) => [t.key, t.tolerationSeconds]), [['node.orch.io/not-ready', 5], ['node.orch.io/unreachable', 120]]);
  const all = pod('web', undefined, { tolerations: [{ operator: 'Exists' }] });
  await plugin.admit!(coreAttrs('pods', all));
  assert.deepEqual(all.spec!.tolerations, [{ operator: 'Exists' }]);
  const anyEffect = pod('web', undefined, { tolerations: [{ key: 'node.orch.io/unreachable', operator: 'Exists' }] });
  await plugin.admit!(coreAttrs('pods', anyEffect));
  assert.deepEqual(anyEffect.spec!.tolerations!.map((t) => t.key), ['node.orch.io/unreachable', 'node.orch.io/not-ready']);
});

test('only pods themselves are changed', async () => {
  const p = pod('web');
  await plugin.admit!(coreAttrs('pods', p, { subresource: 'status' }));
  assert.equal(p.spec!.tolerations, undefined);
});
