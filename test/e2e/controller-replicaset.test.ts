// The replicaset and replicationcontroller controllers end to end: orch-apiserver as `orch up` runs
// it (RBAC, quota admission) and the real orch-controller-manager running them with the garbage
// collector, resource quota and service account controllers, each as its own service account.
// Pods are made from the template and owned by their controller; kubectl scale rs and rc change
// the count; a deleted pod is replaced; status counts follow readiness (marked as a node agent
// would, through pods/status); orphans are adopted and relabelled pods released; kubectl delete rs
// removes its pods through the garbage collector; a quota that refuses pods shows FailedCreate
// events and the ReplicaFailure condition until it allows them.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { makeTempDir } from '../support/apiserver.ts';
import { deferredHooks, startDaemon, type StorageDaemon } from '../support/daemon.ts';
import { kubectlFor, kubectlSkip, type Kubectl } from '../support/kubectl.ts';
import type { SpawnedControllerManager } from '../../src/controllermanager/testing/spawn.ts';
import { controllerWaiter, startControllers, stopControllers } from '../support/controller-manager.ts';

const NS = 'rs';
const RS = `/apis/apps/v1/namespaces/${NS}/replicasets`;
const RC = `/api/v1/namespaces/${NS}/replicationcontrollers`;
const PODS = `/api/v1/namespaces/${NS}/pods`;
let daemon: StorageDaemon;
let cm: SpawnedControllerManager;
let kubectl: Kubectl;
const hooks = deferredHooks();

before(async () => {
  const dir = makeTempDir('orch-replicaset-');
  daemon = await startDaemon(hooks, dir, []);
  ({ cm } = await startControllers(daemon, dir, [
    '--controllers=replicaset-controller,replicationcontroller-controller,garbage-collector-controller,resourcequota-controller,serviceaccount-controller',
    '--use-service-account-credentials', '--concurrent-replicaset-syncs=3', '--concurrent-rc-syncs=2', '-v=2',
  ], /ReplicationController controller synced/));
  assert.equal((await daemon.call('POST', '/api/v1/namespaces', { metadata: { name: NS } })).status, 201);
  kubectl = kubectlFor(daemon, NS);
  await waitFor('the default service account', async () => ((await daemon.call('GET', `/api/v1/namespaces/${NS}/serviceaccounts/default`)).status === 200 ? true : undefined));
});
after(async () => {
  kubectl?.close();
  await stopControllers(cm);
  await hooks.run();
});

const waitFor = controllerWaiter(() => cm, 20_000);

interface PodLike { metadata: { name: string; uid: string; labels?: Record<string, string>; ownerReferences?: Array<{ kind: string; name: string; uid: string; controller?: boolean; blockOwnerDeletion?: boolean }>; deletionTimestamp?: string; generateName?: string } }

async function podsOf(ownerUid: string, ns = NS): Promise<PodLike[]> {
  const items: PodLike[] = (await daemon.call('GET', `/api/v1/namespaces/${ns}/pods`)).body.items;
  return items.filter((p) => !p.metadata.deletionTimestamp && p.metadata.ownerReferences?.some((r) => r.uid === ownerUid && r.controller));
}

const podCount = (ownerUid: string, n: number, ns = NS) =>
  waitFor(`${n} pods of ${ownerUid}`, async () => {
    const pods = await podsOf(ownerUid, ns);
    return pods.length === n ? pods : undefined;
  });

const template = (app: string) => ({ metadata: { labels: { app } }, spec: { containers: [{ name: 'c', image: 'busybox' }] } });

async function markReady(name: string): Promise<void> {
  const now = new Date(Date.now() - 1000).toISOString().replace(/\.\d+Z$/, 'Z');
  const r = await daemon.send('PATCH', `${PODS}/${name}/status`, {
    body: { status: { phase: 'Running', conditions: [{ type: 'Ready', status: 'True', lastTransitionTime: now }], containerStatuses: [{ name: 'c', ready: true, restartCount: 0, image: 'busybox', imageID: '', started: true, state: { running: { startedAt: now } } }] } },
    headers: { 'content-type': 'application/merge-patch+json' },
  });
  assert.equal(r.status, 200, r.text);
}

async function events(ns = NS): Promise<Array<{ reason: string; message: string; type: string; involvedObject: { name: string; kind: string } }>> {
  return (await daemon.call('GET', `/api/v1/namespaces/${ns}/events`)).body.items;
}

