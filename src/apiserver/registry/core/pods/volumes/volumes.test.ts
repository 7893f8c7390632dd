// Pod volume defaults and validation: Kubernetes' defaults, and its causes (reason, full field
// path and message) for the common mistakes of each source.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Volume } from '../../../../../api/core/v1/volume-types.ts';
import { defaultVolume, validateVolumes } from './index.ts';
import { imageTag } from './defaults.ts';

/** `field: message` of each cause, the form they are compared in. */
function causes(volumes: Volume[], podName?: string): string[] {
  return validateVolumes(volumes, 'spec.volumes', podName).causes.map((c) => `${c.reason} ${c.field}: ${c.message}`);
}

function defaulted(v: Volume): Volume {
  const copy = structuredClone(v);
  defaultVolume(copy);
  return copy;
}

test('a volume without a source is an emptyDir; file sources get mode 0644, host paths type ""', () => {
  assert.deepEqual(defaulted({ name: 'a' }), { name: 'a', emptyDir: {} });
  assert.equal(defaulted({ name: 's', secret: { secretName: 'x' } }).secret!.defaultMode, 420);
  assert.equal(defaulted({ name: 'c', configMap: { name: 'x', defaultMode: 256 } }).configMap!.defaultMode, 256);
  assert.equal(defaulted({ name: 'h', hostPath: { path: '/x' } }).hostPath!.type, '');
  const downward = defaulted({ name: 'd', downwardAPI: { items: [{ path: 'n', fieldRef: { fieldPath: 'metadata.name' } }] } });
  assert.equal(downward.downwardAPI!.defaultMode, 420);
  assert.equal(downward.downwardAPI!.items![0]!.fieldRef!.apiVersion, 'v1');
});

test('projected tokens last an hour; claim templates ask for a filesystem; old sources get their marked defaults', () => {
  const p = defaulted({ name: 'p', projected: { sources: [{ serviceAccountToken: { path: 'token' } }] } });
  assert.equal(p.projected!.defaultMode, 420);
  assert.equal(p.projected!.sources![0]!.serviceAccountToken!.expirationSeconds, 3600);
  const e = defaulted({ name: 'e', ephemeral: { volumeClaimTemplate: { spec: { accessModes: ['ReadWriteOnce'] } } } });
  assert.equal(e.ephemeral!.volumeClaimTemplate!.spec.volumeMode, 'Filesystem');
  const rbd = defaulted({ name: 'r', rbd: { monitors: ['m'], image: 'i' } }).rbd!;
  assert.deepEqual([rbd.pool, rbd.user, rbd.keyring], ['rbd', 'admin', '/etc/ceph/keyring']);
  assert.equal(defaulted({ name: 'i', iscsi: { targetPortal: 't', iqn: 'q', lun: 0 } }).iscsi!.iscsiInterface, 'default');
});

test('an image volume is pulled Always for :latest or no tag, IfNotPresent otherwise', () => {
  assert.equal(imageTag('nginx'), 'latest');
  assert.equal(imageTag('localhost:5000/app'), 'latest');
  assert.equal(imageTag('nginx:1.27'), '1.27');
  assert.equal(imageTag('nginx@sha256:abc'), '');
  assert.equal(defaulted({ name: 'i', image: { reference: 'nginx' } }).image!.pullPolicy, 'Always');
  assert.equal(defaulted({ name: 'i', image: { reference: 'nginx:1.27' } }).image!.pullPolicy, 'IfNotPresent');
  assert.equal(defaulted({ name: 'i', image: { reference: 'x', pullPolicy: 'Never' } }).image!.pullPolicy, 'Never');
});

test('names are required DNS labels, unique; only valid volumes are named for mounts', () => {
  const result = validateVolumes([{ name: 'ok', emptyDir: {} }, { name: 'ok', emptyDir: {} }, { name: 'Bad_Name', emptyDir: {} }, { name: '', emptyDir: {} }], 'spec.volumes');
  assert.deepEqual([...result.names], ['ok']);
  assert.deepEqual(result.causes.map((c) => `${c.reason} ${c.field}: ${c.message}`), [
    'FieldValueDuplicate spec.volumes[1].name: Duplicate value: "ok"',
    `FieldValueInvalid spec.volumes[2].name: Invalid value: "Bad_Name": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')`,
    'FieldValueRequired spec.volumes[3].name: Required value',
  ]);
});

test('exactly one source, reported under Kubernetes\' names', () => {
  assert.deepEqual(causes([{ name: 'x' }]), ['FieldValueRequired spec.volumes[0]: Required value: must specify a volume type']);
  assert.deepEqual(causes([{ name: 'x', emptyDir: {}, hostPath: { path: '/a' } }]), ['FieldValueForbidden spec.volumes[0].hostPath: Forbidden: may not specify more than 1 volume type']);
  assert.deepEqual(causes([{ name: 'x', secret: { secretName: 's' }, cephfs: { monitors: ['m'] }, downwardAPI: {} }]), [
    'FieldValueForbidden spec.volumes[0].cephFS: Forbidden: may not specify more than 1 volume type',
    'FieldValueForbidden spec.volumes[0].downwarAPI: Forbidden: may not specify more than 1 volume type',
  ]);
});

