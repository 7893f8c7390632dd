// HorizontalPodAutoscaler, served as autoscaling/v2 (the preferred version) and autoscaling/v1
// over one store of v2 objects, as Kubernetes stores them: namespaced, short name hpa, in
// category all, with /status. Selected by metadata only.
import type { HorizontalPodAutoscalerV1 } from '../../../../api/autoscaling/v1/types.ts';
import { AUTOSCALING_GROUP, type HorizontalPodAutoscaler } from '../../../../api/autoscaling/v2/types.ts';
import { objectMetaFieldSet } from '../../../../machinery/selectors/fields.ts';
import { kindSchema } from '../../../../machinery/openapi/kind-schemas.ts';
import { cloneJson } from '../../../../machinery/patch/json-value.ts';
import { ALL_VERBS, type ResourceDeclaration } from '../../resource.ts';
import { fromV1, toV1 } from './conversion.ts';
import { defaultHorizontalPodAutoscaler } from './defaults.ts';
import {
  horizontalPodAutoscalerStatusStrategy, horizontalPodAutoscalerStrategy, horizontalPodAutoscalerV1StatusStrategy, horizontalPodAutoscalerV1Strategy,
} from './strategy.ts';
import { horizontalPodAutoscalerTable } from './table.ts';

/** autoscaling/v1's own default: minReplicas 1 (the rest comes with the v2 form it is stored as). */
function defaultV1(hpa: HorizontalPodAutoscalerV1): HorizontalPodAutoscalerV1 {
  const spec = (hpa.spec ??= {} as NonNullable<HorizontalPodAutoscalerV1['spec']>);
  spec.minReplicas ??= 1;
  return hpa;
}

const SUBRESOURCE_VERBS = ['get', 'patch', 'update'] as const;

/** Names, scope and storage both versions share. */
const HPA_RESOURCE = {
  group: AUTOSCALING_GROUP,
  kind: 'HorizontalPodAutoscaler',
  listKind: 'HorizontalPodAutoscalerList',
  plural: 'horizontalpodautoscalers',
  singular: 'horizontalpodautoscaler',
  shortNames: ['hpa'],
  categories: ['all'],
  namespaced: true,
  storageResource: { group: AUTOSCALING_GROUP, resource: 'horizontalpodautoscalers' },
  storageVersion: { group: AUTOSCALING_GROUP, version: 'v2', kind: 'HorizontalPodAutoscaler' },
  fieldSet: (hpa: HorizontalPodAutoscaler) => objectMetaFieldSet(hpa.metadata, true),
  allowedFieldSelectors: ['metadata.name', 'metadata.namespace'],
  verbs: ALL_VERBS,
  protobuf: true,
};

export function horizontalPodAutoscalersV2Declaration() {
  return {
    ...HPA_RESOURCE,
    version: 'v2',
    strategy: horizontalPodAutoscalerStrategy,
    schema: kindSchema('io.orch.api.autoscaling.v2.HorizontalPodAutoscaler'),
    decode: (raw) => defaultHorizontalPodAutoscaler(raw as HorizontalPodAutoscaler),
    toStored: (hpa: HorizontalPodAutoscaler) => hpa,
    fromStored: (hpa: HorizontalPodAutoscaler) => cloneJson(hpa),
    table: horizontalPodAutoscalerTable(),
    openapiDefinition: 'io.orch.api.autoscaling.v2.HorizontalPodAutoscaler',
    subresources: { status: { verbs: SUBRESOURCE_VERBS, strategy: horizontalPodAutoscalerStatusStrategy } },
  } satisfies ResourceDeclaration<HorizontalPodAutoscaler, HorizontalPodAutoscaler>;
}

export function horizontalPodAutoscalersV1Declaration() {
  const v2Table = horizontalPodAutoscalerTable();
  return {
    ...HPA_RESOURCE,
    version: 'v1',
    strategy: horizontalPodAutoscalerV1Strategy,
    schema: kindSchema('io.orch.api.autoscaling.v1.HorizontalPodAutoscaler'),
    decode: (raw) => defaultV1(raw as HorizontalPodAutoscalerV1),
    toStored: (hpa: HorizontalPodAutoscalerV1) => fromV1(hpa),
    fromStored: (hpa: HorizontalPodAutoscaler) => toV1(cloneJson(hpa)),
    table: { columns: v2Table.columns, row: (hpa: HorizontalPodAutoscalerV1) => v2Table.row(fromV1(hpa)) },
    openapiDefinition: 'io.orch.api.autoscaling.v1.HorizontalPodAutoscaler',
    subresources: { status: { verbs: SUBRESOURCE_VERBS, strategy: horizontalPodAutoscalerV1StatusStrategy } },
  } satisfies ResourceDeclaration<HorizontalPodAutoscalerV1, HorizontalPodAutoscaler>;
}
