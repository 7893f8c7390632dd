// What a write may change on a PersistentVolumeClaim: a create starts with an empty status (the
// phase Pending), the main resource keeps the stored status, and /status keeps the stored spec.
// Data sources are normalized on create and update as Kubernetes' strategy does. Kubernetes'
// defaults are filled here, on every write path (patches and applies included), as its decoder
// fills them.
import type { PersistentVolumeClaim } from '../../../../api/core/v1/volume-types.ts';
import type { ResourceStrategy } from '../../resource.ts';
import { defaultPersistentVolumeClaim } from './defaults.ts';
import { normalizeDataSources } from './data-sources.ts';
import { validatePersistentVolumeClaim, validatePersistentVolumeClaimStatusUpdate, validatePersistentVolumeClaimUpdate } from './validation.ts';

export const persistentVolumeClaimStrategy: ResourceStrategy<PersistentVolumeClaim> = {
  prepareForCreate(pvc) {
    defaultPersistentVolumeClaim(pvc);
    pvc.status = { phase: 'Pending' };
    normalizeDataSources(pvc.spec!);
  },
  prepareForUpdate(pvc, old) {
    defaultPersistentVolumeClaim(pvc);
    pvc.status = structuredClone(old.status ?? {});
    normalizeDataSources(pvc.spec!, old.spec);
  },
  validate: validatePersistentVolumeClaim,
  validateUpdate: validatePersistentVolumeClaimUpdate,
  warningsOnCreate: () => [],
  warningsOnUpdate: () => [],
  canonicalize: () => {},
  allowCreateOnUpdate: false,
  allowUnconditionalUpdate: true,
};

export const persistentVolumeClaimStatusStrategy: ResourceStrategy<PersistentVolumeClaim> = {
  ...persistentVolumeClaimStrategy,
  prepareForUpdate(pvc, old) {
    defaultPersistentVolumeClaim(pvc);
    pvc.spec = structuredClone(old.spec ?? {});
  },
  validateUpdate: validatePersistentVolumeClaimStatusUpdate,
};
