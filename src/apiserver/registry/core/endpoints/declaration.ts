// core/v1 Endpoints: namespaced, short name ep. A PUT may create one, as in Kubernetes; every
// request gets the deprecation warning Kubernetes 1.33+ sends (EndpointSlice replaces it).
import type { Endpoints } from '../../../../api/core/v1/endpoints-types.ts';
import { objectMetaFieldSet } from '../../../../machinery/selectors/fields.ts';
import { kindSchema } from '../../../../machinery/openapi/kind-schemas.ts';
import { cloneJson } from '../../../../machinery/patch/json-value.ts';
import { ALL_VERBS, validatingStrategy, type ResourceDeclaration, type ResourceStrategy } from '../../resource.ts';
import { nameAgeTable } from '../../simple-table.ts';
import { formatEndpoints } from './table.ts';
import { validateEndpoints, validateEndpointsUpdate } from './validation.ts';

export const ENDPOINTS_DEPRECATION = 'v1 Endpoints is deprecated in v1.33+; use discovery.orch.io/v1 EndpointSlice';

/** Kubernetes' SetDefaults_EndpointPort: a port without a protocol is TCP. */
function defaultProtocols(ep: Endpoints): void {
  for (const ss of ep.subsets ?? []) for (const p of ss.ports ?? []) if (!p.protocol) p.protocol = 'TCP';
}

const validating = validatingStrategy<Endpoints>({ validate: validateEndpoints, validateUpdate: validateEndpointsUpdate, allowCreateOnUpdate: true });

export const endpointsStrategy: ResourceStrategy<Endpoints> = {
  ...validating,
  prepareForCreate: defaultProtocols,
  prepareForUpdate: defaultProtocols,
};

export function endpointsDeclaration() {
  return {
    group: '',
    version: 'v1',
    kind: 'Endpoints',
    listKind: 'EndpointsList',
    plural: 'endpoints',
    singular: 'endpoints',
    shortNames: ['ep'],
    categories: [],
    namespaced: true,
    storageResource: { group: '', resource: 'endpoints' },
    storageVersion: { group: '', version: 'v1', kind: 'Endpoints' },
    strategy: endpointsStrategy,
    toStored: (ep: Endpoints) => ep,
    fromStored: (ep: Endpoints) => cloneJson(ep),
    fieldSet: (ep: Endpoints) => objectMetaFieldSet(ep.metadata, true),
    allowedFieldSelectors: ['metadata.name', 'metadata.namespace'],
    table: nameAgeTable<Endpoints>(
      [{ name: 'Endpoints', type: 'string', format: '', priority: 0, description: 'The ready addresses of the endpoints, with their ports.' }],
      (ep) => [formatEndpoints(ep)],
    ),
    verbs: ALL_VERBS,
    deprecationWarning: ENDPOINTS_DEPRECATION,
    openapiDefinition: 'io.orch.api.core.v1.Endpoints',
    schema: kindSchema('io.orch.api.core.v1.Endpoints'),
    protobuf: true,
  } satisfies ResourceDeclaration<Endpoints, Endpoints>;
}
