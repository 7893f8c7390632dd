// storage.orch.io/v1 CSIStorageCapacity: namespaced, no short names; NAME STORAGECLASSNAME
// CAPACITY (no age, as Kubernetes prints it); updates must name a resourceVersion.
import { STORAGE_GROUP, STORAGE_VERSION, type CSIStorageCapacity } from '../../../../api/storage/v1/types.ts';
import { objectMetaFieldSet } from '../../../../machinery/selectors/fields.ts';
import { kindSchema } from '../../../../machinery/openapi/kind-schemas.ts';
import { cloneJson } from '../../../../machinery/patch/json-value.ts';
import { ALL_VERBS, validatingStrategy, type ResourceDeclaration } from '../../resource.ts';
import { NAME_COLUMN } from '../../simple-table.ts';
import { validateCSIStorageCapacity, validateCSIStorageCapacityUpdate } from './validation.ts';

const column = (name: string, description: string) => ({ name, type: 'string', format: '', priority: 0, description });

export function csiStorageCapacitiesDeclaration() {
  return {
    group: STORAGE_GROUP,
    version: STORAGE_VERSION,
    kind: 'CSIStorageCapacity',
    listKind: 'CSIStorageCapacityList',
    plural: 'csistoragecapacities',
    singular: 'csistoragecapacity',
    shortNames: [],
    categories: [],
    namespaced: true,
    storageResource: { group: STORAGE_GROUP, resource: 'csistoragecapacities' },
    storageVersion: { group: STORAGE_GROUP, version: STORAGE_VERSION, kind: 'CSIStorageCapacity' },
    strategy: { ...validatingStrategy({ validate: validateCSIStorageCapacity, validateUpdate: validateCSIStorageCapacityUpdate, allowCreateOnUpdate: false }), allowUnconditionalUpdate: false },
    schema: kindSchema('io.orch.api.storage.v1.CSIStorageCapacity'),
    toStored: (c: CSIStorageCapacity) => c,
    fromStored: (c: CSIStorageCapacity) => cloneJson(c),
    fieldSet: (c: CSIStorageCapacity) => objectMetaFieldSet(c.metadata, true),
    allowedFieldSelectors: ['metadata.name', 'metadata.namespace'],
    table: {
      columns: [NAME_COLUMN, column('StorageClassName', 'The storage class the capacity is for.'), column('Capacity', 'The capacity available.')],
      row: (c: CSIStorageCapacity) => [c.metadata.name ?? '', c.storageClassName, c.capacity ?? '<unset>'],
    },
    verbs: ALL_VERBS,
    openapiDefinition: 'io.orch.api.storage.v1.CSIStorageCapacity',
    protobuf: true,
  } satisfies ResourceDeclaration<CSIStorageCapacity, CSIStorageCapacity>;
}
