// What a pod volume is, for SELinux purposes: the one volume behind it (so two pods naming the
// same storage are seen to share it), whether it can be mounted with an SELinux context, and its
// CSI driver. Claims resolve through their bound PersistentVolume as Kubernetes' CreateVolumeSpec
// does (an unbound claim is an error, retried later). The controller knows the plugins Kubernetes
// gives it: host path and NFS (never a mount context) and CSI (a context when the driver's
// CSIDriver says seLinuxMount: true); any other volume (emptyDir, secrets, local, ...) is skipped.
import type { Pod } from '../../../api/core/v1/pod-types.ts';
import type { PersistentVolume, PersistentVolumeClaim, Volume } from '../../../api/core/v1/volume-types.ts';
import type { CSIDriver } from '../../../api/storage/v1/types.ts';
import { ephemeralClaimName } from '../volume/pvcprotection/pod-uses-claim.ts';

export interface VolumeLookups {
  claim(key: string): PersistentVolumeClaim | undefined;
  volume(name: string): PersistentVolume | undefined;
  csiDriver(name: string): CSIDriver | undefined;
}

export type VolumeIdentity =
  | { kind: 'volume'; uniqueName: string; supportsContextMount: boolean; csiDriver: string }
  /** No plugin of the controller handles it. */
  | { kind: 'unknown' }
  | { kind: 'error'; message: string };

/** The PersistentVolume a claim volume resolves to, or why it does not yet. */
function boundVolume(pod: Pod, claimName: string, lookups: VolumeLookups): PersistentVolume | string {
  const namespace = pod.metadata.namespace ?? '';
  const claim = lookups.claim(`${namespace}/${claimName}`);
  if (!claim) return `error processing PVC "${namespace}/${claimName}": PVC not found`;
  if (claim.status?.phase !== 'Bound') return `error processing PVC "${namespace}/${claimName}": PVC has non-bound phase ("${claim.status?.phase ?? ''}")`;
  const volumeName = claim.spec?.volumeName;
  if (!volumeName) return `error processing PVC "${namespace}/${claimName}": PVC has empty Spec.VolumeName`;
  const volume = lookups.volume(volumeName);
  if (!volume) return `error processing PVC "${namespace}/${claimName}": PV "${volumeName}" not found`;
  const uid = claim.metadata.uid;
  if (uid && volume.spec?.claimRef?.uid !== uid) return `error processing PVC "${namespace}/${claimName}": PV "${volumeName}" is not bound to it`;
  return volume;
}

function csiIdentity(driver: string, handle: string, lookups: VolumeLookups): VolumeIdentity {
  return { kind: 'volume', uniqueName: `orch.io/csi/${driver}^${handle}`, supportsContextMount: lookups.csiDriver(driver)?.spec?.seLinuxMount === true, csiDriver: driver };
}

export function volumeIdentity(pod: Pod, podVolume: Volume, lookups: VolumeLookups): VolumeIdentity {
  const claimName = podVolume.persistentVolumeClaim?.claimName ?? (podVolume.ephemeral ? ephemeralClaimName(pod, podVolume) : undefined);
  if (claimName !== undefined) {
    const volume = boundVolume(pod, claimName, lookups);
    if (typeof volume === 'string') return { kind: 'error', message: volume };
    const spec = volume.spec ?? {};
    if (spec.csi) return csiIdentity(spec.csi.driver, spec.csi.volumeHandle, lookups);
    if (spec.hostPath) return { kind: 'volume', uniqueName: `orch.io/host-path/${spec.hostPath.path}`, supportsContextMount: false, csiDriver: '' };
    if (spec.nfs) return { kind: 'volume', uniqueName: `orch.io/nfs/${spec.nfs.server}/${spec.nfs.path}`, supportsContextMount: false, csiDriver: '' };
    return { kind: 'unknown' };
  }
  // Inline volumes: CSI inline volumes belong to their pod alone, so only these two can be shared.
  if (podVolume.hostPath) return { kind: 'volume', uniqueName: `orch.io/host-path/${podVolume.hostPath.path}`, supportsContextMount: false, csiDriver: '' };
  if (podVolume.nfs) return { kind: 'volume', uniqueName: `orch.io/nfs/${podVolume.nfs.server}/${podVolume.nfs.path}`, supportsContextMount: false, csiDriver: '' };
  return { kind: 'unknown' };
}