test('secret and config map sources: a name, relative item paths without .., modes of 0-0777', () => {
  assert.deepEqual(causes([{
    name: 's',
    secret: { items: [{ key: 'k', path: '/abs' }, { key: '', path: 'a/../b', mode: 512 }, { key: 'k', path: '..x' }], defaultMode: -1 },
  }]), [
    'FieldValueRequired spec.volumes[0].secret.secretName: Required value',
    'FieldValueInvalid spec.volumes[0].secret.defaultMode: Invalid value: -1: must be a number between 0 and 0777 (octal), both inclusive',
    'FieldValueInvalid spec.volumes[0].secret.items[0].path: Invalid value: "/abs": must be a relative path',
    'FieldValueRequired spec.volumes[0].secret.items[1].key: Required value',
    'FieldValueInvalid spec.volumes[0].secret.items[1].path: Invalid value: "a/../b": must not contain \'..\'',
    'FieldValueInvalid spec.volumes[0].secret.items[1].mode: Invalid value: 512: must be a number between 0 and 0777 (octal), both inclusive',
    'FieldValueInvalid spec.volumes[0].secret.items[2].path: Invalid value: "..x": must not start with \'..\'',
  ]);
  assert.deepEqual(causes([{ name: 'c', configMap: { items: [{ key: 'k', path: '' }] } }]), [
    'FieldValueRequired spec.volumes[0].configMap.name: Required value',
    'FieldValueRequired spec.volumes[0].configMap.items[0].path: Required value',
  ]);
});

test('emptyDir, hostPath, nfs, claims, csi and images', () => {
  assert.deepEqual(causes([
    { name: 'a', emptyDir: { sizeLimit: '-1Gi' } },
    { name: 'b', hostPath: { path: '/x/../y', type: 'Weird' } },
    { name: 'c', nfs: { server: '', path: 'rel' } },
    { name: 'd', persistentVolumeClaim: { claimName: '' } },
    { name: 'e', csi: { driver: 'Bad_Driver' } },
    { name: 'f', image: { reference: '', pullPolicy: 'Sometimes' } },
  ]), [
    'FieldValueForbidden spec.volumes[0].emptyDir.sizeLimit: Forbidden: SizeLimit field must be a valid resource quantity',
    'FieldValueInvalid spec.volumes[1].hostPath.path: Invalid value: "/x/../y": must not contain \'..\'',
    'FieldValueNotSupported spec.volumes[1].hostPath.type: Unsupported value: "Weird": supported values: "", "BlockDevice", "CharDevice", "Directory", "DirectoryOrCreate", "File", "FileOrCreate", "Socket"',
    'FieldValueRequired spec.volumes[2].nfs.server: Required value',
    'FieldValueInvalid spec.volumes[2].nfs.path: Invalid value: "rel": must be an absolute path',
    'FieldValueRequired spec.volumes[3].persistentVolumeClaim.claimName: Required value',
    `FieldValueInvalid spec.volumes[4].csi.driver: Invalid value: "Bad_Driver": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')`,
    'FieldValueRequired spec.volumes[5].image.reference: Required value',
    'FieldValueNotSupported spec.volumes[5].image.pullPolicy: Unsupported value: "Sometimes": supported values: "Always", "IfNotPresent", "Never"',
  ]);
});

test('downward API files: a pod field v1 knows, label and annotation keys, container resources', () => {
  assert.deepEqual(causes([{
    name: 'd',
    downwardAPI: {
      items: [
        { path: 'a', fieldRef: { apiVersion: 'v1', fieldPath: 'spec.nodeName' } },
        { path: 'b', fieldRef: { apiVersion: 'v1', fieldPath: 'metadata.labels[\'bad key\']' } },
        { path: 'c', fieldRef: { apiVersion: 'v1', fieldPath: 'status.nope' } },
        { path: 'd', resourceFieldRef: { resource: 'limits.cpu' } },
        { path: 'e' },
      ],
    },
  }]), [
    'FieldValueNotSupported spec.volumes[0].downwardAPI.fieldRef.fieldPath: Unsupported value: "spec.nodeName": supported values: "metadata.annotations", "metadata.labels", "metadata.name", "metadata.namespace", "metadata.uid"',
    `FieldValueInvalid spec.volumes[0].downwardAPI.fieldRef: Invalid value: "bad key": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')`,
    'FieldValueInvalid spec.volumes[0].downwardAPI.fieldRef.fieldPath: Invalid value: "status.nope": error converting fieldPath: field label not supported: status.nope',
    'FieldValueRequired spec.volumes[0].downwardAPI.resourceFieldRef.containerName: Required value',
    'FieldValueRequired spec.volumes[0].downwardAPI: Required value: one of fieldRef and resourceFieldRef is required',
  ]);
});

