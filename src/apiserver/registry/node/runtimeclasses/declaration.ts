// node.orch.io/v1 RuntimeClass: cluster-scoped, no short names; NAME HANDLER AGE; validation is
// all its strategy has.
import { NODE_GROUP, NODE_VERSION, type RuntimeClass } from '../../../../api/node/v1/types.ts';
import { objectMetaFieldSet } from '../../../../machinery/selectors/fields.ts';
import { kindSchema } from '../../../../machinery/openapi/kind-schemas.ts';
import { cloneJson } from '../../../../machinery/patch/json-value.ts';
import { ALL_VERBS, validatingStrategy, type ResourceDeclaration } from '../../resource.ts';
import { nameAgeTable } from '../../simple-table.ts';
import { validateRuntimeClass, validateRuntimeClassUpdate } from './validation.ts';

export function runtimeClassesDeclaration() {
  return {
    group: NODE_GROUP,
    version: NODE_VERSION,
    kind: 'RuntimeClass',
    listKind: 'RuntimeClassList',
    plural: 'runtimeclasses',
    singular: 'runtimeclass',
    shortNames: [],
    categories: [],
    namespaced: false,
    storageResource: { group: NODE_GROUP, resource: 'runtimeclasses' },
    storageVersion: { group: NODE_GROUP, version: NODE_VERSION, kind: 'RuntimeClass' },
    strategy: validatingStrategy({ validate: validateRuntimeClass, validateUpdate: validateRuntimeClassUpdate, allowCreateOnUpdate: false }),
    schema: kindSchema('io.orch.api.node.v1.RuntimeClass'),
    toStored: (rc: RuntimeClass) => rc,
    fromStored: (rc: RuntimeClass) => cloneJson(rc),
    fieldSet: (rc: RuntimeClass) => objectMetaFieldSet(rc.metadata, false),
    allowedFieldSelectors: ['metadata.name'],
    table: nameAgeTable<RuntimeClass>([{ name: 'Handler', type: 'string', format: '', priority: 0, description: 'The runtime configuration pods of the class run with.' }], (rc) => [rc.handler]),
    verbs: ALL_VERBS,
    openapiDefinition: 'io.orch.api.node.v1.RuntimeClass',
    protobuf: true,
  } satisfies ResourceDeclaration<RuntimeClass, RuntimeClass>;
}
