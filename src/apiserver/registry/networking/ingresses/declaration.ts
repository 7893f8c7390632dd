// networking.orch.io/v1 Ingress: namespaced, short name ing, with /status: the spec changes only
// through the main resource and the status only through /status.
import type { Ingress } from '../../../../api/networking/v1/types.ts';
import { kindSchema } from '../../../../machinery/openapi/kind-schemas.ts';
import { cloneJson } from '../../../../machinery/patch/json-value.ts';
import { objectMetaFieldSet } from '../../../../machinery/selectors/fields.ts';
import { ALL_VERBS, type ResourceDeclaration } from '../../resource.ts';
import { ingressStatusStrategy, ingressStrategy } from './strategy.ts';
import { ingressTable } from './table.ts';

const DEFINITION = 'io.orch.api.networking.v1.Ingress';

export function ingressesDeclaration() {
  return {
    group: 'networking.orch.io',
    version: 'v1',
    kind: 'Ingress',
    listKind: 'IngressList',
    plural: 'ingresses',
    singular: 'ingress',
    shortNames: ['ing'],
    categories: [],
    namespaced: true,
    storageResource: { group: 'networking.orch.io', resource: 'ingresses' },
    storageVersion: { group: 'networking.orch.io', version: 'v1', kind: 'Ingress' },
    strategy: ingressStrategy,
    schema: kindSchema(DEFINITION),
    toStored: (ing: Ingress) => ing,
    fromStored: (ing: Ingress) => cloneJson(ing),
    fieldSet: (ing: Ingress) => objectMetaFieldSet(ing.metadata, true),
    allowedFieldSelectors: ['metadata.name', 'metadata.namespace'],
    table: ingressTable(),
    verbs: ALL_VERBS,
    openapiDefinition: DEFINITION,
    protobuf: true,
    subresources: {
      status: { verbs: ['get', 'patch', 'update'], strategy: ingressStatusStrategy },
    },
  } satisfies ResourceDeclaration<Ingress, Ingress>;
}
