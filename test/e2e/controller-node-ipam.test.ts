// The node-ipam controller end to end: orch-apiserver as `orch up` runs it and the real
// orch-controller-manager with --allocate-node-cidrs over a dual-stack pair of small cluster
// CIDRs (two node ranges each). A node registered with its own ranges keeps them and they are
// taken; a new node gets the free pair; one more finds none (CIDRNotAvailable) until a node is
// deleted, and gets the freed pair at its next update. Nodes are written directly, as a node
// agent with no pod CIDR of its own would register them.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { makeTempDir } from '../support/apiserver.ts';
import { deferredHooks, startDaemon, type StorageDaemon } from '../support/daemon.ts';
import type { SpawnedControllerManager } from '../../src/controllermanager/testing/spawn.ts';
import { controllerWaiter, startControllers, stopControllers } from '../support/controller-manager.ts';

let daemon: StorageDaemon;
let cm: SpawnedControllerManager;
const hooks = deferredHooks();

interface NodeLike {
  metadata: { name: string };
  spec: { podCIDR?: string; podCIDRs?: string[] };
}

const createNode = async (name: string, podCIDRs?: string[]) => {
  const r = await daemon.call('POST', '/api/v1/nodes', { metadata: { name }, spec: podCIDRs ? { podCIDR: podCIDRs[0], podCIDRs } : {} });
  assert.equal(r.status, 201, r.text);
};
const node = async (name: string) => (await daemon.call('GET', `/api/v1/nodes/${name}`)).body as NodeLike;

before(async () => {
  const dir = makeTempDir('orch-node-ipam-');
  daemon = await startDaemon(hooks, dir, []);
  await createNode('existing', ['10.100.0.0/24', 'fd00:10:100::/64']);
  ({ cm } = await startControllers(daemon, dir, [
    '--controllers=node-ipam-controller', '--use-service-account-credentials', '-v=2',
    '--allocate-node-cidrs', '--cluster-cidr=10.100.0.0/23,fd00:10:100::/63',
  ], /Starting range CIDR allocator/));
});
after(async () => {
  await stopControllers(cm);
  await hooks.run();
});

const waitFor = controllerWaiter(() => cm, 20_000);

test('nodes without ranges get a dual-stack pair; a full pool reports CIDRNotAvailable until a node goes', async () => {
  await createNode('a');
  const a = await waitFor('node a assigned', async () => {
    const n = await node('a');
    return n.spec.podCIDRs?.length ? n : undefined;
  });
  assert.deepEqual([a.spec.podCIDR, a.spec.podCIDRs], ['10.100.1.0/24', ['10.100.1.0/24', 'fd00:10:100:1::/64']]);
  assert.deepEqual((await node('existing')).spec.podCIDRs, ['10.100.0.0/24', 'fd00:10:100::/64']);

  await createNode('b');
  await waitFor('CIDRNotAvailable for b', async () => {
    const events = (await daemon.call('GET', '/apis/events.orch.io/v1/namespaces/default/events')).body as { items: Array<{ reason: string; note: string; regarding: { name: string } }> };
    return events.items.some((e) => e.reason === 'CIDRNotAvailable' && e.regarding.name === 'b' && e.note === 'Node b status is now: CIDRNotAvailable') ? true : undefined;
  });
  assert.equal((await node('b')).spec.podCIDRs, undefined);

  assert.equal((await daemon.call('DELETE', '/api/v1/nodes/a')).status, 200);
  // Kubernetes tries again at the node's next update.
  await waitFor('b assigned the freed pair', async () => {
    await daemon.send('PATCH', '/api/v1/nodes/b', { body: { metadata: { labels: { touched: String(Date.now()) } } }, headers: { 'content-type': 'application/merge-patch+json' } });
    const n = await node('b');
    return n.spec.podCIDRs?.length ? n : undefined;
  });
  assert.deepEqual((await node('b')).spec.podCIDRs, ['10.100.1.0/24', 'fd00:10:100:1::/64']);
  assert.match(cm.stderr(), /Set Node PodCIDR" node="b" cidrs="10.100.1.0\/24,fd00:10:100:1::\/64"/);
});
