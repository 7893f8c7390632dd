// internal.apiserver.orch.io/v1alpha1 StorageVersion: cluster-scoped, with /status; Kubernetes has
// no printer for it, so its table is the default one (Name, Created At). Alpha: served only when
// --runtime-config turns internal.apiserver.orch.io/v1alpha1 on and the StorageVersionAPI gate is on.
import { APISERVER_INTERNAL_GROUP, type StorageVersion } from '../../../../api/apiserverinternal/v1alpha1/types.ts';
import { objectMetaFieldSet } from '../../../../machinery/selectors/fields.ts';
import { kindSchema } from '../../../../machinery/openapi/kind-schemas.ts';
import { cloneJson } from '../../../../machinery/patch/json-value.ts';
import { ALL_VERBS, type ResourceDeclaration } from '../../resource.ts';
import { NAME_COLUMN } from '../../simple-table.ts';
import { storageVersionStatusStrategy, storageVersionStrategy } from './strategy.ts';

export function storageVersionsDeclaration() {
  return {
    group: APISERVER_INTERNAL_GROUP,
    version: 'v1alpha1',
    kind: 'StorageVersion',
    listKind: 'StorageVersionList',
    plural: 'storageversions',
    singular: 'storageversion',
    shortNames: [],
    categories: [],
    namespaced: false,
    featureGates: ['StorageVersionAPI'],
    storageResource: { group: APISERVER_INTERNAL_GROUP, resource: 'storageversions' },
    storageVersion: { group: APISERVER_INTERNAL_GROUP, version: 'v1alpha1', kind: 'StorageVersion' },
    strategy: storageVersionStrategy,
    schema: kindSchema('io.orch.api.apiserverinternal.v1alpha1.StorageVersion'),
    toStored: (sv: StorageVersion) => sv,
    fromStored: (sv: StorageVersion) => cloneJson(sv),
    fieldSet: (sv: StorageVersion) => objectMetaFieldSet(sv.metadata, false),
    allowedFieldSelectors: ['metadata.name'],
    table: {
      columns: [NAME_COLUMN, { name: 'Created At', type: 'date', format: '', priority: 0, description: 'When the object was created (metadata.creationTimestamp).' }],
      row: (sv: StorageVersion) => [sv.metadata.name ?? '', sv.metadata.creationTimestamp ?? null],
    },
    verbs: ALL_VERBS,
    openapiDefinition: 'io.orch.api.apiserverinternal.v1alpha1.StorageVersion',
    protobuf: true,
    subresources: {
      status: { verbs: ['get', 'patch', 'update'], strategy: storageVersionStatusStrategy },
    },
  } satisfies ResourceDeclaration<StorageVersion, StorageVersion>;
}