test('projected sources: one kind each, tokens of ten minutes or more, no path written twice', () => {
  assert.deepEqual(causes([{
    name: 'p',
    projected: {
      sources: [
        { secret: { name: 's', items: [{ key: 'k', path: 'same' }] } },
        { configMap: { name: 'c', items: [{ key: 'k', path: 'same' }] }, serviceAccountToken: { path: 'tok', expirationSeconds: 60 } },
        { serviceAccountToken: { path: '' } },
      ],
    },
  }]), [
    'FieldValueInvalid spec.volumes[0].projected: Invalid value: "c": conflicting duplicate paths',
    'FieldValueInvalid spec.volumes[0].projected.sources[1].serviceAccountToken.expirationSeconds: Invalid value: 60: may not specify a duration less than 10 minutes',
    'FieldValueForbidden spec.volumes[0].projected.sources[1]: Forbidden: may not specify more than 1 volume type per source',
    'FieldValueRequired spec.volumes[0].projected.path: Required value',
  ]);
});

test('ephemeral volumes need a claim template whose spec is a valid claim and whose metadata holds only labels and annotations', () => {
  assert.deepEqual(causes([{ name: 'e', ephemeral: {} }]), ['FieldValueRequired spec.volumes[0].ephemeral.volumeClaimTemplate: Required value']);
  assert.deepEqual(causes([{ name: 'e', ephemeral: { volumeClaimTemplate: { metadata: { name: 'x' }, spec: { accessModes: ['Sometimes'] } } } }]), [
    'FieldValueForbidden spec.volumes[0].ephemeral.volumeClaimTemplate.metadata.name: Forbidden: cannot be set',
    'FieldValueNotSupported spec.volumes[0].ephemeral.volumeClaimTemplate.spec.accessModes: Unsupported value: "Sometimes": supported values: "ReadOnlyMany", "ReadWriteMany", "ReadWriteOnce", "ReadWriteOncePod"',
    'FieldValueRequired spec.volumes[0].ephemeral.volumeClaimTemplate.spec.resources[storage]: Required value',
  ]);
  // With the pod's name known, the claim's name is checked and may not be mounted as a claim.
  const long = 'v'.repeat(60);
  assert.deepEqual(causes([
    { name: long, ephemeral: { volumeClaimTemplate: { spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } } } } },
    { name: 'claim', persistentVolumeClaim: { claimName: `${'p'.repeat(200)}-${long}` } },
  ], 'p'.repeat(200)), [
    `FieldValueInvalid spec.volumes[0].name: Invalid value: "${long}": PVC name "${'p'.repeat(200)}-${long}": must be no more than 253 characters`,
    `FieldValueInvalid spec.volumes[1].persistentVolumeClaim.claimName: Invalid value: "${'p'.repeat(200)}-${long}": must not reference a PVC that gets created for an ephemeral volume`,
  ]);
});

test('iSCSI names and LUNs, with the pod form\'s wording', () => {
  assert.deepEqual(causes([{ name: 'i', iscsi: { targetPortal: '1.2.3.4:3260', iqn: 'bad', lun: 300, chapAuthSession: true, initiatorName: 'iqn.2001-04.com.example:x' } }]), [
    'FieldValueInvalid spec.volumes[0].iscsi.iqn: Invalid value: "bad": must be valid format starting with iqn, eui, or naa',
    'FieldValueInvalid spec.volumes[0].iscsi.lun: Invalid value: 300: must be between 0 and 255, inclusive',
    'FieldValueRequired spec.volumes[0].iscsi.secretRef: Required value',
  ]);
});

test('a defaulted valid volume of each common source passes', () => {
  const volumes: Volume[] = [
    { name: 'a' },
    { name: 'b', secret: { secretName: 's', items: [{ key: 'k', path: 'dir/file' }] } },
    { name: 'c', configMap: { name: 'c' } },
    { name: 'd', downwardAPI: { items: [{ path: 'labels', fieldRef: { fieldPath: 'metadata.labels' } }, { path: 'cpu', resourceFieldRef: { containerName: 'app', resource: 'limits.cpu', divisor: '1m' } }] } },
    { name: 'e', projected: { sources: [{ serviceAccountToken: { path: 'token' } }, { configMap: { name: 'ca' } }] } },
    { name: 'f', persistentVolumeClaim: { claimName: 'data' } },
    { name: 'g', hostPath: { path: '/var/log', type: 'Directory' } },
    { name: 'h', nfs: { server: 'nfs.example.com', path: '/exports' } },
    { name: 'i', csi: { driver: 'csi.example.com' } },
    { name: 'j', image: { reference: 'registry.example.com/data:v1' } },
    { name: 'k', ephemeral: { volumeClaimTemplate: { spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } } } } },
  ];
  volumes.forEach(defaultVolume);
  const result = validateVolumes(volumes, 'spec.volumes', 'web');
  assert.deepEqual(result.causes, []);
  assert.equal(result.names.size, volumes.length);
});
