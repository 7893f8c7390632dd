// The external attacher of the simulated cluster. In Kubernetes a CSI driver's external-attacher
// answers VolumeAttachments: it adds its finalizer, attaches and sets status.attached, and on
// deletion detaches and lets the finalizer go. Simulated nodes (nodeagent.orch.io/simulated) have
// no driver and no device, so this plays that part for attachments to them only: attaching is
// only saying so. Attachments to other nodes wait for a real attacher, as they would.
import type { Node } from '../../../../api/core/v1/node-types.ts';
import type { VolumeAttachment } from '../../../../api/storage/v1/types.ts';

/** The node agent's mark on the nodes it plays. */
export const SIMULATED_NODE_ANNOTATION = 'nodeagent.orch.io/simulated';

/** The finalizer the CSI external-attacher puts on attachments of its driver. */
export const attacherFinalizer = (driver: string) => `external-attacher/${driver.replace(/[^a-zA-Z0-9-]/g, '-')}`;

export const isSimulatedNode = (node: Node | undefined) => node?.metadata.annotations?.[SIMULATED_NODE_ANNOTATION] === 'true';

export type AttacherStep = { kind: 'attach'; attachment: VolumeAttachment } | { kind: 'detach'; attachment: VolumeAttachment } | { kind: 'none' };

/** What the attacher does next with an attachment to a simulated node. */
export function attacherStep(attachment: VolumeAttachment): AttacherStep {
  const finalizer = attacherFinalizer(attachment.spec.attacher);
  const finalizers = attachment.metadata.finalizers ?? [];
  if (attachment.metadata.deletionTimestamp) {
    if (!finalizers.includes(finalizer)) return { kind: 'none' };
    return { kind: 'detach', attachment: { ...attachment, metadata: { ...attachment.metadata, finalizers: finalizers.filter((f) => f !== finalizer) } } };
  }
  if (finalizers.includes(finalizer) && attachment.status?.attached) return { kind: 'none' };
  return {
    kind: 'attach',
    attachment: { ...attachment, metadata: { ...attachment.metadata, finalizers: finalizers.includes(finalizer) ? finalizers : [...finalizers, finalizer] }, status: { ...attachment.status, attached: true } },
  };
}
