// The scheduler's remaining plugins end to end, on a cluster composed as `orch up --nodes 3`
// composes it (the real orch-apiserver, controller manager with the volume binder, orch-scheduler
// and orch-nodeagent), driven through the REST API: the nodes' own Events and cordoning, required
// anti-affinity and topology spread across the simulated nodes, preemption by priority class (the
// victim marked DisruptionTarget, deleted and told so, the preemptor nominated then bound; a
// Never policy refused), and volume binding (a WaitForFirstConsumer claim provisioned on the node
// chosen for its pod; a pod with an unbound Immediate claim waiting).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { deferredHooks, eventually } from '../support/daemon.ts';
import { startSimulatedCluster, type SimulatedCluster } from '../support/simulated-cluster.ts';

const hooks = deferredHooks();
let cluster: SimulatedCluster;

const MERGE = { 'content-type': 'application/merge-patch+json' };
const PODS = '/api/v1/namespaces/default/pods';

before(async () => {
  cluster = await startSimulatedCluster(hooks, 3, ['--node-status-update-frequency=1s'], ['--controllers=persistentvolume-binder-controller']);
});

after(async () => {
  await cluster?.stopComponents();
  await hooks.run();
});

type Obj = Record<string, any>;

async function create(path: string, body: Obj): Promise<Obj> {
  const r = await cluster.server.call('POST', path, body);
  assert.equal(r.status, 201, r.text);
  return r.body;
}

async function getPod(name: string): Promise<Obj | undefined> {
  const r = await cluster.server.call('GET', `${PODS}/${name}`);
  return r.status === 200 ? r.body : undefined;
}

async function podUntil(name: string, what: string, check: (p: Obj) => boolean, timeoutMs = 20_000): Promise<Obj> {
  return eventually(`pod ${name}: ${what}`, async () => {
    const p = await getPod(name);
    return p && check(p) ? p : undefined;
  }, timeoutMs);
}

async function eventsAbout(name: string): Promise<Obj[]> {
  const r = await cluster.server.call('GET', `/apis/events.orch.io/v1/namespaces/default/events?fieldSelector=regarding.name=${name}`);
  return r.body.items ?? [];
}

const scheduledCondition = (p: Obj) => (p.status?.conditions ?? []).find((c: Obj) => c.type === 'PodScheduled');

function podBody(name: string, labels: Obj, spec: Obj = {}, cpu?: string): Obj {
  return {
    metadata: { name, labels },
    spec: { terminationGracePeriodSeconds: 1, containers: [{ name: 'c', image: 'nginx', ...(cpu ? { resources: { requests: { cpu } } } : {}) }], ...spec },
  };
}

async function deletePods(names: string[]): Promise<void> {
  for (const name of names) await cluster.server.call('DELETE', `${PODS}/${name}?gracePeriodSeconds=0`);
  await eventually('the pods are gone', async () => {
    for (const name of names) if (await getPod(name)) return undefined;
    return true;
  }, 20_000);
}

test('each node records Starting and its conditions as Events, then NodeNotSchedulable and NodeSchedulable as it is cordoned and uncordoned', async () => {
  const node = 'orch-node-1';
  const events = await eventually('the node\'s start-up events', async () => {
    const all = await eventsAbout(node);
    return all.some((e) => e.reason === 'NodeReady') ? all : undefined;
  });
  const reasons = events.map((e) => e.reason);
  for (const reason of ['Starting', 'NodeHasSufficientMemory', 'NodeHasNoDiskPressure', 'NodeHasSufficientPID', 'NodeReady']) assert.ok(reasons.includes(reason), `${reason} in ${reasons}`);
  const ready = events.find((e) => e.reason === 'NodeReady')!;
  assert.equal(ready.note, `Node ${node} status is now: NodeReady`);
  assert.equal(ready.regarding.kind, 'Node');
  assert.equal(ready.regarding.name, node);
  assert.equal(ready.type, 'Normal');
  const cordon = (unschedulable: boolean) => cluster.server.send('PATCH', `/api/v1/nodes/${node}`, { body: { spec: { unschedulable } }, headers: MERGE });
  assert.equal((await cordon(true)).status, 200);
  await eventually('NodeNotSchedulable', async () => ((await eventsAbout(node)).some((e) => e.reason === 'NodeNotSchedulable') ? true : undefined), 15_000);
  assert.equal((await cordon(false)).status, 200);
  const schedulable = await eventually('NodeSchedulable', async () => (await eventsAbout(node)).find((e) => e.reason === 'NodeSchedulable'), 15_000);
  assert.equal(schedulable.note, `Node ${node} status is now: NodeSchedulable`);
});

