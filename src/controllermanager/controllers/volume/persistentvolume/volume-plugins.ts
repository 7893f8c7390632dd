// The storage the controller manager drives itself, as Kubernetes' in-tree volume plugins: a
// provisioner named orch.io/<x> is one of these, any other name an external provisioner the
// binder only waits for. orch.io/simulated is the simulated cluster's storage: it provisions a
// hostPath volume under /var/lib/orch/simulated-volumes sized to the claim (on the scheduler's
// node for WaitForFirstConsumer classes), frees nothing when deleting (no node has a disk) and
// expands without a file-system step. orch.io/host-path is Kubernetes' testing provisioner
// (--enable-hostpath-provisioner): volumes under /tmp/hostpath_pv. Static hostPath volumes can be
// deleted only under /tmp and recycled by a pod, as Kubernetes' host path plugin allows.
import { randomUUID } from 'node:crypto';
import type { Node } from '../../../../api/core/v1/node-types.ts';
import type { PersistentVolume, PersistentVolumeClaim } from '../../../../api/core/v1/volume-types.ts';
import { ANN_DYNAMICALLY_PROVISIONED } from '../../../../api/core/v1/well-known-volume-annotations.ts';
import type { StorageClass } from '../../../../api/storage/v1/types.ts';

export const SIMULATED_PROVISIONER = 'orch.io/simulated';
export const HOST_PATH_PROVISIONER = 'orch.io/host-path';
/** Provisioner names under this prefix are the controller manager's own plugins. */
export const IN_TREE_PREFIX = 'orch.io/';
export const SIMULATED_VOLUME_ROOT = '/var/lib/orch/simulated-volumes';
const HOSTNAME_LABEL = 'orch.io/hostname';

export interface ProvisionRequest {
  pvName: string;
  claim: PersistentVolumeClaim;
  storageClass: StorageClass;
  /** The scheduler's choice for a WaitForFirstConsumer claim. */
  selectedNode?: Node;
}

export interface VolumePlugin {
  name: string;
  supportsMountOptions: boolean;
  /** The volume to create; the binder binds it to the claim. Throws when it cannot. */
  provision?(request: ProvisionRequest): PersistentVolume;
  /** Whether this plugin frees the storage of a volume found by its source (not by provisioned-by). */
  deletesBySpec?(volume: PersistentVolume): boolean;
  /** Frees the volume's storage; throws with the reason it cannot. */
  delete?(volume: PersistentVolume): Promise<void>;
  recycles?(volume: PersistentVolume): boolean;
  /** Whether a claim bound to this volume may be expanded by this plugin. */
  expands?(volume: PersistentVolume): boolean;
  /** Whether expansion also needs the node to grow a file system. */
  requiresFileSystemResize: boolean;
}

function provisionedVolume(request: ProvisionRequest, path: string, affinityToNode: boolean): PersistentVolume {
  const { claim, storageClass, pvName, selectedNode } = request;
  const nodeName = selectedNode?.metadata.labels?.[HOSTNAME_LABEL] ?? selectedNode?.metadata.name;
  return {
    apiVersion: 'v1',
    kind: 'PersistentVolume',
    metadata: { name: pvName },
    spec: {
      capacity: { storage: claim.spec?.resources?.requests?.storage ?? '0' },
      accessModes: [...(claim.spec?.accessModes ?? [])],
      persistentVolumeReclaimPolicy: storageClass.reclaimPolicy ?? 'Delete',
      ...(claim.spec?.volumeMode ? { volumeMode: claim.spec.volumeMode } : {}),
      hostPath: { path, type: 'DirectoryOrCreate' },
      ...(affinityToNode && nodeName
        ? { nodeAffinity: { required: { nodeSelectorTerms: [{ matchExpressions: [{ key: HOSTNAME_LABEL, operator: 'In', values: [nodeName] }] }] } } }
        : {}),
    },
  };
}

const provisionedBy = (volume: PersistentVolume) => volume.metadata.annotations?.[ANN_DYNAMICALLY_PROVISIONED];

export const simulatedPlugin: VolumePlugin = {
  name: SIMULATED_PROVISIONER,
  supportsMountOptions: false,
  provision: (request) => provisionedVolume(request, `${SIMULATED_VOLUME_ROOT}/${request.pvName}`, true),
  // Nothing to free: the simulated nodes keep no data.
  delete: async () => {},
  expands: (volume) => provisionedBy(volume) === SIMULATED_PROVISIONER,
  requiresFileSystemResize: false,
};

const TMP_PATH = /\/tmp\/.+/;

export const hostPathPlugin: VolumePlugin = {
  name: HOST_PATH_PROVISIONER,
  supportsMountOptions: false,
  provision(request) {
    if (request.claim.spec?.selector) throw new Error('claim.Spec.Selector is not supported for dynamic provisioning on HostPath');
    return provisionedVolume(request, `/tmp/hostpath_pv/${randomUUID()}`, false);
  },
  deletesBySpec: (volume) => Boolean(volume.spec?.hostPath),
  async delete(volume) {
    const path = volume.spec?.hostPath?.path ?? '';
    if (!TMP_PATH.test(path)) throw new Error(`host_path deleter only supports /tmp/.+ but received provided ${path}`);
    // The simulated nodes keep no files: there is nothing on any disk to remove.
  },
  recycles: (volume) => Boolean(volume.spec?.hostPath),
  requiresFileSystemResize: false,
};

/** NFS volumes are recycled by a pod; nothing else of theirs is in-tree. */
export const nfsPlugin: VolumePlugin = {
  name: 'orch.io/nfs',
  supportsMountOptions: true,
  recycles: (volume) => Boolean(volume.spec?.nfs),
  requiresFileSystemResize: false,
};

/** The plugins a binder runs with: the host path provisioner only under --enable-hostpath-provisioner. */
export function volumePlugins(enableHostPathProvisioner: boolean): VolumePlugin[] {
  const hostPath = enableHostPathProvisioner ? hostPathPlugin : { ...hostPathPlugin, provision: undefined };
  return [simulatedPlugin, hostPath, nfsPlugin];
}
