// The clusterrole-aggregation controller end to end: a ClusterRole with an aggregationRule collects
// the rules of the roles its selectors match, follows their changes and deletions, and writes as
// the field manager clusterrole-aggregation-controller. Aggregation chains, as admin <- edit <- view
// do in Kubernetes.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startCoreApiserver, type CoreApiserver } from '../support/core-apiserver.ts';
import { makeTempDir } from '../support/apiserver.ts';
import { type SpawnedControllerManager } from '../../src/controllermanager/testing/spawn.ts';
import { controllerWaiter, startControllers, stopControllers } from '../support/controller-manager.ts';

let s: CoreApiserver;
let cm: SpawnedControllerManager;
const ROLES = '/apis/rbac.authorization.orch.io/v1/clusterroles';

before(async () => {
  s = await startCoreApiserver();
  ({ cm } = await startControllers(s, makeTempDir('orch-agg-'), ['--controllers=clusterrole-aggregation-controller', '-v=2'], /Started controllers/));
});
after(async () => {
  await stopControllers(cm);
  await s?.stop();
});

const waitFor = controllerWaiter(() => cm);

const rule = (verb: string, resource: string) => ({ verbs: [verb], apiGroups: [''], resources: [resource] });
const rulesOf = async (name: string) => (await s.call('GET', `${ROLES}/${name}`)).body.rules ?? [];
const rulesBecome = (name: string, want: unknown[]) =>
  waitFor(`${name} rules ${JSON.stringify(want)}`, async () => {
    const rules = await rulesOf(name);
    return JSON.stringify(rules) === JSON.stringify(want) ? rules : undefined;
  });

test('an aggregated role collects, follows and drops the matching roles\' rules', async () => {
  const post = async (body: unknown) => assert.equal((await s.call('POST', ROLES, body)).status, 201);
  await post({ metadata: { name: 'agg-b', labels: { 'example.com/agg': 'yes' } }, rules: [rule('list', 'pods'), rule('get', 'pods')] });
  await post({ metadata: { name: 'agg-a', labels: { 'example.com/agg': 'yes' } }, rules: [rule('get', 'pods'), rule('get', 'secrets')] });
  await post({ metadata: { name: 'not-selected', labels: { 'example.com/agg': 'no' } }, rules: [rule('delete', 'pods')] });
  await post({ metadata: { name: 'aggregated' }, aggregationRule: { clusterRoleSelectors: [{ matchLabels: { 'example.com/agg': 'yes' } }] } });
  // By name: agg-a first; the shared rule once.
  await rulesBecome('aggregated', [rule('get', 'pods'), rule('get', 'secrets'), rule('list', 'pods')]);

  const b = (await s.call('GET', `${ROLES}/agg-b`)).body;
  b.rules = [rule('watch', 'configmaps')];
  assert.equal((await s.call('PUT', `${ROLES}/agg-b`, b)).status, 200);
  await rulesBecome('aggregated', [rule('get', 'pods'), rule('get', 'secrets'), rule('watch', 'configmaps')]);

  assert.equal((await s.call('DELETE', `${ROLES}/agg-a`)).status, 200);
  await rulesBecome('aggregated', [rule('watch', 'configmaps')]);

  const role = (await s.call('GET', `${ROLES}/aggregated`)).body;
  assert.ok(role.metadata.managedFields.some((f: { manager: string; operation: string }) => f.manager === 'clusterrole-aggregation-controller' && f.operation === 'Apply'), JSON.stringify(role.metadata.managedFields));

  // Rules written by hand into an aggregated role are replaced by the aggregate.
  role.rules = [rule('*', '*')];
  assert.equal((await s.call('PUT', `${ROLES}/aggregated`, role)).status, 200);
  await rulesBecome('aggregated', [rule('watch', 'configmaps')]);
});

test('aggregation chains: a leaf labelled into view reaches edit and admin', async () => {
  const label = (to: string) => ({ [`example.com/aggregate-to-${to}`]: 'true' });
  const selecting = (to: string) => ({ clusterRoleSelectors: [{ matchLabels: label(to) }] });
  const post = async (body: unknown) => assert.equal((await s.call('POST', ROLES, body)).status, 201);
  await post({ metadata: { name: 'my-admin' }, aggregationRule: selecting('admin') });
  await post({ metadata: { name: 'my-edit', labels: label('admin') }, aggregationRule: selecting('edit') });
  await post({ metadata: { name: 'my-view', labels: label('edit') }, aggregationRule: selecting('view') });
  await post({ metadata: { name: 'widgets-view', labels: label('view') }, rules: [{ verbs: ['get'], apiGroups: ['example.com'], resources: ['widgets'] }] });
  for (const name of ['my-view', 'my-edit', 'my-admin']) {
    await rulesBecome(name, [{ verbs: ['get'], apiGroups: ['example.com'], resources: ['widgets'] }]);
  }
});
