// The deployment controller end to end, as `orch up` composes the cluster: the real orch-apiserver,
// orch-scheduler and orch-nodeagent (which runs the pods and marks them Ready), and the real
// orch-controller-manager with the deployment, replicaset, garbage collector and service account
// controllers, each as its service account. Driven with the real kubectl: create deployment,
// rollout status, set image (a second replica set, rolled within the surge), rollout history with
// both revisions, rollout undo back to the first template, scale, rollout pause and resume.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { deferredHooks } from '../support/daemon.ts';
import { kubectlFor, kubectlSkip, type Kubectl } from '../support/kubectl.ts';
import { startSimulatedCluster, type SimulatedCluster } from '../support/simulated-cluster.ts';
import type { SpawnedControllerManager } from '../../src/controllermanager/testing/spawn.ts';
import { controllerWaiter, startControllers, stopControllers } from '../support/controller-manager.ts';
import { makeTempDir } from '../support/apiserver.ts';
import { computeHash } from '../../src/machinery/hash/pod-template-hash.ts';

const NS = 'deploy';
const DEPLOYMENTS = `/apis/apps/v1/namespaces/${NS}/deployments`;
const RS = `/apis/apps/v1/namespaces/${NS}/replicasets`;
const hooks = deferredHooks();
let cluster: SimulatedCluster;
let cm: SpawnedControllerManager;
let kubectl: Kubectl;

before(async () => {
  cluster = await startSimulatedCluster(hooks, 1);
  ({ cm } = await startControllers(cluster.server, makeTempDir('orch-deployment-'), [
    '--controllers=deployment-controller,replicaset-controller,garbage-collector-controller,serviceaccount-controller',
    '--use-service-account-credentials', '--concurrent-deployment-syncs=3', '-v=2',
  ], /Deployment controller synced/));
  assert.equal((await cluster.server.call('POST', '/api/v1/namespaces', { metadata: { name: NS } })).status, 201);
  kubectl = kubectlFor(cluster.server, NS);
  await waitFor('the default service account', async () => ((await cluster.server.call('GET', `/api/v1/namespaces/${NS}/serviceaccounts/default`)).status === 200 ? true : undefined));
});
after(async () => {
  kubectl?.close();
  await stopControllers(cm);
  await cluster?.stopComponents?.();
  await hooks.run();
});

const waitFor = controllerWaiter(() => cm, 30_000);

interface ReplicaSetLike {
  metadata: { name: string; annotations?: Record<string, string>; labels?: Record<string, string> };
  spec: { replicas: number; template: { spec: { containers: Array<{ image: string }> } } };
  status: { replicas: number; readyReplicas?: number };
}

async function replicaSets(): Promise<ReplicaSetLike[]> {
  return (await cluster.server.call('GET', RS)).body.items;
}

async function kubectlOk(args: string[]): Promise<string> {
  const r = await kubectl.run(args);
  assert.equal(r.code, 0, `kubectl ${args.join(' ')}: ${r.stderr}\n${cm.stderr().slice(-2000)}`);
  return r.stdout;
}

const rolloutStatus = () => kubectlOk(['rollout', 'status', 'deployment/web', '--timeout=60s']);

async function deploymentEvents(): Promise<string[]> {
  const items: Array<{ reason: string; message: string; involvedObject: { kind: string; name: string } }> = (await cluster.server.call('GET', `/api/v1/namespaces/${NS}/events`)).body.items;
  return items.filter((e) => e.involvedObject.kind === 'Deployment' && e.reason === 'ScalingReplicaSet').map((e) => e.message);
}

