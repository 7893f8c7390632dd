// The disruption controller end to end: orch-apiserver as `orch up` runs it, orch-scheduler and
// orch-nodeagent running the pods, and the real orch-controller-manager running the disruption,
// replicaset and service account controllers, each as its service account. kubectl create pdb
// over a replica set's three ready pods gets its status (expected, healthy, desired, allowed, the
// observed generation, DisruptionAllowed); one eviction is allowed and the next refused with 429
// while the evicted pod's replacement starts; once it is ready an eviction is allowed again and
// the evicted pod's disruptedPods entry is gone. A percentage maxUnavailable follows the replica
// set's scale; pods with no controller under a percentage budget are reported as unmanaged.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { StorageDaemon } from '../support/daemon.ts';
import { kubectlSkip, type Kubectl } from '../support/kubectl.ts';
import type { SpawnedControllerManager } from '../../src/controllermanager/testing/spawn.ts';
import { controllerWaiter } from '../support/controller-manager.ts';
import { startControllerCluster, type ControllerCluster } from '../support/controller-cluster.ts';

const NS = 'pdb';
const PODS = `/api/v1/namespaces/${NS}/pods`;
const BUDGETS = `/apis/policy/v1/namespaces/${NS}/poddisruptionbudgets`;
let daemon: StorageDaemon;
let cm: SpawnedControllerManager;
let kubectl: Kubectl;
let cluster: ControllerCluster | undefined;

before(async () => {
  cluster = await startControllerCluster({
    name: 'disruption',
    namespace: NS,
    flags: [
      '--controllers=disruption-controller,replicaset-controller,serviceaccount-controller',
      '--use-service-account-credentials', '-v=2',
    ],
    readyLog: /Disruption controller synced/,
    nodes: 1,
  });
  ({ daemon, cm, kubectl } = cluster);
});
after(async () => {
  await cluster?.stop();
});

const waitFor = controllerWaiter(() => cm, 30_000);

interface PodLike {
  metadata: { name: string; deletionTimestamp?: string };
  status: { phase?: string; conditions?: Array<{ type: string; status: string }> };
}
const isReady = (p: PodLike) => p.status.phase === 'Running' && Boolean(p.status.conditions?.some((c) => c.type === 'Ready' && c.status === 'True'));

async function livePods(app: string): Promise<PodLike[]> {
  const items: PodLike[] = (await daemon.call('GET', `${PODS}?labelSelector=app%3D${app}`)).body.items;
  return items.filter((p) => !p.metadata.deletionTimestamp);
}

const readyPods = (app: string, n: number) => waitFor(`${n} ready ${app} pods`, async () => {
  const pods = await livePods(app);
  return pods.length === n && pods.every(isReady) ? pods : undefined;
});

async function budget(name: string): Promise<any> {
  return (await daemon.call('GET', `${BUDGETS}/${name}`)).body;
}

const evict = (pod: string) => daemon.call('POST', `${PODS}/${pod}/eviction`, { apiVersion: 'policy/v1', kind: 'Eviction', metadata: { name: pod, namespace: NS } });

async function createReplicaSet(app: string, replicas: number): Promise<void> {
  const r = await daemon.call('POST', `/apis/apps/v1/namespaces/${NS}/replicasets`, {
    metadata: { name: app },
    spec: { replicas, selector: { matchLabels: { app } }, template: { metadata: { labels: { app } }, spec: { containers: [{ name: 'c', image: 'nginx' }] } } },
  });
  assert.equal(r.status, 201, JSON.stringify(r.body));
}

test('kubectl create pdb: the status follows the pods, so one eviction is allowed and the next refused', { skip: kubectlSkip }, async (t) => {
  await createReplicaSet('web', 3);
  const pods = await readyPods('web', 3);
  const created = await kubectl.run(['create', 'pdb', 'web', '--selector=app=web', '--min-available=2']);
  assert.equal(created.code, 0, created.stderr);
  const pdb = await waitFor('the budget\'s status', async () => {
    const b = await budget('web');
    return b.status?.observedGeneration === 1 && b.status?.currentHealthy === 3 ? b : undefined;
  });
  assert.equal(pdb.status.expectedPods, 3);
  assert.equal(pdb.status.desiredHealthy, 2);
  assert.equal(pdb.status.disruptionsAllowed, 1);
  assert.deepEqual(pdb.status.conditions.map((c: any) => [c.type, c.status, c.reason, c.observedGeneration]), [['DisruptionAllowed', 'True', 'SufficientPods', 1]]);
  const table = await kubectl.run(['get', 'pdb', 'web']);
  assert.match(table.stdout, /web\s+2\s+N\/A\s+1\s/);

  const first = await evict(pods[0]!.metadata.name);
  assert.equal(first.status, 201, JSON.stringify(first.body));
  const second = await evict(pods[1]!.metadata.name);
  assert.equal(second.status, 429, JSON.stringify(second.body));
  assert.match(second.body.message, /Cannot evict pod as it would violate the pod's disruption budget/);
  assert.equal(second.body.details.causes[0].reason, 'DisruptionBudget');

  const started = Date.now();
  await waitFor('the replacement to be ready and the budget to allow a disruption again', async () => {
    const b = await budget('web');
    return b.status?.disruptionsAllowed === 1 && b.status?.currentHealthy === 3 && !b.status?.disruptedPods ? b : undefined;
  });
  t.diagnostic(`a disruption allowed again ${Date.now() - started} ms after the eviction`);
  const again = await evict(pods[1]!.metadata.name);
  assert.equal(again.status, 201, JSON.stringify(again.body));
});

test('a percentage maxUnavailable is sized by the replica set\'s scale', { skip: kubectlSkip }, async () => {
  await createReplicaSet('api', 4);
  await readyPods('api', 4);
  assert.equal((await kubectl.run(['create', 'pdb', 'api', '--selector=app=api', '--max-unavailable=50%'])).code, 0);
  await waitFor('2 of 4 allowed', async () => {
    const s = (await budget('api')).status;
    return s?.expectedPods === 4 && s.desiredHealthy === 2 && s.disruptionsAllowed === 2 ? true : undefined;
  });
  assert.equal((await kubectl.run(['scale', 'rs', 'api', '--replicas=2'])).code, 0);
  await waitFor('1 of 2 allowed', async () => {
    const s = (await budget('api')).status;
    return s?.expectedPods === 2 && s.desiredHealthy === 1 && s.currentHealthy === 2 && s.disruptionsAllowed === 1 ? true : undefined;
  });
});

test('pods with no controller under a percentage budget are reported as unmanaged', { skip: kubectlSkip }, async () => {
  const r = await daemon.call('POST', PODS, { metadata: { name: 'lonely', labels: { app: 'lonely' } }, spec: { containers: [{ name: 'c', image: 'nginx' }] } });
  assert.equal(r.status, 201);
  assert.equal((await kubectl.run(['create', 'pdb', 'lonely', '--selector=app=lonely', '--min-available=50%'])).code, 0);
  await waitFor('the UnmanagedPods event', async () => {
    const events = await kubectl.run(['get', 'events', '--field-selector', 'involvedObject.name=lonely,involvedObject.kind=PodDisruptionBudget', '-o', 'jsonpath={.items[*].reason}']);
    return events.stdout.includes('UnmanagedPods') ? true : undefined;
  });
  const s = (await budget('lonely')).status;
  assert.equal(s.expectedPods, 0);
  assert.equal(s.disruptionsAllowed, 0);
});
