import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Node } from '../../../../api/core/v1/node-types.ts';
import type { Pod } from '../../../../api/core/v1/pod-types.ts';
import type { PersistentVolume, PersistentVolumeClaim } from '../../../../api/core/v1/volume-types.ts';
import type { StorageClass } from '../../../../api/storage/v1/types.ts';
import { realClock } from '../../../../client/clock/clock.ts';
import { notFound as statusNotFound } from '../../../../machinery/status.ts';
import type { BinderContext } from './binder-context.ts';
import { OperationMap } from './operation-map.ts';
import { syncClaim } from './sync-claim.ts';
import { syncVolume } from './sync-volume.ts';
import { VersionedCache } from './versioned-cache.ts';
import { volumePlugins } from './volume-plugins.ts';

const notFound = () => statusNotFound({ group: '', resource: 'persistentvolumes' }, 'x');

/** An in-memory API: every write bumps the resourceVersion; deletes of finalized objects wait. */
function fakeCluster(opts: { classes?: StorageClass[]; nodes?: Node[] } = {}) {
  let rv = 10;
  const volumes = new Map<string, PersistentVolume>();
  const claims = new Map<string, PersistentVolumeClaim>();
  const events: string[] = [];
  const stamp = <T extends { metadata: { resourceVersion?: string } }>(o: T): T => ({ ...structuredClone(o), metadata: { ...structuredClone(o.metadata), resourceVersion: String(++rv) } });
  const ctx: BinderContext = {
    client: {
      getVolume: async (name) => {
        if (!volumes.has(name)) throw notFound();
        return structuredClone(volumes.get(name)!);
      },
      createVolume: async (pv) => (volumes.set(pv.metadata.name!, stamp({ ...pv, metadata: { ...pv.metadata, uid: `uid-${pv.metadata.name}` }, status: { phase: 'Pending' } })), volumes.get(pv.metadata.name!)!),
      updateVolume: async (pv) => (volumes.set(pv.metadata.name!, stamp({ ...pv, status: volumes.get(pv.metadata.name!)?.status })), volumes.get(pv.metadata.name!)!),
      updateVolumeStatus: async (pv) => (volumes.set(pv.metadata.name!, stamp({ ...volumes.get(pv.metadata.name!)!, status: pv.status })), volumes.get(pv.metadata.name!)!),
      deleteVolume: async (name) => void volumes.delete(name),
      getClaim: async (ns, name) => {
        if (!claims.has(`${ns}/${name}`)) throw notFound();
        return structuredClone(claims.get(`${ns}/${name}`)!);
      },
      updateClaim: async (c) => (claims.set(`${c.metadata.namespace}/${c.metadata.name}`, stamp({ ...c, status: claims.get(`${c.metadata.namespace}/${c.metadata.name}`)?.status })), claims.get(`${c.metadata.namespace}/${c.metadata.name}`)!),
      updateClaimStatus: async (c) => {
        const key = `${c.metadata.namespace}/${c.metadata.name}`;
        claims.set(key, stamp({ ...claims.get(key)!, status: c.status }));
        return claims.get(key)!;
      },
      createPod: async (p: Pod) => p,
      getPod: async () => ({ metadata: {}, status: { phase: 'Succeeded' } }),
      deletePod: async () => {},
    },
    listers: {
      volume: (name) => volumes.get(name),
      claim: (key) => claims.get(key),
      volumes: () => [...volumes.values()],
      claims: () => [...claims.values()],
      storageClass: (name) => opts.classes?.find((c) => c.metadata.name === name),
      storageClasses: () => opts.classes ?? [],
      node: (name) => opts.nodes?.find((n) => n.metadata.name === name),
      podsOfClaim: () => [],
    },
    recorder: { eventf: (_r, _rel, type, reason, _a, note) => void events.push(`${type} ${reason} ${note}`) },
    volumes: new VersionedCache(),
    claims: new VersionedCache(),
    operations: new OperationMap(realClock),
    plugins: volumePlugins(false),
    enableDynamicProvisioning: true,
    recycler: { minimumTimeoutNFS: 300, incrementTimeoutNFS: 30, minimumTimeoutHostPath: 60, incrementTimeoutHostPath: 30 },
    clock: realClock,
    enqueueClaim: () => {},
    createRetries: { count: 1, intervalMs: 1 },
  };
  const refresh = () => {
    for (const v of volumes.values()) ctx.volumes.store(v);
    for (const c of claims.values()) ctx.claims.store(c);
  };
  const addVolume = (pv: PersistentVolume) => (volumes.set(pv.metadata.name!, stamp(pv)), refresh());
  const addClaim = (c: PersistentVolumeClaim) => (claims.set(`${c.metadata.namespace}/${c.metadata.name}`, stamp(c)), refresh());
  return { ctx, volumes, claims, events, refresh, addVolume, addClaim };
}

