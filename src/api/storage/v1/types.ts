// storage.orch.io/v1 as JSON on the wire (Kubernetes' storage.k8s.io/v1, brand swapped): storage
// classes, volume attachments, CSI drivers and nodes, storage capacities, volume attributes
// classes; and the annotations that mark a default class.
import type { LabelSelector, ObjectMeta } from '../../meta/v1/types.ts';
import type { PersistentVolumeSpec } from '../../core/v1/volume-types.ts';

export const STORAGE_GROUP = 'storage.orch.io';
export const STORAGE_VERSION = 'v1';

/** "true" marks the class claims without a class get. */
export const DEFAULT_STORAGE_CLASS_ANNOTATION = 'storageclass.orch.io/is-default-class';
/** The beta spelling of the same mark, still honoured. */
export const BETA_DEFAULT_STORAGE_CLASS_ANNOTATION = 'storageclass.beta.orch.io/is-default-class';
/** "true" marks the default volume attributes class (alpha). */
export const DEFAULT_VOLUME_ATTRIBUTES_CLASS_ANNOTATION = 'volumeattributesclass.alpha.orch.io/is-default-class';

interface Kind {
  apiVersion?: string;
  kind?: string;
  metadata: ObjectMeta;
  [field: string]: unknown;
}

export interface TopologySelectorLabelRequirement {
  key: string;
  values: string[];
}

export interface TopologySelectorTerm {
  matchLabelExpressions?: TopologySelectorLabelRequirement[];
}

export interface StorageClass extends Kind {
  provisioner: string;
  parameters?: Record<string, string>;
  /** Delete (default) or Retain. */
  reclaimPolicy?: string;
  mountOptions?: string[];
  allowVolumeExpansion?: boolean;
  /** Immediate (default) or WaitForFirstConsumer. */
  volumeBindingMode?: string;
  allowedTopologies?: TopologySelectorTerm[];
}

export interface VolumeAttachmentSource {
  persistentVolumeName?: string;
  inlineVolumeSpec?: PersistentVolumeSpec;
}

export interface VolumeAttachmentSpec {
  attacher: string;
  source: VolumeAttachmentSource;
  nodeName: string;
}

export interface VolumeError {
  time?: string;
  message?: string;
  errorCode?: number;
}

export interface VolumeAttachmentStatus {
  attached: boolean;
  attachmentMetadata?: Record<string, string>;
  attachError?: VolumeError;
  detachError?: VolumeError;
}

export interface VolumeAttachment extends Kind {
  spec: VolumeAttachmentSpec;
  status?: VolumeAttachmentStatus;
}

export interface TokenRequest {
  audience: string;
  expirationSeconds?: number;
}

export interface CSIDriverSpec {
  attachRequired?: boolean;
  podInfoOnMount?: boolean;
  /** Persistent and/or Ephemeral. */
  volumeLifecycleModes?: string[];
  storageCapacity?: boolean;
  /** ReadWriteOnceWithFSType, File or None. */
  fsGroupPolicy?: string;
  tokenRequests?: TokenRequest[];
  requiresRepublish?: boolean;
  seLinuxMount?: boolean;
  nodeAllocatableUpdatePeriodSeconds?: number;
  serviceAccountTokenInSecrets?: boolean;
}

export interface CSIDriver extends Kind {
  spec: CSIDriverSpec;
}

export interface VolumeNodeResources {
  count?: number;
}

export interface CSINodeDriver {
  name: string;
  nodeID: string;
  topologyKeys?: string[] | null;
  allocatable?: VolumeNodeResources;
}

export interface CSINode extends Kind {
  spec: { drivers: CSINodeDriver[] | null };
}

export interface CSIStorageCapacity extends Kind {
  nodeTopology?: LabelSelector;
  storageClassName: string;
  capacity?: string;
  maximumVolumeSize?: string;
}

export interface VolumeAttributesClass extends Kind {
  driverName: string;
  parameters?: Record<string, string>;
}
