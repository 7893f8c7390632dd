// core/v1 pod volumes as Go structs (see ../go-structs.ts for the notation): Volume, VolumeSource
// and each source a pod may mount, including the ones a PersistentVolume shares with pods. Field
// numbers, tags, defaults and Go types are Kubernetes' (k8s.io/api core/v1 types.go); descriptions
// are our own. The secret/configMap/downward API file mappings and projections are in
// projection-structs.ts.
import type { StructDecl } from '../go-structs.ts';

const FS_TYPE = 'The filesystem to mount, one the node supports (ext4, xfs, ntfs); ext4 when empty.';
const READ_ONLY = 'Mount the volume read-only, whatever the container\'s mount says. Defaults to false.';
const DEPRECATED = 'Deprecated: the in-tree plugin is gone or redirected to a CSI driver.';
const MODE = 'File mode bits (0 to 0777, decimal 0 to 511 in JSON)';

export const volumeSourceStructs: Record<string, StructDecl> = {
  Volume: {
    doc: 'A named volume of a pod, which its containers may mount; exactly one source says where its content comes from.',
    fields: [
      ['name', 1, 'string', 'The volume\'s name, a DNS label unique within the pod; mounts refer to it. Required.'],
      [',inline', 2, 'VolumeSource', ''],
    ],
  },
  VolumeSource: {
    doc: 'Where a pod volume\'s content comes from; exactly one member is set (none means an emptyDir, which is deprecated behaviour).',
    fields: [
      ['*hostPath,omitempty', 1, 'HostPathVolumeSource', 'A file or directory of the node the pod runs on, exposed as is; for system agents, rarely for applications.'],
      ['*emptyDir,omitempty', 2, 'EmptyDirVolumeSource', 'A scratch directory that lives as long as the pod.'],
      ['*gcePersistentDisk,omitempty', 3, 'GCEPersistentDiskVolumeSource', `A Google Compute Engine persistent disk. ${DEPRECATED}`],
      ['*awsElasticBlockStore,omitempty', 4, 'AWSElasticBlockStoreVolumeSource', `An AWS EBS disk. ${DEPRECATED}`],
      ['*gitRepo,omitempty', 5, 'GitRepoVolumeSource', 'A git repository cloned at a revision. Deprecated: clone into an emptyDir from an init container instead.'],
      ['*secret,omitempty', 6, 'SecretVolumeSource', 'The keys of a secret of the pod\'s namespace, as files.'],
      ['*nfs,omitempty', 7, 'NFSVolumeSource', 'An NFS export mounted for the life of the pod.'],
      ['*iscsi,omitempty', 8, 'ISCSIVolumeSource', 'An iSCSI disk attached to the node.'],
      ['*glusterfs,omitempty', 9, 'GlusterfsVolumeSource', `A Glusterfs volume. ${DEPRECATED}`],
      ['*persistentVolumeClaim,omitempty', 10, 'PersistentVolumeClaimVolumeSource', 'The volume bound to a persistent volume claim of the pod\'s namespace.'],
      ['*rbd,omitempty', 11, 'RBDVolumeSource', `A Ceph RADOS block device. ${DEPRECATED}`],
      ['*flexVolume,omitempty', 12, 'FlexVolumeSource', 'A volume set up by an exec-based driver on the node. Deprecated: use a CSI driver.'],
      ['*cinder,omitempty', 13, 'CinderVolumeSource', `An OpenStack Cinder volume. ${DEPRECATED}`],
      ['*cephfs,omitempty', 14, 'CephFSVolumeSource', `A CephFS mount. ${DEPRECATED}`],
      ['*flocker,omitempty', 15, 'FlockerVolumeSource', `A Flocker dataset. ${DEPRECATED}`],
      ['*downwardAPI,omitempty', 16, 'DownwardAPIVolumeSource', 'Fields of the pod and resources of its containers, as files.'],
      ['*fc,omitempty', 17, 'FCVolumeSource', 'A Fibre Channel disk attached to the node.'],
      ['*azureFile,omitempty', 18, 'AzureFileVolumeSource', `An Azure File share. ${DEPRECATED}`],
      ['*configMap,omitempty', 19, 'ConfigMapVolumeSource', 'The keys of a config map of the pod\'s namespace, as files.'],
      ['*vsphereVolume,omitempty', 20, 'VsphereVirtualDiskVolumeSource', `A vSphere disk. ${DEPRECATED}`],
      ['*quobyte,omitempty', 21, 'QuobyteVolumeSource', `A Quobyte volume. ${DEPRECATED}`],
      ['*azureDisk,omitempty', 22, 'AzureDiskVolumeSource', `An Azure data disk. ${DEPRECATED}`],
      ['*photonPersistentDisk,omitempty', 23, 'PhotonPersistentDiskVolumeSource', `A Photon Controller disk. ${DEPRECATED}`],
      ['*projected,omitempty', 26, 'ProjectedVolumeSource', 'Secrets, config maps, downward API fields and tokens merged into one directory.'],
      ['*portworxVolume,omitempty', 24, 'PortworxVolumeSource', `A Portworx volume. ${DEPRECATED}`],
      ['*scaleIO,omitempty', 25, 'ScaleIOVolumeSource', `A ScaleIO volume. ${DEPRECATED}`],
      ['*storageos,omitempty', 27, 'StorageOSVolumeSource', `A StorageOS volume. ${DEPRECATED}`],
      ['*csi,omitempty', 28, 'CSIVolumeSource', 'An ephemeral volume served by a CSI driver that supports inline volumes.'],
      ['*ephemeral,omitempty', 29, 'EphemeralVolumeSource', 'A volume provisioned through a claim made for this pod from a template, deleted with the pod.'],
      ['*image,omitempty', 30, 'ImageVolumeSource', 'The content of an OCI image or artifact, mounted read-only.'],
    ],
  },
  PersistentVolumeClaimVolumeSource: {
    doc: 'A persistent volume claim of the pod\'s namespace whose bound volume the pod mounts.',
    fields: [
      ['claimName', 1, 'string', 'The claim\'s name. Required.'],
      ['readOnly,omitempty', 2, 'bool', READ_ONLY],
    ],
  },
  HostPathVolumeSource: {
    doc: 'A path on the node mapped into the pod; no ownership management or SELinux relabelling.',
    fields: [
      ['path', 1, 'string', 'The path on the node; symbolic links are followed. Required.'],
      ['*type,omitempty', 2, 'string:HostPathType', 'What must be at the path: "" (no check, the default), DirectoryOrCreate, Directory, FileOrCreate, File, Socket, CharDevice or BlockDevice.', { enum: ['', 'BlockDevice', 'CharDevice', 'Directory', 'DirectoryOrCreate', 'File', 'FileOrCreate', 'Socket'] }],
    ],
  },
  EmptyDirVolumeSource: {
    doc: 'An empty directory created for the pod and removed with it.',
    fields: [
      ['medium,omitempty', 1, 'string:StorageMedium', 'What backs the directory: "" for the node\'s default storage, Memory for tmpfs, HugePages or HugePages-<size>.'],
      ['*sizeLimit,omitempty', 2, 'Quantity', 'The most local storage (or memory, for Memory) the directory may use; no limit when unset.'],
    ],
  },
  GCEPersistentDiskVolumeSource: {
    doc: 'A Google Compute Engine persistent disk, in the node\'s project and zone.',
    fields: [
      ['pdName', 1, 'string', 'The disk\'s name in GCE. Required.'],
      ['fsType,omitempty', 2, 'string', FS_TYPE],
      ['partition,omitempty', 3, 'int32', 'The partition to mount (1 for /dev/sda1); 0 or unset mounts the whole disk.'],
      ['readOnly,omitempty', 4, 'bool', READ_ONLY],
    ],
  },
  AWSElasticBlockStoreVolumeSource: {
    doc: 'An AWS EBS disk, in the node\'s zone, mountable read-write by one node.',
    fields: [
      ['volumeID', 1, 'string', 'The EBS volume\'s ID. Required.'],
      ['fsType,omitempty', 2, 'string', FS_TYPE],
      ['partition,omitempty', 3, 'int32', 'The partition to mount (1 for /dev/sda1); 0 or unset mounts the whole disk.'],
      ['readOnly,omitempty', 4, 'bool', READ_ONLY],
    ],
  },
  GitRepoVolumeSource: {
    doc: 'A git repository cloned into the volume. Deprecated.',
    fields: [
      ['repository', 1, 'string', 'The repository\'s URL. Required.'],
      ['revision,omitempty', 2, 'string', 'The commit to check out.'],
      ['directory,omitempty', 3, 'string', 'The directory to clone into, relative and without ".."; "." clones into the volume\'s root. A subdirectory named after the repository when empty.'],
    ],
  },
  SecretVolumeSource: {
    doc: 'A secret whose keys become files of the volume.',
    fields: [
      ['secretName,omitempty', 1, 'string', 'The secret\'s name, in the pod\'s namespace.'],
      ['items,omitempty', 2, '[]KeyToPath', 'The keys to project and where; when empty every key becomes a file named after it. A listed key missing from the secret is an error unless optional.', { listType: 'atomic' }],
      ['*defaultMode,omitempty', 3, 'int32', `${MODE} of the files that set no mode of their own. Defaults to 0644.`],
      ['*optional,omitempty', 4, 'bool', 'The pod may start without the secret or its keys.'],
    ],
  },
  NFSVolumeSource: {
    doc: 'An NFS export, mounted for the life of the pod.',
    fields: [
      ['server', 1, 'string', 'The NFS server\'s host name or IP address. Required.'],
      ['path', 2, 'string', 'The exported path. Required.'],
      ['readOnly,omitempty', 3, 'bool', 'Mount the export read-only. Defaults to false.'],
    ],
  },
  ISCSIVolumeSource: {
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
      ['*secretRef,omitempty', 10, 'LocalObjectReference', 'The secret holding the CHAP credentials.'],
      ['*initiatorName,omitempty', 12, 'string', 'A custom initiator name; with iscsiInterface it creates the interface <target portal>:<volume name>.'],
    ],
  },
  GlusterfsVolumeSource: {
    doc: 'A Glusterfs volume mounted for the life of the pod. Deprecated.',
    fields: [
      ['endpoints', 1, 'string', 'The name of the endpoints object listing the Glusterfs servers. Required.'],
      ['path', 2, 'string', 'The Glusterfs volume path. Required.'],
      ['readOnly,omitempty', 3, 'bool', 'Mount the volume read-only. Defaults to false.'],
    ],
  },
  RBDVolumeSource: {
    doc: 'A Ceph RADOS block device. Deprecated.',
    fields: [
      ['monitors', 1, '[]string', 'The Ceph monitors. Required.', { listType: 'atomic' }],
      ['image', 2, 'string', 'The RADOS image name. Required.'],
      ['fsType,omitempty', 3, 'string', FS_TYPE],
      ['pool,omitempty', 4, 'string', 'The RADOS pool. Defaults to rbd.', { default: 'rbd' }],
      ['user,omitempty', 5, 'string', 'The RADOS user. Defaults to admin.', { default: 'admin' }],
      ['keyring,omitempty', 6, 'string', 'The keyring file of the user. Defaults to /etc/ceph/keyring.', { default: '/etc/ceph/keyring' }],
      ['*secretRef,omitempty', 7, 'LocalObjectReference', 'The secret authenticating the user; overrides the keyring.'],
      ['readOnly,omitempty', 8, 'bool', READ_ONLY],
    ],
  },
  FlexVolumeSource: {
    doc: 'A volume set up by an exec-based driver installed on the node. Deprecated.',
    fields: [
      ['driver', 1, 'string', 'The driver\'s name. Required.'],
      ['fsType,omitempty', 2, 'string', 'The filesystem to mount; the driver\'s default when empty.'],
      ['*secretRef,omitempty', 3, 'LocalObjectReference', 'A secret whose keys are passed to the driver.'],
      ['readOnly,omitempty', 4, 'bool', READ_ONLY],
      ['options,omitempty', 5, 'map[string]string', 'Extra options for the driver.'],
    ],
  },
  CinderVolumeSource: {
    doc: 'An OpenStack Cinder volume, in the node\'s region. Deprecated.',
    fields: [
      ['volumeID', 1, 'string', 'The Cinder volume\'s ID. Required.'],
      ['fsType,omitempty', 2, 'string', FS_TYPE],
      ['readOnly,omitempty', 3, 'bool', READ_ONLY],
      ['*secretRef,omitempty', 4, 'LocalObjectReference', 'A secret with the parameters for connecting to OpenStack.'],
    ],
  },
  CephFSVolumeSource: {
    doc: 'A CephFS mount for the life of the pod. Deprecated.',
    fields: [
      ['monitors', 1, '[]string', 'The Ceph monitors. Required.', { listType: 'atomic' }],
      ['path,omitempty', 2, 'string', 'The path to mount as the root; / when empty.'],
      ['user,omitempty', 3, 'string', 'The RADOS user; admin when empty.'],
      ['secretFile,omitempty', 4, 'string', 'The keyring file of the user; /etc/ceph/user.secret when empty.'],
      ['*secretRef,omitempty', 5, 'LocalObjectReference', 'The secret authenticating the user.'],
      ['readOnly,omitempty', 6, 'bool', READ_ONLY],
    ],
  },
  FlockerVolumeSource: {
    doc: 'A Flocker dataset; exactly one of datasetName and datasetUUID is set. Deprecated.',
    fields: [
      ['datasetName,omitempty', 1, 'string', 'The dataset\'s name (deprecated in favour of datasetUUID).'],
      ['datasetUUID,omitempty', 2, 'string', 'The dataset\'s UUID.'],
    ],
  },
  DownwardAPIVolumeSource: {
    doc: 'Fields of the pod and resources of its containers written as files.',
    fields: [
      ['items,omitempty', 1, '[]DownwardAPIVolumeFile', 'The files to write.', { listType: 'atomic' }],
      ['*defaultMode,omitempty', 2, 'int32', `${MODE} of the files that set no mode of their own. Defaults to 0644.`],
    ],
  },
  FCVolumeSource: {
    doc: 'A Fibre Channel disk, mountable read-write by one node; either wwids or targetWWNs with lun identifies it.',
    fields: [
      ['targetWWNs,omitempty', 1, '[]string', 'The target world wide names.', { listType: 'atomic' }],
      ['*lun,omitempty', 2, 'int32', 'The target LUN number.'],
      ['fsType,omitempty', 3, 'string', FS_TYPE],
      ['readOnly,omitempty', 4, 'bool', READ_ONLY],
      ['wwids,omitempty', 5, '[]string', 'The volume\'s world wide identifiers; not together with targetWWNs and lun.', { listType: 'atomic' }],
    ],
  },
  AzureFileVolumeSource: {
    doc: 'An Azure File share. Deprecated.',
    fields: [
      ['secretName', 1, 'string', 'The secret holding the storage account name and key. Required.'],
      ['shareName', 2, 'string', 'The share\'s name. Required.'],
      ['readOnly,omitempty', 3, 'bool', READ_ONLY],
    ],
  },
  ConfigMapVolumeSource: {
    doc: 'A config map whose keys become files of the volume.',
    fields: [
      [',inline', 1, 'LocalObjectReference', ''],
      ['items,omitempty', 2, '[]KeyToPath', 'The keys to project and where; when empty every key becomes a file named after it. A listed key missing from the config map is an error unless optional.', { listType: 'atomic' }],
      ['*defaultMode,omitempty', 3, 'int32', `${MODE} of the files that set no mode of their own. Defaults to 0644.`],
      ['*optional,omitempty', 4, 'bool', 'The pod may start without the config map or its keys.'],
    ],
  },
  VsphereVirtualDiskVolumeSource: {
    doc: 'A vSphere virtual disk. Deprecated.',
    fields: [
      ['volumePath', 1, 'string', 'The path of the disk\'s vmdk. Required.'],
      ['fsType,omitempty', 2, 'string', FS_TYPE],
      ['storagePolicyName,omitempty', 3, 'string', 'The storage policy (SPBM) profile name.'],
      ['storagePolicyID,omitempty', 4, 'string', 'The storage policy (SPBM) profile ID of storagePolicyName.'],
    ],
  },
  QuobyteVolumeSource: {
    doc: 'A Quobyte volume mounted for the life of the pod. Deprecated.',
    fields: [
      ['registry', 1, 'string', 'The Quobyte registries, host:port pairs separated by commas. Required.'],
      ['volume', 2, 'string', 'The name of an existing Quobyte volume. Required.'],
      ['readOnly,omitempty', 3, 'bool', 'Mount the volume read-only. Defaults to false.'],
      ['user,omitempty', 4, 'string', 'The user the volume\'s access maps to; the service account\'s user when empty.'],
      ['group,omitempty', 5, 'string', 'The group the volume\'s access maps to; none when empty.'],
      ['tenant,omitempty', 6, 'string', 'The tenant owning the volume, set by the plugin for provisioned volumes.'],
    ],
  },
  AzureDiskVolumeSource: {
    doc: 'An Azure data disk. Deprecated.',
    fields: [
      ['diskName', 1, 'string', 'The data disk\'s name in blob storage. Required.'],
      ['diskURI', 2, 'string', 'The data disk\'s URI in blob storage. Required.'],
      ['*cachingMode,omitempty', 3, 'string:AzureDataDiskCachingMode', 'Host caching: None, ReadOnly or ReadWrite (the default).', { default: 'ReadWrite', enum: ['None', 'ReadOnly', 'ReadWrite'] }],
      ['*fsType,omitempty', 4, 'string', 'The filesystem to mount. Defaults to ext4.', { default: 'ext4' }],
      ['*readOnly,omitempty', 5, 'bool', READ_ONLY, { default: false }],
      ['*kind,omitempty', 6, 'string:AzureDataDiskKind', 'Shared (several blob disks per storage account, the default), Dedicated (one per account) or Managed (an Azure managed disk).', { default: 'Shared', enum: ['Dedicated', 'Managed', 'Shared'] }],
    ],
  },
  PhotonPersistentDiskVolumeSource: {
    doc: 'A Photon Controller persistent disk. Deprecated.',
    fields: [
      ['pdID', 1, 'string', 'The disk\'s ID. Required.'],
      ['fsType,omitempty', 2, 'string', FS_TYPE],
    ],
  },
  PortworxVolumeSource: {
    doc: 'A Portworx volume. Deprecated.',
    fields: [
      ['volumeID', 1, 'string', 'The Portworx volume\'s ID. Required.'],
      ['fsType,omitempty', 2, 'string', 'The filesystem to mount (ext4, xfs); ext4 when empty.'],
      ['readOnly,omitempty', 3, 'bool', READ_ONLY],
    ],
  },
  ScaleIOVolumeSource: {
    doc: 'A ScaleIO volume. Deprecated.',
    fields: [
      ['gateway', 1, 'string', 'The ScaleIO API gateway\'s address. Required.'],
      ['system', 2, 'string', 'The storage system\'s name in ScaleIO. Required.'],
      ['*secretRef', 3, 'LocalObjectReference', 'The secret with the ScaleIO user\'s credentials; without it login fails. Required.', { required: true }],
      ['sslEnabled,omitempty', 4, 'bool', 'Talk to the gateway over TLS. Defaults to false.'],
      ['protectionDomain,omitempty', 5, 'string', 'The ScaleIO protection domain of the storage.'],
      ['storagePool,omitempty', 6, 'string', 'The ScaleIO storage pool of the protection domain.'],
      ['storageMode,omitempty', 7, 'string', 'ThickProvisioned or ThinProvisioned (the default).', { default: 'ThinProvisioned' }],
      ['volumeName,omitempty', 8, 'string', 'The name of an existing ScaleIO volume.'],
      ['fsType,omitempty', 9, 'string', 'The filesystem to mount. Defaults to xfs.', { default: 'xfs' }],
      ['readOnly,omitempty', 10, 'bool', READ_ONLY],
    ],
  },
  StorageOSVolumeSource: {
    doc: 'A StorageOS volume. Deprecated.',
    fields: [
      ['volumeName,omitempty', 1, 'string', 'The StorageOS volume\'s name, unique within its StorageOS namespace.'],
      ['volumeNamespace,omitempty', 2, 'string', 'The StorageOS namespace of the volume; the pod\'s namespace when empty, created when missing.'],
      ['fsType,omitempty', 3, 'string', FS_TYPE],
      ['readOnly,omitempty', 4, 'bool', READ_ONLY],
      ['*secretRef,omitempty', 5, 'LocalObjectReference', 'The secret with the StorageOS API credentials.'],
    ],
  },
  CSIVolumeSource: {
    doc: 'An ephemeral volume served by a CSI driver.',
    fields: [
      ['driver', 1, 'string', 'The CSI driver\'s name as registered in the cluster. Required.'],
      ['*readOnly,omitempty', 2, 'bool', 'Ask the driver for a read-only volume. Defaults to false.'],
      ['*fsType,omitempty', 3, 'string', 'The filesystem to mount (ext4, xfs, ntfs); the driver chooses when unset.'],
      ['volumeAttributes,omitempty', 4, 'map[string]string', 'Driver-specific properties passed to the driver.'],
      ['*nodePublishSecretRef,omitempty', 5, 'LocalObjectReference', 'A secret passed to the driver when it publishes and unpublishes the volume on the node.'],
    ],
  },
  EphemeralVolumeSource: {
    doc: 'A volume provisioned for one pod through a claim made from a template; the claim is owned by the pod and deleted with it.',
    fields: [
      ['*volumeClaimTemplate,omitempty', 1, 'PersistentVolumeClaimTemplate', 'The claim to create, named <pod name>-<volume name>; a claim of that name the pod does not own blocks the pod. Required.'],
    ],
  },
  PersistentVolumeClaimTemplate: {
    doc: 'The template of a claim an ephemeral volume creates.',
    fields: [
      ['metadata,omitempty', 1, 'meta.ObjectMeta', 'Labels and annotations copied to the claim; nothing else may be set.'],
      ['spec', 2, 'PersistentVolumeClaimSpec', 'The claim\'s spec, copied unchanged. Required.'],
    ],
  },
  ImageVolumeSource: {
    doc: 'An OCI image or artifact whose content is mounted read-only.',
    fields: [
      ['reference,omitempty', 1, 'string', 'The image or artifact reference, as a container\'s image; pulled with the same secrets.'],
      ['pullPolicy,omitempty', 2, 'string:PullPolicy', 'When to pull: Always, Never or IfNotPresent; Always for :latest, IfNotPresent otherwise.', { enum: ['Always', 'IfNotPresent', 'Never'] }],
    ],
  },
};