const pv = (name: string, size: string, extra: Partial<PersistentVolume['spec']> = {}, labels?: Record<string, string>): PersistentVolume => ({
  metadata: { name, uid: `uid-${name}`, ...(labels ? { labels } : {}) },
  spec: { capacity: { storage: size }, accessModes: ['ReadWriteOnce'], persistentVolumeReclaimPolicy: 'Retain', hostPath: { path: `/tmp/${name}` }, ...extra },
  status: { phase: 'Available' },
});
const pvc = (name: string, size: string, spec: Partial<PersistentVolumeClaim['spec']> = {}): PersistentVolumeClaim => ({
  metadata: { name, namespace: 'ns', uid: `uid-${name}` },
  spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: size } }, ...spec },
  status: { phase: 'Pending' },
});
const simulated = (mode = 'Immediate', reclaimPolicy = 'Delete'): StorageClass => ({ metadata: { name: 'sim' }, provisioner: 'orch.io/simulated', reclaimPolicy, volumeBindingMode: mode });

test('a claim is bound to the smallest Available volume of its class that fits and matches its selector', async () => {
  const c = fakeCluster();
  c.addVolume(pv('big', '10Gi', { storageClassName: 'slow' }, { tier: 'a' }));
  c.addVolume(pv('small', '2Gi', { storageClassName: 'slow' }, { tier: 'a' }));
  c.addVolume(pv('tiny', '1Gi', { storageClassName: 'slow' }, { tier: 'a' }));
  c.addVolume(pv('other-class', '2Gi', { storageClassName: 'fast' }, { tier: 'a' }));
  c.addVolume(pv('unlabelled', '2Gi', { storageClassName: 'slow' }));
  c.addClaim(pvc('data', '1500Mi', { storageClassName: 'slow', selector: { matchLabels: { tier: 'a' } } }));
  await syncClaim(c.ctx, c.ctx.claims.get('ns/data')!);
  const claim = c.claims.get('ns/data')!;
  assert.equal(claim.spec?.volumeName, 'small');
  assert.equal(claim.status?.phase, 'Bound');
  assert.deepEqual(claim.status?.capacity, { storage: '2Gi' });
  assert.equal(claim.metadata.annotations?.['pv.orch.io/bind-completed'], 'yes');
  assert.equal(claim.metadata.annotations?.['pv.orch.io/bound-by-controller'], 'yes');
  const volume = c.volumes.get('small')!;
  assert.equal(volume.status?.phase, 'Bound');
  assert.equal(volume.spec?.claimRef?.uid, 'uid-data');
  assert.equal(volume.metadata.annotations?.['pv.orch.io/bound-by-controller'], 'yes');
});

test('a claim asking for a volume that does not fit stays Pending with VolumeMismatch; no class and no volume is FailedBinding', async () => {
  const c = fakeCluster();
  c.addVolume(pv('v1', '1Gi'));
  c.addClaim(pvc('named', '5Gi', { volumeName: 'v1', storageClassName: '' }));
  await syncClaim(c.ctx, c.ctx.claims.get('ns/named')!);
  assert.deepEqual(c.events, ['Warning VolumeMismatch Cannot bind to requested volume "v1": requested PV is too small']);
  c.addClaim(pvc('none', '50Gi', { storageClassName: '' }));
  await syncClaim(c.ctx, c.ctx.claims.get('ns/none')!);
  assert.equal(c.events[1], 'Normal FailedBinding no persistent volumes available for this claim and no storage class is set');
  assert.equal(c.claims.get('ns/none')!.status?.phase, 'Pending');
});

