// discovery.orch.io/v1 EndpointSlice: namespaced, no short name, no status. Ports get
// Kubernetes' defaults as bodies are decoded. Controllers label a service's slices
// orch.io/service-name (api/discovery/v1/well-known.ts).
import type { EndpointSlice } from '../../../../api/discovery/v1/types.ts';
import { kindSchema } from '../../../../machinery/openapi/kind-schemas.ts';
import { cloneJson } from '../../../../machinery/patch/json-value.ts';
import { objectMetaFieldSet } from '../../../../machinery/selectors/fields.ts';
import { ALL_VERBS, type ResourceDeclaration } from '../../resource.ts';
import { defaultEndpointSlice, endpointSliceStrategy } from './strategy.ts';
import { endpointSliceTable } from './table.ts';

const DEFINITION = 'io.orch.api.discovery.v1.EndpointSlice';

export function endpointSlicesDeclaration() {
  return {
    group: 'discovery.orch.io',
    version: 'v1',
    kind: 'EndpointSlice',
    listKind: 'EndpointSliceList',
    plural: 'endpointslices',
    singular: 'endpointslice',
    shortNames: [],
    categories: [],
    namespaced: true,
    storageResource: { group: 'discovery.orch.io', resource: 'endpointslices' },
    storageVersion: { group: 'discovery.orch.io', version: 'v1', kind: 'EndpointSlice' },
    strategy: endpointSliceStrategy,
    schema: kindSchema(DEFINITION),
    decode: (raw) => defaultEndpointSlice(raw as EndpointSlice),
    toStored: (slice: EndpointSlice) => slice,
    fromStored: (slice: EndpointSlice) => cloneJson(slice),
    fieldSet: (slice: EndpointSlice) => objectMetaFieldSet(slice.metadata, true),
    allowedFieldSelectors: ['metadata.name', 'metadata.namespace'],
    table: endpointSliceTable(),
    verbs: ALL_VERBS,
    openapiDefinition: DEFINITION,
    protobuf: true,
  } satisfies ResourceDeclaration<EndpointSlice, EndpointSlice>;
}
