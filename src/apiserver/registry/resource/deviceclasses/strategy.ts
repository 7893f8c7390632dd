// What a write may change on a DeviceClass: everything; a change of the spec increments
// metadata.generation.
import type { DeviceClass } from '../../../../api/resource/v1/types.ts';
import type { ResourceStrategy } from '../../resource.ts';
import { bumpGenerationOnSpecChange } from '../generation.ts';
import { validateDeviceClass, validateDeviceClassUpdate } from './validation.ts';

export const deviceClassStrategy: ResourceStrategy<DeviceClass> = {
  prepareForCreate: () => {},
  prepareForUpdate: bumpGenerationOnSpecChange,
  validate: validateDeviceClass,
  validateUpdate: validateDeviceClassUpdate,
  warningsOnCreate: () => [],
  warningsOnUpdate: () => [],
  canonicalize: () => {},
  allowCreateOnUpdate: false,
  allowUnconditionalUpdate: true,
};
