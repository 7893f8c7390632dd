// apps/v1 StatefulSet: namespaced, short name sts, in category all, with /status and the
// autoscaling/v1 scale view. Selected by metadata only.
import type { StatefulSet } from '../../../../api/apps/v1/types.ts';
import { objectMetaFieldSet } from '../../../../machinery/selectors/fields.ts';
import { kindSchema } from '../../../../machinery/openapi/kind-schemas.ts';
import { cloneJson } from '../../../../machinery/patch/json-value.ts';
import { ALL_VERBS, type ResourceDeclaration } from '../../resource.ts';
import { labelSelectorString, scaleView, type Scalable } from '../../scale/scale-view.ts';
import { servedAsStoredNames } from '../../declaration-names.ts';
import { defaultStatefulSet, statefulSetStatusStrategy, statefulSetStrategy } from './strategy.ts';
import { statefulSetTable } from './table.ts';

const statefulSetScale: Scalable<StatefulSet> = {
  specReplicas: (set) => set.spec?.replicas ?? 0,
  statusReplicas: (set) => set.status?.replicas ?? 0,
  selector: (set) => labelSelectorString(set.spec?.selector),
  withReplicas: (set, replicas) => ({ ...set, spec: { ...set.spec, replicas } }),
};

export function statefulSetsDeclaration() {
  return {
    ...servedAsStoredNames('apps', 'v1', 'StatefulSet', 'statefulsets'),
    singular: 'statefulset',
    shortNames: ['sts'],
    categories: ['all'],
    namespaced: true,
    strategy: statefulSetStrategy,
    schema: kindSchema('io.orch.api.apps.v1.StatefulSet'),
    decode: (raw) => defaultStatefulSet(raw as StatefulSet),
    toStored: (set: StatefulSet) => set,
    fromStored: (set: StatefulSet) => cloneJson(set),
    fieldSet: (set: StatefulSet) => objectMetaFieldSet(set.metadata, true),
    allowedFieldSelectors: ['metadata.name', 'metadata.namespace'],
    table: statefulSetTable(),
    verbs: ALL_VERBS,
    openapiDefinition: 'io.orch.api.apps.v1.StatefulSet',
    protobuf: true,
    subresources: {
      scale: { verbs: ['get', 'patch', 'update'], strategy: statefulSetStrategy, view: scaleView(statefulSetScale) },
      status: { verbs: ['get', 'patch', 'update'], strategy: statefulSetStatusStrategy },
    },
  } satisfies ResourceDeclaration<StatefulSet, StatefulSet>;
}
