import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Deployment, ReplicaSet } from '../../../api/apps/v1/types.ts';
import { FakeApi } from './testing-fake-api.ts';
import { syncDeployment } from './sync-deployment.ts';
import { computeHash } from '../../../machinery/hash/pod-template-hash.ts';
import { isConflict } from '../../../machinery/status.ts';

const KEY = 'ns/web';

function deployment(replicas: number, image = 'nginx', strategy: Deployment['spec'] extends infer S ? S extends { strategy?: infer T } ? T : never : never = { type: 'RollingUpdate', rollingUpdate: { maxSurge: '25%', maxUnavailable: '25%' } }): Deployment {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'web', namespace: 'ns' },
    spec: {
      replicas,
      selector: { matchLabels: { app: 'web' } },
      template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'nginx', image }] } },
      strategy,
      revisionHistoryLimit: 10,
      progressDeadlineSeconds: 600,
    },
  };
}

const sizes = (api: FakeApi) => Object.fromEntries([...api.replicaSets.values()].map((rs) => [rs.spec!.template!.spec!.containers[0]!.image, rs.spec!.replicas]));
const syncOnce = (api: FakeApi) => syncDeployment(api.syncContext(), api.caches(), KEY);
/** A sync as the queue runs it: a write that lost a race (409) is tried again from fresh caches. */
async function sync(api: FakeApi): Promise<void> {
  for (let i = 0; ; i++) {
    try {
      return await syncOnce(api);
    } catch (err) {
      if (!isConflict(err) || i > 3) throw err;
    }
  }
}
const get = (api: FakeApi) => api.deployments.get(KEY)!;

async function rollUntilStable(api: FakeApi, limit = 30): Promise<Array<Record<string, number | undefined>>> {
  const steps: Array<Record<string, number | undefined>> = [];
  for (let i = 0; i < limit; i++) {
    await sync(api);
    api.settle();
    const s = sizes(api);
    if (steps.length && JSON.stringify(steps.at(-1)) === JSON.stringify(s)) return steps;
    steps.push(s);
  }
  throw new Error(`no steady state: ${JSON.stringify(steps)}`);
}

test('a new deployment gets one replica set named by its template hash, at full size, with revision 1', async () => {
  const api = new FakeApi();
  api.addDeployment(deployment(3));
  await sync(api);
  const [rs] = [...api.replicaSets.values()] as [ReplicaSet];
  const hash = computeHash(deployment(3).spec!.template!);
  assert.equal(rs.metadata.name, `web-${hash}`);
  assert.deepEqual(rs.spec!.selector, { matchLabels: { app: 'web', 'pod-template-hash': hash } });
  assert.equal(rs.spec!.template!.metadata!.labels!['pod-template-hash'], hash);
  assert.equal(rs.metadata.labels!['pod-template-hash'], hash);
  assert.equal(rs.spec!.replicas, 3);
  assert.deepEqual(rs.metadata.ownerReferences, [{ apiVersion: 'apps/v1', kind: 'Deployment', name: 'web', uid: get(api).metadata.uid, controller: true, blockOwnerDeletion: true }]);
  assert.equal(rs.metadata.annotations!['deployment.orch.io/revision'], '1');
  assert.equal(rs.metadata.annotations!['deployment.kubernetes.io/revision'], '1');
  assert.equal(rs.metadata.annotations!['deployment.orch.io/desired-replicas'], '3');
  assert.equal(rs.metadata.annotations!['deployment.orch.io/max-replicas'], '4');
  assert.deepEqual(api.events, [`Normal ScalingReplicaSet Scaled up replica set web-${hash} from 0 to 3`]);
  const d = get(api);
  assert.equal(d.metadata.annotations!['deployment.orch.io/revision'], '1');
  assert.equal(d.status!.conditions!.find((c) => c.type === 'Progressing')!.reason, 'NewReplicaSetCreated');
  assert.equal(d.status!.conditions!.find((c) => c.type === 'Progressing')!.message, `Created new replica set "web-${hash}"`);
});

test('the rollout completes: status counts, Available and NewReplicaSetAvailable', async () => {
  const api = new FakeApi();
  api.addDeployment(deployment(3));
  await rollUntilStable(api);
  await sync(api);
  const s = get(api).status!;
  assert.deepEqual([s.replicas, s.updatedReplicas, s.readyReplicas, s.availableReplicas, s.unavailableReplicas, s.terminatingReplicas, s.observedGeneration], [3, 3, 3, 3, 0, 0, 1]);
  const available = s.conditions!.find((c) => c.type === 'Available')!;
  assert.deepEqual([available.status, available.reason, available.message], ['True', 'MinimumReplicasAvailable', 'Deployment has minimum availability.']);
  const progressing = s.conditions!.find((c) => c.type === 'Progressing')!;
  assert.equal(progressing.reason, 'NewReplicaSetAvailable');
  assert.match(progressing.message!, /^ReplicaSet "web-\w+" has successfully progressed\.$/);
});

