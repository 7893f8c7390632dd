// Simulated nodes and the scheduler end to end, composed as `orch up --nodes 2` composes them (the
// real orch-apiserver, orch-scheduler and orch-nodeagent processes), driven with the real kubectl:
// pods are scheduled, run, finish, fail to fit, avoid cordoned nodes, are deleted once the agent
// has stopped them, and their logs are read through the API server.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { performance } from 'node:perf_hooks';
import { deferredHooks, eventually } from '../support/daemon.ts';
import { kubectlFor, kubectlSkip, type Kubectl } from '../support/kubectl.ts';
import { startSimulatedCluster, type SimulatedCluster } from '../support/simulated-cluster.ts';

const hooks = deferredHooks();
let cluster: SimulatedCluster;
let kubectl: Kubectl;

before(async () => {
  cluster = await startSimulatedCluster(hooks, 2);
  kubectl = kubectlFor(cluster.server);
});

after(async () => {
  kubectl?.close();
  // The components before the server, as orch up stops them.
  await cluster?.stopComponents();
  await hooks.run();
});

async function pod(name: string): Promise<Record<string, any>> {
  const r = await cluster.server.call('GET', `/api/v1/namespaces/default/pods/${name}`);
  assert.equal(r.status, 200, r.text);
  return r.body;
}

async function podUntil(name: string, what: string, check: (p: Record<string, any>) => boolean, timeoutMs = 15_000): Promise<Record<string, any>> {
  return eventually(`pod ${name}: ${what}`, async () => {
    const r = await cluster.server.call('GET', `/api/v1/namespaces/default/pods/${name}`);
    return r.status === 200 && check(r.body) ? r.body : undefined;
  }, timeoutMs);
}

async function eventsOf(name: string): Promise<Array<Record<string, any>>> {
  const r = await cluster.server.call('GET', `/apis/events.orch.io/v1/namespaces/default/events?fieldSelector=regarding.name=${name}`);
  return r.body.items ?? [];
}

test('the nodes register with capacity, addresses, a pod CIDR each, the agent\'s port, and keep their Leases', async () => {
  const nodes = (await cluster.server.call('GET', '/api/v1/nodes')).body.items as Array<Record<string, any>>;
  assert.deepEqual(nodes.map((n) => n.metadata.name).sort(), ['orch-node-1', 'orch-node-2']);
  const first = nodes.find((n) => n.metadata.name === 'orch-node-1')!;
  assert.deepEqual(first.spec.podCIDR, '10.244.1.0/24');
  assert.deepEqual(first.status.capacity, { cpu: '4', 'ephemeral-storage': '100Gi', memory: '16Gi', pods: '110' });
  assert.deepEqual(first.status.addresses, [{ type: 'InternalIP', address: '127.0.0.1' }, { type: 'Hostname', address: 'orch-node-1' }]);
  assert.ok(first.status.daemonEndpoints.kubeletEndpoint.Port > 0);
  assert.deepEqual(first.status.conditions.map((c: { type: string; status: string }) => `${c.type}=${c.status}`), ['MemoryPressure=False', 'DiskPressure=False', 'PIDPressure=False', 'Ready=True']);
  assert.equal(first.metadata.labels['orch.io/hostname'], 'orch-node-1');
  assert.ok(!(first.spec.taints ?? []).some((t: { key: string }) => t.key === 'node.orch.io/not-ready'), 'the not-ready taint is lifted once Ready');
  const lease = await cluster.server.call('GET', '/apis/coordination.orch.io/v1/namespaces/orch-node-lease/leases/orch-node-2');
  assert.equal(lease.status, 200, lease.text);
  assert.equal(lease.body.spec.holderIdentity, 'orch-node-2');
  assert.equal(lease.body.spec.leaseDurationSeconds, 40);
  assert.equal(lease.body.metadata.ownerReferences[0].kind, 'Node');
});

