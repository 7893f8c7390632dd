// The statefulset controller end to end: orch-apiserver as `orch up` runs it, orch-scheduler and
// orch-nodeagent with two simulated nodes running the pods, and the real orch-controller-manager
// running the statefulset, garbage collector and service account controllers, each as its service
// account. kubectl apply of a stateful set with a claim template brings web-0, web-1, web-2 up in
// order, each made only once the one before runs and is ready, each with its claim; kubectl
// scale sts removes the highest ordinals first and keeps the claims; kubectl set image rolls the
// pods over to a new controller revision from the highest ordinal down; a Parallel set starting
// at ordinal 5 makes its pods at once with claims it owns (retention policy Delete).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { StorageDaemon } from '../support/daemon.ts';
import { kubectlSkip, type Kubectl } from '../support/kubectl.ts';
import type { SpawnedControllerManager } from '../../src/controllermanager/testing/spawn.ts';
import { controllerWaiter } from '../support/controller-manager.ts';
import { startControllerCluster, type ControllerCluster } from '../support/controller-cluster.ts';
import { STANDARD_STORAGE_CLASS } from '../../src/orchup/default-storage-class.ts';

const NS = 'sts';
const PODS = `/api/v1/namespaces/${NS}/pods`;
const CLAIMS = `/api/v1/namespaces/${NS}/persistentvolumeclaims`;
const SETS = `/apis/apps/v1/namespaces/${NS}/statefulsets`;
let daemon: StorageDaemon;
let cm: SpawnedControllerManager;
let kubectl: Kubectl;
let cluster: ControllerCluster | undefined;

before(async () => {
  cluster = await startControllerCluster({
    name: 'statefulset',
    namespace: NS,
    flags: [
      '--controllers=statefulset-controller,garbage-collector-controller,serviceaccount-controller,persistentvolume-binder-controller',
      '--use-service-account-credentials', '--concurrent-statefulset-syncs=2', '-v=2',
    ],
    readyLog: /Stateful set controller synced/,
    nodes: 2,
    // The claims of the set bind as under orch up: a default class the binder provisions once the scheduler picks a node.
    prepare: async (d) => assert.equal((await d.call('POST', '/apis/storage.orch.io/v1/storageclasses', STANDARD_STORAGE_CLASS)).status, 201),
  });
  ({ daemon, cm, kubectl } = cluster);
});
after(async () => {
  await cluster?.stop();
});

const waitFor = controllerWaiter(() => cm, 30_000);

interface PodLike {
  metadata: { name: string; uid: string; creationTimestamp: string; labels?: Record<string, string>; deletionTimestamp?: string; ownerReferences?: any[] };
  spec: { hostname?: string; subdomain?: string; nodeName?: string; volumes?: any[]; containers: Array<{ image: string }> };
  status: { phase?: string; conditions?: Array<{ type: string; status: string; lastTransitionTime?: string }> };
}

const isReady = (p: PodLike) => p.status.phase === 'Running' && Boolean(p.status.conditions?.some((c) => c.type === 'Ready' && c.status === 'True'));

async function pods(prefix: string): Promise<PodLike[]> {
  const items: PodLike[] = (await daemon.call('GET', PODS)).body.items;
  return items.filter((p) => p.metadata.name.startsWith(`${prefix}-`)).sort((a, b) => a.metadata.name.localeCompare(b.metadata.name));
}

function statefulSetYaml(name: string, extra: string[] = [], replicas = 3): string {
  return [
    'apiVersion: v1', 'kind: Service', 'metadata:', `  name: ${name}`, 'spec:', '  clusterIP: None', `  selector: {app: ${name}}`, '  ports: [{port: 80}]',
    '---',
    'apiVersion: apps/v1', 'kind: StatefulSet', 'metadata:', `  name: ${name}`, 'spec:', `  serviceName: ${name}`, `  replicas: ${replicas}`,
    `  selector: {matchLabels: {app: ${name}}}`,
    ...extra,
    '  template:', `    metadata: {labels: {app: ${name}}}`, '    spec:', '      containers: [{name: web, image: "nginx:1.27"}]',
    '  volumeClaimTemplates:', '  - metadata: {name: data}', '    spec: {accessModes: [ReadWriteOnce], resources: {requests: {storage: 1Gi}}}',
    '',
  ].join('\n');
}

