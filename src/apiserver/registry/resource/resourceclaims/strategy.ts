// What a write may change on a ResourceClaim: a create starts with an empty status; the main
// resource keeps the stored status (and its spec may not change at all); /status keeps the spec
// and the metadata a status write may not touch.
import type { ResourceClaim } from '../../../../api/resource/v1/types.ts';
import type { ResourceStrategy } from '../../resource.ts';
import { keepMetadataForStatus } from '../../status-metadata.ts';
import { validateResourceClaim, validateResourceClaimStatusUpdate, validateResourceClaimUpdate } from './validation.ts';

export const resourceClaimStrategy: ResourceStrategy<ResourceClaim> = {
  prepareForCreate(claim) {
    claim.status = {};
  },
  prepareForUpdate(claim, old) {
    claim.status = structuredClone(old.status ?? {});
  },
  validate: validateResourceClaim,
  validateUpdate: validateResourceClaimUpdate,
  warningsOnCreate: () => [],
  warningsOnUpdate: () => [],
  canonicalize: () => {},
  allowCreateOnUpdate: false,
  allowUnconditionalUpdate: true,
};

export const resourceClaimStatusStrategy: ResourceStrategy<ResourceClaim> = {
  ...resourceClaimStrategy,
  prepareForUpdate(claim, old) {
    claim.spec = structuredClone(old.spec);
    keepMetadataForStatus(claim.metadata, old.metadata);
  },
  validateUpdate: validateResourceClaimStatusUpdate,
};
