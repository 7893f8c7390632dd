import { test } from 'node:test';
import assert from 'node:assert/strict';
import { podTolerationRestriction } from './plugin.ts';
import { admitAndValidate, container, coreAttrs, namespacesOf, pod } from '../core-v1/testing.ts';

const ns = (annotations: Record<string, string> = {}) => namespacesOf({ metadata: { name: 'team', annotations } });
const DEFAULTS = 'scheduler.alpha.orch.io/defaultTolerations';
const WHITELIST = 'scheduler.alpha.orch.io/tolerationsWhitelist';
const bestEffort = () => pod('web');
const burstable = () => pod('web', [container('a', { requests: { cpu: '100m' } })]);

test("a new pod gets the namespace's default tolerations, merged without repeats", async () => {
  const plugin = podTolerationRestriction(ns({ [DEFAULTS]: '[{"key":"team","operator":"Equal","value":"a","effect":"NoSchedule"},{"key":"gpu","operator":"Exists"}]' }), undefined);
  const p = pod('web', undefined, { tolerations: [{ key: 'gpu', operator: 'Exists', effect: 'NoSchedule' }] });
  await admitAndValidate(plugin, coreAttrs('pods', p));
  // The pod's gpu toleration is covered by the namespace's broader one.
  assert.deepEqual(p.spec!.tolerations, [
    { key: 'team', operator: 'Equal', value: 'a', effect: 'NoSchedule' },
    { key: 'gpu', operator: 'Exists' },
  ]);
});

test('pods that ask for cpu or memory also tolerate memory pressure', async () => {
  const plugin = podTolerationRestriction(ns(), undefined);
  const p = burstable();
  await admitAndValidate(plugin, coreAttrs('pods', p));
  assert.deepEqual(p.spec!.tolerations, [{ key: 'node.orch.io/memory-pressure', operator: 'Exists', effect: 'NoSchedule' }]);
  const q = bestEffort();
  await admitAndValidate(plugin, coreAttrs('pods', q));
  assert.equal(q.spec!.tolerations, undefined);
});

test('the cluster default applies when the namespace sets none; an empty annotation means none', async () => {
  const config = { apiVersion: 'podtolerationrestriction.admission.orch.io/v1alpha1', kind: 'Configuration', default: [{ key: 'cluster', operator: 'Exists' }] };
  const p = bestEffort();
  await admitAndValidate(podTolerationRestriction(ns(), config), coreAttrs('pods', p));
  assert.deepEqual(p.spec!.tolerations, [{ key: 'cluster', operator: 'Exists' }]);
  const q = bestEffort();
  await admitAndValidate(podTolerationRestriction(ns({ [DEFAULTS]: '' }), config), coreAttrs('pods', q));
  assert.equal(q.spec!.tolerations, undefined);
});

test('tolerations outside the whitelist are refused, naming whose whitelist', async () => {
  const plugin = podTolerationRestriction(ns({ [WHITELIST]: '[{"key":"team","operator":"Exists"}]' }), undefined);
  await admitAndValidate(plugin, coreAttrs('pods', pod('ok', undefined, { tolerations: [{ key: 'team', operator: 'Equal', value: 'a' }] })));
  await assert.rejects(async () => admitAndValidate(plugin, coreAttrs('pods', pod('web', undefined, { tolerations: [{ key: 'other', operator: 'Exists' }] }))), (err: any) => {
    assert.equal(err.code, 403);
    assert.equal(err.message, 'pod tolerations (possibly merged with namespace default tolerations) conflict with its namespace whitelist');
    return true;
  });
  const config = { apiVersion: 'podtolerationrestriction.admission.orch.io/v1', kind: 'Configuration', whitelist: [{ key: 'cluster', operator: 'Exists' }] };
  await assert.rejects(async () => admitAndValidate(podTolerationRestriction(ns(), config), coreAttrs('pods', burstable())), {
    message: 'pod tolerations (possibly merged with namespace default tolerations) conflict with its cluster whitelist',
  });
});

test('a missing namespace is a 404; a malformed annotation a 403; a bad configuration stops start-up', async () => {
  await assert.rejects(async () => podTolerationRestriction(namespacesOf(), undefined).admit!(coreAttrs('pods', bestEffort())), { code: 404, message: 'namespaces "team" not found' });
  await assert.rejects(async () => podTolerationRestriction(ns({ [DEFAULTS]: '[{' }), undefined).admit!(coreAttrs('pods', bestEffort())), { code: 403 });
  assert.throws(() => podTolerationRestriction(ns(), { kind: 'Configuration', apiVersion: 'v1' }), /expected kind Configuration/);
});