test('kubectl run: the pod is scheduled, runs with an address of its node, becomes Ready, and its log is readable', { skip: kubectlSkip }, async () => {
  const run = await kubectl.run(['run', 'web', '--image=nginx']);
  assert.equal(run.code, 0, run.stderr);
  const running = await podUntil('web', 'Ready', (p) => p.status?.conditions?.some((c: { type: string; status: string }) => c.type === 'Ready' && c.status === 'True'));
  assert.equal(running.status.phase, 'Running');
  const node = running.spec.nodeName as string;
  assert.ok(cluster.nodes.includes(node), node);
  const n = node.slice('orch-node-'.length);
  assert.match(running.status.podIP, new RegExp(`^10\\.244\\.${n}\\.\\d+$`));
  assert.equal(running.status.hostIP, '127.0.0.1');
  assert.ok(running.status.containerStatuses[0].state.running.startedAt);
  assert.deepEqual(running.status.conditions.map((c: { type: string }) => c.type).sort(), ['ContainersReady', 'Initialized', 'PodReadyToStartContainers', 'PodScheduled', 'Ready']);
  const events = await eventually('the agent\'s events', async () => {
    const all = await eventsOf('web');
    return all.some((e) => e.reason === 'Started') ? all : undefined;
  });
  const scheduled = events.find((e) => e.reason === 'Scheduled')!;
  assert.equal(scheduled.note, `Successfully assigned default/web to ${node}`);
  assert.equal(scheduled.reportingController, 'default-scheduler');
  const started = events.find((e) => e.reason === 'Started')!;
  assert.equal(started.reportingController, 'nodeagent');
  assert.equal(started.reportingInstance, node);
  assert.equal(started.regarding.fieldPath, 'spec.containers{web}');
  assert.deepEqual(['Pulling', 'Pulled', 'Created', 'Started'].filter((r) => events.some((e) => e.reason === r)), ['Pulling', 'Pulled', 'Created', 'Started']);

  const logs = await kubectl.run(['logs', 'web']);
  assert.equal(logs.code, 0, logs.stderr);
  assert.match(logs.stdout, new RegExp(`^container web started from image docker\\.io/library/nginx:latest on node ${node}\\n`));
  const stamped = await kubectl.run(['logs', 'web', '--timestamps']);
  assert.match(stamped.stdout, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{9}Z container web started/);
  const exec = await kubectl.run(['exec', 'web', '--', 'ls']);
  assert.notEqual(exec.code, 0);
  assert.match(exec.stderr, /exec is not available on node orch-node-\d: its pods are simulated by the orch node agent and run no processes/);
});

test('restartPolicy Never: a normal pod ends Succeeded, one with the exit-code annotation Failed', { skip: kubectlSkip }, async () => {
  assert.equal((await kubectl.run(['run', 'done', '--image=busybox', '--restart=Never', '--', 'true'])).code, 0);
  assert.equal((await kubectl.run(['run', 'broken', '--image=busybox', '--restart=Never', '--annotations=nodeagent.orch.io/exit-code=3'])).code, 0);
  const done = await podUntil('done', 'Succeeded', (p) => p.status?.phase === 'Succeeded');
  assert.equal(done.status.containerStatuses[0].state.terminated.reason, 'Completed');
  const broken = await podUntil('broken', 'Failed', (p) => p.status?.phase === 'Failed');
  assert.equal(broken.status.containerStatuses[0].state.terminated.exitCode, 3);
  assert.equal(broken.status.containerStatuses[0].state.terminated.reason, 'Error');
  const listed = await kubectl.run(['get', 'pods', 'done', 'broken', '--no-headers']);
  assert.match(listed.stdout, /^done\s+0\/1\s+Completed\s+0\s/m);
  assert.match(listed.stdout, /^broken\s+0\/1\s+Error\s+0\s/m);
  // A failing container of a pod that always restarts goes into CrashLoopBackOff.
  assert.equal((await kubectl.run(['run', 'crashy', '--image=busybox', '--annotations=nodeagent.orch.io/run-seconds=0.2', '--annotations=nodeagent.orch.io/exit-code=1'])).code, 0);
  const crashing = await podUntil('crashy', 'CrashLoopBackOff', (p) => p.status?.containerStatuses?.[0]?.state?.waiting?.reason === 'CrashLoopBackOff');
  assert.equal(crashing.status.containerStatuses[0].restartCount, 1);
  assert.equal(crashing.status.containerStatuses[0].lastState.terminated.exitCode, 1);
  const previous = await kubectl.run(['logs', 'crashy', '--previous']);
  assert.match(previous.stdout, /container crashy exited with code 1 after/);
});

