// storage.orch.io/v1 CSIDriver: cluster-scoped, no short names or categories; selected by name.
import { STORAGE_GROUP, STORAGE_VERSION, type CSIDriver } from '../../../../api/storage/v1/types.ts';
import { objectMetaFieldSet } from '../../../../machinery/selectors/fields.ts';
import { kindSchema } from '../../../../machinery/openapi/kind-schemas.ts';
import { cloneJson } from '../../../../machinery/patch/json-value.ts';
import { ALL_VERBS, type ResourceDeclaration } from '../../resource.ts';
import { csiDriverStrategy, defaultCSIDriver } from './strategy.ts';
import { csiDriverTable } from './table.ts';

export function csiDriversDeclaration() {
  return {
    group: STORAGE_GROUP,
    version: STORAGE_VERSION,
    kind: 'CSIDriver',
    listKind: 'CSIDriverList',
    plural: 'csidrivers',
    singular: 'csidriver',
    shortNames: [],
    categories: [],
    namespaced: false,
    storageResource: { group: STORAGE_GROUP, resource: 'csidrivers' },
    storageVersion: { group: STORAGE_GROUP, version: STORAGE_VERSION, kind: 'CSIDriver' },
    strategy: csiDriverStrategy,
    schema: kindSchema('io.orch.api.storage.v1.CSIDriver'),
    decode: (raw) => defaultCSIDriver(raw as CSIDriver),
    toStored: (d: CSIDriver) => d,
    fromStored: (d: CSIDriver) => cloneJson(d),
    fieldSet: (d: CSIDriver) => objectMetaFieldSet(d.metadata, false),
    allowedFieldSelectors: ['metadata.name'],
    table: csiDriverTable(),
    verbs: ALL_VERBS,
    openapiDefinition: 'io.orch.api.storage.v1.CSIDriver',
    protobuf: true,
  } satisfies ResourceDeclaration<CSIDriver, CSIDriver>;
}
