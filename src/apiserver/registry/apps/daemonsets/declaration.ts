// apps/v1 DaemonSet: namespaced, short name ds, in category all, with /status (no scale: one pod
// per node). Selected by metadata only.
import type { DaemonSet } from '../../../../api/apps/v1/types.ts';
import { objectMetaFieldSet } from '../../../../machinery/selectors/fields.ts';
import { kindSchema } from '../../../../machinery/openapi/kind-schemas.ts';
import { cloneJson } from '../../../../machinery/patch/json-value.ts';
import { ALL_VERBS, type ResourceDeclaration } from '../../resource.ts';
import { servedAsStoredNames } from '../../declaration-names.ts';
import { daemonSetStatusStrategy, daemonSetStrategy, defaultDaemonSet } from './strategy.ts';
import { daemonSetTable } from './table.ts';

export function daemonSetsDeclaration() {
  return {
    ...servedAsStoredNames('apps', 'v1', 'DaemonSet', 'daemonsets'),
    singular: 'daemonset',
    shortNames: ['ds'],
    categories: ['all'],
    namespaced: true,
    strategy: daemonSetStrategy,
    schema: kindSchema('io.orch.api.apps.v1.DaemonSet'),
    decode: (raw) => defaultDaemonSet(raw as DaemonSet),
    toStored: (ds: DaemonSet) => ds,
    fromStored: (ds: DaemonSet) => cloneJson(ds),
    fieldSet: (ds: DaemonSet) => objectMetaFieldSet(ds.metadata, true),
    allowedFieldSelectors: ['metadata.name', 'metadata.namespace'],
    table: daemonSetTable(),
    verbs: ALL_VERBS,
    openapiDefinition: 'io.orch.api.apps.v1.DaemonSet',
    protobuf: true,
    subresources: {
      status: { verbs: ['get', 'patch', 'update'], strategy: daemonSetStatusStrategy },
    },
  } satisfies ResourceDeclaration<DaemonSet, DaemonSet>;
}
