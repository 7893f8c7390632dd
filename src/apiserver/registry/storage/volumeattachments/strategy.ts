// What a write may change on a VolumeAttachment: a create starts with an empty status, the main
// resource keeps the stored status (its spec cannot change at all), and /status keeps the spec.
// Updates must name a resourceVersion, as Kubernetes asks of attachments.
import type { VolumeAttachment } from '../../../../api/storage/v1/types.ts';
import type { ResourceStrategy } from '../../resource.ts';
import { validateVolumeAttachment, validateVolumeAttachmentUpdate } from './validation.ts';

export const volumeAttachmentStrategy: ResourceStrategy<VolumeAttachment> = {
  prepareForCreate(va) {
    va.status = { attached: false };
  },
  prepareForUpdate(va, old) {
    va.status = structuredClone(old.status ?? { attached: false });
  },
  validate: validateVolumeAttachment,
  validateUpdate: validateVolumeAttachmentUpdate,
  warningsOnCreate: () => [],
  warningsOnUpdate: () => [],
  canonicalize: () => {},
  allowCreateOnUpdate: false,
  allowUnconditionalUpdate: false,
};

export const volumeAttachmentStatusStrategy: ResourceStrategy<VolumeAttachment> = {
  ...volumeAttachmentStrategy,
  prepareForUpdate(va, old) {
    va.spec = structuredClone(old.spec);
  },
};
