// The selinux-warning controller's decisions: labels and their comparison, the conflicts the cache
// finds and their messages, and what a pod's sync records.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Pod } from '../../../api/core/v1/pod-types.ts';
import type { PersistentVolume, PersistentVolumeClaim } from '../../../api/core/v1/volume-types.ts';
import type { CSIDriver } from '../../../api/storage/v1/types.ts';
import type { EventRecorder } from '../../../client/record/index.ts';
import { fileLabelOf, labelsConflict, mountedVolumeOptions } from './selinux-labels.ts';
import { conflictMessage, VolumeLabelCache } from './volume-label-cache.ts';
import { syncPodKey, type PodSyncDeps } from './pod-sync.ts';

test('labels join the options, an empty part matches anything', () => {
  assert.equal(fileLabelOf(undefined), '');
  assert.equal(fileLabelOf({}), '');
  assert.equal(fileLabelOf({ level: 's0:c1,c2' }), ':::s0:c1,c2');
  assert.equal(fileLabelOf({ user: 'system_u', role: 'system_r', type: 'container_t', level: 's0:c1,c2' }), 'system_u:system_r:container_t:s0:c1,c2');
  assert.equal(labelsConflict('system_u:system_r:container_t:s0:c1,c2', ':::s0:c1,c2'), false);
  assert.equal(labelsConflict('system_u:system_r:container_t:s0:c1,c2', ':::s0:c98,c99'), true);
  assert.equal(labelsConflict('', ':::s0:c1,c2'), false);
  assert.equal(labelsConflict(':::s0:c1', ':::s0:c2'), true);
  assert.equal(labelsConflict('a:::', ':b::'), false);
});

test('each container mounting a volume brings its own options, else the pod\'s', () => {
  const pod = {
    metadata: { name: 'p', namespace: 'ns' },
    spec: {
      securityContext: { seLinuxOptions: { level: 's0:c1' } },
      initContainers: [{ name: 'i', image: 'x', volumeMounts: [{ name: 'a', mountPath: '/a' }] }],
      containers: [
        { name: 'c', image: 'x', securityContext: { seLinuxOptions: { level: 's0:c2' } }, volumeMounts: [{ name: 'a', mountPath: '/a' }, { name: 'b', mountPath: '/b' }] },
      ],
    },
  } as Pod;
  const mounts = mountedVolumeOptions(pod);
  assert.deepEqual(mounts.get('a'), [{ level: 's0:c1' }, { level: 's0:c2' }]);
  assert.deepEqual(mounts.get('b'), [{ level: 's0:c2' }]);
});

test('the cache reports a new conflict for both pods, once', () => {
  const cache = new VolumeLabelCache();
  assert.deepEqual(cache.addVolume('v', 'ns/a', { label: ':::s0:c1', changePolicy: 'MountOption' }, 'd'), []);
  const conflicts = cache.addVolume('v', 'ns/b', { label: ':::s0:c2', changePolicy: 'Recursive' }, 'd');
  assert.deepEqual(conflicts.map((c) => [c.reason, c.pod, c.value, c.otherPod, c.otherValue]), [
    ['SELinuxChangePolicyConflict', 'ns/b', 'Recursive', 'ns/a', 'MountOption'],
    ['SELinuxChangePolicyConflict', 'ns/a', 'MountOption', 'ns/b', 'Recursive'],
    ['SELinuxLabelConflict', 'ns/b', ':::s0:c2', 'ns/a', ':::s0:c1'],
    ['SELinuxLabelConflict', 'ns/a', ':::s0:c1', 'ns/b', ':::s0:c2'],
  ]);
  assert.deepEqual(cache.addVolume('v', 'ns/b', { label: ':::s0:c2', changePolicy: 'Recursive' }, 'd'), []);
  assert.equal(cache.conflicts().length, 4);
  assert.deepEqual(cache.podsForCSIDriver('d').sort(), ['ns/a', 'ns/b']);
  cache.deletePod('ns/a');
  assert.deepEqual(cache.conflicts(), []);
  cache.deletePod('ns/b');
  assert.deepEqual(cache.podsForCSIDriver('d'), []);
});

test('messages name the other pod only in the same namespace', () => {
  const same = { property: 'SELinuxLabel', reason: 'SELinuxLabelConflict', pod: 'ns/a', value: ':::s0:c1', otherPod: 'ns/b', otherValue: ':::s0:c2' } as const;
  assert.equal(conflictMessage(same), 'SELinuxLabel ":::s0:c1" conflicts with pod b that uses the same volume as this pod with SELinuxLabel ":::s0:c2". If both pods land on the same node, only one of them may access the volume.');
  assert.equal(conflictMessage({ ...same, otherPod: 'other/b' }), 'SELinuxLabel":::s0:c1" conflicts with another pod that uses the same volume as this pod with a different SELinuxLabel. If both pods land on the same node, only one of them may access the volume.');
});

