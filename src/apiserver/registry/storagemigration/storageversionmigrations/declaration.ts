// storagemigration.orch.io/v1beta1 StorageVersionMigration: cluster-scoped, with /status; NAME
// RESOURCE (resource.group) table. Beta: served only when --runtime-config turns it on and the
// StorageVersionMigrator gate is on. The migration itself is a controller's work.
import { STORAGEMIGRATION_GROUP, type StorageVersionMigration } from '../../../../api/storagemigration/v1beta1/types.ts';
import { objectMetaFieldSet } from '../../../../machinery/selectors/fields.ts';
import { kindSchema } from '../../../../machinery/openapi/kind-schemas.ts';
import { cloneJson } from '../../../../machinery/patch/json-value.ts';
import { ALL_VERBS, type ResourceDeclaration } from '../../resource.ts';
import { NAME_COLUMN } from '../../simple-table.ts';
import { storageVersionMigrationStatusStrategy, storageVersionMigrationStrategy } from './strategy.ts';

function migratedResource(svm: StorageVersionMigration): string {
  const r = svm.spec?.resource;
  return r?.group ? `${r.resource ?? ''}.${r.group}` : (r?.resource ?? '');
}

export function storageVersionMigrationsDeclaration() {
  return {
    group: STORAGEMIGRATION_GROUP,
    version: 'v1beta1',
    kind: 'StorageVersionMigration',
    listKind: 'StorageVersionMigrationList',
    plural: 'storageversionmigrations',
    singular: 'storageversionmigration',
    shortNames: [],
    categories: [],
    namespaced: false,
    featureGates: ['StorageVersionMigrator'],
    storageResource: { group: STORAGEMIGRATION_GROUP, resource: 'storageversionmigrations' },
    storageVersion: { group: STORAGEMIGRATION_GROUP, version: 'v1beta1', kind: 'StorageVersionMigration' },
    strategy: storageVersionMigrationStrategy,
    schema: kindSchema('io.orch.api.storagemigration.v1beta1.StorageVersionMigration'),
    toStored: (svm: StorageVersionMigration) => svm,
    fromStored: (svm: StorageVersionMigration) => cloneJson(svm),
    fieldSet: (svm: StorageVersionMigration) => objectMetaFieldSet(svm.metadata, false),
    allowedFieldSelectors: ['metadata.name'],
    table: {
      columns: [NAME_COLUMN, { name: 'Resource', type: 'string', format: '', priority: 0, description: 'The resource whose objects are migrated.' }],
      row: (svm: StorageVersionMigration) => [svm.metadata.name ?? '', migratedResource(svm)],
    },
    verbs: ALL_VERBS,
    openapiDefinition: 'io.orch.api.storagemigration.v1beta1.StorageVersionMigration',
    protobuf: true,
    subresources: {
      status: { verbs: ['get', 'patch', 'update'], strategy: storageVersionMigrationStatusStrategy },
    },
  } satisfies ResourceDeclaration<StorageVersionMigration, StorageVersionMigration>;
}
