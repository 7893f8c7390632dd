// apiextensions.orch.io/v1 CustomResourceDefinition: cluster-scoped, short names crd and crds,
// category api-extensions, with /status (where the naming and establishing controllers write).
// Served under apiextensions.k8s.io as well (generic/alias.ts). JSON only: Kubernetes' protobuf
// form of JSONSchemaProps is its own (see machinery/openapi/apiextensions/package.ts).
import type { CustomResourceDefinition } from '../../../../api/apiextensions/v1/types.ts';
import { APIEXTENSIONS_GROUP, APIEXTENSIONS_VERSION } from '../../../../api/apiextensions/v1/types.ts';
import { objectMetaFieldSet } from '../../../../machinery/selectors/fields.ts';
import { kindSchema } from '../../../../machinery/openapi/kind-schemas.ts';
import { cloneJson } from '../../../../machinery/patch/json-value.ts';
import { servedAsStoredNames } from '../../declaration-names.ts';
import { ALL_VERBS, type ResourceDeclaration } from '../../resource.ts';
import { CRD_DEFINITION, customResourceDefinitionStatusStrategy, customResourceDefinitionStrategy } from './strategy.ts';
import { customResourceDefinitionTable } from './table.ts';
import { customResourceDefinitionDeletion } from './deletion.ts';

export function customResourceDefinitionsDeclaration() {
  return {
    ...servedAsStoredNames(APIEXTENSIONS_GROUP, APIEXTENSIONS_VERSION, 'CustomResourceDefinition', 'customresourcedefinitions'),
    singular: 'customresourcedefinition',
    shortNames: ['crd', 'crds'],
    categories: ['api-extensions'],
    namespaced: false,
    strategy: customResourceDefinitionStrategy,
    schema: kindSchema(CRD_DEFINITION),
    toStored: (crd: CustomResourceDefinition) => crd,
    fromStored: (crd: CustomResourceDefinition) => cloneJson(crd),
    fieldSet: (crd: CustomResourceDefinition) => objectMetaFieldSet(crd.metadata, false),
    allowedFieldSelectors: ['metadata.name'],
    table: customResourceDefinitionTable(),
    verbs: ALL_VERBS,
    openapiDefinition: CRD_DEFINITION,
    protobuf: false,
    deletion: customResourceDefinitionDeletion,
    subresources: { status: { verbs: ['get', 'patch', 'update'], strategy: customResourceDefinitionStatusStrategy } },
  } satisfies ResourceDeclaration<CustomResourceDefinition, CustomResourceDefinition>;
}