// A CSI volume bound to claim ns/data, and pods using it.
function world(seLinuxMount: boolean) {
  const claim = { metadata: { name: 'data', namespace: 'ns', uid: 'c1' }, spec: { volumeName: 'pv1' }, status: { phase: 'Bound' } } as PersistentVolumeClaim;
  const volume = { metadata: { name: 'pv1' }, spec: { csi: { driver: 'csi.example.com', volumeHandle: 'h1' }, claimRef: { namespace: 'ns', name: 'data', uid: 'c1' } } } as PersistentVolume;
  const driver = { metadata: { name: 'csi.example.com' }, spec: { seLinuxMount } } as CSIDriver;
  const pods = new Map<string, Pod>();
  const events: Array<[string, string, string, string]> = [];
  const recorder: EventRecorder = { eventf: (regarding, _related, type, reason, _action, note) => events.push([(regarding as Pod).metadata.name ?? '', type, reason, note]) };
  const deps: PodSyncDeps = {
    pod: (key) => pods.get(key),
    claim: (key) => (key === 'ns/data' ? claim : undefined),
    volume: (name) => (name === 'pv1' ? volume : undefined),
    csiDriver: (name) => (name === driver.metadata.name ? driver : undefined),
    cache: new VolumeLabelCache(),
    recorder,
  };
  const addPod = (name: string, level: string, changePolicy?: string, claimName = 'data') => {
    const pod = {
      metadata: { name, namespace: 'ns' },
      spec: {
        securityContext: { seLinuxOptions: { level }, ...(changePolicy ? { seLinuxChangePolicy: changePolicy } : {}) },
        containers: [{ name: 'c', image: 'x', volumeMounts: [{ name: 'vol', mountPath: '/d' }] }],
        volumes: [{ name: 'vol', persistentVolumeClaim: { claimName } }],
      },
    } as Pod;
    pods.set(`ns/${name}`, pod);
    return pod;
  };
  return { deps, pods, events, addPod };
}

test('pods sharing a context-mounted volume with different labels both get SELinuxLabelConflict', () => {
  const w = world(true);
  w.addPod('a', 's0:c1,c2');
  syncPodKey('ns/a', w.deps);
  w.addPod('b', 's0:c3,c4');
  syncPodKey('ns/b', w.deps);
  assert.deepEqual(w.events, [
    ['b', 'Normal', 'SELinuxLabelConflict', 'SELinuxLabel ":::s0:c3,c4" conflicts with pod a that uses the same volume as this pod with SELinuxLabel ":::s0:c1,c2". If both pods land on the same node, only one of them may access the volume.'],
    ['a', 'Normal', 'SELinuxLabelConflict', 'SELinuxLabel ":::s0:c1,c2" conflicts with pod b that uses the same volume as this pod with SELinuxLabel ":::s0:c3,c4". If both pods land on the same node, only one of them may access the volume.'],
  ]);
  // Synced again unchanged, nothing new; a finished pod leaves the cache.
  syncPodKey('ns/b', w.deps);
  assert.equal(w.events.length, 2);
  w.pods.get('ns/b')!.status = { phase: 'Succeeded' };
  syncPodKey('ns/b', w.deps);
  assert.deepEqual(w.deps.cache.conflicts(), []);
});

test('a Recursive pod beside a MountOption pod is a change policy conflict, not a label one', () => {
  const w = world(true);
  w.addPod('a', 's0:c1,c2');
  syncPodKey('ns/a', w.deps);
  w.addPod('b', 's0:c3,c4', 'Recursive');
  syncPodKey('ns/b', w.deps);
  assert.deepEqual(w.events.map((e) => [e[0], e[2]]), [['b', 'SELinuxChangePolicyConflict'], ['a', 'SELinuxChangePolicyConflict']]);
  assert.match(w.events[0]![3], /^SELinuxChangePolicy "Recursive" conflicts with pod a that uses the same volume as this pod with SELinuxChangePolicy "MountOption"/);
});

test('a driver without seLinuxMount relabels recursively: no conflicts', () => {
  const w = world(false);
  w.addPod('a', 's0:c1,c2');
  w.addPod('b', 's0:c3,c4', 'Recursive');
  syncPodKey('ns/a', w.deps);
  syncPodKey('ns/b', w.deps);
  assert.deepEqual(w.events, []);
});

test('an unbound claim fails the sync; two labels in one pod are a warning', () => {
  const w = world(true);
  w.addPod('a', 's0:c1', undefined, 'missing');
  assert.throws(() => syncPodKey('ns/a', w.deps), /error processing PVC "ns\/missing"/);
  const pod = w.addPod('b', 's0:c1');
  pod.spec!.containers.push({ name: 'd', image: 'x', securityContext: { seLinuxOptions: { level: 's0:c9' } }, volumeMounts: [{ name: 'vol', mountPath: '/e' }] });
  assert.throws(() => syncPodKey('ns/b', w.deps), /multiple SELinux labels found/);
  assert.deepEqual(w.events, [['b', 'Warning', 'MultipleSELinuxLabels', 'Volume "vol" is mounted twice with different SELinux labels inside this pod']]);
});
