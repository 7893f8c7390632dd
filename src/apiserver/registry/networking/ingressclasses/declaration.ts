// networking.orch.io/v1 IngressClass: cluster-scoped, no short name, no status. Bodies get
// Kubernetes' defaults as they are decoded.
import type { IngressClass } from '../../../../api/networking/v1/types.ts';
import { kindSchema } from '../../../../machinery/openapi/kind-schemas.ts';
import { cloneJson } from '../../../../machinery/patch/json-value.ts';
import { objectMetaFieldSet } from '../../../../machinery/selectors/fields.ts';
import { ALL_VERBS, type ResourceDeclaration } from '../../resource.ts';
import { defaultIngressClass, ingressClassStrategy } from './strategy.ts';
import { ingressClassTable } from './table.ts';

const DEFINITION = 'io.orch.api.networking.v1.IngressClass';

export function ingressClassesDeclaration() {
  return {
    group: 'networking.orch.io',
    version: 'v1',
    kind: 'IngressClass',
    listKind: 'IngressClassList',
    plural: 'ingressclasses',
    singular: 'ingressclass',
    shortNames: [],
    categories: [],
    namespaced: false,
    storageResource: { group: 'networking.orch.io', resource: 'ingressclasses' },
    storageVersion: { group: 'networking.orch.io', version: 'v1', kind: 'IngressClass' },
    strategy: ingressClassStrategy,
    schema: kindSchema(DEFINITION),
    decode: (raw) => defaultIngressClass(raw as IngressClass),
    toStored: (ic: IngressClass) => ic,
    fromStored: (ic: IngressClass) => cloneJson(ic),
    fieldSet: (ic: IngressClass) => objectMetaFieldSet(ic.metadata, false),
    allowedFieldSelectors: ['metadata.name'],
    table: ingressClassTable(),
    verbs: ALL_VERBS,
    openapiDefinition: DEFINITION,
    protobuf: true,
  } satisfies ResourceDeclaration<IngressClass, IngressClass>;
}