test('kubectl apply: web-0, web-1, web-2 come up in order, each with its claim, once the one before is running and ready', { skip: kubectlSkip }, async (t) => {
  const started = Date.now();
  const applied = await kubectl.run(['apply', '-f', kubectl.file('web.yaml', statefulSetYaml('web'))]);
  assert.equal(applied.code, 0, applied.stderr);
  // Watch closely: whenever a pod is seen, every lower ordinal must already be running and ready.
  const seenReadyBefore = new Map<string, boolean>();
  await waitFor('three ready pods', async () => {
    const current = await pods('web');
    for (const pod of current) {
      if (seenReadyBefore.has(pod.metadata.name)) continue;
      const ordinal = Number(pod.metadata.name.slice('web-'.length));
      const lower = current.filter((p) => Number(p.metadata.name.slice('web-'.length)) < ordinal);
      seenReadyBefore.set(pod.metadata.name, lower.length === ordinal && lower.every(isReady));
    }
    return current.length === 3 && current.every(isReady) ? true : undefined;
  });
  t.diagnostic(`three pods ready ${Date.now() - started} ms after apply`);
  assert.deepEqual([...seenReadyBefore].sort(), [['web-0', true], ['web-1', true], ['web-2', true]]);

  const all = await pods('web');
  for (const [i, pod] of all.entries()) {
    assert.equal(pod.metadata.name, `web-${i}`);
    assert.equal(pod.spec.hostname, `web-${i}`);
    assert.equal(pod.spec.subdomain, 'web');
    assert.equal(pod.metadata.labels!['statefulset.orch.io/pod-name'], `web-${i}`);
    assert.equal(pod.metadata.labels!['apps.orch.io/pod-index'], String(i));
    assert.ok(pod.spec.nodeName?.startsWith('orch-node-'), 'scheduled onto a simulated node');
    assert.deepEqual(pod.spec.volumes!.find((v) => v.name === 'data'), { name: 'data', persistentVolumeClaim: { claimName: `data-web-${i}` } });
    const claim = await daemon.call('GET', `${CLAIMS}/data-web-${i}`);
    assert.equal(claim.status, 200);
    assert.equal(claim.body.metadata.labels.app, 'web');
    assert.equal(claim.body.metadata.ownerReferences, undefined, 'Retain: the claims belong to no one');
  }
  const creations = all.map((p) => Date.parse(p.metadata.creationTimestamp));
  assert.ok(creations[0]! <= creations[1]! && creations[1]! <= creations[2]!);

  const set = await waitFor('the status to count three ready replicas', async () => {
    const r = await daemon.call('GET', `${SETS}/web`);
    return r.body.status?.readyReplicas === 3 && r.body.status?.availableReplicas === 3 ? r.body : undefined;
  });
  assert.equal(set.status.replicas, 3);
  assert.equal(set.status.currentReplicas, 3);
  assert.equal(set.status.updatedReplicas, 3);
  assert.equal(set.status.currentRevision, set.status.updateRevision);
  assert.equal(set.status.observedGeneration, set.metadata.generation);
  assert.equal(set.status.collisionCount, 0);
  assert.ok(all.every((p) => p.metadata.labels!['controller-revision-hash'] === set.status.updateRevision));
  const revisions = await kubectl.run(['get', 'controllerrevisions', '-l', 'app=web', '-o', 'name']);
  assert.equal(revisions.stdout.trim(), `controllerrevision.apps/${set.status.updateRevision}`);
  const table = await kubectl.run(['get', 'sts', 'web']);
  assert.match(table.stdout, /web\s+3\/3/);
  const events = await kubectl.run(['get', 'events', '--field-selector', 'involvedObject.name=web', '-o', 'jsonpath={range .items[*]}{.reason} {.message}{"\\n"}{end}']);
  assert.match(events.stdout, /SuccessfulCreate create Claim data-web-0 Pod web-0 in StatefulSet web success/);
  assert.match(events.stdout, /SuccessfulCreate create Pod web-2 in StatefulSet web successful/);
});

