// apps/v1 ReplicaSet: namespaced, short name rs, in category all, with /status and the
// autoscaling/v1 scale view. Selected by metadata and status.replicas.
import type { ReplicaSet } from '../../../../api/apps/v1/types.ts';
import { objectMetaFieldSet } from '../../../../machinery/selectors/fields.ts';
import { kindSchema } from '../../../../machinery/openapi/kind-schemas.ts';
import { cloneJson } from '../../../../machinery/patch/json-value.ts';
import { ALL_VERBS, type ResourceDeclaration } from '../../resource.ts';
import { labelSelectorString, scaleView, type Scalable } from '../../scale/scale-view.ts';
import { servedAsStoredNames } from '../../declaration-names.ts';
import { defaultReplicaSet, replicaSetStatusStrategy, replicaSetStrategy } from './strategy.ts';
import { replicaSetTable } from './table.ts';

const replicaSetScale: Scalable<ReplicaSet> = {
  specReplicas: (rs) => rs.spec?.replicas ?? 0,
  statusReplicas: (rs) => rs.status?.replicas ?? 0,
  selector: (rs) => labelSelectorString(rs.spec?.selector),
  withReplicas: (rs, replicas) => ({ ...rs, spec: { ...rs.spec, replicas } }),
};

export function replicaSetsDeclaration() {
  return {
    ...servedAsStoredNames('apps', 'v1', 'ReplicaSet', 'replicasets'),
    singular: 'replicaset',
    shortNames: ['rs'],
    categories: ['all'],
    namespaced: true,
    strategy: replicaSetStrategy,
    schema: kindSchema('io.orch.api.apps.v1.ReplicaSet'),
    decode: (raw) => defaultReplicaSet(raw as ReplicaSet),
    toStored: (rs: ReplicaSet) => rs,
    fromStored: (rs: ReplicaSet) => cloneJson(rs),
    fieldSet: (rs: ReplicaSet) => ({ ...objectMetaFieldSet(rs.metadata, true), 'status.replicas': String(rs.status?.replicas ?? 0) }),
    allowedFieldSelectors: ['metadata.name', 'metadata.namespace', 'status.replicas'],
    table: replicaSetTable(),
    verbs: ALL_VERBS,
    openapiDefinition: 'io.orch.api.apps.v1.ReplicaSet',
    protobuf: true,
    subresources: {
      scale: { verbs: ['get', 'patch', 'update'], strategy: replicaSetStrategy, view: scaleView(replicaSetScale) },
      status: { verbs: ['get', 'patch', 'update'], strategy: replicaSetStatusStrategy },
    },
  } satisfies ResourceDeclaration<ReplicaSet, ReplicaSet>;
}
