// The daemonset controller end to end: orch-apiserver as `orch up` runs it, orch-scheduler and
// orch-nodeagent with two simulated nodes, and the real orch-controller-manager running the
// daemonset and service account controllers, each as its service account. kubectl apply of a
// daemon set runs one pod on each node (bound by the scheduler through the node affinity the
// controller gives it, not a nodeName); a node added by a second agent gets its pod, and once a
// deleted node's pod is collected none is made again; a node selector follows kubectl label;
// kubectl set image rolls the pods to a new revision; a NoExecute taint the pods do not tolerate
// takes them off the node.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { makeTempDir } from '../support/apiserver.ts';
import { deferredHooks, startDaemon, type StorageDaemon } from '../support/daemon.ts';
import { kubectlFor, kubectlSkip, type Kubectl } from '../support/kubectl.ts';
import type { SpawnedControllerManager } from '../../src/controllermanager/testing/spawn.ts';
import { controllerWaiter, startControllers, stopControllers } from '../support/controller-manager.ts';
import { startNodeAgent, startScheduler, type Component } from '../support/nodes.ts';

const NS = 'ds';
const PODS = `/api/v1/namespaces/${NS}/pods`;
const SETS = `/apis/apps/v1/namespaces/${NS}/daemonsets`;
let daemon: StorageDaemon;
let cm: SpawnedControllerManager;
let kubectl: Kubectl;
let dir: string;
let orchconfig: string;
const components: Component[] = [];
const hooks = deferredHooks();

before(async () => {
  dir = makeTempDir('orch-daemonset-');
  daemon = await startDaemon(hooks, dir, []);
  const started = await startControllers(daemon, dir, [
    '--controllers=daemonset-controller,serviceaccount-controller',
    '--use-service-account-credentials', '--concurrent-daemonset-syncs=2', '-v=2',
  ], /Daemon sets controller synced/);
  cm = started.cm;
  orchconfig = started.orchconfig;
  components.push(startScheduler(orchconfig));
  components.push(await startNodeAgent(orchconfig, dir, 2));
  assert.equal((await daemon.call('POST', '/api/v1/namespaces', { metadata: { name: NS } })).status, 201);
  kubectl = kubectlFor(daemon, NS);
  await waitFor('the default service account', async () => ((await daemon.call('GET', `/api/v1/namespaces/${NS}/serviceaccounts/default`)).status === 200 ? true : undefined));
});
after(async () => {
  kubectl?.close();
  for (const c of components) await c.stop();
  await stopControllers(cm);
  await hooks.run();
});

const waitFor = controllerWaiter(() => cm, 30_000);

interface PodLike {
  metadata: { name: string; uid: string; labels?: Record<string, string>; deletionTimestamp?: string };
  spec: { nodeName?: string; affinity?: any; tolerations?: any[]; containers: Array<{ image: string }> };
  status: { phase?: string; conditions?: Array<{ type: string; status: string }> };
}

const isReady = (p: PodLike) => p.status.phase === 'Running' && Boolean(p.status.conditions?.some((c) => c.type === 'Ready' && c.status === 'True'));

async function livePods(app: string): Promise<PodLike[]> {
  const items: PodLike[] = (await daemon.call('GET', `${PODS}?labelSelector=app%3D${app}`)).body.items;
  return items.filter((p) => !p.metadata.deletionTimestamp);
}

const nodesOf = (pods: PodLike[]) => pods.map((p) => p.spec.nodeName ?? '').sort();

function daemonSetYaml(name: string, spec: string[] = []): string {
  return [
    'apiVersion: apps/v1', 'kind: DaemonSet', 'metadata:', `  name: ${name}`, 'spec:', `  selector: {matchLabels: {app: ${name}}}`, ...spec,
    '  template:', `    metadata: {labels: {app: ${name}}}`, '    spec:', '      containers: [{name: agent, image: "agent:1"}]', '',
  ].join('\n');
}

async function status(name: string): Promise<any> {
  return (await daemon.call('GET', `${SETS}/${name}`)).body.status ?? {};
}

test('kubectl apply runs one ready pod per node, each placed by node affinity', { skip: kubectlSkip }, async (t) => {
  const started = Date.now();
  const applied = await kubectl.run(['apply', '-f', kubectl.file('agent.yaml', daemonSetYaml('agent'))]);
  assert.equal(applied.code, 0, applied.stderr);
  const pods = await waitFor('a ready pod on each node', async () => {
    const current = await livePods('agent');
    return current.length === 2 && current.every(isReady) ? current : undefined;
  });
  t.diagnostic(`two pods ready ${Date.now() - started} ms after apply`);
  assert.deepEqual(nodesOf(pods), ['orch-node-1', 'orch-node-2']);
  for (const pod of pods) {
    assert.deepEqual(pod.spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms, [{ matchFields: [{ key: 'metadata.name', operator: 'In', values: [pod.spec.nodeName] }] }]);
    assert.ok(pod.spec.tolerations!.some((t) => t.key === 'node.orch.io/unreachable' && t.operator === 'Exists' && t.effect === 'NoExecute'));
    assert.equal(pod.metadata.labels!['pod-template-generation'], '1');
    assert.ok(pod.metadata.labels!['controller-revision-hash']);
  }
  const s = await waitFor('the status', async () => {
    const current = await status('agent');
    return current.numberAvailable === 2 ? current : undefined;
  });
  assert.deepEqual({ ...s, observedGeneration: undefined }, { currentNumberScheduled: 2, numberMisscheduled: 0, desiredNumberScheduled: 2, numberReady: 2, updatedNumberScheduled: 2, numberAvailable: 2, observedGeneration: undefined });
  const table = await kubectl.run(['get', 'ds', 'agent']);
  assert.match(table.stdout, /agent\s+2\s+2\s+2\s+2\s+2\s+<none>/);
  const revisions = await kubectl.run(['get', 'controllerrevisions', '-l', 'app=agent', '-o', 'name']);
  assert.equal(revisions.stdout.trim().split('\n').length, 1);
});

