// networking.orch.io/v1 ServiceCIDR: cluster-scoped, no short name, with /status. The server
// creates the one of --service-cluster-ip-range at start-up (default-servicecidr.ts).
import type { ServiceCIDR } from '../../../../api/networking/v1/types.ts';
import { kindSchema } from '../../../../machinery/openapi/kind-schemas.ts';
import { cloneJson } from '../../../../machinery/patch/json-value.ts';
import { objectMetaFieldSet } from '../../../../machinery/selectors/fields.ts';
import { ALL_VERBS, type ResourceDeclaration } from '../../resource.ts';
import { serviceCIDRStatusStrategy, serviceCIDRStrategy } from './strategy.ts';
import { serviceCIDRTable } from './table.ts';

const DEFINITION = 'io.orch.api.networking.v1.ServiceCIDR';

export function serviceCIDRsDeclaration() {
  return {
    group: 'networking.orch.io',
    version: 'v1',
    kind: 'ServiceCIDR',
    listKind: 'ServiceCIDRList',
    plural: 'servicecidrs',
    singular: 'servicecidr',
    shortNames: [],
    categories: [],
    namespaced: false,
    storageResource: { group: 'networking.orch.io', resource: 'servicecidrs' },
    storageVersion: { group: 'networking.orch.io', version: 'v1', kind: 'ServiceCIDR' },
    strategy: serviceCIDRStrategy,
    schema: kindSchema(DEFINITION),
    toStored: (sc: ServiceCIDR) => sc,
    fromStored: (sc: ServiceCIDR) => cloneJson(sc),
    fieldSet: (sc: ServiceCIDR) => objectMetaFieldSet(sc.metadata, false),
    allowedFieldSelectors: ['metadata.name'],
    table: serviceCIDRTable(),
    verbs: ALL_VERBS,
    openapiDefinition: DEFINITION,
    protobuf: true,
    subresources: {
      status: { verbs: ['get', 'patch', 'update'], strategy: serviceCIDRStatusStrategy },
    },
  } satisfies ResourceDeclaration<ServiceCIDR, ServiceCIDR>;
}