test('required anti-affinity puts one pod per node and leaves a fourth pending; topology spread keeps the skew', async () => {
  const anti = { affinity: { podAntiAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [{ labelSelector: { matchLabels: { app: 'solo' } }, topologyKey: 'orch.io/hostname' }] } } };
  const solos = ['solo-1', 'solo-2', 'solo-3', 'solo-4'];
  for (const name of solos) await create(PODS, podBody(name, { app: 'solo' }, anti));
  const nodes = new Set<string>();
  for (const name of solos.slice(0, 3)) nodes.add((await podUntil(name, 'scheduled', (p) => !!p.spec.nodeName)).spec.nodeName);
  assert.equal(nodes.size, 3, 'one per node');
  const pending = await podUntil('solo-4', 'unschedulable', (p) => scheduledCondition(p)?.reason === 'Unschedulable');
  assert.equal(
    scheduledCondition(pending).message,
    "0/3 nodes are available: 3 node(s) didn't match pod anti-affinity rules. preemption: 0/3 nodes are available: 3 No preemption victims found for incoming pod..",
  );
  const failed = await eventually('FailedScheduling', async () => (await eventsAbout('solo-4')).find((e) => e.reason === 'FailedScheduling'));
  assert.equal(failed.note, scheduledCondition(pending).message);
  // One of the three gone: the fourth takes its node.
  const freed = (await getPod('solo-1'))!.spec.nodeName;
  await deletePods(['solo-1']);
  assert.equal((await podUntil('solo-4', 'scheduled', (p) => !!p.spec.nodeName)).spec.nodeName, freed);
  await deletePods(['solo-2', 'solo-3', 'solo-4']);

  const spread = { topologySpreadConstraints: [{ maxSkew: 1, topologyKey: 'orch.io/hostname', whenUnsatisfiable: 'DoNotSchedule', labelSelector: { matchLabels: { app: 'even' } } }] };
  const evens = Array.from({ length: 6 }, (_, i) => `even-${i}`);
  for (const name of evens) await create(PODS, podBody(name, { app: 'even' }, spread));
  const perNode = new Map<string, number>();
  for (const name of evens) {
    const node = (await podUntil(name, 'scheduled', (p) => !!p.spec.nodeName)).spec.nodeName;
    perNode.set(node, (perNode.get(node) ?? 0) + 1);
  }
  assert.deepEqual([...perNode.values()], [2, 2, 2]);
  await deletePods(evens);
});

test('preemption: a high-priority pod that fits nowhere evicts a lower-priority pod, is nominated to its node and bound there; preemptionPolicy Never waits', async () => {
  await create('/apis/scheduling.orch.io/v1/priorityclasses', { metadata: { name: 'low' }, value: 10 });
  await create('/apis/scheduling.orch.io/v1/priorityclasses', { metadata: { name: 'high' }, value: 1000 });
  await create('/apis/scheduling.orch.io/v1/priorityclasses', { metadata: { name: 'high-polite' }, value: 1000, preemptionPolicy: 'Never' });
  const lows = ['low-1', 'low-2', 'low-3'];
  // Slow to stop, so the victim is seen terminating with its condition.
  for (const name of lows) {
    const body = podBody(name, { app: 'low' }, { priorityClassName: 'low', terminationGracePeriodSeconds: 5 }, '3');
    await create(PODS, { ...body, metadata: { ...body.metadata, annotations: { 'nodeagent.orch.io/stop-seconds': '3' } } });
  }
  for (const name of lows) await podUntil(name, 'running', (p) => p.status?.phase === 'Running');

  await create(PODS, podBody('polite', { app: 'polite' }, { priorityClassName: 'high-polite' }, '3'));
  const polite = await podUntil('polite', 'unschedulable', (p) => scheduledCondition(p)?.reason === 'Unschedulable');
  assert.equal(scheduledCondition(polite).message, '0/3 nodes are available: 3 Insufficient cpu. preemption: not eligible due to preemptionPolicy=Never..');
  await deletePods(['polite']);

  await create(PODS, podBody('vip', { app: 'vip' }, { priorityClassName: 'high' }, '3'));
  const victim = await eventually('a low pod marked for preemption', async () => {
    for (const name of lows) {
      const p = await getPod(name);
      const target = (p?.status?.conditions ?? []).find((c: Obj) => c.type === 'DisruptionTarget');
      // The scheduler marks the victim first and deletes it next, as Kubernetes does.
      if (target && p!.metadata.deletionTimestamp) return { pod: p!, target };
    }
    return undefined;
  }, 20_000);
  assert.equal(victim.target.status, 'True');
  assert.equal(victim.target.reason, 'PreemptionByScheduler');
  assert.equal(victim.target.message, 'default-scheduler: preempting to accommodate a higher priority pod');
  const vipUid = (await getPod('vip'))!.metadata.uid;
  const nominated = await podUntil('vip', 'nominated', (p) => !!p.status?.nominatedNodeName || !!p.spec.nodeName);
  const preempted = await eventually('the Preempted event', async () => (await eventsAbout(victim.pod.metadata.name)).find((e) => e.reason === 'Preempted'));
  assert.equal(preempted.note, `Preempted by pod ${vipUid} on node ${victim.pod.spec.nodeName}`);
  assert.equal(preempted.related?.name, 'vip');
  const bound = await podUntil('vip', 'bound', (p) => !!p.spec.nodeName, 30_000);
  assert.equal(bound.spec.nodeName, victim.pod.spec.nodeName);
  if (nominated.status?.nominatedNodeName) assert.equal(nominated.status.nominatedNodeName, victim.pod.spec.nodeName);
  await deletePods([...lows.filter((n) => n !== victim.pod.metadata.name), 'vip']);
});