test('orch.io/simulated provisions pvc-<uid>, the next syncs bind it, and deleting the claim deletes it', async () => {
  const c = fakeCluster({ classes: [simulated()] });
  c.addClaim(pvc('data', '3Gi', { storageClassName: 'sim' }));
  await syncClaim(c.ctx, c.ctx.claims.get('ns/data')!);
  await c.ctx.operations.drain();
  const volume = c.volumes.get('pvc-uid-data')!;
  assert.ok(volume, 'provisioned');
  assert.deepEqual(volume.spec?.capacity, { storage: '3Gi' });
  assert.equal(volume.spec?.hostPath?.path, '/var/lib/orch/simulated-volumes/pvc-uid-data');
  assert.equal(volume.spec?.storageClassName, 'sim');
  assert.equal(volume.spec?.persistentVolumeReclaimPolicy, 'Delete');
  assert.deepEqual(volume.metadata.finalizers, ['orch.io/pv-controller']);
  assert.equal(volume.metadata.annotations?.['pv.orch.io/provisioned-by'], 'orch.io/simulated');
  assert.equal(c.claims.get('ns/data')!.metadata.annotations?.['volume.orch.io/storage-provisioner'], 'orch.io/simulated');
  assert.ok(c.events.includes('Normal ProvisioningSucceeded Successfully provisioned volume pvc-uid-data using orch.io/simulated'));
  c.refresh();
  await syncClaim(c.ctx, c.ctx.claims.get('ns/data')!);
  assert.equal(c.claims.get('ns/data')!.status?.phase, 'Bound');
  assert.equal(c.volumes.get('pvc-uid-data')!.status?.phase, 'Bound');
  // The claim goes: Released, storage freed, finalizer off, volume deleted.
  c.claims.delete('ns/data');
  c.ctx.claims.delete('ns/data');
  c.refresh();
  await syncVolume(c.ctx, c.ctx.volumes.get('pvc-uid-data')!);
  await c.ctx.operations.drain();
  assert.equal(c.volumes.has('pvc-uid-data'), false);
});

test('Retain keeps a Released volume; WaitForFirstConsumer waits, then provisions on the selected node', async () => {
  const node: Node = { metadata: { name: 'n1', labels: { 'orch.io/hostname': 'n1' } } };
  const c = fakeCluster({ classes: [simulated('WaitForFirstConsumer', 'Retain')], nodes: [node] });
  c.addClaim(pvc('late', '1Gi', { storageClassName: 'sim' }));
  await syncClaim(c.ctx, c.ctx.claims.get('ns/late')!);
  await c.ctx.operations.drain();
  assert.deepEqual(c.events, ['Normal WaitForFirstConsumer waiting for first consumer to be created before binding']);
  assert.equal(c.volumes.size, 0);
  const claim = c.claims.get('ns/late')!;
  c.addClaim({ ...claim, metadata: { ...claim.metadata, annotations: { 'volume.orch.io/selected-node': 'n1' } } });
  await syncClaim(c.ctx, c.ctx.claims.get('ns/late')!);
  await c.ctx.operations.drain();
  const volume = c.volumes.get('pvc-uid-late')!;
  assert.deepEqual(volume.spec?.nodeAffinity?.required?.nodeSelectorTerms, [{ matchExpressions: [{ key: 'orch.io/hostname', operator: 'In', values: ['n1'] }] }]);
  assert.equal(volume.metadata.finalizers, undefined);
  c.refresh();
  await syncClaim(c.ctx, c.ctx.claims.get('ns/late')!);
  c.claims.delete('ns/late');
  c.ctx.claims.delete('ns/late');
  c.refresh();
  await syncVolume(c.ctx, c.ctx.volumes.get('pvc-uid-late')!);
  await c.ctx.operations.drain();
  assert.equal(c.volumes.get('pvc-uid-late')!.status?.phase, 'Released');
});
