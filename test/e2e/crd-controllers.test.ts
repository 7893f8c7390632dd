// Custom resources under the same machinery as built-in kinds: server-side apply merges a list
// keyed by name between managers; the garbage collector deletes a custom resource whose owner
// went (and a config map owned by a custom resource); the namespace controller deletes custom
// resources with their namespace; a ResourceQuota counts them as count/<plural>.<group>.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startCoreApiserver, type CoreApiserver } from '../support/core-apiserver.ts';
import { makeTempDir } from '../support/apiserver.ts';
import { eventually } from '../support/daemon.ts';
import type { SpawnedControllerManager } from '../../src/controllermanager/testing/spawn.ts';
import { startControllers, stopControllers } from '../support/controller-manager.ts';
import { widget, widgetCrd, WIDGET_GROUP } from '../support/crd-fixtures.ts';

let s: CoreApiserver;
let cm: SpawnedControllerManager;
const widgets = (ns: string) => `/apis/${WIDGET_GROUP}/v1/namespaces/${ns}/widgets`;

before(async () => {
  s = await startCoreApiserver();
  assert.equal((await s.call('POST', '/apis/apiextensions.k8s.io/v1/customresourcedefinitions', widgetCrd())).status, 201);
  await eventually('served', async () => (await s.call('GET', widgets('default'))).status === 200);
  ({ cm } = await startControllers(
    s,
    makeTempDir('orch-crd-cm-'),
    ['--controllers=garbage-collector-controller,namespace-controller,resourcequota-controller', '--namespace-sync-period=2s', '-v=2'],
    /Garbage collector synced/,
  ));
});
after(async () => {
  await stopControllers(cm);
  await s?.stop();
});


test('server-side apply merges a list with map keys between field managers', async () => {
  const apply = (manager: string, body: unknown) =>
    s.call('PATCH', `${widgets('default')}/applied?fieldManager=${manager}`, JSON.stringify(body), { 'content-type': 'application/apply-patch+yaml' });
  const a = await apply('team-a', widget('applied', { color: 'red', ports: [{ name: 'http', port: 80 }] }));
  assert.equal(a.status, 201, JSON.stringify(a.body));
  const b = await apply('team-b', widget('applied', { color: 'red', ports: [{ name: 'https', port: 443 }] }));
  assert.equal(b.status, 200, JSON.stringify(b.body));
  assert.deepEqual(b.body.spec.ports.map((p: any) => p.name).sort(), ['http', 'https']);
  const conflict = await apply('team-b', widget('applied', { color: 'blue' }));
  assert.equal(conflict.status, 409, 'a field another manager owns conflicts');
  assert.match(conflict.body.message, /conflict with "team-a"/);
});

test('the garbage collector deletes a custom resource whose owner is gone, and what a custom resource owns', async () => {
  const owner = await s.call('POST', '/api/v1/namespaces/default/configmaps', { metadata: { name: 'widget-owner' } });
  const dependent = widget('owned', { color: 'green' }) as any;
  dependent.metadata.ownerReferences = [{ apiVersion: 'v1', kind: 'ConfigMap', name: 'widget-owner', uid: owner.body.metadata.uid }];
  const created = await s.call('POST', widgets('default'), dependent);
  assert.equal(created.status, 201, JSON.stringify(created.body));
  const cmOwned = await s.call('POST', '/api/v1/namespaces/default/configmaps', {
    metadata: { name: 'owned-by-widget', ownerReferences: [{ apiVersion: `${WIDGET_GROUP}/v1`, kind: 'Widget', name: 'owned', uid: created.body.metadata.uid }] },
  });
  assert.equal(cmOwned.status, 201);
  await s.call('DELETE', '/api/v1/namespaces/default/configmaps/widget-owner');
  await eventually('the widget is collected', async () => (await s.call('GET', `${widgets('default')}/owned`)).status === 404, 20_000);
  await eventually('and what it owned', async () => (await s.call('GET', '/api/v1/namespaces/default/configmaps/owned-by-widget')).status === 404, 20_000);
});

test('a quota counts custom resources; deleting the namespace deletes them', async () => {
  assert.equal((await s.call('POST', '/api/v1/namespaces', { metadata: { name: 'shop' } })).status, 201);
  const quota = await s.call('POST', '/api/v1/namespaces/shop/resourcequotas', { metadata: { name: 'widgets' }, spec: { hard: { [`count/widgets.${WIDGET_GROUP}`]: '2' } } });
  assert.equal(quota.status, 201, JSON.stringify(quota.body));
  // Admission counts against status.used, which the quota controller fills in first.
  await eventually('the quota has its usage', async () => (await s.call('GET', '/api/v1/namespaces/shop/resourcequotas/widgets')).body.status?.used?.[`count/widgets.${WIDGET_GROUP}`] !== undefined, 20_000);
  for (const n of ['w1', 'w2']) assert.equal((await s.call('POST', widgets('shop'), widget(n, { color: 'red' }))).status, 201);
  const third = await s.call('POST', widgets('shop'), widget('w3', { color: 'red' }));
  assert.equal(third.status, 403, JSON.stringify(third.body));
  assert.match(third.body.message, /exceeded quota: widgets/);
  assert.equal((await s.call('DELETE', '/api/v1/namespaces/shop')).status, 200);
  await eventually('the namespace and its widgets are gone', async () => (await s.call('GET', '/api/v1/namespaces/shop')).status === 404, 30_000);
  assert.deepEqual((await s.call('GET', `/apis/${WIDGET_GROUP}/v1/widgets`)).body.items.filter((w: any) => w.metadata.namespace === 'shop'), []);
});
