// resource.orch.io/v1 ResourceClaim: namespaced, with /status; requests are defaulted when
// decoded (ExactCount, one device).
import type { ResourceClaim } from '../../../../api/resource/v1/types.ts';
import { RESOURCE_GROUP } from '../../../../api/resource/v1/types.ts';
import { objectMetaFieldSet } from '../../../../machinery/selectors/fields.ts';
import { kindSchema } from '../../../../machinery/openapi/kind-schemas.ts';
import { cloneJson } from '../../../../machinery/patch/json-value.ts';
import { ALL_VERBS, type ResourceDeclaration } from '../../resource.ts';
import { defaultDeviceClaim } from '../defaults.ts';
import { resourceClaimStatusStrategy, resourceClaimStrategy } from './strategy.ts';
import { resourceClaimTable } from './table.ts';

export function resourceClaimsDeclaration() {
  return {
    group: RESOURCE_GROUP,
    version: 'v1',
    kind: 'ResourceClaim',
    listKind: 'ResourceClaimList',
    plural: 'resourceclaims',
    singular: 'resourceclaim',
    shortNames: [],
    categories: [],
    namespaced: true,
    storageResource: { group: RESOURCE_GROUP, resource: 'resourceclaims' },
    storageVersion: { group: RESOURCE_GROUP, version: 'v1', kind: 'ResourceClaim' },
    strategy: resourceClaimStrategy,
    schema: kindSchema('io.orch.api.resource.v1.ResourceClaim'),
    decode: (raw) => {
      const claim = raw as ResourceClaim;
      defaultDeviceClaim(claim.spec?.devices);
      return claim;
    },
    toStored: (claim: ResourceClaim) => claim,
    fromStored: (claim: ResourceClaim) => cloneJson(claim),
    fieldSet: (claim: ResourceClaim) => objectMetaFieldSet(claim.metadata, true),
    allowedFieldSelectors: ['metadata.name', 'metadata.namespace'],
    table: resourceClaimTable(),
    verbs: ALL_VERBS,
    openapiDefinition: 'io.orch.api.resource.v1.ResourceClaim',
    protobuf: true,
    subresources: {
      status: { verbs: ['get', 'patch', 'update'], strategy: resourceClaimStatusStrategy },
    },
  } satisfies ResourceDeclaration<ResourceClaim, ResourceClaim>;
}