test('a replica set makes its pods from the template, counts them ready and available, and kubectl scale rs changes the count', { skip: kubectlSkip }, async (t) => {
  const started = Date.now();
  const created = await daemon.call('POST', RS, { metadata: { name: 'web' }, spec: { replicas: 3, selector: { matchLabels: { app: 'web' } }, template: template('web') } });
  assert.equal(created.status, 201, created.text);
  const uid = created.body.metadata.uid;
  const pods = await podCount(uid, 3);
  t.diagnostic(`3 pods ${Date.now() - started} ms after the create`);
  for (const p of pods) {
    assert.equal(p.metadata.generateName, 'web-');
    assert.match(p.metadata.name, /^web-[a-z0-9]{5}$/);
    assert.deepEqual(p.metadata.labels, { app: 'web' });
    assert.deepEqual(p.metadata.ownerReferences, [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'web', uid, controller: true, blockOwnerDeletion: true }]);
  }
  for (const p of pods) await markReady(p.metadata.name);
  const status = await waitFor('ready and available replicas', async () => {
    const s = (await daemon.call('GET', `${RS}/web`)).body.status;
    return s?.readyReplicas === 3 && s.availableReplicas === 3 ? s : undefined;
  });
  assert.deepEqual(status, { replicas: 3, fullyLabeledReplicas: 3, readyReplicas: 3, availableReplicas: 3, observedGeneration: 1, terminatingReplicas: 0 });

  const scaled = await kubectl.run(['scale', 'rs', 'web', '--replicas=1']);
  assert.equal(scaled.code, 0, scaled.stderr);
  await podCount(uid, 1);
  const down = await waitFor('status after scaling down', async () => {
    const rs = (await daemon.call('GET', `${RS}/web`)).body;
    return rs.status?.replicas === 1 && rs.status.observedGeneration === rs.metadata.generation ? rs : undefined;
  });
  assert.equal(down.status.readyReplicas, 1);
  const scaledUp = await kubectl.run(['scale', 'rs', 'web', '--replicas=2']);
  assert.equal(scaledUp.code, 0, scaledUp.stderr);
  await podCount(uid, 2);

  const reasons = await waitFor('create and delete events', async () => {
    const mine = (await events()).filter((e) => e.involvedObject.kind === 'ReplicaSet' && e.involvedObject.name === 'web');
    return mine.some((e) => e.reason === 'SuccessfulDelete') ? mine : undefined;
  });
  const createdEvent = reasons.find((e) => e.reason === 'SuccessfulCreate')!;
  assert.equal(createdEvent.type, 'Normal');
  assert.match(createdEvent.message, /^Created pod: web-[a-z0-9]{5}$/);
  assert.match(reasons.find((e) => e.reason === 'SuccessfulDelete')!.message, /^Deleted pod: web-[a-z0-9]{5}$/);
  const described = await kubectl.run(['describe', 'rs', 'web']);
  assert.equal(described.code, 0, described.stderr);
  assert.match(described.stdout, /Replicas:\s+2 current \/ 2 desired/);
  assert.match(described.stdout, /SuccessfulCreate/);
});

test('a deleted pod is replaced; kubectl delete rs removes its pods', { skip: kubectlSkip }, async (t) => {
  const uid = (await daemon.call('GET', `${RS}/web`)).body.metadata.uid;
  const [victim] = await podCount(uid, 2);
  const deleted = await kubectl.run(['delete', 'pod', victim!.metadata.name]);
  assert.equal(deleted.code, 0, deleted.stderr);
  const started = Date.now();
  const after = await waitFor('a replacement pod', async () => {
    const pods = await podsOf(uid);
    return pods.length === 2 && !pods.some((p) => p.metadata.name === victim!.metadata.name) ? pods : undefined;
  });
  t.diagnostic(`replaced ${Date.now() - started} ms after kubectl delete pod`);
  assert.equal(after.length, 2);

  const gone = await kubectl.run(['delete', 'rs', 'web']);
  assert.equal(gone.code, 0, gone.stderr);
  await waitFor('the replica set\'s pods to go', async () => ((await podsOf(uid)).length === 0 && (await daemon.call('GET', PODS)).body.items.every((p: PodLike) => p.metadata.labels?.app !== 'web') ? true : undefined));
});

test('a replication controller is served by the same controller: kubectl scale rc changes the pod count', { skip: kubectlSkip }, async () => {
  const file = kubectl.file('rc.yaml', [
    'apiVersion: v1', 'kind: ReplicationController', 'metadata: {name: legacy}',
    'spec: {replicas: 2, selector: {app: legacy}, template: {metadata: {labels: {app: legacy}}, spec: {containers: [{name: c, image: busybox}]}}}', '',
  ].join('\n'));
  const created = await kubectl.run(['create', '-f', file]);
  assert.equal(created.code, 0, created.stderr);
  const uid = (await daemon.call('GET', `${RC}/legacy`)).body.metadata.uid;
  const pods = await podCount(uid, 2);
  assert.equal(pods[0]!.metadata.ownerReferences![0]!.kind, 'ReplicationController');
  const scaled = await kubectl.run(['scale', 'rc', 'legacy', '--replicas=4']);
  assert.equal(scaled.code, 0, scaled.stderr);
  await podCount(uid, 4);
  const status = await waitFor('the RC status', async () => {
    const s = (await daemon.call('GET', `${RC}/legacy`)).body.status;
    return s?.replicas === 4 && s.observedGeneration === 2 ? s : undefined;
  });
  assert.equal(status.terminatingReplicas, undefined);
  assert.equal((await kubectl.run(['scale', 'rc', 'legacy', '--replicas=1'])).code, 0);
  await podCount(uid, 1);
  // The status follows the pods' deletion; the table shows it once written.
  await waitFor('the RC status after scaling down', async () => {
    const s = (await daemon.call('GET', `${RC}/legacy`)).body.status;
    return s?.replicas === 1 && s.observedGeneration === 3 ? s : undefined;
  });
  const got = await kubectl.run(['get', 'rc', 'legacy']);
  assert.match(got.stdout, /legacy\s+1\s+1\s+0\s+/);
});

