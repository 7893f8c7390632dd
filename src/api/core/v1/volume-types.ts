// core/v1 volumes as decoded from the wire: a pod's volumes and their sources, PersistentVolume
// and PersistentVolumeClaim, and the node selectors a volume's node affinity (and a pod's) is
// written in. Fields Go omits when empty (omitempty or pointers) are optional here; quantities
// are strings in Kubernetes' canonical form once decoded.
import type { LabelSelector, ObjectMeta, ObjectReference, Time } from '../../meta/v1/types.ts';
import type { ResourceList } from './policy-types.ts';

export type PersistentVolumeAccessMode = 'ReadWriteOnce' | 'ReadOnlyMany' | 'ReadWriteMany' | 'ReadWriteOncePod';
export type PersistentVolumeMode = 'Block' | 'Filesystem';
export type PersistentVolumeReclaimPolicy = 'Retain' | 'Delete' | 'Recycle';
export type PersistentVolumePhase = 'Pending' | 'Available' | 'Bound' | 'Released' | 'Failed';
export type PersistentVolumeClaimPhase = 'Pending' | 'Bound' | 'Lost';
export type HostPathType = '' | 'DirectoryOrCreate' | 'Directory' | 'FileOrCreate' | 'File' | 'Socket' | 'CharDevice' | 'BlockDevice';
export type NodeSelectorOperator = 'In' | 'NotIn' | 'Exists' | 'DoesNotExist' | 'Gt' | 'Lt';

/** A reference to an object of the same namespace by name. */
export interface LocalObjectReference {
  name?: string;
}

/** A reference to a secret by name and namespace. */
export interface SecretReference {
  name?: string;
  namespace?: string;
}

export interface TypedLocalObjectReference {
  apiGroup?: string | null;
  kind: string;
  name: string;
}

export interface TypedObjectReference extends TypedLocalObjectReference {
  namespace?: string;
}

export interface NodeSelectorRequirement {
  key: string;
  operator: NodeSelectorOperator | string;
  values?: string[];
}

export interface NodeSelectorTerm {
  matchExpressions?: NodeSelectorRequirement[];
  matchFields?: NodeSelectorRequirement[];
}

export interface NodeSelector {
  nodeSelectorTerms: NodeSelectorTerm[];
}

// File mappings and projections.

export interface KeyToPath {
  key: string;
  path: string;
  mode?: number;
}

export interface DownwardAPIVolumeFile {
  path: string;
  /** core/v1 ObjectFieldSelector. */
  fieldRef?: { apiVersion?: string; fieldPath: string };
  /** core/v1 ResourceFieldSelector. */
  resourceFieldRef?: { containerName?: string; resource: string; divisor?: string };
  mode?: number;
}

export interface SecretProjection extends LocalObjectReference {
  items?: KeyToPath[];
  optional?: boolean;
}

export interface ConfigMapProjection extends LocalObjectReference {
  items?: KeyToPath[];
  optional?: boolean;
}

export interface DownwardAPIProjection {
  items?: DownwardAPIVolumeFile[];
}

export interface ServiceAccountTokenProjection {
  audience?: string;
  expirationSeconds?: number;
  path: string;
}

export interface ClusterTrustBundleProjection {
  name?: string;
  signerName?: string;
  labelSelector?: LabelSelector;
  optional?: boolean;
  path: string;
}

export interface PodCertificateProjection {
  signerName?: string;
  keyType?: string;
  maxExpirationSeconds?: number;
  credentialBundlePath?: string;
  keyPath?: string;
  certificateChainPath?: string;
  userAnnotations?: Record<string, string>;
}

export interface VolumeProjection {
  secret?: SecretProjection;
  downwardAPI?: DownwardAPIProjection;
  configMap?: ConfigMapProjection;
  serviceAccountToken?: ServiceAccountTokenProjection;
  clusterTrustBundle?: ClusterTrustBundleProjection;
  podCertificate?: PodCertificateProjection;
}

