// core/v1 PersistentVolumeClaim: namespaced, short name pvc, no categories, with /status: the
// spec changes only through the main resource and the status only through /status. The
// protection finalizer is an admission plugin's job.
import type { PersistentVolumeClaim } from '../../../../api/core/v1/volume-types.ts';
import { objectMetaFieldSet } from '../../../../machinery/selectors/fields.ts';
import { kindSchema } from '../../../../machinery/openapi/kind-schemas.ts';
import { cloneJson } from '../../../../machinery/patch/json-value.ts';
import { ALL_VERBS, type ResourceDeclaration } from '../../resource.ts';
import { persistentVolumeClaimStatusStrategy, persistentVolumeClaimStrategy } from './strategy.ts';
import { persistentVolumeClaimTable } from './table.ts';

export function persistentVolumeClaimsDeclaration() {
  return {
    group: '',
    version: 'v1',
    kind: 'PersistentVolumeClaim',
    listKind: 'PersistentVolumeClaimList',
    plural: 'persistentvolumeclaims',
    singular: 'persistentvolumeclaim',
    shortNames: ['pvc'],
    categories: [],
    namespaced: true,
    storageResource: { group: '', resource: 'persistentvolumeclaims' },
    storageVersion: { group: '', version: 'v1', kind: 'PersistentVolumeClaim' },
    strategy: persistentVolumeClaimStrategy,
    toStored: (pvc: PersistentVolumeClaim) => pvc,
    fromStored: (pvc: PersistentVolumeClaim) => cloneJson(pvc),
    fieldSet: (pvc: PersistentVolumeClaim) => objectMetaFieldSet(pvc.metadata, true),
    allowedFieldSelectors: ['metadata.name', 'metadata.namespace'],
    table: persistentVolumeClaimTable(),
    verbs: ALL_VERBS,
    openapiDefinition: 'io.orch.api.core.v1.PersistentVolumeClaim',
    schema: kindSchema('io.orch.api.core.v1.PersistentVolumeClaim'),
    protobuf: true,
    subresources: {
      status: { verbs: ['get', 'patch', 'update'], strategy: persistentVolumeClaimStatusStrategy },
    },
  } satisfies ResourceDeclaration<PersistentVolumeClaim, PersistentVolumeClaim>;
}
