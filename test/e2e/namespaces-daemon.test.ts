// The orch-apiserver daemon as shipped: after start-up the four system namespaces, the identity
// lease and the authentication info config map exist, and NamespaceLifecycle is on by default.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { daemonDir, eventually, startDaemon } from '../support/daemon.ts';

test('the daemon creates the system namespaces, the identity lease and extension-apiserver-authentication', async (t) => {
  const daemon = await startDaemon(t, daemonDir(t), (pki) => ['--client-ca-file', pki.caCertFile]);
  const get = (path: string, method = 'GET') => daemon.send(method, path);

  const names = (await get('/api/v1/namespaces')).body.items.map((n: any) => n.metadata.name).sort();
  assert.deepEqual(names, ['default', 'orch-node-lease', 'orch-public', 'orch-system']);
  // Written just after start, as Kubernetes does: /readyz does not wait for it.
  const leases = await eventually('the identity lease', async () => {
    const r = await get('/apis/coordination.orch.io/v1/namespaces/orch-system/leases?labelSelector=apiserver.orch.io%2Fidentity%3Dorch-apiserver');
    return r.body.items?.length ? r : undefined;
  });
  assert.equal(leases.body.items.length, 1);
  const cm = await get('/api/v1/namespaces/orch-system/configmaps/extension-apiserver-authentication');
  assert.equal(cm.status, 200);
  assert.match(cm.body.data['client-ca-file'] ?? '', /BEGIN CERTIFICATE/);
  const refused = await get('/api/v1/namespaces/default', 'DELETE');
  assert.equal(refused.status, 403);
});
