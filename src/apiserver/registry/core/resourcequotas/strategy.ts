// What a write may change on a ResourceQuota: a create starts with an empty status, the main
// resource keeps the stored status, and /status keeps the stored spec.
import type { ResourceQuota } from '../../../../api/core/v1/policy-types.ts';
import type { ResourceStrategy } from '../../resource.ts';
import { validateResourceQuota, validateResourceQuotaStatusUpdate, validateResourceQuotaUpdate } from './validation.ts';

export const resourceQuotaStrategy: ResourceStrategy<ResourceQuota> = {
  prepareForCreate(rq) {
    rq.status = {};
  },
  prepareForUpdate(rq, old) {
    rq.status = structuredClone(old.status ?? {});
  },
  validate: validateResourceQuota,
  validateUpdate: validateResourceQuotaUpdate,
  warningsOnCreate: () => [],
  warningsOnUpdate: () => [],
  canonicalize: () => {},
  allowCreateOnUpdate: false,
  allowUnconditionalUpdate: true,
};

export const resourceQuotaStatusStrategy: ResourceStrategy<ResourceQuota> = {
  ...resourceQuotaStrategy,
  prepareForUpdate(rq, old) {
    rq.spec = structuredClone(old.spec ?? {});
  },
  validateUpdate: validateResourceQuotaStatusUpdate,
};
