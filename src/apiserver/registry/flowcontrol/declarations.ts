// FlowSchema and PriorityLevelConfiguration (flowcontrol.apiserver.orch.io/v1): cluster-scoped,
// with a /status subresource the server writes conditions through, and kubectl's columns.
import { FLOWCONTROL_GROUP, FLOWCONTROL_VERSION, type FlowSchema, type PriorityLevelConfiguration } from '../../../api/flowcontrol/v1/types.ts';
import type { ApiObject } from '../../../api/meta/v1/types.ts';
import type { StatusCause } from '../../../machinery/status.ts';
import { objectMetaFieldSet } from '../../../machinery/selectors/fields.ts';
import { deepEqual } from '../../../machinery/validation/immutable.ts';
import { ALL_VERBS, validatingStrategy, type ResourceDeclaration, type ResourceStrategy, type TableColumnDefinition } from '../resource.ts';
import { NAME_COLUMN, AGE_COLUMN } from '../simple-table.ts';
import { timestampSince } from '../human-duration.ts';
import { defaultFlowSchema, defaultPriorityLevel } from './defaults.ts';
import { flowSchemaValidation, priorityLevelValidation } from './validation.ts';
import { servedAsStoredNames } from '../declaration-names.ts';
import { cloneJson } from '../../../machinery/patch/json-value.ts';
import { kindSchema } from '../../../machinery/openapi/kind-schemas.ts';

type WithSpecStatus = ApiObject & { spec: unknown; status?: unknown };

interface KindSpec<T extends WithSpecStatus> {
  kind: string;
  plural: string;
  singular: string;
  defaults(obj: T): void;
  validate(obj: T): StatusCause[];
  validateUpdate(obj: T, old: T): StatusCause[];
  columns: readonly TableColumnDefinition[];
  cells(obj: T): unknown[];
}

/** Spec writes keep status; a changed spec bumps generation, as Kubernetes' strategy does. */
function mainStrategy<T extends WithSpecStatus>(spec: KindSpec<T>): ResourceStrategy<T> {
  return {
    ...validatingStrategy({ validate: spec.validate, validateUpdate: spec.validateUpdate, allowCreateOnUpdate: false }),
    prepareForCreate: (obj) => {
      delete obj.status;
      obj.status = {};
      spec.defaults(obj);
    },
    prepareForUpdate: (obj, old) => {
      obj.status = old.status;
      spec.defaults(obj);
      if (!deepEqual(obj.spec, old.spec)) obj.metadata.generation = (old.metadata.generation ?? 0) + 1;
    },
  };
}

/** Status writes keep spec. */
function statusStrategy<T extends WithSpecStatus>(spec: KindSpec<T>): ResourceStrategy<T> {
  return {
    ...mainStrategy(spec),
    prepareForCreate: () => {},
    prepareForUpdate: (obj, old) => {
      obj.spec = old.spec;
    },
    validate: () => [],
    validateUpdate: spec.validateUpdate,
  };
}

function declaration<T extends WithSpecStatus>(spec: KindSpec<T>) {
  return {
    ...servedAsStoredNames(FLOWCONTROL_GROUP, FLOWCONTROL_VERSION, spec.kind, spec.plural),
    singular: spec.singular,
    shortNames: [],
    categories: [],
    namespaced: false,
    strategy: mainStrategy(spec),
    schema: kindSchema(`io.orch.api.flowcontrol.v1.${spec.kind}`),
    toStored: (obj: T) => obj,
    fromStored: (obj: T) => cloneJson(obj),
    fieldSet: (obj: T) => objectMetaFieldSet(obj.metadata, false),
    allowedFieldSelectors: ['metadata.name'],
    table: {
      columns: [NAME_COLUMN, ...spec.columns],
      row: (obj: T) => {
        const cells = spec.cells(obj);
        return [obj.metadata.name ?? '', ...cells.map((c) => (c === AGE ? timestampSince(obj.metadata.creationTimestamp, new Date()) : c))];
      },
    },
    verbs: ALL_VERBS,
    subresources: { status: { verbs: ['get', 'patch', 'update'], strategy: statusStrategy(spec) } },
  } satisfies ResourceDeclaration<T, T>;
}

/** Placeholder cell replaced by the object's age (the Age column is not last for FlowSchemas). */
const AGE = Symbol('age');

const column = (name: string, type: string, description: string): TableColumnDefinition => ({ name, type, format: '', priority: 0, description });

export function flowSchemasDeclaration(): ResourceDeclaration<FlowSchema, FlowSchema> {
  return declaration<FlowSchema>({
    kind: 'FlowSchema',
    plural: 'flowschemas',
    singular: 'flowschema',
    defaults: defaultFlowSchema,
    ...flowSchemaValidation,
    columns: [
      column('PriorityLevel', 'string', '`name` is the name of the priority level configuration being referenced Required.'),
      column('MatchingPrecedence', 'string', '`matchingPrecedence` is used to choose among the FlowSchemas that match a given request.'),
      column('DistinguisherMethod', 'string', '`distinguisherMethod` defines how to compute the flow distinguisher for requests that match this schema.'),
      AGE_COLUMN,
      column('MissingPL', 'string', 'references a broken or non-existent PriorityLevelConfiguration'),
    ],
    cells: (fs) => {
      const dangling = fs.status?.conditions?.find((c) => c.type === 'Dangling');
      return [fs.spec.priorityLevelConfiguration?.name ?? '', fs.spec.matchingPrecedence ?? 0, fs.spec.distinguisherMethod?.type ?? '*', AGE, dangling?.status ?? '?'];
    },
  });
}

export function priorityLevelConfigurationsDeclaration(): ResourceDeclaration<PriorityLevelConfiguration, PriorityLevelConfiguration> {
  return declaration<PriorityLevelConfiguration>({
    kind: 'PriorityLevelConfiguration',
    plural: 'prioritylevelconfigurations',
    singular: 'prioritylevelconfiguration',
    defaults: defaultPriorityLevel,
    ...priorityLevelValidation,
    columns: [
      column('Type', 'string', '`type` indicates whether this priority level is subject to limitation on request execution.'),
      column('NominalConcurrencyShares', 'string', '`nominalConcurrencyShares` (NCS) contributes to the computation of the NominalConcurrencyLimit (NominalCL) of this level.'),
      column('Queues', 'string', '`queues` is the number of queues for this priority level.'),
      column('HandSize', 'string', '`handSize` is a small positive number that configures the shuffle sharding of requests into queues.'),
      column('QueueLengthLimit', 'string', '`queueLengthLimit` is the maximum number of requests allowed to be waiting in a given queue of this priority level at a time.'),
      AGE_COLUMN,
    ],
    cells: (pl) => {
      const limited = pl.spec.limited;
      const queuing = limited?.limitResponse?.queuing;
      return [
        pl.spec.type,
        limited ? (limited.nominalConcurrencyShares ?? 0) : '<none>',
        queuing ? queuing.queues : '<none>',
        queuing ? queuing.handSize : '<none>',
        queuing ? queuing.queueLengthLimit : '<none>',
        AGE,
      ];
    },
  });
}
