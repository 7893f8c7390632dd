// Server-side apply and patches of pods: list items keyed by a defaulted key (a container port
// without protocol is TCP), and a patched pod decoded with the kind's defaults like any body.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startCoreApiserver, type CoreApiserver } from '../support/core-apiserver.ts';

let s: CoreApiserver;
before(async () => {
  s = await startCoreApiserver();
});
after(() => s.stop());

const PODS = '/api/v1/namespaces/default/pods';
const APPLY = { 'content-type': 'application/apply-patch+yaml' };
const MERGE = { 'content-type': 'application/merge-patch+json' };

function applied(image: string) {
  return { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'applied' }, spec: { containers: [{ name: 'web', image, ports: [{ containerPort: 80 }] }] } };
}

test('applying a pod twice keys its port by the default protocol: one port, owned once', async () => {
  const first = await s.call('PATCH', `${PODS}/applied?fieldManager=deployer`, applied('nginx:1.27'), APPLY);
  assert.equal(first.status, 201, JSON.stringify(first.body));
  assert.deepEqual(first.body.spec.containers[0].ports, [{ containerPort: 80, protocol: 'TCP' }]);
  const second = await s.call('PATCH', `${PODS}/applied?fieldManager=deployer`, applied('nginx:1.28'), APPLY);
  assert.equal(second.status, 200, JSON.stringify(second.body));
  assert.equal(second.body.spec.containers[0].image, 'nginx:1.28');
  assert.deepEqual(second.body.spec.containers[0].ports, [{ containerPort: 80, protocol: 'TCP' }]);
  const owned = second.body.metadata.managedFields.find((m: any) => m.manager === 'deployer').fieldsV1;
  const container = owned['f:spec']['f:containers']['k:{"name":"web"}'];
  assert.deepEqual(Object.keys(container['f:ports']), ['k:{"containerPort":80,"protocol":"TCP"}']);
});

test('a merge patch that drops a defaulted field gets the default back', async () => {
  const patched = await s.call('PATCH', `${PODS}/applied`, { spec: { containers: [{ name: 'web', image: 'nginx:1.28', imagePullPolicy: null, ports: [{ containerPort: 80 }] }] } }, MERGE);
  assert.equal(patched.status, 200, JSON.stringify(patched.body));
  assert.equal(patched.body.spec.containers[0].imagePullPolicy, 'IfNotPresent');
  assert.equal(patched.body.spec.containers[0].terminationMessagePath, '/dev/termination-log');
});
