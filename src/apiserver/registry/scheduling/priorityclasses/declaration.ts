// scheduling.orch.io/v1 PriorityClass: cluster-scoped, short name pc; bodies get the preemption
// policy PreemptLowerPriority unless they name one; NAME VALUE GLOBAL-DEFAULT AGE
// PREEMPTIONPOLICY; a DELETE of one of the system's classes is refused.
import { SCHEDULING_GROUP, SCHEDULING_VERSION, SYSTEM_PRIORITY_CLASSES, type PriorityClass } from '../../../../api/scheduling/v1/types.ts';
import { objectMetaFieldSet } from '../../../../machinery/selectors/fields.ts';
import { kindSchema } from '../../../../machinery/openapi/kind-schemas.ts';
import { cloneJson } from '../../../../machinery/patch/json-value.ts';
import { ALL_VERBS, validatingStrategy, type ResourceDeclaration } from '../../resource.ts';
import { AGE_COLUMN, NAME_COLUMN } from '../../simple-table.ts';
import { timestampSince } from '../../human-duration.ts';
import { validatePriorityClass, validatePriorityClassUpdate } from './validation.ts';

export function defaultPriorityClass(pc: PriorityClass): PriorityClass {
  pc.preemptionPolicy ??= 'PreemptLowerPriority';
  return pc;
}

const isSystemClass = (name: string) => SYSTEM_PRIORITY_CLASSES.some((s) => s.metadata.name === name);

export function priorityClassesDeclaration() {
  return {
    group: SCHEDULING_GROUP,
    version: SCHEDULING_VERSION,
    kind: 'PriorityClass',
    listKind: 'PriorityClassList',
    plural: 'priorityclasses',
    singular: 'priorityclass',
    shortNames: ['pc'],
    categories: [],
    namespaced: false,
    storageResource: { group: SCHEDULING_GROUP, resource: 'priorityclasses' },
    storageVersion: { group: SCHEDULING_GROUP, version: SCHEDULING_VERSION, kind: 'PriorityClass' },
    strategy: {
      ...validatingStrategy({ validate: validatePriorityClass, validateUpdate: validatePriorityClassUpdate, allowCreateOnUpdate: false }),
      prepareForCreate: (pc: PriorityClass) => void defaultPriorityClass(pc),
      prepareForUpdate: (pc: PriorityClass) => void defaultPriorityClass(pc),
    },
    schema: kindSchema('io.orch.api.scheduling.v1.PriorityClass'),
    decode: (raw) => defaultPriorityClass(raw as PriorityClass),
    toStored: (pc: PriorityClass) => pc,
    fromStored: (pc: PriorityClass) => cloneJson(pc),
    fieldSet: (pc: PriorityClass) => objectMetaFieldSet(pc.metadata, false),
    allowedFieldSelectors: ['metadata.name'],
    table: {
      columns: [
        NAME_COLUMN,
        { name: 'Value', type: 'integer', format: '', priority: 0, description: 'The priority pods of the class get.' },
        { name: 'Global-Default', type: 'boolean', format: '', priority: 0, description: 'Whether pods naming no class get this one.' },
        AGE_COLUMN,
        { name: 'PreemptionPolicy', type: 'string', format: '', priority: 0, description: 'Whether pods of the class may preempt pods of lower priority.' },
      ],
      row: (pc: PriorityClass) => [pc.metadata.name ?? '', pc.value, pc.globalDefault ?? false, timestampSince(pc.metadata.creationTimestamp, new Date()), pc.preemptionPolicy ?? ''],
    },
    verbs: ALL_VERBS,
    openapiDefinition: 'io.orch.api.scheduling.v1.PriorityClass',
    protobuf: true,
    deletion: { refusal: (name: string) => (isSystemClass(name) ? 'this is a system priority class and cannot be deleted' : undefined) },
  } satisfies ResourceDeclaration<PriorityClass, PriorityClass>;
}
