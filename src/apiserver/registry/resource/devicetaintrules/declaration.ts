// resource.orch.io/v1alpha3 DeviceTaintRule: cluster-scoped, with /status. Kubernetes has no
// printer for it, so its table is the default one (Name, Created At). Alpha: served only when
// --runtime-config turns resource.orch.io/v1alpha3 on and the DRADeviceTaints and
// DRADeviceTaintRules gates are on (1.35 needs the first for the second).
import type { DeviceTaintRule } from '../../../../api/resource/v1alpha3/types.ts';
import { RESOURCE_GROUP } from '../../../../api/resource/v1/types.ts';
import { objectMetaFieldSet } from '../../../../machinery/selectors/fields.ts';
import { kindSchema } from '../../../../machinery/openapi/kind-schemas.ts';
import { cloneJson } from '../../../../machinery/patch/json-value.ts';
import { ALL_VERBS, type ResourceDeclaration } from '../../resource.ts';
import { NAME_COLUMN } from '../../simple-table.ts';
import { deviceTaintRuleStatusStrategy, deviceTaintRuleStrategy } from './strategy.ts';

export function deviceTaintRulesDeclaration() {
  const strategy = deviceTaintRuleStrategy();
  return {
    group: RESOURCE_GROUP,
    version: 'v1alpha3',
    kind: 'DeviceTaintRule',
    listKind: 'DeviceTaintRuleList',
    plural: 'devicetaintrules',
    singular: 'devicetaintrule',
    shortNames: [],
    categories: [],
    namespaced: false,
    featureGates: ['DRADeviceTaints', 'DRADeviceTaintRules'],
    storageResource: { group: RESOURCE_GROUP, resource: 'devicetaintrules' },
    storageVersion: { group: RESOURCE_GROUP, version: 'v1alpha3', kind: 'DeviceTaintRule' },
    strategy,
    schema: kindSchema('io.orch.api.resource.v1alpha3.DeviceTaintRule'),
    toStored: (rule: DeviceTaintRule) => rule,
    fromStored: (rule: DeviceTaintRule) => cloneJson(rule),
    fieldSet: (rule: DeviceTaintRule) => objectMetaFieldSet(rule.metadata, false),
    allowedFieldSelectors: ['metadata.name'],
    table: {
      columns: [NAME_COLUMN, { name: 'Created At', type: 'date', format: '', priority: 0, description: 'When the rule was created (metadata.creationTimestamp).' }],
      row: (rule: DeviceTaintRule) => [rule.metadata.name ?? '', rule.metadata.creationTimestamp ?? null],
    },
    verbs: ALL_VERBS,
    openapiDefinition: 'io.orch.api.resource.v1alpha3.DeviceTaintRule',
    protobuf: true,
    subresources: {
      status: { verbs: ['get', 'patch', 'update'], strategy: deviceTaintRuleStatusStrategy(strategy) },
    },
  } satisfies ResourceDeclaration<DeviceTaintRule, DeviceTaintRule>;
}
