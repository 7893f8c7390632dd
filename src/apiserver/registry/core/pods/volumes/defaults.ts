// Kubernetes' defaults for a pod volume (pkg/apis/core/v1 defaults and the +default markers of
// the source types): a volume with no source is an emptyDir; file-writing sources get mode 0644;
// tokens last an hour; downward API fields are read as v1; a host path's type is ""; an image
// is pulled Always when it names :latest (or no tag), else IfNotPresent; the old in-tree sources
// get their marked defaults. Applying them twice changes nothing.
import type {
  AzureDiskVolumeSource, DownwardAPIVolumeFile, HostPathVolumeSource, ISCSIVolumeSource, RBDVolumeSource, ScaleIOVolumeSource, Volume,
  VolumeSource,
} from '../../../../../api/core/v1/volume-types.ts';
import { defaultClaimSpec } from '../../persistentvolumeclaims/claim-spec.ts';

/** 0644, the mode of files a volume writes unless told otherwise. */
export const DEFAULT_FILE_MODE = 0o644;
const TOKEN_SECONDS = 3600;

/** Every member of VolumeSource; a volume with none of them set gets an emptyDir. */
const SOURCE_KEYS: readonly (keyof VolumeSource)[] = [
  'hostPath', 'emptyDir', 'gcePersistentDisk', 'awsElasticBlockStore', 'gitRepo', 'secret', 'nfs', 'iscsi', 'glusterfs', 'persistentVolumeClaim',
  'rbd', 'flexVolume', 'cinder', 'cephfs', 'flocker', 'downwardAPI', 'fc', 'azureFile', 'configMap', 'vsphereVolume', 'quobyte', 'azureDisk',
  'photonPersistentDisk', 'projected', 'portworxVolume', 'scaleIO', 'storageos', 'csi', 'ephemeral', 'image',
];

/** The tag an image reference pulls: its own, or latest when it names neither tag nor digest. */
export function imageTag(reference: string): string {
  // An unparsable (here: empty) reference has no tag at all.
  if (!reference) return '';
  if (reference.includes('@')) {
    const name = reference.slice(0, reference.indexOf('@'));
    const colon = name.lastIndexOf(':');
    return colon > name.lastIndexOf('/') ? name.slice(colon + 1) : '';
  }
  const colon = reference.lastIndexOf(':');
  return colon > reference.lastIndexOf('/') ? reference.slice(colon + 1) : 'latest';
}

function defaultHostPath(source: HostPathVolumeSource | undefined): void {
  if (source) source.type ??= '';
}

function defaultRBD(source: RBDVolumeSource<unknown> | undefined): void {
  if (!source) return;
  source.pool ||= 'rbd';
  source.user ||= 'admin';
  source.keyring ||= '/etc/ceph/keyring';
}

function defaultISCSI(source: ISCSIVolumeSource<unknown> | undefined): void {
  if (source) source.iscsiInterface ||= 'default';
}

function defaultAzureDisk(source: AzureDiskVolumeSource | undefined): void {
  if (!source) return;
  source.cachingMode ??= 'ReadWrite';
  source.fsType ??= 'ext4';
  source.readOnly ??= false;
  source.kind ??= 'Shared';
}

function defaultScaleIO(source: ScaleIOVolumeSource<unknown> | undefined): void {
  if (!source) return;
  source.storageMode ||= 'ThinProvisioned';
  source.fsType ||= 'xfs';
}

/** The defaults of the sources persistent volumes share with pods. */
export function defaultSharedSources(source: {
  hostPath?: HostPathVolumeSource; rbd?: RBDVolumeSource<unknown>; iscsi?: ISCSIVolumeSource<unknown>; azureDisk?: AzureDiskVolumeSource; scaleIO?: ScaleIOVolumeSource<unknown>;
}): void {
  defaultHostPath(source.hostPath);
  defaultRBD(source.rbd);
  defaultISCSI(source.iscsi);
  defaultAzureDisk(source.azureDisk);
  defaultScaleIO(source.scaleIO);
}

function defaultDownwardAPIFiles(files: DownwardAPIVolumeFile[] | undefined): void {
  for (const file of files ?? []) if (file.fieldRef) file.fieldRef.apiVersion ||= 'v1';
}

export function defaultVolume(v: Volume): void {
  if (!SOURCE_KEYS.some((key) => v[key] !== undefined && v[key] !== null)) v.emptyDir = {};
  defaultSharedSources(v);
  if (v.secret) v.secret.defaultMode ??= DEFAULT_FILE_MODE;
  if (v.configMap) v.configMap.defaultMode ??= DEFAULT_FILE_MODE;
  if (v.downwardAPI) {
    v.downwardAPI.defaultMode ??= DEFAULT_FILE_MODE;
    defaultDownwardAPIFiles(v.downwardAPI.items);
  }
  if (v.projected) {
    v.projected.defaultMode ??= DEFAULT_FILE_MODE;
    for (const source of v.projected.sources ?? []) {
      if (source.serviceAccountToken) source.serviceAccountToken.expirationSeconds ??= TOKEN_SECONDS;
      defaultDownwardAPIFiles(source.downwardAPI?.items);
    }
  }
  const claimSpec = v.ephemeral?.volumeClaimTemplate?.spec;
  if (claimSpec) defaultClaimSpec(claimSpec);
  if (v.image && !v.image.pullPolicy) v.image.pullPolicy = imageTag(v.image.reference ?? '') === 'latest' ? 'Always' : 'IfNotPresent';
}
