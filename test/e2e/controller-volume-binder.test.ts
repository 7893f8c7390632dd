// The storage controllers end to end: orch-apiserver as `orch up` runs it, orch-scheduler and
// orch-nodeagent with two simulated nodes, and the real orch-controller-manager running the
// persistentvolume binder, expander, protection, attach-detach and ephemeral-volume controllers
// with the statefulset, garbage collector and service account controllers, each as its own
// service account. A claim of an orch.io/simulated class binds to a provisioned volume and a pod
// using it runs; growing its request expands the volume; deleting the pod and the claim (reclaim
// Delete) removes the volume. A stateful set's claim templates get Bound claims, a pod's generic
// ephemeral volume gets its own claim, and a pod using a CSI volume gets an attached
// VolumeAttachment that goes with the pod.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { makeTempDir } from '../support/apiserver.ts';
import { deferredHooks, startDaemon, type StorageDaemon } from '../support/daemon.ts';
import type { SpawnedControllerManager } from '../../src/controllermanager/testing/spawn.ts';
import { controllerWaiter, startControllers, stopControllers } from '../support/controller-manager.ts';
import { startNodeAgent, startScheduler, type Component } from '../support/nodes.ts';

const NS = 'vol';
const CLAIMS = `/api/v1/namespaces/${NS}/persistentvolumeclaims`;
const PODS = `/api/v1/namespaces/${NS}/pods`;
let daemon: StorageDaemon;
let cm: SpawnedControllerManager;
const components: Component[] = [];
const hooks = deferredHooks();

before(async () => {
  const dir = makeTempDir('orch-volume-binder-');
  daemon = await startDaemon(hooks, dir, []);
  const started = await startControllers(daemon, dir, [
    '--controllers=persistentvolume-binder-controller,persistentvolume-expander-controller,persistentvolume-protection-controller,persistentvolumeclaim-protection-controller,persistentvolume-attach-detach-controller,ephemeral-volume-controller,statefulset-controller,garbage-collector-controller,serviceaccount-controller',
    '--use-service-account-credentials', '--pvclaimbinder-sync-period=2s', '--attach-detach-reconcile-sync-period=2s', '-v=2',
  ], /Persistent volume binder controller synced/);
  cm = started.cm;
  components.push(startScheduler(started.orchconfig));
  components.push(await startNodeAgent(started.orchconfig, dir, 2));
  assert.equal((await daemon.call('POST', '/api/v1/namespaces', { metadata: { name: NS } })).status, 201);
  const sc = await daemon.call('POST', '/apis/storage.orch.io/v1/storageclasses', {
    metadata: { name: 'simulated', annotations: { 'storageclass.orch.io/is-default-class': 'true' } },
    provisioner: 'orch.io/simulated', reclaimPolicy: 'Delete', allowVolumeExpansion: true, volumeBindingMode: 'Immediate',
  });
  assert.equal(sc.status, 201, JSON.stringify(sc.body));
  await waitFor('the default service account', async () => ((await daemon.call('GET', `/api/v1/namespaces/${NS}/serviceaccounts/default`)).status === 200 ? true : undefined));
});
after(async () => {
  for (const c of components) await c.stop();
  await stopControllers(cm);
  await hooks.run();
});

const waitFor = controllerWaiter(() => cm, 30_000);
const get = async (path: string) => {
  const r = await daemon.call('GET', path);
  return r.status === 200 ? r.body : undefined;
};

const claim = (name: string, extra: Record<string, unknown> = {}) => ({
  metadata: { name },
  spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } }, storageClassName: 'simulated', ...extra },
});
const podUsing = (name: string, volume: Record<string, unknown>) => ({
  metadata: { name },
  spec: { containers: [{ name: 'app', image: 'busybox', volumeMounts: [{ name: 'data', mountPath: '/data' }] }], volumes: [{ name: 'data', ...volume }] },
});