// Sources a pod mounts (several shared with persistent volumes).

export interface HostPathVolumeSource {
  path: string;
  type?: HostPathType | string;
}

export interface EmptyDirVolumeSource {
  medium?: string;
  sizeLimit?: string;
}

export interface GCEPersistentDiskVolumeSource {
  pdName: string;
  fsType?: string;
  partition?: number;
  readOnly?: boolean;
}

export interface AWSElasticBlockStoreVolumeSource {
  volumeID: string;
  fsType?: string;
  partition?: number;
  readOnly?: boolean;
}

export interface GitRepoVolumeSource {
  repository: string;
  revision?: string;
  directory?: string;
}

export interface SecretVolumeSource {
  secretName?: string;
  items?: KeyToPath[];
  defaultMode?: number;
  optional?: boolean;
}

export interface NFSVolumeSource {
  server: string;
  path: string;
  readOnly?: boolean;
}

/** ISCSIVolumeSource; the persistent volume form names its secret with a SecretReference. */
export interface ISCSIVolumeSource<Ref = LocalObjectReference> {
  targetPortal: string;
  iqn: string;
  lun: number;
  iscsiInterface?: string;
  fsType?: string;
  readOnly?: boolean;
  portals?: string[];
  chapAuthDiscovery?: boolean;
  chapAuthSession?: boolean;
  secretRef?: Ref;
  initiatorName?: string;
}

export interface GlusterfsVolumeSource {
  endpoints: string;
  path: string;
  readOnly?: boolean;
}

export interface PersistentVolumeClaimVolumeSource {
  claimName: string;
  readOnly?: boolean;
}

export interface RBDVolumeSource<Ref = LocalObjectReference> {
  monitors: string[];
  image: string;
  fsType?: string;
  pool?: string;
  user?: string;
  keyring?: string;
  secretRef?: Ref;
  readOnly?: boolean;
}

export interface FlexVolumeSource<Ref = LocalObjectReference> {
  driver: string;
  fsType?: string;
  secretRef?: Ref;
  readOnly?: boolean;
  options?: Record<string, string>;
}

export interface CinderVolumeSource<Ref = LocalObjectReference> {
  volumeID: string;
  fsType?: string;
  readOnly?: boolean;
  secretRef?: Ref;
}

export interface CephFSVolumeSource<Ref = LocalObjectReference> {
  monitors: string[];
  path?: string;
  user?: string;
  secretFile?: string;
  secretRef?: Ref;
  readOnly?: boolean;
}

export interface FlockerVolumeSource {
  datasetName?: string;
  datasetUUID?: string;
}

export interface DownwardAPIVolumeSource {
  items?: DownwardAPIVolumeFile[];
  defaultMode?: number;
}

export interface FCVolumeSource {
  targetWWNs?: string[];
  lun?: number;
  fsType?: string;
  readOnly?: boolean;
  wwids?: string[];
}

export interface AzureFileVolumeSource {
  secretName: string;
  shareName: string;
  readOnly?: boolean;
}

export interface ConfigMapVolumeSource extends LocalObjectReference {
  items?: KeyToPath[];
  defaultMode?: number;
  optional?: boolean;
}

export interface VsphereVirtualDiskVolumeSource {
  volumePath: string;
  fsType?: string;
  storagePolicyName?: string;
  storagePolicyID?: string;
}

export interface QuobyteVolumeSource {
  registry: string;
  volume: string;
  readOnly?: boolean;
  user?: string;
  group?: string;
  tenant?: string;
}

export interface AzureDiskVolumeSource {
  diskName: string;
  diskURI: string;
  cachingMode?: string;
  fsType?: string;
  readOnly?: boolean;
  kind?: string;
}

export interface PhotonPersistentDiskVolumeSource {
  pdID: string;
  fsType?: string;
}