test('a rolling update of 4 replicas (25% surge and unavailability) never has more than 5 or fewer than 3 available', async () => {
  const api = new FakeApi();
  api.addDeployment(deployment(4));
  await rollUntilStable(api);
  api.editDeployment(KEY, (d) => (d.spec!.template!.spec!.containers[0]!.image = 'nginx:1.27'));
  const steps = await rollUntilStable(api);
  for (const step of steps) {
    const total = Object.values(step).reduce((a: number, b) => a + (b ?? 0), 0);
    assert.ok(total <= 5 && total >= 3, JSON.stringify(steps));
  }
  assert.deepEqual(steps.at(-1), { nginx: 0, 'nginx:1.27': 4 });
  const newRS = [...api.replicaSets.values()].find((rs) => rs.spec!.template!.spec!.containers[0]!.image === 'nginx:1.27')!;
  assert.equal(newRS.metadata.annotations!['deployment.orch.io/revision'], '2');
  assert.equal(get(api).metadata.annotations!['deployment.kubernetes.io/revision'], '2');
  assert.ok(api.events.some((e) => /Scaled down replica set web-\w+ from 4 to 3/.test(e)), api.events.join('\n'));
});

test('new pods that never become available hold the old set at the unavailability floor', async () => {
  const api = new FakeApi();
  api.addDeployment(deployment(4));
  await rollUntilStable(api);
  api.editDeployment(KEY, (d) => (d.spec!.template!.spec!.containers[0]!.image = 'broken'));
  for (let i = 0; i < 6; i++) {
    await sync(api);
    api.settle((rs) => (rs.spec!.template!.spec!.containers[0]!.image === 'broken' ? 0 : rs.spec!.replicas ?? 0));
  }
  assert.deepEqual(sizes(api), { nginx: 3, broken: 2 });
});

test('Recreate scales the old set to zero before the new one is made', async () => {
  const api = new FakeApi();
  api.addDeployment(deployment(2, 'nginx', { type: 'Recreate' }));
  await rollUntilStable(api);
  api.editDeployment(KEY, (d) => (d.spec!.template!.spec!.containers[0]!.image = 'nginx:1.27'));
  await sync(api);
  assert.deepEqual(sizes(api), { nginx: 0 });
  api.settle();
  await sync(api);
  assert.deepEqual(sizes(api), { nginx: 0, 'nginx:1.27': 2 });
});

test('scaling during a rollout is spread over the sets in proportion', async () => {
  const api = new FakeApi();
  api.addDeployment(deployment(10));
  await rollUntilStable(api);
  api.editDeployment(KEY, (d) => (d.spec!.template!.spec!.containers[0]!.image = 'broken'));
  for (let i = 0; i < 4; i++) {
    await sync(api);
    api.settle((rs) => (rs.spec!.template!.spec!.containers[0]!.image === 'broken' ? 0 : rs.spec!.replicas ?? 0));
  }
  // 10 replicas, surge 3, unavailable 2: the old set is held at 8, the new one at 5.
  assert.deepEqual(sizes(api), { nginx: 8, broken: 5 });
  api.editDeployment(KEY, (d) => (d.spec!.replicas = 20));
  await sync(api);
  // 25 allowed (20 + 5 surge), 12 more: each set grows to its share of 25 by its share of the old
  // maximum of 13, 8 → round(8 × 25 / 13) = 15 and 5 → 10.
  assert.deepEqual(sizes(api), { nginx: 15, broken: 10 });
  assert.ok(api.events.includes(`Normal ScalingReplicaSet Scaled up replica set ${[...api.replicaSets.values()].find((rs) => rs.spec!.replicas === 15)!.metadata.name} from 8 to 15`), api.events.join('\n'));
});

