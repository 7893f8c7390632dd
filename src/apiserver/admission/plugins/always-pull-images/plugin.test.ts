import { test } from 'node:test';
import assert from 'node:assert/strict';
import { alwaysPullImages } from './plugin.ts';
import { container, coreAttrs, pod } from '../core-v1/testing.ts';

test('every container of a new pod pulls always', async () => {
  const p = pod('web', [container('a', undefined, { imagePullPolicy: 'IfNotPresent' }), container('b')], { initContainers: [container('init', undefined, { imagePullPolicy: 'Never' })] });
  const plugin = alwaysPullImages();
  await plugin.admit!(coreAttrs('pods', p));
  assert.deepEqual([...p.spec!.initContainers!, ...p.spec!.containers].map((c) => c.imagePullPolicy), ['Always', 'Always', 'Always']);
  await plugin.validate!(coreAttrs('pods', p));
});

test('an update that brings no new image is left alone; one that does is changed', async () => {
  const plugin = alwaysPullImages();
  const old = pod('web', [container('a', undefined, { imagePullPolicy: 'IfNotPresent' })]);
  const same = structuredClone(old);
  await plugin.admit!(coreAttrs('pods', same, { operation: 'UPDATE', oldObject: old }));
  assert.equal(same.spec!.containers[0]!.imagePullPolicy, 'IfNotPresent');
  await plugin.validate!(coreAttrs('pods', same, { operation: 'UPDATE', oldObject: old }));
  const changed = pod('web', [container('a', undefined, { image: 'a:2', imagePullPolicy: 'IfNotPresent' })]);
  await plugin.admit!(coreAttrs('pods', changed, { operation: 'UPDATE', oldObject: old }));
  assert.equal(changed.spec!.containers[0]!.imagePullPolicy, 'Always');
});

test('a pod changed back after the mutation is refused with every container named, as a 403', async () => {
  const plugin = alwaysPullImages();
  const one = pod('web', [container('a', undefined, { imagePullPolicy: 'IfNotPresent' })]);
  await assert.rejects(async () => plugin.validate!(coreAttrs('pods', one)), (err: any) => {
    assert.equal(err.code, 403);
    assert.equal(err.message, 'pods "web" is forbidden: spec.containers[0].imagePullPolicy: Unsupported value: "IfNotPresent": supported values: "Always"');
    return true;
  });
  const two = pod('web', [container('a', undefined, { imagePullPolicy: 'Never' }), container('b')]);
  await assert.rejects(async () => plugin.validate!(coreAttrs('pods', two)), {
    message: '[pods "web" is forbidden: spec.containers[0].imagePullPolicy: Unsupported value: "Never": supported values: "Always", pods "web" is forbidden: spec.containers[1].imagePullPolicy: Unsupported value: "": supported values: "Always"]',
  });
});

test('other resources and subresources are not touched', async () => {
  const plugin = alwaysPullImages();
  const p = pod('web', [container('a', undefined, { imagePullPolicy: 'Never' })]);
  await plugin.admit!(coreAttrs('pods', p, { subresource: 'status' }));
  await plugin.validate!(coreAttrs('pods', p, { subresource: 'status' }));
  assert.equal(p.spec!.containers[0]!.imagePullPolicy, 'Never');
});
