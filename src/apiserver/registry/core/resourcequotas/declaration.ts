// core/v1 ResourceQuota: namespaced, short name quota, no categories, with /status: the spec
// changes only through the main resource and the status only through /status.
import type { ResourceQuota } from '../../../../api/core/v1/policy-types.ts';
import { objectMetaFieldSet } from '../../../../machinery/selectors/fields.ts';
import { kindSchema } from '../../../../machinery/openapi/kind-schemas.ts';
import { cloneJson } from '../../../../machinery/patch/json-value.ts';
import { ALL_VERBS, type ResourceDeclaration } from '../../resource.ts';
import { resourceQuotaStatusStrategy, resourceQuotaStrategy } from './strategy.ts';
import { resourceQuotaTable } from './table.ts';

export function resourceQuotasDeclaration() {
  return {
    group: '',
    version: 'v1',
    kind: 'ResourceQuota',
    listKind: 'ResourceQuotaList',
    plural: 'resourcequotas',
    singular: 'resourcequota',
    shortNames: ['quota'],
    categories: [],
    namespaced: true,
    storageResource: { group: '', resource: 'resourcequotas' },
    storageVersion: { group: '', version: 'v1', kind: 'ResourceQuota' },
    strategy: resourceQuotaStrategy,
    toStored: (rq: ResourceQuota) => rq,
    fromStored: (rq: ResourceQuota) => cloneJson(rq),
    fieldSet: (rq: ResourceQuota) => objectMetaFieldSet(rq.metadata, true),
    allowedFieldSelectors: ['metadata.name', 'metadata.namespace'],
    table: resourceQuotaTable(),
    verbs: ALL_VERBS,
    openapiDefinition: 'io.orch.api.core.v1.ResourceQuota',
    schema: kindSchema('io.orch.api.core.v1.ResourceQuota'),
    protobuf: true,
    subresources: {
      status: { verbs: ['get', 'patch', 'update'], strategy: resourceQuotaStatusStrategy },
    },
  } satisfies ResourceDeclaration<ResourceQuota, ResourceQuota>;
}
