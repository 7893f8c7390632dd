// core/v1 PersistentVolume: cluster-scoped, short name pv, no categories, with /status: the spec
// changes only through the main resource and the status only through /status. The protection
// finalizer is an admission plugin's job.
import type { PersistentVolume } from '../../../../api/core/v1/volume-types.ts';
import { objectMetaFieldSet } from '../../../../machinery/selectors/fields.ts';
import { kindSchema } from '../../../../machinery/openapi/kind-schemas.ts';
import { cloneJson } from '../../../../machinery/patch/json-value.ts';
import { ALL_VERBS, type ResourceDeclaration } from '../../resource.ts';
import { persistentVolumeStatusStrategy, persistentVolumeStrategy } from './strategy.ts';
import { persistentVolumeTable } from './table.ts';

export function persistentVolumesDeclaration() {
  return {
    group: '',
    version: 'v1',
    kind: 'PersistentVolume',
    listKind: 'PersistentVolumeList',
    plural: 'persistentvolumes',
    singular: 'persistentvolume',
    shortNames: ['pv'],
    categories: [],
    namespaced: false,
    storageResource: { group: '', resource: 'persistentvolumes' },
    storageVersion: { group: '', version: 'v1', kind: 'PersistentVolume' },
    strategy: persistentVolumeStrategy,
    toStored: (pv: PersistentVolume) => pv,
    fromStored: (pv: PersistentVolume) => cloneJson(pv),
    // A cluster-scoped object's namespace is empty, which a selector may still name.
    fieldSet: (pv: PersistentVolume) => objectMetaFieldSet(pv.metadata, true),
    allowedFieldSelectors: ['metadata.name', 'metadata.namespace'],
    table: persistentVolumeTable(),
    verbs: ALL_VERBS,
    openapiDefinition: 'io.orch.api.core.v1.PersistentVolume',
    schema: kindSchema('io.orch.api.core.v1.PersistentVolume'),
    protobuf: true,
    subresources: {
      status: { verbs: ['get', 'patch', 'update'], strategy: persistentVolumeStatusStrategy },
    },
  } satisfies ResourceDeclaration<PersistentVolume, PersistentVolume>;
}