test('kubectl scale sts removes the highest ordinals and keeps their claims', { skip: kubectlSkip }, async () => {
  const scaled = await kubectl.run(['scale', 'sts', 'web', '--replicas=1']);
  assert.equal(scaled.code, 0, scaled.stderr);
  await waitFor('web-1 and web-2 to go', async () => {
    const current = await pods('web');
    return current.length === 1 && current[0]!.metadata.name === 'web-0' ? true : undefined;
  });
  for (const i of [1, 2]) assert.equal((await daemon.call('GET', `${CLAIMS}/data-web-${i}`)).status, 200);
  await waitFor('status replicas 1', async () => ((await daemon.call('GET', `${SETS}/web`)).body.status?.replicas === 1 ? true : undefined));
});

test('kubectl set image rolls the pods to a new revision, highest ordinal first', { skip: kubectlSkip }, async () => {
  assert.equal((await kubectl.run(['scale', 'sts', 'web', '--replicas=2'])).code, 0);
  await waitFor('two ready pods', async () => {
    const current = await pods('web');
    return current.length === 2 && current.every(isReady) ? true : undefined;
  });
  const before = (await daemon.call('GET', `${SETS}/web`)).body.status.updateRevision;
  const uids = new Map((await pods('web')).map((p) => [p.metadata.name, p.metadata.uid]));
  const set = await kubectl.run(['set', 'image', 'sts/web', 'web=nginx:1.28']);
  assert.equal(set.code, 0, set.stderr);
  const replacedAt = new Map<string, number>();
  const done = await waitFor('both pods on the new image and revision', async () => {
    const r = (await daemon.call('GET', `${SETS}/web`)).body;
    const current = await pods('web');
    for (const p of current) if (p.metadata.uid !== uids.get(p.metadata.name) && !replacedAt.has(p.metadata.name)) replacedAt.set(p.metadata.name, Date.now());
    const finished = r.status?.updateRevision !== before && r.status?.currentRevision === r.status?.updateRevision && r.status?.updatedReplicas === 2 && r.status?.readyReplicas === 2;
    return finished && current.every((p) => p.spec.containers[0]!.image === 'nginx:1.28' && isReady(p)) ? r : undefined;
  });
  assert.ok(replacedAt.get('web-1')! <= replacedAt.get('web-0')!, 'web-1 was replaced before web-0');
  const current = await pods('web');
  assert.ok(current.every((p) => p.metadata.labels!['controller-revision-hash'] === done.status.updateRevision));
  const revisions = await kubectl.run(['get', 'controllerrevisions', '-l', 'app=web', '-o', 'jsonpath={range .items[*]}{.revision}{" "}{end}']);
  assert.deepEqual(revisions.stdout.trim().split(' ').sort(), ['1', '2']);
});

test('a Parallel set starting at ordinal 5 makes its pods at once, its claims owned by the set', { skip: kubectlSkip }, async () => {
  const yaml = statefulSetYaml('db', ['  podManagementPolicy: Parallel', '  ordinals: {start: 5}', '  persistentVolumeClaimRetentionPolicy: {whenDeleted: Delete, whenScaled: Retain}']);
  assert.equal((await kubectl.run(['apply', '-f', kubectl.file('db.yaml', yaml)])).code, 0);
  const created = await waitFor('three pods', async () => {
    const current = await pods('db');
    return current.length === 3 ? current : undefined;
  });
  assert.deepEqual(created.map((p) => p.metadata.name), ['db-5', 'db-6', 'db-7']);
  const uid = (await daemon.call('GET', `${SETS}/db`)).body.metadata.uid;
  await waitFor('the claims owned by the set', async () => {
    for (const i of [5, 6, 7]) {
      const claim = await daemon.call('GET', `${CLAIMS}/data-db-${i}`);
      const refs = claim.body.metadata?.ownerReferences ?? [];
      if (!(refs.length === 1 && refs[0].uid === uid && refs[0].kind === 'StatefulSet' && refs[0].controller === true)) return undefined;
    }
    return true;
  });
});
