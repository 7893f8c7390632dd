// storage.orch.io/v1 VolumeAttachment: cluster-scoped, no short names, with /status (written by
// the attacher); selected by name.
import { STORAGE_GROUP, STORAGE_VERSION, type VolumeAttachment } from '../../../../api/storage/v1/types.ts';
import { objectMetaFieldSet } from '../../../../machinery/selectors/fields.ts';
import { kindSchema } from '../../../../machinery/openapi/kind-schemas.ts';
import { cloneJson } from '../../../../machinery/patch/json-value.ts';
import { ALL_VERBS, type ResourceDeclaration } from '../../resource.ts';
import { volumeAttachmentStatusStrategy, volumeAttachmentStrategy } from './strategy.ts';
import { volumeAttachmentTable } from './table.ts';

export function volumeAttachmentsDeclaration() {
  return {
    group: STORAGE_GROUP,
    version: STORAGE_VERSION,
    kind: 'VolumeAttachment',
    listKind: 'VolumeAttachmentList',
    plural: 'volumeattachments',
    singular: 'volumeattachment',
    shortNames: [],
    categories: [],
    namespaced: false,
    storageResource: { group: STORAGE_GROUP, resource: 'volumeattachments' },
    storageVersion: { group: STORAGE_GROUP, version: STORAGE_VERSION, kind: 'VolumeAttachment' },
    strategy: volumeAttachmentStrategy,
    schema: kindSchema('io.orch.api.storage.v1.VolumeAttachment'),
    toStored: (va: VolumeAttachment) => va,
    fromStored: (va: VolumeAttachment) => cloneJson(va),
    fieldSet: (va: VolumeAttachment) => objectMetaFieldSet(va.metadata, false),
    allowedFieldSelectors: ['metadata.name'],
    table: volumeAttachmentTable(),
    verbs: ALL_VERBS,
    openapiDefinition: 'io.orch.api.storage.v1.VolumeAttachment',
    protobuf: true,
    subresources: {
      status: { verbs: ['get', 'patch', 'update'], strategy: volumeAttachmentStatusStrategy },
    },
  } satisfies ResourceDeclaration<VolumeAttachment, VolumeAttachment>;
}
