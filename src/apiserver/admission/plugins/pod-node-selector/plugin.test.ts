import { test } from 'node:test';
import assert from 'node:assert/strict';
import { podNodeSelector } from './plugin.ts';
import { admitAndValidate, coreAttrs, namespacesOf, pod } from '../core-v1/testing.ts';

const ns = (annotations?: Record<string, string>) => ({ metadata: { name: 'team', ...(annotations ? { annotations } : {}) } });
const annotated = (selector: string) => ns({ 'scheduler.alpha.orch.io/node-selector': selector });

test("the namespace's node selector is merged into the pod's", async () => {
  const plugin = podNodeSelector(namespacesOf(annotated('env=prod, tier=web')), undefined);
  const p = pod('web', undefined, { nodeSelector: { disk: 'ssd' } });
  await admitAndValidate(plugin, coreAttrs('pods', p));
  assert.deepEqual(p.spec!.nodeSelector, { env: 'prod', tier: 'web', disk: 'ssd' });
});

test('a pod selector that contradicts the namespace is refused', async () => {
  const plugin = podNodeSelector(namespacesOf(annotated('env=prod')), undefined);
  await assert.rejects(async () => plugin.admit!(coreAttrs('pods', pod('web', undefined, { nodeSelector: { env: 'dev' } }))), {
    code: 403,
    message: 'pods "web" is forbidden: pod node label selector conflicts with its namespace node label selector',
  });
});

test('the cluster default applies to namespaces without the annotation; the whitelist bounds the result', async () => {
  const config = { podNodeSelectorPluginConfig: { clusterDefaultNodeSelector: 'region=eu', team: 'region=eu,env=prod' } };
  const plugin = podNodeSelector(namespacesOf(ns()), config);
  const p = pod('web', undefined, { nodeSelector: { env: 'prod' } });
  await admitAndValidate(plugin, coreAttrs('pods', p));
  assert.deepEqual(p.spec!.nodeSelector, { region: 'eu', env: 'prod' });
  await assert.rejects(async () => admitAndValidate(plugin, coreAttrs('pods', pod('db', undefined, { nodeSelector: { disk: 'ssd' } }))), {
    code: 403,
    message: 'pods "db" is forbidden: pod node label selector labels conflict with its namespace whitelist',
  });
});

test('an empty annotation overrides the cluster default; no selector at all adds nothing', async () => {
  const plugin = podNodeSelector(namespacesOf(annotated('')), { podNodeSelectorPluginConfig: { clusterDefaultNodeSelector: 'region=eu' } });
  const p = pod('web');
  await admitAndValidate(plugin, coreAttrs('pods', p));
  assert.equal(p.spec!.nodeSelector, undefined);
});

test('a malformed annotation is refused with Kubernetes\' message, as a 403', async () => {
  const plugin = podNodeSelector(namespacesOf(annotated('env')), undefined);
  await assert.rejects(async () => plugin.admit!(coreAttrs('pods', pod('web'))), (err: any) => {
    assert.equal(err.code, 403);
    assert.equal(err.message, 'invalid selector: [env]');
    assert.equal(err.status.reason, 'Forbidden');
    return true;
  });
});
