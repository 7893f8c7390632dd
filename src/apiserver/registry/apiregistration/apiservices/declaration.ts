// apiregistration.orch.io/v1 APIService: cluster-scoped, no short names, with /status. Which
// server answers a group-version; the aggregator (../../../aggregator/) acts on them.
import type { APIService } from '../../../../api/apiregistration/v1/types.ts';
import { APIREGISTRATION_GROUP, APIREGISTRATION_VERSION } from '../../../../api/apiregistration/v1/types.ts';
import { objectMetaFieldSet } from '../../../../machinery/selectors/fields.ts';
import { kindSchema } from '../../../../machinery/openapi/kind-schemas.ts';
import { cloneJson } from '../../../../machinery/patch/json-value.ts';
import { ALL_VERBS, type ResourceDeclaration } from '../../resource.ts';
import { apiServiceStatusStrategy, apiServiceStrategy, defaultAPIService } from './strategy.ts';
import { apiServiceTable } from './table.ts';

export const APISERVICE_DEFINITION = 'io.orch.kube-aggregator.pkg.apis.apiregistration.v1.APIService';

export function apiServicesDeclaration() {
  return {
    group: APIREGISTRATION_GROUP,
    version: APIREGISTRATION_VERSION,
    kind: 'APIService',
    listKind: 'APIServiceList',
    plural: 'apiservices',
    singular: 'apiservice',
    shortNames: [],
    categories: ['api-extensions'],
    namespaced: false,
    storageResource: { group: APIREGISTRATION_GROUP, resource: 'apiservices' },
    storageVersion: { group: APIREGISTRATION_GROUP, version: APIREGISTRATION_VERSION, kind: 'APIService' },
    strategy: apiServiceStrategy,
    schema: kindSchema(APISERVICE_DEFINITION),
    decode: (raw) => defaultAPIService(raw as APIService),
    toStored: (api: APIService) => api,
    fromStored: (api: APIService) => cloneJson(api),
    fieldSet: (api: APIService) => objectMetaFieldSet(api.metadata, false),
    allowedFieldSelectors: ['metadata.name'],
    table: apiServiceTable(),
    verbs: ALL_VERBS,
    openapiDefinition: APISERVICE_DEFINITION,
    subresources: {
      status: { verbs: ['get', 'patch', 'update'], strategy: apiServiceStatusStrategy },
    },
  } satisfies ResourceDeclaration<APIService, APIService>;
}
