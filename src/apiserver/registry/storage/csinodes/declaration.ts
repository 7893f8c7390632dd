// storage.orch.io/v1 CSINode: cluster-scoped, named as its node, no short names; NAME DRIVERS AGE;
// updates must name a resourceVersion, as Kubernetes asks.
import { STORAGE_GROUP, STORAGE_VERSION, type CSINode } from '../../../../api/storage/v1/types.ts';
import { objectMetaFieldSet } from '../../../../machinery/selectors/fields.ts';
import { kindSchema } from '../../../../machinery/openapi/kind-schemas.ts';
import { cloneJson } from '../../../../machinery/patch/json-value.ts';
import { ALL_VERBS, validatingStrategy, type ResourceDeclaration } from '../../resource.ts';
import { nameAgeTable } from '../../simple-table.ts';
import { validateCSINode, validateCSINodeUpdate } from './validation.ts';

export function csiNodesDeclaration() {
  return {
    group: STORAGE_GROUP,
    version: STORAGE_VERSION,
    kind: 'CSINode',
    listKind: 'CSINodeList',
    plural: 'csinodes',
    singular: 'csinode',
    shortNames: [],
    categories: [],
    namespaced: false,
    storageResource: { group: STORAGE_GROUP, resource: 'csinodes' },
    storageVersion: { group: STORAGE_GROUP, version: STORAGE_VERSION, kind: 'CSINode' },
    strategy: { ...validatingStrategy({ validate: validateCSINode, validateUpdate: validateCSINodeUpdate, allowCreateOnUpdate: false }), allowUnconditionalUpdate: false },
    schema: kindSchema('io.orch.api.storage.v1.CSINode'),
    toStored: (n: CSINode) => n,
    fromStored: (n: CSINode) => cloneJson(n),
    fieldSet: (n: CSINode) => objectMetaFieldSet(n.metadata, false),
    allowedFieldSelectors: ['metadata.name'],
    table: nameAgeTable<CSINode>(
      [{ name: 'Drivers', type: 'integer', format: '', priority: 0, description: 'How many CSI drivers are registered on the node.' }],
      (n) => [n.spec?.drivers?.length ?? 0],
    ),
    verbs: ALL_VERBS,
    openapiDefinition: 'io.orch.api.storage.v1.CSINode',
    protobuf: true,
  } satisfies ResourceDeclaration<CSINode, CSINode>;
}
