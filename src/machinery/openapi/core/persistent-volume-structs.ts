// core/v1 PersistentVolume and PersistentVolumeClaim as Go structs (see ../go-structs.ts for the
// notation): both kinds, their specs and statuses, the sources only a persistent volume has (the
// ones it shares with pods are in volume-source-structs.ts) and the references claims use. Field
// numbers, tags, defaults and Go types are Kubernetes' (k8s.io/api core/v1 types.go);
// descriptions are our own.
import type { StructDecl } from '../go-structs.ts';

const RESOURCE_LIST = 'map[string]Quantity:ResourceList';
const ACCESS_MODES = '[]string:PersistentVolumeAccessMode';
const VOLUME_MODE = ['Block', 'Filesystem'];
const FS_TYPE = 'The filesystem to mount, one the node supports (ext4, xfs, ntfs); ext4 when empty.';
const READ_ONLY = 'Mount the volume read-only, whatever the container\'s mount says. Defaults to false.';
const DEPRECATED = 'Deprecated: the in-tree plugin is gone or redirected to a CSI driver.';
const SECRET_FOR_DRIVER = 'may be unset when the driver needs none; every key is passed.';

export const persistentVolumeStructs: Record<string, StructDecl> = {
  PersistentVolume: {
    doc: 'PersistentVolume is a piece of storage in the cluster, provisioned by an administrator or a provisioner, that a claim can bind.',
    kind: { group: '', version: 'v1', kind: 'PersistentVolume' },
    listDoc: 'A list of persistent volumes.',
    fields: [
      ['metadata,omitempty', 1, 'meta.ObjectMeta', 'Standard object metadata.'],
      ['spec,omitempty', 2, 'PersistentVolumeSpec', 'The volume: its capacity, source, access modes and binding.'],
      ['status,omitempty', 3, 'PersistentVolumeStatus', 'Where the volume is in its life; changed only through /status.'],
    ],
  },
  PersistentVolumeSpec: {
    doc: 'What a persistent volume offers and where its storage is; exactly one source is set.',
    fields: [
      ['capacity,omitempty', 1, RESOURCE_LIST, 'What the volume holds; storage (bytes) is required.'],
      [',inline', 2, 'PersistentVolumeSource', ''],
      ['accessModes,omitempty', 3, ACCESS_MODES, 'How the volume may be mounted: ReadWriteOnce, ReadOnlyMany, ReadWriteMany or ReadWriteOncePod (alone). At least one.', { listType: 'atomic' }],
      ['*claimRef,omitempty', 4, 'ObjectReference', 'The claim the volume is bound to (or reserved for); the claim\'s volumeName is what makes the binding.', { mapType: 'granular' }],
      ['persistentVolumeReclaimPolicy,omitempty', 5, 'string:PersistentVolumeReclaimPolicy', 'What happens to the volume when its claim is deleted: Retain (the default for volumes made by hand), Delete (the default for provisioned ones) or Recycle (deprecated).', { enum: ['Delete', 'Recycle', 'Retain'] }],
      ['storageClassName,omitempty', 6, 'string', 'The storage class the volume belongs to; none when empty.'],
      ['mountOptions,omitempty', 7, '[]string', 'Options for mounting the volume (ro, soft); not checked, a wrong one makes the mount fail.', { listType: 'atomic' }],
      ['*volumeMode,omitempty', 8, 'string:PersistentVolumeMode', 'Filesystem (the default) or Block for a raw device.', { enum: VOLUME_MODE }],
      ['*nodeAffinity,omitempty', 9, 'VolumeNodeAffinity', 'The nodes the volume can be used from; pods using it are scheduled there.'],
      ['*volumeAttributesClassName,omitempty', 10, 'string', 'The volume attributes class of the volume; not empty when set. Unbound volumes match claims with the same class.'],
    ],
  },
  PersistentVolumeSource: {
    doc: 'Where a persistent volume\'s storage is; exactly one member is set.',
    fields: [
      ['*gcePersistentDisk,omitempty', 1, 'GCEPersistentDiskVolumeSource', `A Google Compute Engine persistent disk. ${DEPRECATED}`],
      ['*awsElasticBlockStore,omitempty', 2, 'AWSElasticBlockStoreVolumeSource', `An AWS EBS disk. ${DEPRECATED}`],
      ['*hostPath,omitempty', 3, 'HostPathVolumeSource', 'A directory of one node; for single-node development and testing only.'],
      ['*glusterfs,omitempty', 4, 'GlusterfsPersistentVolumeSource', `A Glusterfs volume. ${DEPRECATED}`],
      ['*nfs,omitempty', 5, 'NFSVolumeSource', 'An NFS export.'],
      ['*rbd,omitempty', 6, 'RBDPersistentVolumeSource', `A Ceph RADOS block device. ${DEPRECATED}`],
      ['*iscsi,omitempty', 7, 'ISCSIPersistentVolumeSource', 'An iSCSI disk.'],
      ['*cinder,omitempty', 8, 'CinderPersistentVolumeSource', `An OpenStack Cinder volume. ${DEPRECATED}`],
      ['*cephfs,omitempty', 9, 'CephFSPersistentVolumeSource', `A CephFS mount. ${DEPRECATED}`],
      ['*fc,omitempty', 10, 'FCVolumeSource', 'A Fibre Channel disk.'],
      ['*flocker,omitempty', 11, 'FlockerVolumeSource', `A Flocker dataset. ${DEPRECATED}`],
      ['*flexVolume,omitempty', 12, 'FlexPersistentVolumeSource', 'A volume set up by an exec-based driver. Deprecated: use a CSI driver.'],
      ['*azureFile,omitempty', 13, 'AzureFilePersistentVolumeSource', `An Azure File share. ${DEPRECATED}`],
      ['*vsphereVolume,omitempty', 14, 'VsphereVirtualDiskVolumeSource', `A vSphere disk. ${DEPRECATED}`],
      ['*quobyte,omitempty', 15, 'QuobyteVolumeSource', `A Quobyte volume. ${DEPRECATED}`],
      ['*azureDisk,omitempty', 16, 'AzureDiskVolumeSource', `An Azure data disk. ${DEPRECATED}`],
      ['*photonPersistentDisk,omitempty', 17, 'PhotonPersistentDiskVolumeSource', `A Photon Controller disk. ${DEPRECATED}`],
      ['*portworxVolume,omitempty', 18, 'PortworxVolumeSource', `A Portworx volume. ${DEPRECATED}`],
      ['*scaleIO,omitempty', 19, 'ScaleIOPersistentVolumeSource', `A ScaleIO volume. ${DEPRECATED}`],
      ['*local,omitempty', 20, 'LocalVolumeSource', 'Storage attached to one node (a directory or a block device); needs nodeAffinity.'],
      ['*storageos,omitempty', 21, 'StorageOSPersistentVolumeSource', `A StorageOS volume. ${DEPRECATED}`],
      ['*csi,omitempty', 22, 'CSIPersistentVolumeSource', 'A volume managed by a CSI driver.'],
    ],
  },
  VolumeNodeAffinity: {
    doc: 'The nodes a volume can be used from.',
    fields: [['*required,omitempty', 1, 'NodeSelector', 'Node constraints that must hold.']],
  },
  PersistentVolumeStatus: {
    doc: 'Where a persistent volume is in its life.',
    fields: [
      ['phase,omitempty', 1, 'string:PersistentVolumePhase', 'Pending, Available (unbound), Bound, Released (its claim is gone) or Failed (reclaiming failed).', { enum: ['Available', 'Bound', 'Failed', 'Pending', 'Released'] }],
      ['message,omitempty', 2, 'string', 'Why the volume is in this phase, for people.'],
      ['reason,omitempty', 3, 'string', 'Why the volume is in this phase, one CamelCase word.'],
      ['*lastPhaseTransitionTime,omitempty', 4, 'meta.Time', 'When the phase last changed.'],
    ],
  },
  PersistentVolumeClaim: {
    doc: 'PersistentVolumeClaim is a request for storage, bound to one persistent volume that satisfies it.',
    kind: { group: '', version: 'v1', kind: 'PersistentVolumeClaim' },
    listDoc: 'A list of persistent volume claims.',
    fields: [
      ['metadata,omitempty', 1, 'meta.ObjectMeta', 'Standard object metadata.'],
      ['spec,omitempty', 2, 'PersistentVolumeClaimSpec', 'The storage asked for.'],
      ['status,omitempty', 3, 'PersistentVolumeClaimStatus', 'The volume the claim got; changed only through /status.'],
    ],
  },
  PersistentVolumeClaimSpec: {
    doc: 'The storage a claim asks for; fixed after create except larger requests and the volume attributes class.',
    fields: [
      ['accessModes,omitempty', 1, ACCESS_MODES, 'How the volume must be mountable: ReadWriteOnce, ReadOnlyMany, ReadWriteMany or ReadWriteOncePod (alone). At least one.', { listType: 'atomic' }],
      ['*selector,omitempty', 4, 'meta.LabelSelector', 'Labels the volumes considered for binding must have.'],
      ['resources,omitempty', 2, 'VolumeResourceRequirements', 'The least the volume must hold; requests.storage is required and may grow (or shrink back to no less than the status capacity) after create.'],
      ['volumeName,omitempty', 3, 'string', 'The persistent volume the claim is bound to.'],
      ['*storageClassName,omitempty', 5, 'string', 'The storage class the volume must belong to; "" asks for a volume of no class, unset for the default class.'],
      ['*volumeMode,omitempty', 6, 'string:PersistentVolumeMode', 'Filesystem (the default) or Block for a raw device.', { enum: VOLUME_MODE }],
      ['*dataSource,omitempty', 7, 'TypedLocalObjectReference', 'A volume snapshot or claim of the same namespace to fill the new volume from; kept equal to dataSourceRef when that has no namespace.'],
      ['*dataSourceRef,omitempty', 8, 'TypedObjectReference', 'The object to fill the new volume from: a claim or any object of a non-core group that a populator handles; may name another namespace.'],
      ['*volumeAttributesClassName,omitempty', 9, 'string', 'The volume attributes class the volume is made or changed with; may change after create. Empty or unset for none.'],
    ],
  },
  TypedObjectReference: {
    doc: 'A reference to an object by group, kind, name and optionally namespace.',
    fields: [
      ['*apiGroup', 1, 'string', 'The object\'s API group; the core group when unset (required for any other group).', { optional: true }],
      ['kind', 2, 'string', 'The object\'s kind. Required.'],
      ['name', 3, 'string', 'The object\'s name. Required.'],
      ['*namespace,omitempty', 4, 'string', 'The object\'s namespace; another namespace needs a ReferenceGrant there.'],
    ],
  },
  TypedLocalObjectReference: {
    doc: 'A reference to an object of the same namespace by group, kind and name.',
    atomic: true,
    fields: [
      ['*apiGroup', 1, 'string', 'The object\'s API group; the core group when unset (required for any other group).', { optional: true }],
      ['kind', 2, 'string', 'The object\'s kind. Required.'],
      ['name', 3, 'string', 'The object\'s name. Required.'],
    ],
  },
  VolumeResourceRequirements: {
    doc: 'The storage a volume must offer.',
    fields: [
      ['limits,omitempty', 1, RESOURCE_LIST, 'The most of each resource allowed.'],
      ['requests,omitempty', 2, RESOURCE_LIST, 'The least of each resource needed; no more than limits.'],
    ],
  },
  ModifyVolumeStatus: {
    doc: 'How far a change of a claim\'s volume attributes class has come.',
    fields: [
      ['targetVolumeAttributesClassName,omitempty', 1, 'string', 'The volume attributes class being applied.'],
      ['status', 2, 'string:PersistentVolumeClaimModifyVolumeStatus', 'Pending (cannot start yet, e.g. the class is missing), InProgress or Infeasible (the driver refused the class). Required.', { enum: ['InProgress', 'Infeasible', 'Pending'] }],
    ],
  },
  PersistentVolumeClaimCondition: {
    doc: 'One condition of a claim, such as a resize in progress.',
    fields: [
      ['type', 1, 'string:PersistentVolumeClaimConditionType', 'The condition: Resizing, FileSystemResizePending, ControllerResizeError, NodeResizeError, ModifyVolumeError or ModifyingVolume. Required.'],
      ['status', 2, 'string:ConditionStatus', 'True, False or Unknown. Required.'],
      ['lastProbeTime,omitempty', 3, 'meta.Time', 'When the condition was last checked.'],
      ['lastTransitionTime,omitempty', 4, 'meta.Time', 'When the status last changed.'],
      ['reason,omitempty', 5, 'string', 'Why the condition last changed, one CamelCase word.'],
      ['message,omitempty', 6, 'string', 'Why the condition last changed, for people.'],
    ],
  },
  PersistentVolumeClaimStatus: {
    doc: 'The volume a claim got and what is happening to it.',
    fields: [
      ['phase,omitempty', 1, 'string:PersistentVolumeClaimPhase', 'Pending (not bound yet), Bound or Lost (the bound volume is gone).', { enum: ['Bound', 'Lost', 'Pending'] }],
      ['accessModes,omitempty', 2, ACCESS_MODES, 'The access modes the bound volume has.', { listType: 'atomic' }],
      ['capacity,omitempty', 3, RESOURCE_LIST, 'What the bound volume holds.'],
      ['conditions,omitempty', 4, '[]PersistentVolumeClaimCondition', 'The claim\'s conditions, one per type.', { listType: 'map', listMapKeys: ['type'], patchStrategy: 'merge', patchMergeKey: 'type' }],
      ['allocatedResources,omitempty', 5, RESOURCE_LIST, 'What has been allocated to the claim, which may exceed capacity while an expansion runs; storage quota counts the larger of this and the request.'],
      ['allocatedResourceStatuses,omitempty', 7, 'map[string]string', 'How the resize of each resource is going: ControllerResizeInProgress, ControllerResizeInfeasible, NodeResizePending, NodeResizeInProgress or NodeResizeInfeasible; unset when no resize runs.', { mapType: 'granular' }],
      ['*currentVolumeAttributesClassName,omitempty', 8, 'string', 'The volume attributes class the volume has now; none when unset.'],
      ['*modifyVolumeStatus,omitempty', 9, 'ModifyVolumeStatus', 'How a change of volume attributes class is going; unset when none is tried.'],
    ],
  },
  SecretReference: {
    doc: 'A reference to a secret by name and namespace.',
    atomic: true,
    fields: [
      ['name,omitempty', 1, 'string', 'The secret\'s name.'],
      ['namespace,omitempty', 2, 'string', 'The secret\'s namespace.'],
    ],
  },
  GlusterfsPersistentVolumeSource: {
    doc: 'A Glusterfs volume. Deprecated.',
    fields: [
      ['endpoints', 1, 'string', 'The name of the endpoints object listing the Glusterfs servers. Required.'],
      ['path', 2, 'string', 'The Glusterfs volume path. Required.'],
      ['readOnly,omitempty', 3, 'bool', 'Mount the volume read-only. Defaults to false.'],
      ['*endpointsNamespace,omitempty', 4, 'string', 'The namespace of the endpoints object; the bound claim\'s namespace when empty.'],
    ],
  },
  RBDPersistentVolumeSource: {
    doc: 'A Ceph RADOS block device. Deprecated.',
    fields: [
      ['monitors', 1, '[]string', 'The Ceph monitors. Required.', { listType: 'atomic' }],
      ['image', 2, 'string', 'The RADOS image name. Required.'],
      ['fsType,omitempty', 3, 'string', FS_TYPE],
      ['pool,omitempty', 4, 'string', 'The RADOS pool. Defaults to rbd.', { default: 'rbd' }],
      ['user,omitempty', 5, 'string', 'The RADOS user. Defaults to admin.', { default: 'admin' }],
      ['keyring,omitempty', 6, 'string', 'The keyring file of the user. Defaults to /etc/ceph/keyring.', { default: '/etc/ceph/keyring' }],
      ['*secretRef,omitempty', 7, 'SecretReference', 'The secret authenticating the user; overrides the keyring.'],
      ['readOnly,omitempty', 8, 'bool', READ_ONLY],
    ],
  },
  ISCSIPersistentVolumeSource: {
    doc: 'An iSCSI disk, mountable read-write by one node.',
    fields: [
      ['targetPortal', 1, 'string', 'The target portal, an IP or ip:port (default ports 860 and 3260). Required.'],
      ['iqn', 2, 'string', 'The target\'s iSCSI qualified name. Required.'],
      ['lun', 3, 'int32', 'The target LUN number. Required.'],
      ['iscsiInterface,omitempty', 4, 'string', 'The iSCSI interface to use; "default" (TCP) when empty.', { default: 'default' }],
      ['fsType,omitempty', 5, 'string', FS_TYPE],
      ['readOnly,omitempty', 6, 'bool', READ_ONLY],
      ['portals,omitempty', 7, '[]string', 'More target portals, each an IP or ip:port.', { listType: 'atomic' }],
      ['chapAuthDiscovery,omitempty', 8, 'bool', 'Use CHAP authentication for discovery.'],
      ['chapAuthSession,omitempty', 11, 'bool', 'Use CHAP authentication for the session.'],
      ['*secretRef,omitempty', 10, 'SecretReference', 'The secret holding the CHAP credentials.'],
      ['*initiatorName,omitempty', 12, 'string', 'A custom initiator name; with iscsiInterface it creates the interface <target portal>:<volume name>.'],
    ],
  },
  CinderPersistentVolumeSource: {
    doc: 'An OpenStack Cinder volume, in the node\'s region. Deprecated.',
    fields: [
      ['volumeID', 1, 'string', 'The Cinder volume\'s ID. Required.'],
      ['fsType,omitempty', 2, 'string', FS_TYPE],
      ['readOnly,omitempty', 3, 'bool', READ_ONLY],
      ['*secretRef,omitempty', 4, 'SecretReference', 'A secret with the parameters for connecting to OpenStack.'],
    ],
  },
  CephFSPersistentVolumeSource: {
    doc: 'A CephFS mount. Deprecated.',
    fields: [
      ['monitors', 1, '[]string', 'The Ceph monitors. Required.', { listType: 'atomic' }],
      ['path,omitempty', 2, 'string', 'The path to mount as the root; / when empty.'],
      ['user,omitempty', 3, 'string', 'The RADOS user; admin when empty.'],
      ['secretFile,omitempty', 4, 'string', 'The keyring file of the user; /etc/ceph/user.secret when empty.'],
      ['*secretRef,omitempty', 5, 'SecretReference', 'The secret authenticating the user.'],
      ['readOnly,omitempty', 6, 'bool', READ_ONLY],
    ],
  },
  FlexPersistentVolumeSource: {
    doc: 'A persistent volume set up by an exec-based driver installed on the node. Deprecated.',
    fields: [
      ['driver', 1, 'string', 'The driver\'s name. Required.'],
      ['fsType,omitempty', 2, 'string', 'The filesystem to mount; the driver\'s default when empty.'],
      ['*secretRef,omitempty', 3, 'SecretReference', 'A secret whose keys are passed to the driver.'],
      ['readOnly,omitempty', 4, 'bool', READ_ONLY],
      ['options,omitempty', 5, 'map[string]string', 'Extra options for the driver.'],
    ],
  },
  AzureFilePersistentVolumeSource: {
    doc: 'An Azure File share. Deprecated.',
    fields: [
      ['secretName', 1, 'string', 'The secret holding the storage account name and key. Required.'],
      ['shareName', 2, 'string', 'The share\'s name. Required.'],
      ['readOnly,omitempty', 3, 'bool', READ_ONLY],
      ['*secretNamespace', 4, 'string', 'The namespace of the secret; the pod\'s when unset.', { optional: true }],
    ],
  },
  ScaleIOPersistentVolumeSource: {
    doc: 'A ScaleIO volume. Deprecated.',
    fields: [
      ['gateway', 1, 'string', 'The ScaleIO API gateway\'s address. Required.'],
      ['system', 2, 'string', 'The storage system\'s name in ScaleIO. Required.'],
      ['*secretRef', 3, 'SecretReference', 'The secret with the ScaleIO user\'s credentials; without it login fails. Required.', { required: true }],
      ['sslEnabled,omitempty', 4, 'bool', 'Talk to the gateway over TLS. Defaults to false.'],
      ['protectionDomain,omitempty', 5, 'string', 'The ScaleIO protection domain of the storage.'],
      ['storagePool,omitempty', 6, 'string', 'The ScaleIO storage pool of the protection domain.'],
      ['storageMode,omitempty', 7, 'string', 'ThickProvisioned or ThinProvisioned (the default).', { default: 'ThinProvisioned' }],
      ['volumeName,omitempty', 8, 'string', 'The name of an existing ScaleIO volume.'],
      ['fsType,omitempty', 9, 'string', 'The filesystem to mount. Defaults to xfs.', { default: 'xfs' }],
      ['readOnly,omitempty', 10, 'bool', READ_ONLY],
    ],
  },
  LocalVolumeSource: {
    doc: 'Storage attached to one node: a directory or a block device.',
    fields: [
      ['path', 1, 'string', 'The full path on the node. Required.'],
      ['*fsType,omitempty', 2, 'string', 'The filesystem to mount when the path is a block device; chosen automatically when unset.'],
    ],
  },
  StorageOSPersistentVolumeSource: {
    doc: 'A StorageOS volume. Deprecated.',
    fields: [
      ['volumeName,omitempty', 1, 'string', 'The StorageOS volume\'s name, unique within its StorageOS namespace.'],
      ['volumeNamespace,omitempty', 2, 'string', 'The StorageOS namespace of the volume; the pod\'s namespace when empty, created when missing.'],
      ['fsType,omitempty', 3, 'string', FS_TYPE],
      ['readOnly,omitempty', 4, 'bool', READ_ONLY],
      ['*secretRef,omitempty', 5, 'ObjectReference', 'The secret with the StorageOS API credentials.'],
    ],
  },
  CSIPersistentVolumeSource: {
    doc: 'A volume managed by a CSI driver.',
    fields: [
      ['driver', 1, 'string', 'The CSI driver\'s name. Required.'],
      ['volumeHandle', 2, 'string', 'The volume\'s ID as the driver returned it when creating it. Required.'],
      ['readOnly,omitempty', 3, 'bool', 'Publish the volume read-only. Defaults to false.'],
      ['fsType,omitempty', 4, 'string', 'The filesystem to mount (ext4, xfs, ntfs).'],
      ['volumeAttributes,omitempty', 5, 'map[string]string', 'Properties of the volume to publish.'],
      ['*controllerPublishSecretRef,omitempty', 6, 'SecretReference', `A secret passed to the driver when it attaches and detaches the volume; ${SECRET_FOR_DRIVER}`],
      ['*nodeStageSecretRef,omitempty', 7, 'SecretReference', `A secret passed to the driver when it stages and unstages the volume on the node; ${SECRET_FOR_DRIVER}`],
      ['*nodePublishSecretRef,omitempty', 8, 'SecretReference', `A secret passed to the driver when it publishes and unpublishes the volume on the node; ${SECRET_FOR_DRIVER}`],
      ['*controllerExpandSecretRef,omitempty', 9, 'SecretReference', `A secret passed to the driver when it expands the volume; ${SECRET_FOR_DRIVER}`],
      ['*nodeExpandSecretRef,omitempty', 10, 'SecretReference', `A secret passed to the driver when it expands the volume on the node; ${SECRET_FOR_DRIVER}`],
    ],
  },
};
