// core/v1 LimitRange: namespaced, short name limits, no categories; `kubectl get limits` shows
// NAME and CREATED AT, as Kubernetes prints it.
import type { LimitRange } from '../../../../api/core/v1/policy-types.ts';
import { objectMetaFieldSet } from '../../../../machinery/selectors/fields.ts';
import { kindSchema } from '../../../../machinery/openapi/kind-schemas.ts';
import { cloneJson } from '../../../../machinery/patch/json-value.ts';
import { ALL_VERBS, type ResourceDeclaration } from '../../resource.ts';
import { limitRangeStrategy } from './strategy.ts';

export function limitRangesDeclaration() {
  return {
    group: '',
    version: 'v1',
    kind: 'LimitRange',
    listKind: 'LimitRangeList',
    plural: 'limitranges',
    singular: 'limitrange',
    shortNames: ['limits'],
    categories: [],
    namespaced: true,
    storageResource: { group: '', resource: 'limitranges' },
    storageVersion: { group: '', version: 'v1', kind: 'LimitRange' },
    strategy: limitRangeStrategy,
    toStored: (lr: LimitRange) => lr,
    fromStored: (lr: LimitRange) => cloneJson(lr),
    fieldSet: (lr: LimitRange) => objectMetaFieldSet(lr.metadata, true),
    allowedFieldSelectors: ['metadata.name', 'metadata.namespace'],
    table: {
      columns: [
        { name: 'Name', type: 'string', format: 'name', priority: 0, description: 'Name of the limit range, unique within its namespace.' },
        { name: 'Created At', type: 'date', format: '', priority: 0, description: 'When the limit range was created.' },
      ],
      row: (lr: LimitRange) => [lr.metadata.name ?? '', lr.metadata.creationTimestamp ?? null],
    },
    verbs: ALL_VERBS,
    openapiDefinition: 'io.orch.api.core.v1.LimitRange',
    schema: kindSchema('io.orch.api.core.v1.LimitRange'),
    protobuf: true,
  } satisfies ResourceDeclaration<LimitRange, LimitRange>;
}
