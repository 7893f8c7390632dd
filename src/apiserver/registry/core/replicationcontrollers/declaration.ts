// core/v1 ReplicationController: namespaced, short name rc, in category all, with /status (its
// scale view is served by the generic registry). Selected by metadata and status.replicas.
import type { ReplicationController } from '../../../../api/core/v1/pod-types.ts';
import { objectMetaFieldSet } from '../../../../machinery/selectors/fields.ts';
import { kindSchema } from '../../../../machinery/openapi/kind-schemas.ts';
import { cloneJson } from '../../../../machinery/patch/json-value.ts';
import { ALL_VERBS, type ResourceDeclaration } from '../../resource.ts';
import { defaultReplicationController, replicationControllerStatusStrategy, replicationControllerStrategy } from './strategy.ts';
import { replicationControllerTable } from './table.ts';
import { mapSelectorString, scaleView, type Scalable } from '../../scale/scale-view.ts';

/** A replication controller's replica counts and map selector, as its scale subresource shows them. */
const replicationControllerScale: Scalable<ReplicationController> = {
  specReplicas: (rc) => rc.spec?.replicas ?? 0,
  statusReplicas: (rc) => rc.status?.replicas ?? 0,
  selector: (rc) => mapSelectorString(rc.spec?.selector),
  withReplicas: (rc, replicas) => ({ ...rc, spec: { ...rc.spec, replicas } }),
};

export function replicationControllersDeclaration() {
  return {
    group: '',
    version: 'v1',
    kind: 'ReplicationController',
    listKind: 'ReplicationControllerList',
    plural: 'replicationcontrollers',
    singular: 'replicationcontroller',
    shortNames: ['rc'],
    categories: ['all'],
    namespaced: true,
    storageResource: { group: '', resource: 'replicationcontrollers' },
    storageVersion: { group: '', version: 'v1', kind: 'ReplicationController' },
    strategy: replicationControllerStrategy,
    schema: kindSchema('io.orch.api.core.v1.ReplicationController'),
    decode: (raw) => defaultReplicationController(raw as ReplicationController),
    toStored: (rc: ReplicationController) => rc,
    fromStored: (rc: ReplicationController) => cloneJson(rc),
    fieldSet: (rc: ReplicationController) => ({ ...objectMetaFieldSet(rc.metadata, true), 'status.replicas': String(rc.status?.replicas ?? 0) }),
    allowedFieldSelectors: ['metadata.name', 'metadata.namespace', 'status.replicas'],
    table: replicationControllerTable(),
    verbs: ALL_VERBS,
    openapiDefinition: 'io.orch.api.core.v1.ReplicationController',
    protobuf: true,
    subresources: {
      status: { verbs: ['get', 'patch', 'update'], strategy: replicationControllerStatusStrategy },
      scale: { verbs: ['get', 'patch', 'update'], strategy: replicationControllerStrategy, view: scaleView(replicationControllerScale) },
    },
  } satisfies ResourceDeclaration<ReplicationController, ReplicationController>;
}
