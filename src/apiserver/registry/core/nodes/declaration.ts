// core/v1 Node: cluster-scoped, short name no, with /status. Field selectors take the name and
// spec.unschedulable, which the scheduler and `kubectl get nodes --field-selector` use.
import type { Node } from '../../../../api/core/v1/node-types.ts';
import { objectMetaFieldSet } from '../../../../machinery/selectors/fields.ts';
import { kindSchema } from '../../../../machinery/openapi/kind-schemas.ts';
import { cloneJson } from '../../../../machinery/patch/json-value.ts';
import { ALL_VERBS, type ResourceDeclaration } from '../../resource.ts';
import { nodeStatusStrategy, nodeStrategy } from './strategy.ts';
import { nodeTable } from './table.ts';

export function nodesDeclaration() {
  return {
    group: '',
    version: 'v1',
    kind: 'Node',
    listKind: 'NodeList',
    plural: 'nodes',
    singular: 'node',
    shortNames: ['no'],
    categories: [],
    namespaced: false,
    storageResource: { group: '', resource: 'nodes' },
    storageVersion: { group: '', version: 'v1', kind: 'Node' },
    strategy: nodeStrategy,
    toStored: (node: Node) => node,
    fromStored: (node: Node) => cloneJson(node),
    fieldSet: (node: Node) => ({ ...objectMetaFieldSet(node.metadata, false), 'spec.unschedulable': String(node.spec?.unschedulable ?? false) }),
    allowedFieldSelectors: ['metadata.name', 'spec.unschedulable'],
    table: nodeTable(),
    verbs: ALL_VERBS,
    openapiDefinition: 'io.orch.api.core.v1.Node',
    schema: kindSchema('io.orch.api.core.v1.Node'),
    protobuf: true,
    subresources: {
      status: { verbs: ['get', 'patch', 'update'], strategy: nodeStatusStrategy },
      // Passed on to the node's agent or a port of the node (registry/core/connect).
      proxy: { verbs: ['create', 'delete', 'get', 'patch', 'update'], strategy: nodeStrategy, connect: true },
    },
  } satisfies ResourceDeclaration<Node, Node>;
}