test('a claim of the simulated class binds, its pod runs, it expands, and reclaim Delete removes its volume', async () => {
  const created = await daemon.call('POST', CLAIMS, claim('data'));
  assert.equal(created.status, 201, JSON.stringify(created.body));
  const uid = created.body.metadata.uid;
  const bound = await waitFor('the claim Bound', async () => ((await get(`${CLAIMS}/data`))?.status?.phase === 'Bound' ? get(`${CLAIMS}/data`) : undefined));
  assert.equal(bound.spec.volumeName, `pvc-${uid}`);
  assert.deepEqual(bound.status.capacity, { storage: '1Gi' });
  assert.equal(bound.metadata.annotations['pv.orch.io/bind-completed'], 'yes');
  assert.equal(bound.metadata.annotations['volume.orch.io/storage-provisioner'], 'orch.io/simulated');
  const pv = await waitFor('the volume Bound', async () => ((await get(`/api/v1/persistentvolumes/pvc-${uid}`))?.status?.phase === 'Bound' ? get(`/api/v1/persistentvolumes/pvc-${uid}`) : undefined));
  assert.equal(pv.spec.claimRef.uid, uid);
  assert.equal(pv.metadata.annotations['pv.orch.io/provisioned-by'], 'orch.io/simulated');
  assert.deepEqual([...pv.metadata.finalizers].sort(), ['orch.io/pv-controller', 'orch.io/pv-protection']);
  const events = (await daemon.call('GET', `/apis/events.orch.io/v1/namespaces/${NS}/events`)).body.items;
  assert.ok(events.some((e: any) => e.reason === 'ProvisioningSucceeded' && e.note === `Successfully provisioned volume pvc-${uid} using orch.io/simulated`));

  assert.equal((await daemon.call('POST', PODS, podUsing('user', { persistentVolumeClaim: { claimName: 'data' } }))).status, 201);
  await waitFor('the pod Running', async () => ((await get(`${PODS}/user`))?.status?.phase === 'Running' ? true : undefined));

  const grown = await daemon.send('PATCH', `${CLAIMS}/data`, { body: { spec: { resources: { requests: { storage: '2Gi' } } } }, headers: { 'content-type': 'application/merge-patch+json' } });
  assert.equal(grown.status, 200, grown.text);
  const expanded = await waitFor('the claim expanded', async () => ((await get(`${CLAIMS}/data`))?.status?.capacity?.storage === '2Gi' ? get(`${CLAIMS}/data`) : undefined));
  assert.deepEqual(expanded.status.allocatedResources, { storage: '2Gi' });
  assert.equal(expanded.status.allocatedResourceStatuses, undefined);
  assert.equal((await get(`/api/v1/persistentvolumes/pvc-${uid}`)).spec.capacity.storage, '2Gi');

  assert.equal((await daemon.call('DELETE', `${PODS}/user`)).status, 200);
  assert.equal((await daemon.call('DELETE', `${CLAIMS}/data`)).status, 200);
  await waitFor('the volume deleted', async () => ((await daemon.call('GET', `/api/v1/persistentvolumes/pvc-${uid}`)).status === 404 ? true : undefined));
});

test('a stateful set gets Bound claims from its templates; an ephemeral volume gets a claim owned by its pod', async () => {
  const set = await daemon.call('POST', `/apis/apps/v1/namespaces/${NS}/statefulsets`, {
    metadata: { name: 'web' },
    spec: {
      serviceName: 'web', replicas: 2, selector: { matchLabels: { app: 'web' } },
      template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'web', image: 'nginx', volumeMounts: [{ name: 'www', mountPath: '/w' }] }] } },
      volumeClaimTemplates: [{ metadata: { name: 'www' }, spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } } }],
    },
  });
  assert.equal(set.status, 201, JSON.stringify(set.body));
  for (const name of ['www-web-0', 'www-web-1']) {
    const c = await waitFor(`${name} Bound`, async () => ((await get(`${CLAIMS}/${name}`))?.status?.phase === 'Bound' ? get(`${CLAIMS}/${name}`) : undefined));
    assert.equal(c.spec.storageClassName, 'simulated');
  }

  const pod = await daemon.call('POST', PODS, podUsing('scratchy', { ephemeral: { volumeClaimTemplate: { spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } } } } }));
  assert.equal(pod.status, 201, JSON.stringify(pod.body));
  const eph = await waitFor('the ephemeral claim Bound', async () => ((await get(`${CLAIMS}/scratchy-data`))?.status?.phase === 'Bound' ? get(`${CLAIMS}/scratchy-data`) : undefined));
  assert.deepEqual(eph.metadata.ownerReferences, [{ apiVersion: 'v1', kind: 'Pod', name: 'scratchy', uid: pod.body.metadata.uid, controller: true, blockOwnerDeletion: true }]);
});

test('a pod using a CSI volume gets an attached VolumeAttachment, deleted once the pod goes', async () => {
  const pv = await daemon.call('POST', '/api/v1/persistentvolumes', {
    metadata: { name: 'csi-static' },
    spec: { capacity: { storage: '1Gi' }, accessModes: ['ReadWriteOnce'], storageClassName: '', persistentVolumeReclaimPolicy: 'Retain', csi: { driver: 'disk.example.com', volumeHandle: 'vol-1' } },
  });
  assert.equal(pv.status, 201, JSON.stringify(pv.body));
  assert.equal((await daemon.call('POST', CLAIMS, claim('csi', { storageClassName: '', volumeName: 'csi-static' }))).status, 201);
  await waitFor('the CSI claim Bound', async () => ((await get(`${CLAIMS}/csi`))?.status?.phase === 'Bound' ? true : undefined));
  assert.equal((await daemon.call('POST', PODS, podUsing('attached', { persistentVolumeClaim: { claimName: 'csi' } }))).status, 201);
  const va = await waitFor('an attached VolumeAttachment', async () => {
    const items = (await daemon.call('GET', '/apis/storage.orch.io/v1/volumeattachments')).body.items ?? [];
    return items.find((v: any) => v.spec.source.persistentVolumeName === 'csi-static' && v.status?.attached === true);
  });
  const node = (await get(`${PODS}/attached`)).spec.nodeName;
  assert.equal(va.spec.nodeName, node);
  assert.equal(va.spec.attacher, 'disk.example.com');
  assert.match(va.metadata.name, /^csi-[0-9a-f]{64}$/);
  assert.deepEqual(va.metadata.finalizers, ['external-attacher/disk-example-com']);
  assert.equal((await daemon.call('DELETE', `${PODS}/attached`)).status, 200);
  await waitFor('the VolumeAttachment gone', async () => ((await daemon.call('GET', `/apis/storage.orch.io/v1/volumeattachments/${va.metadata.name}`)).status === 404 ? true : undefined), 45_000);
});
