// core/v1 ComponentStatus: cluster-scoped, short name cs, get and list only, computed on each
// request (statuses.ts) rather than stored. Deprecated since Kubernetes 1.19, and every request
// is told so.
import type { ComponentStatus } from '../../../../api/core/v1/component-status-types.ts';
import { kindSchema } from '../../../../machinery/openapi/kind-schemas.ts';
import { inertStrategy, type ResourceDeclaration } from '../../resource.ts';
import { NAME_COLUMN } from '../../simple-table.ts';

export const COMPONENT_STATUS_DEPRECATION = 'v1 ComponentStatus is deprecated in v1.19+';

/** kubectl's STATUS column: Healthy only when the Healthy condition is True. */
function healthRow(cs: ComponentStatus): unknown[] {
  const healthy = cs.conditions?.find((c) => c.type === 'Healthy');
  if (!healthy) return [cs.metadata.name ?? '', 'Unknown', '', ''];
  return [cs.metadata.name ?? '', healthy.status === 'True' ? 'Healthy' : 'Unhealthy', healthy.message ?? '', healthy.error ?? ''];
}

export function componentStatusesDeclaration() {
  return {
    group: '',
    version: 'v1',
    kind: 'ComponentStatus',
    listKind: 'ComponentStatusList',
    plural: 'componentstatuses',
    singular: 'componentstatus',
    shortNames: ['cs'],
    categories: [],
    namespaced: false,
    storageResource: { group: '', resource: 'componentstatuses' },
    storageVersion: { group: '', version: 'v1', kind: 'ComponentStatus' },
    strategy: inertStrategy<ComponentStatus>(),
    toStored: (cs: ComponentStatus) => cs,
    fromStored: (cs: ComponentStatus) => structuredClone(cs),
    fieldSet: (cs: ComponentStatus) => ({ 'metadata.name': cs.metadata.name ?? '' }),
    allowedFieldSelectors: ['metadata.name'],
    table: {
      columns: [
        NAME_COLUMN,
        { name: 'Status', type: 'string', format: '', priority: 0, description: 'Whether the component is healthy.' },
        { name: 'Message', type: 'string', format: '', priority: 0, description: 'What the health check of the component reported.' },
        { name: 'Error', type: 'string', format: '', priority: 0, description: 'Why the health of the component could not be checked.' },
      ],
      row: healthRow,
    },
    verbs: ['get', 'list'],
    deprecationWarning: COMPONENT_STATUS_DEPRECATION,
    openapiDefinition: 'io.orch.api.core.v1.ComponentStatus',
    schema: kindSchema('io.orch.api.core.v1.ComponentStatus'),
    protobuf: true,
  } satisfies ResourceDeclaration<ComponentStatus, ComponentStatus>;
}
