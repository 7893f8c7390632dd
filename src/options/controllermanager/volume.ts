// Volume rows, read by the persistentvolume-binder and attach-detach controllers.
import type { FlagSpec } from '../flag.ts';
import { VOLUME as group } from './groups.ts';

const status = 'implemented' as const;
const NO_FORCED_DETACH = 'accepted: simulated nodes mount nothing, so a detach never waits for an unmount and there is no forced detach to prevent';
const NO_FLEX_DRIVERS = 'accepted: no FlexVolume driver is installed beside the controller manager, so the directory holds nothing to load';

export const volumeFlags: readonly FlagSpec[] = [
  { name: 'attach-detach-reconcile-sync-period', type: 'duration', default: '1m0s', group, status,
    help: 'The reconciler sync wait time between volume attach detach. This duration must be larger than one second, and increasing this value from the default may allow for volumes to be mismatched with pods.' },
  { name: 'disable-attach-detach-reconcile-sync', type: 'bool', group, status,
    help: 'Disable volume attach detach reconciler sync. Disabling this may cause volumes to be mismatched with pods. Use wisely.' },
  { name: 'disable-force-detach-on-timeout', type: 'bool', group, status, statusNote: NO_FORCED_DETACH,
    help: 'Prevent force detaching volumes based on maximum unmount time and node status. If this flag is set to true, the non-graceful node shutdown feature must be used to recover from node failure.' },
  { name: 'enable-dynamic-provisioning', type: 'bool', default: 'true', group, status,
    help: 'Enable dynamic provisioning for environments that support it.' },
  { name: 'enable-hostpath-provisioner', type: 'bool', group, status,
    help: 'Enable HostPath PV provisioning when running without a cloud provider. This allows testing and development of provisioning features. HostPath provisioning is not supported in any way, won\'t work in a multi-node cluster, and should not be used for anything other than testing or development.' },
  { name: 'flex-volume-plugin-dir', type: 'string', default: '/usr/libexec/orch/nodeagent-plugins/volume/exec/', group, status, statusNote: NO_FLEX_DRIVERS,
    help: 'Full path of the directory in which the flex volume plugin should search for additional third party volume plugins.' },
  { name: 'pvclaimbinder-sync-period', type: 'duration', default: '15s', group, status,
    help: 'The period for syncing persistent volumes and persistent volume claims' },
  { name: 'pv-recycler-minimum-timeout-nfs', type: 'int', default: '300', group, status, valueName: 'int32',
    help: 'The minimum ActiveDeadlineSeconds to use for an NFS Recycler pod' },
  { name: 'pv-recycler-increment-timeout-nfs', type: 'int', default: '30', group, status, valueName: 'int32',
    help: 'the increment of time added per Gi to ActiveDeadlineSeconds for an NFS scrubber pod' },
  { name: 'pv-recycler-pod-template-filepath-nfs', type: 'string', group, status,
    help: 'The file path to a pod definition used as a template for NFS persistent volume recycling' },
  { name: 'pv-recycler-minimum-timeout-hostpath', type: 'int', default: '60', group, status, valueName: 'int32',
    help: 'The minimum ActiveDeadlineSeconds to use for a HostPath Recycler pod. This is for development and testing only and will not work in a multi-node cluster.' },
  { name: 'pv-recycler-timeout-increment-hostpath', type: 'int', default: '30', group, status, valueName: 'int32',
    help: 'the increment of time added per Gi to ActiveDeadlineSeconds for a HostPath scrubber pod. This is for development and testing only and will not work in a multi-node cluster.' },
  { name: 'pv-recycler-pod-template-filepath-hostpath', type: 'string', group, status,
    help: 'The file path to a pod definition used as a template for HostPath persistent volume recycling. This is for development and testing only and will not work in a multi-node cluster.' },
];
