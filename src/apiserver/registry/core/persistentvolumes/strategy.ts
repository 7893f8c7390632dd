// What a write may change on a PersistentVolume: a create starts Pending with the time of that
// phase, the main resource keeps the stored status, and /status keeps the stored spec and stamps
// the time whenever the phase changes without a new time given. Kubernetes' defaults are filled
// here, on every write path (patches and applies included), as its decoder fills them.
import { nowTime } from '../../../../api/meta/v1/time.ts';
import type { PersistentVolume } from '../../../../api/core/v1/volume-types.ts';
import type { ResourceStrategy } from '../../resource.ts';
import { defaultPersistentVolume } from './defaults.ts';
import { validatePersistentVolume, validatePersistentVolumeStatusUpdate, validatePersistentVolumeUpdate } from './validation.ts';

export const persistentVolumeStrategy: ResourceStrategy<PersistentVolume> = {
  prepareForCreate(pv) {
    defaultPersistentVolume(pv);
    pv.status = { phase: 'Pending', lastPhaseTransitionTime: nowTime() };
  },
  prepareForUpdate(pv, old) {
    defaultPersistentVolume(pv);
    pv.status = structuredClone(old.status ?? {});
  },
  validate: validatePersistentVolume,
  validateUpdate: validatePersistentVolumeUpdate,
  warningsOnCreate: () => [],
  warningsOnUpdate: () => [],
  canonicalize: () => {},
  allowCreateOnUpdate: false,
  allowUnconditionalUpdate: true,
};

export const persistentVolumeStatusStrategy: ResourceStrategy<PersistentVolume> = {
  ...persistentVolumeStrategy,
  prepareForUpdate(pv, old) {
    defaultPersistentVolume(pv);
    pv.spec = structuredClone(old.spec ?? {});
    const status = pv.status!;
    const given = status.lastPhaseTransitionTime;
    if (status.phase !== old.status?.phase && (!given || given === old.status?.lastPhaseTransitionTime)) status.lastPhaseTransitionTime = nowTime();
  },
  validateUpdate: validatePersistentVolumeStatusUpdate,
};