test('create deployment rolls out three replicas of one replica set named by the template hash', { skip: kubectlSkip }, async (t) => {
  const started = Date.now();
  await kubectlOk(['create', 'deployment', 'web', '--image=nginx', '--replicas=3']);
  assert.match(await rolloutStatus(), /deployment "web" successfully rolled out/);
  t.diagnostic(`rolled out ${Date.now() - started} ms after create`);
  const d = (await cluster.server.call('GET', `${DEPLOYMENTS}/web`)).body;
  const hash = computeHash(d.spec.template);
  const [rs] = await replicaSets();
  assert.equal(rs!.metadata.name, `web-${hash}`);
  assert.equal(rs!.metadata.labels!['pod-template-hash'], hash);
  assert.equal(rs!.metadata.annotations!['deployment.orch.io/revision'], '1');
  assert.deepEqual([d.status.replicas, d.status.updatedReplicas, d.status.readyReplicas, d.status.availableReplicas], [3, 3, 3, 3]);
  assert.equal(d.status.observedGeneration, d.metadata.generation);
  const reasons = Object.fromEntries(d.status.conditions.map((c: { type: string; reason: string }) => [c.type, c.reason]));
  assert.deepEqual(reasons, { Available: 'MinimumReplicasAvailable', Progressing: 'NewReplicaSetAvailable' });
  const pods = (await cluster.server.call('GET', `/api/v1/namespaces/${NS}/pods?labelSelector=pod-template-hash%3D${hash}`)).body.items;
  assert.equal(pods.length, 3);
  assert.ok((await deploymentEvents()).includes(`Scaled up replica set web-${hash} from 0 to 3`));
  assert.equal(d.metadata.annotations['deployment.kubernetes.io/revision'], '1');
  assert.match(await kubectlOk(['rollout', 'status', 'deployment/web', '--revision=1']), /successfully rolled out/);
  const described = await kubectlOk(['describe', 'deployment', 'web']);
  assert.match(described, new RegExp(`NewReplicaSet:\\s+web-${hash} \\(3/3 replicas created\\)`));
  assert.match(described, new RegExp(`Normal\\s+ScalingReplicaSet\\s+\\S+\\s+\\S*deployment-controller\\s+Scaled up replica set web-${hash} from 0 to 3`));
});

test('set image makes a second replica set and rolls over to it; rollout history lists both revisions', { skip: kubectlSkip }, async () => {
  await kubectlOk(['set', 'image', 'deployment/web', 'nginx=nginx:1.27']);
  assert.match(await rolloutStatus(), /successfully rolled out/);
  const sets = await replicaSets();
  assert.equal(sets.length, 2);
  const byImage = Object.fromEntries(sets.map((rs) => [rs.spec.template.spec.containers[0]!.image, rs]));
  assert.equal(byImage['nginx']!.spec.replicas, 0);
  assert.equal(byImage['nginx:1.27']!.spec.replicas, 3);
  assert.equal(byImage['nginx:1.27']!.metadata.annotations!['deployment.orch.io/revision'], '2');
  const history = await kubectlOk(['rollout', 'history', 'deployment/web']);
  assert.match(history, /REVISION\s+CHANGE-CAUSE\n1\s+<none>\n2\s+<none>/);
  const events = await deploymentEvents();
  assert.ok(events.some((e) => e === `Scaled up replica set ${byImage['nginx:1.27']!.metadata.name} from 0 to 1`), events.join('\n'));
  assert.ok(events.some((e) => e === `Scaled down replica set ${byImage['nginx']!.metadata.name} from 1 to 0`), events.join('\n'));
});

test('rollout undo goes back to the first template, which takes revision 3', { skip: kubectlSkip }, async () => {
  assert.match(await kubectlOk(['rollout', 'undo', 'deployment/web']), /rolled back/);
  assert.match(await rolloutStatus(), /successfully rolled out/);
  const d = (await cluster.server.call('GET', `${DEPLOYMENTS}/web`)).body;
  assert.equal(d.spec.template.spec.containers[0].image, 'nginx');
  const sets = await replicaSets();
  assert.equal(sets.length, 2);
  const first = sets.find((rs) => rs.spec.template.spec.containers[0]!.image === 'nginx')!;
  assert.equal(first.spec.replicas, 3);
  assert.equal(first.metadata.annotations!['deployment.orch.io/revision'], '3');
  assert.equal(first.metadata.annotations!['deployment.orch.io/revision-history'], '1');
  const history = await kubectlOk(['rollout', 'history', 'deployment/web']);
  assert.match(history, /\n2\s+<none>\n3\s+<none>/);
  assert.match(await kubectlOk(['rollout', 'history', 'deployment/web', '--revision=3']), /Image:\s+nginx\n/);
});