test('a pod that fits no node gets FailedScheduling in Kubernetes\' words and PodScheduled=False', { skip: kubectlSkip }, async () => {
  const run = await kubectl.run(['run', 'picky', '--image=nginx', '--overrides={"spec":{"nodeSelector":{"disk":"ssd"}}}']);
  assert.equal(run.code, 0, run.stderr);
  const message = "0/2 nodes are available: 2 node(s) didn't match Pod's node affinity/selector. preemption: 0/2 nodes are available: 2 Preemption is not helpful for scheduling..";
  const waiting = await podUntil('picky', 'marked unschedulable', (p) => p.status?.conditions?.some((c: { type: string; reason?: string }) => c.type === 'PodScheduled' && c.reason === 'Unschedulable'));
  const condition = waiting.status.conditions.find((c: { type: string }) => c.type === 'PodScheduled');
  assert.deepEqual([condition.status, condition.message], ['False', message]);
  const failed = (await eventsOf('picky')).find((e) => e.reason === 'FailedScheduling');
  assert.equal(failed?.type, 'Warning');
  assert.equal(failed?.note, message);
  // A node that gains the label takes the pod.
  const label = await kubectl.run(['label', 'node', 'orch-node-2', 'disk=ssd']);
  assert.equal(label.code, 0, label.stderr);
  const placed = await podUntil('picky', 'scheduled after the label', (p) => p.spec?.nodeName === 'orch-node-2');
  assert.equal(placed.spec.nodeName, 'orch-node-2');
});

test('a cordoned node takes no new pods', { skip: kubectlSkip }, async () => {
  assert.equal((await kubectl.run(['cordon', 'orch-node-1'])).code, 0);
  try {
    for (const name of ['c1', 'c2', 'c3']) assert.equal((await kubectl.run(['run', name, '--image=nginx'])).code, 0);
    for (const name of ['c1', 'c2', 'c3']) {
      const p = await podUntil(name, 'scheduled', (x) => Boolean(x.spec?.nodeName));
      assert.equal(p.spec.nodeName, 'orch-node-2', name);
    }
  } finally {
    assert.equal((await kubectl.run(['uncordon', 'orch-node-1'])).code, 0);
  }
});

test('kubectl delete waits while the agent stops the containers, then the pod is gone', { skip: kubectlSkip }, async () => {
  assert.equal((await kubectl.run(['run', 'slow', '--image=nginx', '--annotations=nodeagent.orch.io/stop-seconds=1.5'])).code, 0);
  await podUntil('slow', 'Running', (p) => p.status?.phase === 'Running');
  const started = performance.now();
  const deleted = await kubectl.run(['delete', 'pod', 'slow']);
  const took = performance.now() - started;
  assert.equal(deleted.code, 0, deleted.stderr);
  assert.ok(took >= 1400, `kubectl delete returned after ${Math.round(took)} ms, before the container stopped`);
  const gone = await cluster.server.call('GET', '/api/v1/namespaces/default/pods/slow');
  assert.equal(gone.status, 404);
  assert.ok((await eventsOf('slow')).some((e) => e.reason === 'Killing' && e.note === 'Stopping container slow'));
  assert.equal((await pod('web')).status.phase, 'Running', 'other pods are left alone');
});
