// storage.v1's types as Go structs (see ../go-structs.ts): storage classes, volume attachments,
// CSI drivers and nodes, storage capacities and volume attributes classes. Field numbers and tags
// are Kubernetes' (k8s.io/api storage/v1); descriptions are our own.
import type { GoPackage } from '../go-structs.ts';

const GROUP = 'storage.orch.io';

export const storagePackage: GoPackage = {
  prefix: 'io.orch.api.storage.v1',
  goPackage: 'v1',
  structs: {
    StorageClass: {
      doc: 'A class of storage that persistent volumes can be provisioned from on demand: which provisioner makes them, with what parameters and policies. Cluster-scoped.',
      kind: { group: GROUP, version: 'v1', kind: 'StorageClass' },
      listDoc: 'A list of storage classes.',
      fields: [
        ['metadata,omitempty', 1, 'meta.ObjectMeta', 'Standard object metadata.'],
        ['provisioner', 2, 'string', 'The name of the provisioner that makes volumes of this class. Required; cannot change.'],
        ['parameters,omitempty', 3, 'map[string]string', 'Settings passed to the provisioner for each volume it makes; at most 512 entries and 256 KiB in all. Cannot change.'],
        ['*reclaimPolicy,omitempty', 4, 'string:PersistentVolumeReclaimPolicy', 'What happens to a provisioned volume once its claim is released: Delete (the default) or Retain. Cannot change.', { enum: ['Delete', 'Recycle', 'Retain'] }],
        ['mountOptions,omitempty', 5, '[]string', 'Mount options given to provisioned volumes (for example ro or soft); not checked here, a bad one fails the mount.', { listType: 'atomic' }],
        ['*allowVolumeExpansion,omitempty', 6, 'bool', 'Whether claims of this class may ask for more storage after they are bound.'],
        ['*volumeBindingMode,omitempty', 7, 'string:VolumeBindingMode', 'When claims are provisioned and bound: Immediate (the default) or WaitForFirstConsumer, once a pod using the claim is scheduled. Cannot change.', { enum: ['Immediate', 'WaitForFirstConsumer'] }],
        ['allowedTopologies,omitempty', 8, '[]core.TopologySelectorTerm', 'The topology domains volumes may be provisioned in; empty means anywhere.', { listType: 'atomic' }],
      ],
    },
    VolumeAttachment: {
      doc: 'The wish to attach a volume to a node, or to detach it, and how far that got. Cluster-scoped.',
      kind: { group: GROUP, version: 'v1', kind: 'VolumeAttachment' },
      listDoc: 'A list of volume attachments.',
      fields: [
        ['metadata,omitempty', 1, 'meta.ObjectMeta', 'Standard object metadata.'],
        ['spec', 2, 'VolumeAttachmentSpec', 'Which volume goes to which node, through which attacher. Cannot change.'],
        ['status,omitempty', 3, 'VolumeAttachmentStatus', 'Whether the volume is attached, written by the attacher through the status subresource.'],
      ],
    },
    VolumeAttachmentSpec: {
      doc: 'The volume, the node and the driver that attaches one to the other.',
      fields: [
        ['attacher', 1, 'string', 'The name of the volume driver that carries out the attachment. Required.'],
        ['source', 2, 'VolumeAttachmentSource', 'The volume to attach.'],
        ['nodeName', 3, 'string', 'The node to attach the volume to.'],
      ],
    },
    VolumeAttachmentSource: {
      doc: 'The volume to attach: exactly one of a persistent volume by name or an inline volume spec.',
      fields: [
        ['*persistentVolumeName,omitempty', 1, 'string', 'The name of the persistent volume to attach.'],
        ['*inlineVolumeSpec,omitempty', 2, 'core.PersistentVolumeSpec', 'A persistent volume spec translated from a pod\'s inline volume (CSI migration).'],
      ],
    },
    VolumeAttachmentStatus: {
      doc: 'How an attachment stands, as the attacher reports it.',
      fields: [
        ['attached', 1, 'bool', 'Whether the volume is attached to the node.'],
        ['attachmentMetadata,omitempty', 2, 'map[string]string', 'Data the attach operation returned that later mount steps need; at most 256 KiB.'],
        ['*attachError,omitempty', 3, 'VolumeError', 'The last error of attaching, if any.'],
        ['*detachError,omitempty', 4, 'VolumeError', 'The last error of detaching, if any.'],
      ],
    },
    VolumeError: {
      doc: 'An error met while attaching or detaching a volume.',
      fields: [
        ['time,omitempty', 1, 'meta.Time', 'When the error happened.'],
        ['message,omitempty', 2, 'string', 'What went wrong, at most 1024 bytes; it may be logged, so it holds nothing secret.'],
        ['*errorCode,omitempty', 3, 'int32', 'The numeric gRPC code of the error, 0 or more.'],
      ],
    },
    CSIDriver: {
      doc: 'A CSI volume driver installed in the cluster and how the cluster should treat its volumes. Named as the driver names itself. Cluster-scoped.',
      kind: { group: GROUP, version: 'v1', kind: 'CSIDriver' },
      listDoc: 'A list of CSI drivers.',
      fields: [
        ['metadata,omitempty', 1, 'meta.ObjectMeta', 'Standard object metadata; the name is the driver\'s own name (at most 63 characters).'],
        ['spec', 2, 'CSIDriverSpec', 'How volumes of this driver are attached and mounted.'],
      ],
    },
    CSIDriverSpec: {
      doc: 'How a CSI driver\'s volumes are attached and mounted.',
      fields: [
        ['*attachRequired,omitempty', 1, 'bool', 'Whether volumes must be attached (through a VolumeAttachment) before they are mounted; true by default. Cannot change.'],
        ['*podInfoOnMount,omitempty', 2, 'bool', 'Whether the driver is told the pod\'s name, namespace and uid when it mounts a volume; false by default.'],
        ['volumeLifecycleModes,omitempty', 3, '[]string:VolumeLifecycleMode', 'The kinds of volume the driver serves: Persistent (the default) and Ephemeral (inline in a pod). Cannot change.', { listType: 'set' }],
        ['*storageCapacity,omitempty', 4, 'bool', 'Whether scheduling takes the capacity the driver publishes as CSIStorageCapacity objects into account; false by default.'],
        ['*fsGroupPolicy,omitempty', 5, 'string:FSGroupPolicy', 'Whether volume ownership and permissions are changed to a pod\'s fsGroup: ReadWriteOnceWithFSType (the default), File or None.'],
        ['tokenRequests,omitempty', 6, '[]TokenRequest', 'Service account tokens the driver is given for the pods it mounts volumes for, one per audience.', { listType: 'atomic' }],
        ['*requiresRepublish,omitempty', 7, 'bool', 'Whether the driver wants volumes published again periodically (to refresh tokens); false by default.'],
        ['*seLinuxMount,omitempty', 8, 'bool', 'Whether the driver can mount each volume with its own SELinux context option; false by default.'],
        ['*nodeAllocatableUpdatePeriodSeconds,omitempty', 9, 'int64', 'How often, in seconds (10 or more), a node refreshes the volume count it can hold for this driver; unset means never.'],
        ['*serviceAccountTokenInSecrets,omitempty', 10, 'bool', 'Whether service account tokens reach the driver in the secrets of the publish call rather than its volume context; only with tokenRequests.'],
      ],
    },
    TokenRequest: {
      doc: 'A service account token a CSI driver asks for.',
      fields: [
        ['audience', 1, 'string', 'The audience of the token; empty means the API server\'s own audiences.'],
        ['*expirationSeconds,omitempty', 2, 'int64', 'How long the token is valid, in seconds (at least 600).'],
      ],
    },
    CSINode: {
      doc: 'The CSI drivers installed on a node, named as the node. Cluster-scoped.',
      kind: { group: GROUP, version: 'v1', kind: 'CSINode' },
      listDoc: 'A list of CSI nodes.',
      fields: [
        ['metadata,omitempty', 1, 'meta.ObjectMeta', 'Standard object metadata; the name is the node\'s.'],
        ['spec', 2, 'CSINodeSpec', 'The drivers on the node.'],
      ],
    },
    CSINodeSpec: {
      doc: 'The CSI drivers on a node.',
      fields: [['drivers', 1, '[]CSINodeDriver', 'One entry per driver, keyed by name; empty when every driver is gone.', { listType: 'map', listMapKeys: ['name'], patchStrategy: 'merge', patchMergeKey: 'name' }]],
    },
    CSINodeDriver: {
      doc: 'One CSI driver as installed on a node.',
      fields: [
        ['name', 1, 'string', 'The driver\'s name, as its CSIDriver is named.'],
        ['nodeID', 2, 'string', 'What the driver calls this node (at most 192 characters). Required.'],
        ['topologyKeys', 3, '[]string', 'The topology label keys the driver understands.', { listType: 'atomic', optional: true }],
        ['*allocatable,omitempty', 4, 'VolumeNodeResources', 'The volume resources the node offers this driver.'],
      ],
    },
    VolumeNodeResources: {
      doc: 'Limits on the volumes a node can hold for one driver.',
      fields: [['*count,omitempty', 1, 'int32', 'The most distinct volumes of the driver the node can use at once; unset means no limit.']],
    },
    CSIStorageCapacity: {
      doc: 'The capacity a CSI driver reports for one storage class in one topology segment, used when scheduling pods whose volumes are not provisioned yet. Namespaced.',
      kind: { group: GROUP, version: 'v1', kind: 'CSIStorageCapacity' },
      listDoc: 'A list of CSI storage capacities.',
      fields: [
        ['metadata,omitempty', 1, 'meta.ObjectMeta', 'Standard object metadata.'],
        ['*nodeTopology,omitempty', 2, 'meta.LabelSelector', 'The nodes that can reach the storage: unset means none, empty means all. Cannot change.'],
        ['storageClassName', 3, 'string', 'The storage class the capacity is for. Required; cannot change.'],
        ['*capacity,omitempty', 4, 'Quantity', 'The capacity available, in bytes; unset when unknown.'],
        ['*maximumVolumeSize,omitempty', 5, 'Quantity', 'The largest volume that can be made with these parameters; unset when unknown.'],
      ],
    },
    VolumeAttributesClass: {
      doc: 'A named set of mutable volume attributes a CSI driver applies; claims name one when provisioned and may switch to another later. Cluster-scoped.',
      kind: { group: GROUP, version: 'v1', kind: 'VolumeAttributesClass' },
      listDoc: 'A list of volume attributes classes.',
      fields: [
        ['metadata,omitempty', 1, 'meta.ObjectMeta', 'Standard object metadata.'],
        ['driverName', 2, 'string', 'The CSI driver the attributes are for. Required; cannot change.'],
        ['parameters,omitempty', 3, 'map[string]string', 'The attributes, passed to the driver as they are: at least one and at most 512 entries, 256 KiB in all. Cannot change.'],
      ],
    },
  },
};
