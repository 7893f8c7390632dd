// The volume controllers' rows as typed options, named as Kubernetes names their configurations
// (PersistentVolumeBinderController with its VolumeConfiguration and recycler settings,
// AttachDetachController, EphemeralVolumeController). Each controller reads only its own object.
import type { OptionReader } from '../option-reader.ts';

export interface PersistentVolumeRecyclerOptions {
  /** --pv-recycler-minimum-timeout-nfs, seconds. */
  minimumTimeoutNFS: number;
  /** --pv-recycler-increment-timeout-nfs, seconds per Gi. */
  incrementTimeoutNFS: number;
  /** --pv-recycler-pod-template-filepath-nfs; empty: the built-in recycler pod. */
  podTemplateFilePathNFS: string;
  /** --pv-recycler-minimum-timeout-hostpath, seconds. */
  minimumTimeoutHostPath: number;
  /** --pv-recycler-timeout-increment-hostpath, seconds per Gi. */
  incrementTimeoutHostPath: number;
  /** --pv-recycler-pod-template-filepath-hostpath. */
  podTemplateFilePathHostPath: string;
}

export interface PersistentVolumeBinderControllerOptions {
  /** --pvclaimbinder-sync-period: every volume and claim is synced again this often. */
  syncPeriodMs: number;
  /** --enable-dynamic-provisioning. */
  enableDynamicProvisioning: boolean;
  /** --enable-hostpath-provisioner: the orch.io/host-path provisioner. */
  enableHostPathProvisioner: boolean;
  recycler: PersistentVolumeRecyclerOptions;
}

export function persistentVolumeBinderControllerOptions(r: OptionReader): PersistentVolumeBinderControllerOptions {
  return {
    syncPeriodMs: r.number('pvclaimbinder-sync-period'),
    enableDynamicProvisioning: r.bool('enable-dynamic-provisioning'),
    enableHostPathProvisioner: r.bool('enable-hostpath-provisioner'),
    recycler: {
      minimumTimeoutNFS: r.number('pv-recycler-minimum-timeout-nfs'),
      incrementTimeoutNFS: r.number('pv-recycler-increment-timeout-nfs'),
      podTemplateFilePathNFS: r.string('pv-recycler-pod-template-filepath-nfs'),
      minimumTimeoutHostPath: r.number('pv-recycler-minimum-timeout-hostpath'),
      incrementTimeoutHostPath: r.number('pv-recycler-timeout-increment-hostpath'),
      podTemplateFilePathHostPath: r.string('pv-recycler-pod-template-filepath-hostpath'),
    },
  };
}

export interface AttachDetachControllerOptions {
  /** --attach-detach-reconcile-sync-period. */
  reconcileSyncPeriodMs: number;
  /** --disable-attach-detach-reconcile-sync. */
  disableReconcileSync: boolean;
}

export function attachDetachControllerOptions(r: OptionReader): AttachDetachControllerOptions {
  return { reconcileSyncPeriodMs: r.number('attach-detach-reconcile-sync-period'), disableReconcileSync: r.bool('disable-attach-detach-reconcile-sync') };
}

export interface EphemeralVolumeControllerOptions {
  /** --concurrent-ephemeralvolume-syncs; zero or less takes the row's default. */
  workers: number;
}

export function ephemeralVolumeControllerOptions(r: OptionReader): EphemeralVolumeControllerOptions {
  return { workers: r.positiveNumber('concurrent-ephemeralvolume-syncs') };
}