export interface ProjectedVolumeSource {
  sources?: VolumeProjection[] | null;
  defaultMode?: number;
}

export interface PortworxVolumeSource {
  volumeID: string;
  fsType?: string;
  readOnly?: boolean;
}

export interface ScaleIOVolumeSource<Ref = LocalObjectReference> {
  gateway: string;
  system: string;
  secretRef: Ref | null;
  sslEnabled?: boolean;
  protectionDomain?: string;
  storagePool?: string;
  storageMode?: string;
  volumeName?: string;
  fsType?: string;
  readOnly?: boolean;
}

export interface StorageOSVolumeSource<Ref = LocalObjectReference> {
  volumeName?: string;
  volumeNamespace?: string;
  fsType?: string;
  readOnly?: boolean;
  secretRef?: Ref;
}

export interface CSIVolumeSource {
  driver: string;
  readOnly?: boolean;
  fsType?: string;
  volumeAttributes?: Record<string, string>;
  nodePublishSecretRef?: LocalObjectReference;
}

export interface PersistentVolumeClaimTemplate {
  metadata?: ObjectMeta;
  spec: PersistentVolumeClaimSpec;
}

export interface EphemeralVolumeSource {
  volumeClaimTemplate?: PersistentVolumeClaimTemplate;
}

export interface ImageVolumeSource {
  reference?: string;
  pullPolicy?: string;
}

/** Where a pod volume's content comes from: exactly one member is set. */
export interface VolumeSource {
  hostPath?: HostPathVolumeSource;
  emptyDir?: EmptyDirVolumeSource;
  gcePersistentDisk?: GCEPersistentDiskVolumeSource;
  awsElasticBlockStore?: AWSElasticBlockStoreVolumeSource;
  gitRepo?: GitRepoVolumeSource;
  secret?: SecretVolumeSource;
  nfs?: NFSVolumeSource;
  iscsi?: ISCSIVolumeSource;
  glusterfs?: GlusterfsVolumeSource;
  persistentVolumeClaim?: PersistentVolumeClaimVolumeSource;
  rbd?: RBDVolumeSource;
  flexVolume?: FlexVolumeSource;
  cinder?: CinderVolumeSource;
  cephfs?: CephFSVolumeSource;
  flocker?: FlockerVolumeSource;
  downwardAPI?: DownwardAPIVolumeSource;
  fc?: FCVolumeSource;
  azureFile?: AzureFileVolumeSource;
  configMap?: ConfigMapVolumeSource;
  vsphereVolume?: VsphereVirtualDiskVolumeSource;
  quobyte?: QuobyteVolumeSource;
  azureDisk?: AzureDiskVolumeSource;
  photonPersistentDisk?: PhotonPersistentDiskVolumeSource;
  projected?: ProjectedVolumeSource;
  portworxVolume?: PortworxVolumeSource;
  scaleIO?: ScaleIOVolumeSource;
  storageos?: StorageOSVolumeSource;
  csi?: CSIVolumeSource;
  ephemeral?: EphemeralVolumeSource;
  image?: ImageVolumeSource;
}

/** A named volume of a pod; its source is spelled out in place. */
export interface Volume extends VolumeSource {
  name: string;
}

// PersistentVolume.

export interface GlusterfsPersistentVolumeSource extends GlusterfsVolumeSource {
  endpointsNamespace?: string;
}

export interface AzureFilePersistentVolumeSource extends AzureFileVolumeSource {
  secretNamespace?: string | null;
}

export interface LocalVolumeSource {
  path: string;
  fsType?: string;
}

export interface CSIPersistentVolumeSource {
  driver: string;
  volumeHandle: string;
  readOnly?: boolean;
  fsType?: string;
  volumeAttributes?: Record<string, string>;
  controllerPublishSecretRef?: SecretReference;
  nodeStageSecretRef?: SecretReference;
  nodePublishSecretRef?: SecretReference;
  controllerExpandSecretRef?: SecretReference;
  nodeExpandSecretRef?: SecretReference;
}

