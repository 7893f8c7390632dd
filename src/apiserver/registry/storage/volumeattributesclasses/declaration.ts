// storage.orch.io/v1 VolumeAttributesClass: cluster-scoped, short name vac; NAME DRIVERNAME AGE,
// with " (default)" after a class annotated as the default.
import { DEFAULT_VOLUME_ATTRIBUTES_CLASS_ANNOTATION, STORAGE_GROUP, STORAGE_VERSION, type VolumeAttributesClass } from '../../../../api/storage/v1/types.ts';
import { objectMetaFieldSet } from '../../../../machinery/selectors/fields.ts';
import { kindSchema } from '../../../../machinery/openapi/kind-schemas.ts';
import { cloneJson } from '../../../../machinery/patch/json-value.ts';
import { ALL_VERBS, validatingStrategy, type ResourceDeclaration } from '../../resource.ts';
import { AGE_COLUMN, NAME_COLUMN } from '../../simple-table.ts';
import { timestampSince } from '../../human-duration.ts';
import { validateVolumeAttributesClass, validateVolumeAttributesClassUpdate } from './validation.ts';

function displayName(vac: VolumeAttributesClass): string {
  const name = vac.metadata.name ?? '';
  return vac.metadata.annotations?.[DEFAULT_VOLUME_ATTRIBUTES_CLASS_ANNOTATION] === 'true' ? `${name} (default)` : name;
}

export function volumeAttributesClassesDeclaration() {
  return {
    group: STORAGE_GROUP,
    version: STORAGE_VERSION,
    kind: 'VolumeAttributesClass',
    listKind: 'VolumeAttributesClassList',
    plural: 'volumeattributesclasses',
    singular: 'volumeattributesclass',
    shortNames: ['vac'],
    categories: [],
    namespaced: false,
    storageResource: { group: STORAGE_GROUP, resource: 'volumeattributesclasses' },
    storageVersion: { group: STORAGE_GROUP, version: STORAGE_VERSION, kind: 'VolumeAttributesClass' },
    strategy: validatingStrategy({ validate: validateVolumeAttributesClass, validateUpdate: validateVolumeAttributesClassUpdate, allowCreateOnUpdate: false }),
    schema: kindSchema('io.orch.api.storage.v1.VolumeAttributesClass'),
    toStored: (v: VolumeAttributesClass) => v,
    fromStored: (v: VolumeAttributesClass) => cloneJson(v),
    fieldSet: (v: VolumeAttributesClass) => objectMetaFieldSet(v.metadata, false),
    allowedFieldSelectors: ['metadata.name'],
    table: {
      columns: [NAME_COLUMN, { name: 'DriverName', type: 'string', format: '', priority: 0, description: 'The CSI driver the attributes are for.' }, AGE_COLUMN],
      row: (v: VolumeAttributesClass) => [displayName(v), v.driverName, timestampSince(v.metadata.creationTimestamp, new Date())],
    },
    verbs: ALL_VERBS,
    openapiDefinition: 'io.orch.api.storage.v1.VolumeAttributesClass',
    protobuf: true,
  } satisfies ResourceDeclaration<VolumeAttributesClass, VolumeAttributesClass>;
}
