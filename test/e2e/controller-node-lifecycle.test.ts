// The node lifecycle, taint eviction and ttl controllers end to end: orch-apiserver as `orch up`
// runs it, orch-scheduler, two orch-nodeagent processes of one node each (neither lifting the
// not-ready taint itself), and the real orch-controller-manager with a short
// --node-monitor-grace-period, each controller as its service account. The controller lifts a new
// node's not-ready taint and the ttl controller annotates it; when one agent is stopped (SIGSTOP)
// its node goes Unknown, gets the unreachable taints, its pods are marked not ready, those
// tolerating the taint for 2 s are evicted (DisruptionTarget, TaintManagerEviction) and made again
// on the other node, one tolerating it for ever stays; when the agent resumes the taints go.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { makeTempDir } from '../support/apiserver.ts';
import { deferredHooks, startDaemon, type StorageDaemon } from '../support/daemon.ts';
import type { SpawnedControllerManager } from '../../src/controllermanager/testing/spawn.ts';
import { controllerWaiter, startControllers, stopControllers } from '../support/controller-manager.ts';
import { startNodeAgent, startScheduler, type Component } from '../support/nodes.ts';

// The grace period must exceed these (Go's HTTP/2 health check timeouts), as Kubernetes checks.
process.env.HTTP2_PING_TIMEOUT_SECONDS = '1';
process.env.HTTP2_READ_IDLE_TIMEOUT_SECONDS = '1';

const NS = 'nl';
const PODS = `/api/v1/namespaces/${NS}/pods`;
const HEALTHY = 'orch-node-1';
const VICTIM = 'orch-victim-1';
const UNREACHABLE = 'node.orch.io/unreachable';
let daemon: StorageDaemon;
let cm: SpawnedControllerManager;
const components: Component[] = [];
let victimAgent: Component;
const hooks = deferredHooks();

before(async () => {
  const dir = makeTempDir('orch-node-lifecycle-');
  daemon = await startDaemon(hooks, dir, []);
  const started = await startControllers(daemon, dir, [
    '--controllers=node-lifecycle-controller,taint-eviction-controller,ttl-controller,replicaset-controller,serviceaccount-controller,service-lb-controller,node-ipam-controller',
    '--use-service-account-credentials', '--node-monitor-grace-period=4s', '--node-monitor-period=1s', '-v=2',
  ], /Node lifecycle controller synced/);
  cm = started.cm;
  components.push(startScheduler(started.orchconfig));
  const agentFlags = ['--remove-not-ready-taint=false', '--node-status-update-frequency=1s'];
  components.push(await startNodeAgent(started.orchconfig, dir, 1, 'orch-node-', agentFlags));
  victimAgent = await startNodeAgent(started.orchconfig, dir, 1, 'orch-victim-', agentFlags);
  components.push(victimAgent);
  assert.equal((await daemon.call('POST', '/api/v1/namespaces', { metadata: { name: NS } })).status, 201);
  await waitFor('the default service account', async () => ((await daemon.call('GET', `/api/v1/namespaces/${NS}/serviceaccounts/default`)).status === 200 ? true : undefined));
});
after(async () => {
  victimAgent?.child.kill('SIGCONT');
  for (const c of components) await c.stop();
  await stopControllers(cm);
  await hooks.run();
});

const waitFor = controllerWaiter(() => cm, 30_000);

interface NodeLike {
  metadata: { name: string; annotations?: Record<string, string> };
  spec: { taints?: Array<{ key: string; effect: string; timeAdded?: string }> };
  status: { conditions?: Array<{ type: string; status: string; reason?: string; message?: string }> };
}
interface PodLike {
  metadata: { name: string; deletionTimestamp?: string; ownerReferences?: unknown[] };
  spec: { nodeName?: string };
  status: { phase?: string; conditions?: Array<{ type: string; status: string; reason?: string }> };
}

const mergePatch = (path: string, body: unknown) => daemon.send('PATCH', path, { body, headers: { 'content-type': 'application/merge-patch+json' } });
const node = async (name: string) => (await daemon.call('GET', `/api/v1/nodes/${name}`)).body as NodeLike;
const pods = async () => ((await daemon.call('GET', PODS)).body as { items: PodLike[] }).items;
type Condition = { type: string; status: string; reason?: string; message?: string };
const condition = (p: { status: { conditions?: Condition[] } }, type: string) => p.status.conditions?.find((c) => c.type === type);
const taintKeys = (n: NodeLike) => (n.spec.taints ?? []).map((t) => `${t.key}:${t.effect}`).sort();