test('a matching orphan is adopted; a child relabelled out of the selector is released and replaced', async () => {
  const orphan = await daemon.call('POST', PODS, { metadata: { name: 'stray', labels: { app: 'adopt' } }, spec: { containers: [{ name: 'c', image: 'busybox' }] } });
  assert.equal(orphan.status, 201, orphan.text);
  const created = await daemon.call('POST', RS, { metadata: { name: 'adopt' }, spec: { replicas: 2, selector: { matchLabels: { app: 'adopt' } }, template: template('adopt') } });
  assert.equal(created.status, 201, created.text);
  const uid = created.body.metadata.uid;
  const pods = await podCount(uid, 2);
  assert.ok(pods.some((p) => p.metadata.name === 'stray'), 'the orphan was adopted');
  const relabel = await daemon.send('PATCH', `${PODS}/stray`, { body: { metadata: { labels: { app: 'elsewhere' } } }, headers: { 'content-type': 'application/merge-patch+json' } });
  assert.equal(relabel.status, 200, relabel.text);
  const released = await waitFor('the relabelled pod to be released', async () => {
    const p = (await daemon.call('GET', `${PODS}/stray`)).body;
    return (p.metadata.ownerReferences ?? []).length === 0 ? p : undefined;
  });
  assert.equal(released.metadata.labels.app, 'elsewhere');
  const now = await podCount(uid, 2);
  assert.ok(!now.some((p) => p.metadata.name === 'stray'));
});

test('a quota that refuses pods: FailedCreate events and the ReplicaFailure condition, gone once the quota allows them', async (t) => {
  const ns = 'rs-quota';
  assert.equal((await daemon.call('POST', '/api/v1/namespaces', { metadata: { name: ns } })).status, 201);
  await waitFor('the default service account', async () => ((await daemon.call('GET', `/api/v1/namespaces/${ns}/serviceaccounts/default`)).status === 200 ? true : undefined));
  assert.equal((await daemon.call('POST', `/api/v1/namespaces/${ns}/resourcequotas`, { metadata: { name: 'pods' }, spec: { hard: { pods: '2' } } })).status, 201);
  await waitFor('the quota to be measured', async () => ((await daemon.call('GET', `/api/v1/namespaces/${ns}/resourcequotas/pods`)).body.status?.used ? true : undefined));
  const created = await daemon.call('POST', `/apis/apps/v1/namespaces/${ns}/replicasets`, { metadata: { name: 'capped' }, spec: { replicas: 4, selector: { matchLabels: { app: 'capped' } }, template: template('capped') } });
  assert.equal(created.status, 201, created.text);
  const uid = created.body.metadata.uid;
  await podCount(uid, 2, ns);
  const condition = await waitFor('the ReplicaFailure condition', async () => {
    const s = (await daemon.call('GET', `/apis/apps/v1/namespaces/${ns}/replicasets/capped`)).body.status;
    return s?.conditions?.find((c: { type: string }) => c.type === 'ReplicaFailure');
  });
  assert.equal(condition.status, 'True');
  assert.equal(condition.reason, 'FailedCreate');
  assert.match(condition.message, /is forbidden: exceeded quota: pods, requested: pods=1, used: pods=2, limited: pods=2/);
  // The recorder sends events on its own schedule, so the event may follow the status.
  const failed = await waitFor('a FailedCreate event', async () => {
    const found = (await events(ns)).filter((e) => e.reason === 'FailedCreate');
    return found.length > 0 ? found : undefined;
  });
  assert.equal(failed[0]!.type, 'Warning');
  assert.match(failed[0]!.message, /^Error creating: pods "capped-[a-z0-9]*" is forbidden: exceeded quota: pods/);

  const started = Date.now();
  const raised = await daemon.send('PATCH', `/api/v1/namespaces/${ns}/resourcequotas/pods`, { body: { spec: { hard: { pods: '4' } } }, headers: { 'content-type': 'application/merge-patch+json' } });
  assert.equal(raised.status, 200, raised.text);
  await podCount(uid, 4, ns);
  await waitFor('the condition to go', async () => {
    const s = (await daemon.call('GET', `/apis/apps/v1/namespaces/${ns}/replicasets/capped`)).body.status;
    return s?.replicas === 4 && !s.conditions ? true : undefined;
  }, 30_000);
  t.diagnostic(`recovered ${Date.now() - started} ms after the quota was raised`);
});
