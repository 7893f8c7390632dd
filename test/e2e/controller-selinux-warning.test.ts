// The selinux-warning controller end to end: off unless --controllers names it, as in Kubernetes
// 1.35; named, it runs as its own selinux-warning-controller account. Pods sharing a CSI volume
// whose driver mounts with an SELinux context get SELinuxLabelConflict events (both of them, the
// other pod named in the same namespace only) or SELinuxChangePolicyConflict when one relabels
// recursively; `kubectl get events` shows them.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { makeTempDir } from '../support/apiserver.ts';
import { deferredHooks, startDaemon, type StorageDaemon } from '../support/daemon.ts';
import { kubectlFor, kubectlSkip, type Kubectl } from '../support/kubectl.ts';
import type { SpawnedControllerManager } from '../../src/controllermanager/testing/spawn.ts';
import { controllerWaiter, startControllers, stopControllers } from '../support/controller-manager.ts';

const NS = 'selinux';
const OTHER_NS = 'selinux-other';
const DRIVER = 'csi.example.com';
let daemon: StorageDaemon;
let cm: SpawnedControllerManager;
let kubectl: Kubectl;
const hooks = deferredHooks();
const waitFor = controllerWaiter(() => cm);

async function ok(method: string, path: string, body?: unknown): Promise<any> {
  const r = await daemon.call(method, path, body);
  assert.ok(r.status < 300, `${method} ${path}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}

/** A claim in `namespace` bound to a CSI volume with the given handle. */
async function boundClaim(namespace: string, name: string, handle: string, driver = DRIVER): Promise<void> {
  const claim = await ok('POST', `/api/v1/namespaces/${namespace}/persistentvolumeclaims`, {
    metadata: { name }, spec: { accessModes: ['ReadWriteMany'], resources: { requests: { storage: '1Gi' } }, volumeName: `pv-${namespace}-${name}`, storageClassName: '' },
  });
  await ok('POST', '/api/v1/persistentvolumes', {
    metadata: { name: `pv-${namespace}-${name}` },
    spec: {
      capacity: { storage: '1Gi' }, accessModes: ['ReadWriteMany'], storageClassName: '',
      csi: { driver, volumeHandle: handle },
      claimRef: { apiVersion: 'v1', kind: 'PersistentVolumeClaim', namespace, name, uid: claim.metadata.uid },
    },
  });
  await ok('PUT', `/api/v1/namespaces/${namespace}/persistentvolumeclaims/${name}/status`, { ...claim, status: { phase: 'Bound', accessModes: ['ReadWriteMany'], capacity: { storage: '1Gi' } } });
}

async function pod(namespace: string, name: string, claim: string, level: string, changePolicy?: string): Promise<void> {
  await ok('POST', `/api/v1/namespaces/${namespace}/pods`, {
    metadata: { name },
    spec: {
      securityContext: { seLinuxOptions: { level }, ...(changePolicy ? { seLinuxChangePolicy: changePolicy } : {}) },
      containers: [{ name: 'app', image: 'busybox', volumeMounts: [{ name: 'data', mountPath: '/data' }] }],
      volumes: [{ name: 'data', persistentVolumeClaim: { claimName: claim } }],
    },
  });
}

type CoreEvent = { reason: string; message: string; type: string; involvedObject: { name: string } };
const eventsOf = async (namespace: string, podName: string): Promise<CoreEvent[]> =>
  ((await daemon.call('GET', `/api/v1/namespaces/${namespace}/events?fieldSelector=involvedObject.name=${podName}`)).body.items ?? []) as CoreEvent[];
const eventWith = (namespace: string, podName: string, reason: string) =>
  waitFor(`${reason} on ${namespace}/${podName}`, async () => (await eventsOf(namespace, podName)).find((e) => e.reason === reason));

before(async () => {
  const dir = makeTempDir('orch-selinux-warning-');
  daemon = await startDaemon(hooks, dir, []);
  for (const name of [NS, OTHER_NS]) await ok('POST', '/api/v1/namespaces', { metadata: { name } });
  await ok('POST', '/apis/storage.orch.io/v1/csidrivers', { metadata: { name: DRIVER }, spec: { seLinuxMount: true } });
  ({ cm } = await startControllers(daemon, dir, ['--controllers=selinux-warning-controller,serviceaccount-controller', '--use-service-account-credentials', '-v=2'], /Started controllers/));
  await cm.waitForLog(/Starting SELinux warning controller/);
  kubectl = kubectlFor(daemon, NS);
  for (const name of [NS, OTHER_NS]) {
    await waitFor(`the default service account of ${name}`, async () => ((await daemon.call('GET', `/api/v1/namespaces/${name}/serviceaccounts/default`)).status === 200 ? true : undefined));
  }
});
after(async () => {
  kubectl?.close();
  await stopControllers(cm);
  await hooks.run();
});

test('off by default: --controllers=* alone does not start it', async () => {
  const { isControllerEnabled } = await import('../../src/controllermanager/app/controllers.ts');
  assert.equal(isControllerEnabled('selinux-warning-controller', ['*']), false);
  assert.equal(isControllerEnabled('selinux-warning-controller', ['*', 'selinux-warning-controller']), true);
});

test('two pods sharing a volume with different labels both get SELinuxLabelConflict', async () => {
  await boundClaim(NS, 'shared', 'vol-1');
  await pod(NS, 'first', 'shared', 's0:c1,c2');
  await pod(NS, 'second', 'shared', 's0:c3,c4');
  const onFirst = await eventWith(NS, 'first', 'SELinuxLabelConflict');
  const onSecond = await eventWith(NS, 'second', 'SELinuxLabelConflict');
  assert.equal(onFirst.type, 'Normal');
  assert.equal(onFirst.message, 'SELinuxLabel ":::s0:c1,c2" conflicts with pod second that uses the same volume as this pod with SELinuxLabel ":::s0:c3,c4". If both pods land on the same node, only one of them may access the volume.');
  assert.equal(onSecond.message, 'SELinuxLabel ":::s0:c3,c4" conflicts with pod first that uses the same volume as this pod with SELinuxLabel ":::s0:c1,c2". If both pods land on the same node, only one of them may access the volume.');
});

test('kubectl get events lists them', { skip: kubectlSkip }, async () => {
  const got = await kubectl.run(['get', 'events', '--field-selector', 'reason=SELinuxLabelConflict', '-o', 'custom-columns=OBJ:.involvedObject.name,TYPE:.type', '--no-headers']);
  assert.equal(got.code, 0, got.stderr);
  const rows = got.stdout.trim().split('\n').map((l) => l.trim().split(/\s+/));
  assert.deepEqual(rows.map((r) => r[0]).sort(), ['first', 'second']);
  assert.ok(rows.every((r) => r[1] === 'Normal'), got.stdout);
});

test('a pod relabelling recursively beside one mounting with a context: SELinuxChangePolicyConflict only', async () => {
  await boundClaim(NS, 'policy', 'vol-2');
  await pod(NS, 'mounter', 'policy', 's0:c1,c2');
  await pod(NS, 'relabeller', 'policy', 's0:c5,c6', 'Recursive');
  const e = await eventWith(NS, 'relabeller', 'SELinuxChangePolicyConflict');
  assert.equal(e.message, 'SELinuxChangePolicy "Recursive" conflicts with pod mounter that uses the same volume as this pod with SELinuxChangePolicy "MountOption". If both pods land on the same node, only one of them may access the volume.');
  await eventWith(NS, 'mounter', 'SELinuxChangePolicyConflict');
  assert.ok(!(await eventsOf(NS, 'relabeller')).some((x) => x.reason === 'SELinuxLabelConflict'));
});

test('a pod of another namespace on the same volume is not named', async () => {
  // Two claims in two namespaces bound to volumes of the same handle are one volume.
  await boundClaim(OTHER_NS, 'shared', 'vol-1');
  await pod(OTHER_NS, 'third', 'shared', 's0:c7,c8');
  const e = await eventWith(OTHER_NS, 'third', 'SELinuxLabelConflict');
  assert.equal(e.message, 'SELinuxLabel":::s0:c7,c8" conflicts with another pod that uses the same volume as this pod with a different SELinuxLabel. If both pods land on the same node, only one of them may access the volume.');
});

test('matching labels, and volumes mounted without a context, raise nothing', async () => {
  await boundClaim(NS, 'same', 'vol-3');
  await pod(NS, 'same-a', 'same', 's0:c1,c2');
  await pod(NS, 'same-b', 'same', 's0:c1,c2');
  // A driver without seLinuxMount: the runtime relabels, whatever the labels.
  await ok('POST', '/apis/storage.orch.io/v1/csidrivers', { metadata: { name: 'plain.example.com' }, spec: {} });
  await boundClaim(NS, 'plain', 'vol-5', 'plain.example.com');
  await pod(NS, 'plain-a', 'plain', 's0:c1');
  await pod(NS, 'plain-b', 'plain', 's0:c2');
  // A pair after them: once its conflict is seen, the pods before were synced too (one worker, in order).
  await boundClaim(NS, 'marker', 'vol-4');
  await pod(NS, 'marker-a', 'marker', 's0:c1');
  await pod(NS, 'marker-b', 'marker', 's0:c2');
  await eventWith(NS, 'marker-b', 'SELinuxLabelConflict');
  assert.deepEqual((await eventsOf(NS, 'same-a')).filter((e) => e.reason.startsWith('SELinux')), []);
  for (const name of ['same-a', 'same-b', 'plain-a', 'plain-b']) {
    assert.deepEqual((await eventsOf(NS, name)).filter((e) => e.reason.startsWith('SELinux')), [], name);
  }
});