test('scale --replicas=10 scales the current replica set', { skip: kubectlSkip }, async () => {
  await kubectlOk(['scale', 'deployment/web', '--replicas=10']);
  assert.match(await rolloutStatus(), /successfully rolled out/);
  const current = (await replicaSets()).find((rs) => rs.spec.replicas > 0)!;
  assert.equal(current.spec.replicas, 10);
  assert.equal(current.metadata.annotations!['deployment.orch.io/desired-replicas'], '10');
  assert.equal(current.metadata.annotations!['deployment.orch.io/max-replicas'], '13');
  const out = await kubectlOk(['get', 'deployment', 'web']);
  assert.match(out, /web\s+10\/10\s+10\s+10/);
});

test('a paused deployment does not roll out a new template until it is resumed', { skip: kubectlSkip }, async () => {
  await kubectlOk(['rollout', 'pause', 'deployment/web']);
  await kubectlOk(['set', 'image', 'deployment/web', 'nginx=nginx:1.28']);
  await waitFor('the Progressing condition to say DeploymentPaused', async () => {
    const d = (await cluster.server.call('GET', `${DEPLOYMENTS}/web`)).body;
    return d.status.observedGeneration === d.metadata.generation && d.status.conditions.some((c: { reason: string }) => c.reason === 'DeploymentPaused') ? true : undefined;
  });
  assert.equal((await replicaSets()).length, 2);
  const undo = await kubectl.run(['rollout', 'undo', 'deployment/web']);
  assert.notEqual(undo.code, 0);
  assert.match(undo.stderr, /you cannot rollback a paused deployment; resume it first/);
  await kubectlOk(['rollout', 'resume', 'deployment/web']);
  assert.match(await rolloutStatus(), /successfully rolled out/);
  const sets = await replicaSets();
  assert.equal(sets.length, 3);
  assert.equal(sets.find((rs) => rs.spec.template.spec.containers[0]!.image === 'nginx:1.28')!.spec.replicas, 10);
});

test('Recreate stops every old pod before the new replica set is made', { skip: kubectlSkip }, async () => {
  const manifest = kubectl.file('recreate.yaml', [
    'apiVersion: apps/v1', 'kind: Deployment', 'metadata: {name: batchy}', 'spec:', '  replicas: 2', '  strategy: {type: Recreate}',
    '  selector: {matchLabels: {app: batchy}}', '  template:', '    metadata: {labels: {app: batchy}}',
    '    spec: {containers: [{name: c, image: busybox}]}', '',
  ].join('\n'));
  await kubectlOk(['apply', '-f', manifest]);
  assert.match(await kubectlOk(['rollout', 'status', 'deployment/batchy', '--timeout=60s']), /successfully rolled out/);
  await kubectlOk(['set', 'image', 'deployment/batchy', 'c=busybox:1.36']);
  assert.match(await kubectlOk(['rollout', 'status', 'deployment/batchy', '--timeout=60s']), /successfully rolled out/);
  const items: Array<{ reason: string; message: string; involvedObject: { name: string }; firstTimestamp?: string; eventTime?: string; metadata: { creationTimestamp: string; resourceVersion: string } }> =
    (await cluster.server.call('GET', `/api/v1/namespaces/${NS}/events`)).body.items;
  const scaling = items.filter((e) => e.involvedObject.name === 'batchy' && e.reason === 'ScalingReplicaSet')
    .sort((a, b) => Number(a.metadata.resourceVersion) - Number(b.metadata.resourceVersion)).map((e) => e.message.replace(/batchy-\w+/, 'batchy-H'));
  assert.deepEqual(scaling, ['Scaled up replica set batchy-H from 0 to 2', 'Scaled down replica set batchy-H from 2 to 0', 'Scaled up replica set batchy-H from 0 to 2']);
});