test('volume binding: a WaitForFirstConsumer claim is provisioned on the node chosen for its pod; an unbound Immediate claim keeps its pod waiting', async () => {
  await create('/apis/storage.orch.io/v1/storageclasses', { metadata: { name: 'wait' }, provisioner: 'orch.io/simulated', volumeBindingMode: 'WaitForFirstConsumer' });
  await create('/apis/storage.orch.io/v1/storageclasses', { metadata: { name: 'external' }, provisioner: 'example.com/elsewhere' });
  const claim = (name: string, storageClassName: string) => ({ metadata: { name }, spec: { storageClassName, accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } } });
  await create('/api/v1/namespaces/default/persistentvolumeclaims', claim('data', 'wait'));
  await create('/api/v1/namespaces/default/persistentvolumeclaims', claim('far', 'external'));
  const pending = await cluster.server.call('GET', '/api/v1/namespaces/default/persistentvolumeclaims/data');
  assert.equal(pending.body.metadata.annotations?.['volume.orch.io/selected-node'], undefined, 'no node before a pod needs it');

  await create(PODS, podBody('with-data', { app: 'data' }, { volumes: [{ name: 'v', persistentVolumeClaim: { claimName: 'data' } }] }));
  const bound = await podUntil('with-data', 'bound', (p) => !!p.spec.nodeName, 30_000);
  const pvc = (await cluster.server.call('GET', '/api/v1/namespaces/default/persistentvolumeclaims/data')).body;
  assert.equal(pvc.metadata.annotations['volume.orch.io/selected-node'], bound.spec.nodeName);
  assert.equal(pvc.status.phase, 'Bound');
  const pv = (await cluster.server.call('GET', `/api/v1/persistentvolumes/${pvc.spec.volumeName}`)).body;
  assert.deepEqual(pv.spec.nodeAffinity.required.nodeSelectorTerms[0].matchExpressions[0].values, [bound.spec.nodeName]);

  await create(PODS, podBody('with-far', { app: 'far' }, { volumes: [{ name: 'v', persistentVolumeClaim: { claimName: 'far' } }] }));
  const waiting = await podUntil('with-far', 'unschedulable', (p) => scheduledCondition(p)?.reason === 'Unschedulable');
  assert.equal(scheduledCondition(waiting).message, '0/3 nodes are available: pod has unbound immediate PersistentVolumeClaims. preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling..');

  await create(PODS, podBody('with-none', { app: 'none' }, { volumes: [{ name: 'v', persistentVolumeClaim: { claimName: 'missing' } }] }));
  const missing = await podUntil('with-none', 'unschedulable', (p) => scheduledCondition(p)?.reason === 'Unschedulable');
  assert.match(scheduledCondition(missing).message, /^0\/3 nodes are available: persistentvolumeclaim "missing" not found\./);
});
