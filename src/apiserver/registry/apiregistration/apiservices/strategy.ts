// What a write may change on an APIService, as Kubernetes' apiservice strategy: a create starts
// with an empty status, and a local APIService (no service) is Available at once, reason Local;
// the main resource keeps the stored status; /status keeps the stored spec and metadata. A
// service without a port gets 443 (Kubernetes' v1 default).
import type { APIService, APIServiceCondition } from '../../../../api/apiregistration/v1/types.ts';
import { DEFAULT_SERVICE_PORT } from '../../../../api/apiregistration/v1/types.ts';
import type { ResourceStrategy } from '../../resource.ts';
import { keepMetadataForStatus } from '../../status-metadata.ts';
import { nowTimestamp } from '../../generic/object-meta.ts';
import { validateAPIService, validateAPIServiceStatusUpdate, validateAPIServiceUpdate } from './validation.ts';

/** The condition every local APIService carries. */
export function localAvailableCondition(): APIServiceCondition {
  return { type: 'Available', status: 'True', lastTransitionTime: nowTimestamp(), reason: 'Local', message: 'Local APIServices are always available' };
}

export function defaultAPIService(api: APIService): APIService {
  const service = api.spec?.service;
  if (service && service.port == null) service.port = DEFAULT_SERVICE_PORT;
  return api;
}

export const apiServiceStrategy: ResourceStrategy<APIService> = {
  prepareForCreate(api) {
    defaultAPIService(api);
    api.status = api.spec?.service ? {} : { conditions: [localAvailableCondition()] };
  },
  prepareForUpdate(api, old) {
    defaultAPIService(api);
    api.status = structuredClone(old.status ?? {});
  },
  validate: validateAPIService,
  validateUpdate: validateAPIServiceUpdate,
  warningsOnCreate: () => [],
  warningsOnUpdate: () => [],
  canonicalize: () => {},
  allowCreateOnUpdate: false,
  allowUnconditionalUpdate: false,
};

export const apiServiceStatusStrategy: ResourceStrategy<APIService> = {
  ...apiServiceStrategy,
  prepareForUpdate(api, old) {
    api.spec = structuredClone(old.spec);
    keepMetadataForStatus(api.metadata, old.metadata);
  },
  validateUpdate: validateAPIServiceStatusUpdate,
};