/** Where a persistent volume's storage is: exactly one member is set. */
export interface PersistentVolumeSource {
  gcePersistentDisk?: GCEPersistentDiskVolumeSource;
  awsElasticBlockStore?: AWSElasticBlockStoreVolumeSource;
  hostPath?: HostPathVolumeSource;
  glusterfs?: GlusterfsPersistentVolumeSource;
  nfs?: NFSVolumeSource;
  rbd?: RBDVolumeSource<SecretReference>;
  iscsi?: ISCSIVolumeSource<SecretReference>;
  cinder?: CinderVolumeSource<SecretReference>;
  cephfs?: CephFSVolumeSource<SecretReference>;
  fc?: FCVolumeSource;
  flocker?: FlockerVolumeSource;
  flexVolume?: FlexVolumeSource<SecretReference>;
  azureFile?: AzureFilePersistentVolumeSource;
  vsphereVolume?: VsphereVirtualDiskVolumeSource;
  quobyte?: QuobyteVolumeSource;
  azureDisk?: AzureDiskVolumeSource;
  photonPersistentDisk?: PhotonPersistentDiskVolumeSource;
  portworxVolume?: PortworxVolumeSource;
  scaleIO?: ScaleIOVolumeSource<SecretReference>;
  local?: LocalVolumeSource;
  storageos?: StorageOSVolumeSource<ObjectReference>;
  csi?: CSIPersistentVolumeSource;
}

export interface VolumeNodeAffinity {
  required?: NodeSelector;
}

export interface PersistentVolumeSpec extends PersistentVolumeSource {
  capacity?: ResourceList;
  accessModes?: string[];
  claimRef?: ObjectReference;
  persistentVolumeReclaimPolicy?: string;
  storageClassName?: string;
  mountOptions?: string[];
  volumeMode?: string;
  nodeAffinity?: VolumeNodeAffinity;
  volumeAttributesClassName?: string;
}

export interface PersistentVolumeStatus {
  phase?: string;
  message?: string;
  reason?: string;
  lastPhaseTransitionTime?: Time;
}

export interface PersistentVolume {
  apiVersion?: string;
  kind?: string;
  metadata: ObjectMeta;
  spec?: PersistentVolumeSpec;
  status?: PersistentVolumeStatus;
  [field: string]: unknown;
}

// PersistentVolumeClaim.

export interface VolumeResourceRequirements {
  limits?: ResourceList;
  requests?: ResourceList;
}

export interface PersistentVolumeClaimSpec {
  accessModes?: string[];
  selector?: LabelSelector;
  resources?: VolumeResourceRequirements;
  volumeName?: string;
  storageClassName?: string;
  volumeMode?: string;
  dataSource?: TypedLocalObjectReference;
  dataSourceRef?: TypedObjectReference;
  volumeAttributesClassName?: string;
}

export interface PersistentVolumeClaimCondition {
  type: string;
  status: string;
  lastProbeTime?: Time | null;
  lastTransitionTime?: Time | null;
  reason?: string;
  message?: string;
}

export interface ModifyVolumeStatus {
  targetVolumeAttributesClassName?: string;
  status: string;
}

export interface PersistentVolumeClaimStatus {
  phase?: string;
  accessModes?: string[];
  capacity?: ResourceList;
  conditions?: PersistentVolumeClaimCondition[];
  allocatedResources?: ResourceList;
  allocatedResourceStatuses?: Record<string, string>;
  currentVolumeAttributesClassName?: string;
  modifyVolumeStatus?: ModifyVolumeStatus;
}

export interface PersistentVolumeClaim {
  apiVersion?: string;
  kind?: string;
  metadata: ObjectMeta;
  spec?: PersistentVolumeClaimSpec;
  status?: PersistentVolumeClaimStatus;
  [field: string]: unknown;
}
