// What a write may change on a ResourceSlice: everything validation allows; a change of the spec
// increments metadata.generation.
import type { ResourceSlice } from '../../../../api/resource/v1/types.ts';
import type { ResourceStrategy } from '../../resource.ts';
import { bumpGenerationOnSpecChange } from '../generation.ts';
import { validateResourceSlice, validateResourceSliceUpdate } from './validation.ts';

export const resourceSliceStrategy: ResourceStrategy<ResourceSlice> = {
  prepareForCreate: () => {},
  prepareForUpdate: bumpGenerationOnSpecChange,
  validate: validateResourceSlice,
  validateUpdate: validateResourceSliceUpdate,
  warningsOnCreate: () => [],
  warningsOnUpdate: () => [],
  canonicalize: () => {},
  allowCreateOnUpdate: false,
  allowUnconditionalUpdate: true,
};
