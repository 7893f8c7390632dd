// core/v1 bindings: POST /api/v1/namespaces/<ns>/bindings binds the pod the Binding names, as the
// pods/binding subresource does (older schedulers post here). Create only, never stored.
import { kindSchema } from '../../../../../machinery/openapi/kind-schemas.ts';
import { objectMetaFieldSet } from '../../../../../machinery/selectors/fields.ts';
import type { ApiObject } from '../../../../../api/meta/v1/types.ts';
import { inertStrategy, type ResourceDeclaration } from '../../../resource.ts';

export function bindingsDeclaration() {
  return {
    group: '',
    version: 'v1',
    kind: 'Binding',
    listKind: 'BindingList',
    plural: 'bindings',
    singular: 'binding',
    shortNames: [],
    categories: [],
    namespaced: true,
    storageResource: { group: '', resource: 'bindings' },
    storageVersion: { group: '', version: 'v1', kind: 'Binding' },
    strategy: inertStrategy<ApiObject>(),
    schema: kindSchema('io.orch.api.core.v1.Binding'),
    toStored: (b: ApiObject) => b,
    fromStored: (b: ApiObject) => b,
    fieldSet: (b: ApiObject) => objectMetaFieldSet(b.metadata, true),
    allowedFieldSelectors: [],
    table: { columns: [], row: () => [] },
    verbs: ['create'],
    openapiDefinition: 'io.orch.api.core.v1.Binding',
    protobuf: true,
  } satisfies ResourceDeclaration<ApiObject, ApiObject>;
}