test('a new node loses its not-ready taint to the controller and gets its ttl; cloud and disabled controllers say why they do not run', async () => {
  for (const name of [HEALTHY, VICTIM]) {
    const n = await waitFor(`${name} Ready without the not-ready taint`, async () => {
      const got = await node(name);
      return condition(got, 'Ready')?.status === 'True' && !taintKeys(got).some((k) => k.startsWith('node.orch.io/not-ready')) ? got : undefined;
    });
    assert.deepEqual(taintKeys(n), []);
    await waitFor(`${name}'s ttl annotation`, async () => ((await node(name)).metadata.annotations?.['node.alpha.orch.io/ttl'] === '0' ? true : undefined));
  }
  assert.match(cm.stderr(), /Skipping a cloud provider controller" controller="service-lb-controller" reason=".*no cloud provider functionality/);
  assert.match(cm.stderr(), /Warning: skipping controller: --allocate-node-cidrs is false" controller="node-ipam-controller"/);
});

test('a stopped agent: Unknown, unreachable taints, pods not ready, evicted after their toleration and made again elsewhere', async () => {
  // Both replicas land on the victim while the healthy node is cordoned.
  assert.equal((await mergePatch(`/api/v1/nodes/${HEALTHY}`, { spec: { unschedulable: true } })).status, 200);
  const brief = [{ key: UNREACHABLE, operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 2 }];
  const rs = await daemon.call('POST', `/apis/apps/v1/namespaces/${NS}/replicasets`, {
    metadata: { name: 'web' },
    spec: { replicas: 2, selector: { matchLabels: { app: 'web' } }, template: { metadata: { labels: { app: 'web' } }, spec: { tolerations: brief, containers: [{ name: 'c', image: 'nginx' }] } } },
  });
  assert.equal(rs.status, 201, rs.text);
  const keeper = await daemon.call('POST', PODS, {
    metadata: { name: 'keeper' },
    spec: { nodeName: VICTIM, tolerations: [{ key: UNREACHABLE, operator: 'Exists', effect: 'NoExecute' }], containers: [{ name: 'c', image: 'nginx' }] },
  });
  assert.equal(keeper.status, 201, keeper.text);
  const running = (p: PodLike) => p.status.phase === 'Running' && condition(p, 'Ready')?.status === 'True';
  const first = await waitFor('three ready pods on the victim', async () => {
    const all = await pods();
    return all.length === 3 && all.every((p) => p.spec.nodeName === VICTIM && running(p)) ? all : undefined;
  });
  assert.equal((await mergePatch(`/api/v1/nodes/${HEALTHY}`, { spec: { unschedulable: false } })).status, 200);

  victimAgent.child.kill('SIGSTOP');
  const stopped = Date.now();
  const unknown = await waitFor('the victim Unknown with the unreachable taints', async () => {
    const n = await node(VICTIM);
    return condition(n, 'Ready')?.status === 'Unknown' && taintKeys(n).includes(`${UNREACHABLE}:NoExecute`) && taintKeys(n).includes(`${UNREACHABLE}:NoSchedule`) ? n : undefined;
  });
  assert.ok(Date.now() - stopped >= 3000, 'not before the grace period');
  const ready = condition(unknown, 'Ready')!;
  assert.deepEqual([ready.reason, ready.message], ['NodeStatusUnknown', 'NodeAgent stopped posting node status.']);
  assert.equal(condition(unknown, 'MemoryPressure')?.status, 'Unknown');
  assert.ok(unknown.spec.taints?.find((t) => t.key === UNREACHABLE && t.effect === 'NoExecute')?.timeAdded);

  const keeperNotReady = await waitFor('the keeper marked not ready', async () => {
    const p = (await pods()).find((x) => x.metadata.name === 'keeper');
    return p && condition(p, 'Ready')?.status === 'False' ? p : undefined;
  });
  assert.equal(keeperNotReady.metadata.deletionTimestamp, undefined);

  const webNames = first.filter((p) => p.metadata.name !== 'keeper').map((p) => p.metadata.name);
  const evicted = await waitFor('the replica set pods evicted', async () => {
    const all = (await pods()).filter((p) => webNames.includes(p.metadata.name));
    return all.length === 2 && all.every((p) => p.metadata.deletionTimestamp) ? all : undefined;
  });
  for (const p of evicted) {
    const target = condition(p, 'DisruptionTarget');
    assert.deepEqual([target?.status, target?.reason], ['True', 'DeletionByTaintManager']);
  }
  const events = (await daemon.call('GET', `/apis/events.orch.io/v1/namespaces/${NS}/events`)).body as { items: Array<{ reason: string; note: string; regarding: { name: string } }> };
  for (const name of webNames) {
    assert.ok(events.items.some((e) => e.reason === 'TaintManagerEviction' && e.note === `Marking for deletion Pod ${NS}/${name}` && e.regarding.name === name), JSON.stringify(events.items.map((e) => [e.reason, e.note])));
  }
  assert.ok(events.items.some((e) => e.reason === 'NodeNotReady' && e.regarding.name === 'keeper'));
  const nodeEvents = (await daemon.call('GET', '/apis/events.orch.io/v1/namespaces/default/events')).body as { items: Array<{ reason: string; note: string }> };
  assert.ok(nodeEvents.items.some((e) => e.reason === 'NodeNotReady' && e.note === `Node ${VICTIM} status is now: NodeNotReady`));

  await waitFor('two replacements ready on the healthy node', async () => {
    const fresh = (await pods()).filter((p) => p.metadata.ownerReferences && !webNames.includes(p.metadata.name));
    return fresh.length === 2 && fresh.every((p) => p.spec.nodeName === HEALTHY && running(p)) ? true : undefined;
  });
  assert.equal((await pods()).find((p) => p.metadata.name === 'keeper')?.metadata.deletionTimestamp, undefined, 'a forever toleration keeps the pod');

  victimAgent.child.kill('SIGCONT');
  const back = await waitFor('the victim Ready again without taints', async () => {
    const n = await node(VICTIM);
    return condition(n, 'Ready')?.status === 'True' && taintKeys(n).length === 0 ? n : undefined;
  });
  assert.deepEqual(taintKeys(back), []);
});
