// storage.orch.io/v1 StorageClass: cluster-scoped, short name sc, no categories; selected by name.
import { STORAGE_GROUP, STORAGE_VERSION, type StorageClass } from '../../../../api/storage/v1/types.ts';
import { objectMetaFieldSet } from '../../../../machinery/selectors/fields.ts';
import { kindSchema } from '../../../../machinery/openapi/kind-schemas.ts';
import { cloneJson } from '../../../../machinery/patch/json-value.ts';
import { ALL_VERBS, type ResourceDeclaration } from '../../resource.ts';
import { defaultStorageClass, storageClassStrategy } from './strategy.ts';
import { storageClassTable } from './table.ts';

export function storageClassesDeclaration() {
  return {
    group: STORAGE_GROUP,
    version: STORAGE_VERSION,
    kind: 'StorageClass',
    listKind: 'StorageClassList',
    plural: 'storageclasses',
    singular: 'storageclass',
    shortNames: ['sc'],
    categories: [],
    namespaced: false,
    storageResource: { group: STORAGE_GROUP, resource: 'storageclasses' },
    storageVersion: { group: STORAGE_GROUP, version: STORAGE_VERSION, kind: 'StorageClass' },
    strategy: storageClassStrategy,
    schema: kindSchema('io.orch.api.storage.v1.StorageClass'),
    decode: (raw) => defaultStorageClass(raw as StorageClass),
    toStored: (sc: StorageClass) => sc,
    fromStored: (sc: StorageClass) => cloneJson(sc),
    fieldSet: (sc: StorageClass) => objectMetaFieldSet(sc.metadata, false),
    allowedFieldSelectors: ['metadata.name'],
    table: storageClassTable(),
    verbs: ALL_VERBS,
    openapiDefinition: 'io.orch.api.storage.v1.StorageClass',
    protobuf: true,
  } satisfies ResourceDeclaration<StorageClass, StorageClass>;
}
