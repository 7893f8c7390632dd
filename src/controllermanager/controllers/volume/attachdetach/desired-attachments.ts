// Which volumes should be attached where, as the attach-detach controller's desired state of the
// world holds it: for each node whose attachments the controller manages (annotated
// volumes.orch.io/controller-managed-attach-detach "true", as a node agent registers it), each
// pod placed there that has not terminated, and each of its claims bound to a CSI volume whose
// driver needs attaching (no CSIDriver object, or one with attachRequired true): a
// VolumeAttachment named as Kubernetes' CSI attacher names it, csi-<sha256(handle, driver, node)>.
import { createHash } from 'node:crypto';
import type { Node } from '../../../../api/core/v1/node-types.ts';
import type { Pod } from '../../../../api/core/v1/pod-types.ts';
import type { PersistentVolume, PersistentVolumeClaim } from '../../../../api/core/v1/volume-types.ts';
import type { CSIDriver, VolumeAttachment } from '../../../../api/storage/v1/types.ts';
import { ANN_CONTROLLER_MANAGED_ATTACH_DETACH } from '../../../../api/core/v1/well-known-volume-annotations.ts';
import { ephemeralClaimName, podIsTerminated } from '../pvcprotection/pod-uses-claim.ts';

export interface DesiredAttachment {
  name: string;
  driver: string;
  nodeName: string;
  volumeName: string;
  /** The pods on the node that use it, `namespace/name`. */
  pods: string[];
}

export interface AttachmentInputs {
  node(name: string): Node | undefined;
  claim(key: string): PersistentVolumeClaim | undefined;
  volume(name: string): PersistentVolume | undefined;
  csiDriver(name: string): CSIDriver | undefined;
}

export const isManagedNode = (node: Node | undefined) => node?.metadata.annotations?.[ANN_CONTROLLER_MANAGED_ATTACH_DETACH] === 'true';

export function attachmentName(handle: string, driver: string, nodeName: string): string {
  return `csi-${createHash('sha256').update(`${handle}${driver}${nodeName}`).digest('hex')}`;
}

/** The CSI volume a pod volume resolves to through its bound claim, if it needs attaching. */
function attachableVolume(pod: Pod, claimName: string, inputs: AttachmentInputs): PersistentVolume | undefined {
  const claim = inputs.claim(`${pod.metadata.namespace}/${claimName}`);
  const volumeName = claim?.spec?.volumeName;
  if (!volumeName || claim.status?.phase !== 'Bound') return undefined;
  const volume = inputs.volume(volumeName);
  const csi = volume?.spec?.csi;
  if (!csi) return undefined;
  return inputs.csiDriver(csi.driver)?.spec?.attachRequired === false ? undefined : volume;
}

export function desiredAttachments(pods: readonly Pod[], inputs: AttachmentInputs): Map<string, DesiredAttachment> {
  const desired = new Map<string, DesiredAttachment>();
  for (const pod of pods) {
    const nodeName = pod.spec?.nodeName;
    if (!nodeName || podIsTerminated(pod) || !isManagedNode(inputs.node(nodeName))) continue;
    for (const podVolume of pod.spec?.volumes ?? []) {
      const claimName = podVolume.persistentVolumeClaim?.claimName ?? (podVolume.ephemeral ? ephemeralClaimName(pod, podVolume) : undefined);
      if (!claimName) continue;
      const volume = attachableVolume(pod, claimName, inputs);
      if (!volume) continue;
      const csi = volume.spec!.csi!;
      const name = attachmentName(csi.volumeHandle, csi.driver, nodeName);
      const entry = desired.get(name) ?? { name, driver: csi.driver, nodeName, volumeName: volume.metadata.name ?? '', pods: [] };
      entry.pods.push(`${pod.metadata.namespace}/${pod.metadata.name}`);
      desired.set(name, entry);
    }
  }
  return desired;
}

export function volumeAttachmentFor(want: DesiredAttachment): VolumeAttachment {
  return {
    apiVersion: 'storage.orch.io/v1',
    kind: 'VolumeAttachment',
    metadata: { name: want.name },
    spec: { attacher: want.driver, source: { persistentVolumeName: want.volumeName }, nodeName: want.nodeName },
  };
}
