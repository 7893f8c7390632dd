// --allow-privileged as Kubernetes has it: off, a privileged container is refused by validation;
// on (as orch up runs), Pod Security decides per namespace: restricted refuses it, privileged admits it.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startCoreApiserver, type CoreApiserver } from '../support/core-apiserver.ts';

let off: CoreApiserver;
let on: CoreApiserver;
before(async () => {
  // One at a time: the setting is the server process's, as in Kubernetes.
  off = await startCoreApiserver();
});
after(async () => {
  await off?.stop();
  await on?.stop();
});

function privileged(name: string) {
  return { metadata: { name }, spec: { containers: [{ name: 'app', image: 'nginx', securityContext: { privileged: true } }] } };
}

test('without --allow-privileged a privileged container is refused, naming the field', async () => {
  const r = await off.call('POST', '/api/v1/namespaces/default/pods', privileged('root'));
  assert.equal(r.status, 422, JSON.stringify(r.body));
  assert.deepEqual(r.body.details.causes, [{ reason: 'FieldValueForbidden', message: 'Forbidden: disallowed by cluster policy', field: 'spec.containers[0].securityContext.privileged' }]);
  await off.stop();
});

test('with --allow-privileged, restricted namespaces refuse it and others admit it', async () => {
  on = await startCoreApiserver({ 'allow-privileged': true });
  const ns = await on.call('POST', '/api/v1/namespaces', { metadata: { name: 'locked', labels: { 'pod-security.orch.io/enforce': 'restricted' } } });
  assert.equal(ns.status, 201, JSON.stringify(ns.body));
  const refused = await on.call('POST', '/api/v1/namespaces/locked/pods', privileged('root'));
  assert.equal(refused.status, 403, JSON.stringify(refused.body));
  assert.match(refused.body.message, /^pods "root" is forbidden: violates PodSecurity "restricted:latest": privileged \(container "app" must not set securityContext\.privileged=true\)/);
  const admitted = await on.call('POST', '/api/v1/namespaces/default/pods', privileged('root'));
  assert.equal(admitted.status, 201, JSON.stringify(admitted.body));
});
