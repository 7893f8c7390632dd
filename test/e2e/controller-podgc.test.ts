// The pod garbage collector end to end against orch-apiserver as `orch up` runs it. The real
// orch-controller-manager, as its own service account, deletes the oldest finished pods beyond
// --terminated-pod-gc-threshold (evicted first) and keeps the rest. The orphan and unscheduled
// cases need Kubernetes' 40 s quarantine and 20 s period shortened, so the controller runs in
// process with its real informers and client, as Kubernetes' integration tests run it: a pod bound
// to a node that is deleted is marked Failed with DisruptionTarget DeletionByPodGC and deleted; a
// pod on a live node is left; a pod being deleted that never reached a node is marked Failed.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as delay } from 'node:timers/promises';
import { makeTempDir } from '../support/apiserver.ts';
import { deferredHooks, startDaemon, type StorageDaemon } from '../support/daemon.ts';
import { connectionFor } from '../support/events-apiserver.ts';
import { controllerWaiter, startControllers, stopControllers } from '../support/controller-manager.ts';
import type { SpawnedControllerManager } from '../../src/controllermanager/testing/spawn.ts';
import { RestClient } from '../../src/client/rest/client.ts';
import { InformerFactory } from '../../src/client/cache/informer-factory.ts';
import { realClock } from '../../src/client/clock/clock.ts';
import { podGCController } from '../../src/controllermanager/controllers/podgc/pod-gc-controller.ts';

const NS = 'podgc';
const PODS = `/api/v1/namespaces/${NS}/pods`;
let daemon: StorageDaemon;
let dir: string;
const hooks = deferredHooks();

before(async () => {
  dir = makeTempDir('orch-podgc-');
  daemon = await startDaemon(hooks, dir, []);
  assert.equal((await daemon.call('POST', '/api/v1/namespaces', { metadata: { name: NS } })).status, 201);
  // The serviceaccount controller does not run here; pods need the default account to be admitted.
  assert.equal((await daemon.call('POST', `/api/v1/namespaces/${NS}/serviceaccounts`, { metadata: { name: 'default' } })).status, 201);
});
after(async () => {
  await hooks.run();
});

async function createPod(name: string, extra: { nodeName?: string; finalizers?: string[] } = {}): Promise<string> {
  const r = await daemon.call('POST', PODS, {
    metadata: { name, ...(extra.finalizers ? { finalizers: extra.finalizers } : {}) },
    spec: { containers: [{ name: 'c', image: 'busybox' }], ...(extra.nodeName ? { nodeName: extra.nodeName } : {}) },
  });
  assert.equal(r.status, 201, r.text);
  return r.body.metadata.uid;
}

async function setStatus(name: string, status: Record<string, unknown>): Promise<void> {
  const r = await daemon.send('PATCH', `${PODS}/${name}/status`, { body: { status }, headers: { 'content-type': 'application/merge-patch+json' } });
  assert.equal(r.status, 200, r.text);
}

const names = async () => ((await daemon.call('GET', PODS)).body.items as Array<{ metadata: { name: string } }>).map((p) => p.metadata.name).sort();

test('the real controller manager deletes the oldest finished pods beyond --terminated-pod-gc-threshold, evicted first', async (t) => {
  // Creation times are whole seconds: the names break ties in the same order.
  for (const name of ['done-1', 'done-2', 'done-3', 'done-4', 'evicted-9', 'running']) await createPod(name);
  for (const name of ['done-1', 'done-2', 'done-3', 'done-4']) await setStatus(name, { phase: name === 'done-2' ? 'Failed' : 'Succeeded' });
  await setStatus('evicted-9', { phase: 'Failed', reason: 'Evicted', message: 'The node was low on resource: memory.' });
  await setStatus('running', { phase: 'Running' });
  let cm: SpawnedControllerManager | undefined;
  try {
    ({ cm } = await startControllers(daemon, dir, ['--controllers=pod-garbage-collector-controller', '--terminated-pod-gc-threshold=3', '--use-service-account-credentials', '-v=2'], /Pod garbage collector synced/));
    const started = Date.now();
    const waitFor = controllerWaiter(() => cm!, 15_000);
    const left = await waitFor('three finished pods to be left', async () => {
      const now = await names();
      return now.length === 4 ? now : undefined;
    });
    t.diagnostic(`collected ${Date.now() - started} ms after the controller synced`);
    assert.deepEqual(left, ['done-2', 'done-3', 'done-4', 'running']);
    assert.match(cm.stderr(), /"Garbage collecting pods" numPods=2/);
  } finally {
    await stopControllers(cm);
  }
  for (const name of await names()) await daemon.send('DELETE', `${PODS}/${name}`, { body: { gracePeriodSeconds: 0 } });
});

test('orphans of a deleted node are failed and deleted after the quarantine; unscheduled terminating pods are failed', async () => {
  const rest = new RestClient(connectionFor(daemon), { qps: 0, burst: 0, contentType: 'application/json' });
  const abort = new AbortController();
  const informers = new InformerFactory(rest, { clock: realClock, minResyncPeriodMs: 0 });
  const run = podGCController({ terminatedPodThreshold: 0, checkPeriodMs: 100, quarantineMs: 300 })({ client: rest, informers, signal: abort.signal, apiAvailable: async () => true });
  informers.start(abort.signal);
  try {
    for (const node of ['doomed', 'alive']) assert.equal((await daemon.call('POST', '/api/v1/nodes', { metadata: { name: node } })).status, 201);
    await createPod('orphan', { nodeName: 'doomed', finalizers: ['example.com/hold'] });
    await createPod('orphan-plain', { nodeName: 'doomed' });
    await createPod('kept', { nodeName: 'alive' });
    await setStatus('orphan', { phase: 'Running' });
    await createPod('never-scheduled', { finalizers: ['example.com/hold'] });
    assert.equal((await daemon.call('DELETE', `${PODS}/never-scheduled`)).status, 200);
    await delay(500);
    assert.equal((await daemon.call('GET', `${PODS}/orphan`)).body.status.phase, 'Running', 'the node still exists');

    assert.equal((await daemon.call('DELETE', '/api/v1/nodes/doomed')).status, 200);
    const end = Date.now() + 10_000;
    let orphan: any;
    for (;;) {
      orphan = (await daemon.call('GET', `${PODS}/orphan`)).body;
      if (orphan.metadata.deletionTimestamp && (await daemon.call('GET', `${PODS}/orphan-plain`)).status === 404) break;
      assert.ok(Date.now() < end, 'timed out waiting for the orphans to be collected');
      await delay(50);
    }
    assert.equal(orphan.status.phase, 'Failed');
    const disruption = orphan.status.conditions.find((c: { type: string }) => c.type === 'DisruptionTarget');
    assert.deepEqual({ status: disruption.status, reason: disruption.reason, message: disruption.message }, { status: 'True', reason: 'DeletionByPodGC', message: 'PodGC: node no longer exists' });
    assert.equal(orphan.metadata.deletionGracePeriodSeconds, 0);
    assert.equal((await daemon.call('GET', `${PODS}/kept`)).body.metadata.deletionTimestamp, undefined);
    const never = (await daemon.call('GET', `${PODS}/never-scheduled`)).body;
    assert.equal(never.status.phase, 'Failed');
  } finally {
    abort.abort();
    await run;
    rest.close();
    for (const name of ['orphan', 'never-scheduled']) {
      await daemon.send('PATCH', `${PODS}/${name}`, { body: { metadata: { finalizers: null } }, headers: { 'content-type': 'application/merge-patch+json' } });
    }
  }
});
