import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Node } from '../../../../api/core/v1/node-types.ts';
import { taintNodesByCondition } from './plugin.ts';
import { coreAttrs } from '../core-v1/testing.ts';

test('a new node is tainted not-ready NoSchedule once', async () => {
  const plugin = taintNodesByCondition();
  const node: Node = { metadata: { name: 'n1' }, spec: { taints: [{ key: 'dedicated', value: 'db', effect: 'NoSchedule' }] } };
  await plugin.admit!(coreAttrs('nodes', node));
  assert.deepEqual(node.spec!.taints, [{ key: 'dedicated', value: 'db', effect: 'NoSchedule' }, { key: 'node.orch.io/not-ready', effect: 'NoSchedule' }]);
  const tainted: Node = { metadata: { name: 'n2' }, spec: { taints: [{ key: 'node.orch.io/not-ready', value: 'x', effect: 'NoSchedule' }] } };
  await plugin.admit!(coreAttrs('nodes', tainted));
  assert.equal(tainted.spec!.taints!.length, 1);
  const bare: Node = { metadata: { name: 'n3' } };
  await plugin.admit!(coreAttrs('nodes', bare));
  assert.deepEqual(bare.spec, { taints: [{ key: 'node.orch.io/not-ready', effect: 'NoSchedule' }] });
});

test('updates and status writes are not the plugin\'s business', () => {
  const plugin = taintNodesByCondition();
  assert.equal(plugin.handles('UPDATE'), false);
  const node: Node = { metadata: { name: 'n1' } };
  plugin.admit!(coreAttrs('nodes', node, { subresource: 'status' }));
  assert.equal(node.spec, undefined);
});