test("a node that joins gets the pod; a deleted node's pod is not made again", { skip: kubectlSkip }, async () => {
  const extra = await startNodeAgent(orchconfig, dir, 1, 'extra-node-');
  components.push(extra);
  const pods = await waitFor('a pod on the new node', async () => {
    const current = await livePods('agent');
    return current.length === 3 && current.every(isReady) ? current : undefined;
  });
  assert.deepEqual(nodesOf(pods), ['extra-node-1', 'orch-node-1', 'orch-node-2']);
  await waitFor('desired 3', async () => ((await status('agent')).numberReady === 3 ? true : undefined));
  await extra.stop();
  components.splice(components.indexOf(extra), 1);
  assert.equal((await kubectl.run(['delete', 'node', 'extra-node-1'])).code, 0);
  // As the pod garbage collector does for a pod whose node is gone (after its 40 s quarantine).
  const orphan = pods.find((p) => p.spec.nodeName === 'extra-node-1')!;
  assert.equal((await kubectl.run(['delete', 'pod', orphan.metadata.name, '--force', '--grace-period=0'])).code, 0);
  await waitFor('desired 2 again', async () => {
    const s = await status('agent');
    return s.desiredNumberScheduled === 2 && s.currentNumberScheduled === 2 ? true : undefined;
  });
  assert.deepEqual(nodesOf(await livePods('agent')), ['orch-node-1', 'orch-node-2'], 'no pod is made again for the deleted node');
});

test('a node selector follows kubectl label', { skip: kubectlSkip }, async () => {
  const yaml = daemonSetYaml('picky').replace('      containers:', '      nodeSelector: {role: edge}\n      containers:');
  assert.equal((await kubectl.run(['apply', '-f', kubectl.file('picky.yaml', yaml)])).code, 0);
  await waitFor('status with no desired nodes', async () => ((await daemon.call('GET', `${SETS}/picky`)).body.status?.observedGeneration === 1 ? true : undefined));
  assert.equal((await livePods('picky')).length, 0);
  assert.equal((await kubectl.run(['label', 'node', 'orch-node-2', 'role=edge'])).code, 0);
  const pods = await waitFor('a pod on the labelled node', async () => {
    const current = await livePods('picky');
    return current.length === 1 && isReady(current[0]!) ? current : undefined;
  });
  assert.deepEqual(nodesOf(pods), ['orch-node-2']);
  assert.equal((await kubectl.run(['label', 'node', 'orch-node-2', 'role-'])).code, 0);
  await waitFor('the pod to go with the label', async () => ((await livePods('picky')).length === 0 ? true : undefined));
});

test('kubectl set image rolls the pods to a new revision', { skip: kubectlSkip }, async () => {
  const before = new Map((await livePods('agent')).map((p) => [p.metadata.name, p.metadata.labels!['controller-revision-hash']]));
  const set = await kubectl.run(['set', 'image', 'ds/agent', 'agent=agent:2']);
  assert.equal(set.code, 0, set.stderr);
  const pods = await waitFor('both pods on the new image', async () => {
    const current = await livePods('agent');
    const s = await status('agent');
    return current.length === 2 && current.every((p) => p.spec.containers[0]!.image === 'agent:2' && isReady(p)) && s.updatedNumberScheduled === 2 && s.numberAvailable === 2 ? current : undefined;
  });
  assert.ok(pods.every((p) => !before.has(p.metadata.name)));
  assert.ok(pods.every((p) => p.metadata.labels!['pod-template-generation'] === '2'));
  const hashes = new Set(pods.map((p) => p.metadata.labels!['controller-revision-hash']));
  assert.equal(hashes.size, 1);
  assert.ok(![...before.values()].includes([...hashes][0]));
  const revisions = await kubectl.run(['get', 'controllerrevisions', '-l', 'app=agent', '-o', 'jsonpath={range .items[*]}{.revision}{" "}{end}']);
  assert.deepEqual(revisions.stdout.trim().split(' ').sort(), ['1', '2']);
});

test('a NoExecute taint the pods do not tolerate takes them off the node', { skip: kubectlSkip }, async () => {
  assert.equal((await kubectl.run(['taint', 'node', 'orch-node-1', 'dedicated=db:NoExecute'])).code, 0);
  await waitFor('the pod to leave orch-node-1', async () => {
    const current = await livePods('agent');
    return current.length === 1 && current[0]!.spec.nodeName === 'orch-node-2' ? true : undefined;
  });
  await waitFor('desired 1', async () => ((await status('agent')).desiredNumberScheduled === 1 ? true : undefined));
  assert.equal((await kubectl.run(['taint', 'node', 'orch-node-1', 'dedicated=db:NoExecute-'])).code, 0);
  await waitFor('the pod back', async () => ((await livePods('agent')).length === 2 ? true : undefined));
});