test('a paused deployment is not rolled out, but scales; resuming rolls it', async () => {
  const api = new FakeApi();
  api.addDeployment(deployment(2));
  await rollUntilStable(api);
  api.editDeployment(KEY, (d) => {
    d.spec!.paused = true;
    d.spec!.template!.spec!.containers[0]!.image = 'nginx:1.27';
  });
  await sync(api);
  assert.deepEqual(sizes(api), { nginx: 2 });
  assert.equal(get(api).status!.conditions!.find((c) => c.type === 'Progressing')!.reason, 'DeploymentPaused');
  api.editDeployment(KEY, (d) => (d.spec!.replicas = 5));
  await sync(api);
  assert.deepEqual(sizes(api), { nginx: 5 });
  api.editDeployment(KEY, (d) => (d.spec!.paused = false));
  await rollUntilStable(api);
  assert.deepEqual(sizes(api), { nginx: 0, 'nginx:1.27': 5 });
});

test('old sets beyond revisionHistoryLimit are deleted, lowest revision first', async () => {
  const api = new FakeApi();
  api.addDeployment({ ...deployment(1), spec: { ...deployment(1).spec, revisionHistoryLimit: 1 } });
  for (const image of ['a', 'b', 'c', 'd']) {
    api.editDeployment(KEY, (d) => (d.spec!.template!.spec!.containers[0]!.image = image));
    await rollUntilStable(api);
  }
  await sync(api);
  assert.deepEqual(Object.keys(sizes(api)).sort(), ['c', 'd']);
});

test('going back to an old template reuses its set with the next revision and keeps the revision history', async () => {
  const api = new FakeApi();
  api.addDeployment(deployment(1));
  await rollUntilStable(api);
  api.editDeployment(KEY, (d) => (d.spec!.template!.spec!.containers[0]!.image = 'nginx:1.27'));
  await rollUntilStable(api);
  api.editDeployment(KEY, (d) => (d.spec!.template!.spec!.containers[0]!.image = 'nginx'));
  await rollUntilStable(api);
  assert.equal(api.replicaSets.size, 2);
  const first = [...api.replicaSets.values()].find((rs) => rs.spec!.template!.spec!.containers[0]!.image === 'nginx')!;
  assert.equal(first.metadata.annotations!['deployment.orch.io/revision'], '3');
  assert.equal(first.metadata.annotations!['deployment.kubernetes.io/revision'], '3');
  assert.equal(first.metadata.annotations!['deployment.orch.io/revision-history'], '1');
});

test('no progress within progressDeadlineSeconds is ProgressDeadlineExceeded', async () => {
  const api = new FakeApi();
  api.addDeployment({ ...deployment(1), spec: { ...deployment(1).spec, progressDeadlineSeconds: 30 } });
  await sync(api);
  api.settle(() => 0);
  await sync(api);
  api.time += 31_000;
  await sync(api);
  const c = get(api).status!.conditions!.find((x) => x.type === 'Progressing')!;
  assert.deepEqual([c.status, c.reason], ['False', 'ProgressDeadlineExceeded']);
  assert.match(c.message!, /^ReplicaSet "web-\w+" has timed out progressing\.$/);
});

test('a stuck rollout is queued again for when its deadline passes', async () => {
  const api = new FakeApi();
  api.addDeployment({ ...deployment(1), spec: { ...deployment(1).spec, progressDeadlineSeconds: 30 } });
  await sync(api);
  api.settle(() => 0);
  await sync(api);
  await sync(api);
  assert.ok(api.requeues.some((r) => r.key === KEY && r.delayMs > 29_000 && r.delayMs <= 31_000), JSON.stringify(api.requeues));
});

test('an orphan set the selector matches is adopted; a hash collision bumps collisionCount', async () => {
  const api = new FakeApi();
  const d = api.addDeployment(deployment(1));
  const hash = computeHash(d.spec!.template!);
  // A set of the new set's name with another template: a collision.
  api.replicaSets.set(`ns/web-${hash}`, {
    metadata: { name: `web-${hash}`, namespace: 'ns', uid: 'orphan', labels: { app: 'web' }, resourceVersion: '1', creationTimestamp: '2026-01-01T00:00:00Z' },
    spec: { replicas: 0, selector: { matchLabels: { app: 'web', other: 'x' } }, template: { metadata: { labels: { app: 'web', other: 'x' } }, spec: { containers: [{ name: 'other', image: 'x' }] } } },
    status: { replicas: 0 },
  });
  await assert.rejects(syncOnce(api), /already exists/);
  assert.equal((api.replicaSets.get(`ns/web-${hash}`)!.metadata.ownerReferences as Array<{ uid: string }>)[0]!.uid, d.metadata.uid);
  assert.equal(get(api).status!.collisionCount, 1);
  await sync(api);
  assert.ok(api.replicaSets.has(`ns/web-${computeHash(d.spec!.template!, 1)}`));
});
