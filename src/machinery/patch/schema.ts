// The structural schema patches and server-side apply need: which lists merge by key, which are
// sets, which are atomic, and which structs Kubernetes' Go types always serialise (non-pointer
// structs show up as `{}` even when empty, which decides how managedFields are written).

/** A scalar or anything the schema does not describe: replaced as a whole. */
export interface ScalarSchema {
  kind: 'scalar';
}

/**
 * A struct with declared fields. Undeclared fields have no schema (`undefined`): they are handled
 * as Kubernetes handles a deduced type (objects merge field by field, lists are atomic).
 */
export interface StructSchema {
  kind: 'struct';
  fields: Record<string, TypeSchema>;
  /** True for non-pointer Go structs, which are present (as `{}`) even when unset. */
  alwaysPresent?: boolean;
}

/** A map with free-form keys (labels, annotations); merged key by key. */
export interface MapSchema {
  kind: 'map';
  values: TypeSchema;
}

/**
 * A list. `atomic` lists are replaced whole; `set` lists of scalars merge by value
 * (strategic patch strategy "merge"); `map` lists merge items by `keys` (patchMergeKey / listMapKey).
 */
export interface ListSchema {
  kind: 'list';
  listType: 'atomic' | 'set' | 'map';
  keys?: string[];
  items: TypeSchema;
}

export type TypeSchema = ScalarSchema | StructSchema | MapSchema | ListSchema;

export const scalar: ScalarSchema = { kind: 'scalar' };

const stringMap: MapSchema = { kind: 'map', values: scalar };

const ownerReference: StructSchema = {
  kind: 'struct',
  fields: {
    apiVersion: scalar,
    kind: scalar,
    name: scalar,
    uid: scalar,
    controller: scalar,
    blockOwnerDeletion: scalar,
  },
};

/** metav1.ObjectMeta as Kubernetes declares its list semantics and patch strategies. */
export const objectMetaSchema: StructSchema = {
  kind: 'struct',
  alwaysPresent: true,
  fields: {
    name: scalar,
    generateName: scalar,
    namespace: scalar,
    uid: scalar,
    resourceVersion: scalar,
    generation: scalar,
    creationTimestamp: scalar,
    deletionTimestamp: scalar,
    deletionGracePeriodSeconds: scalar,
    labels: stringMap,
    annotations: stringMap,
    ownerReferences: { kind: 'list', listType: 'map', keys: ['uid'], items: ownerReference },
    finalizers: { kind: 'list', listType: 'set', items: scalar },
    managedFields: { kind: 'list', listType: 'atomic', items: scalar },
  },
};

const objectReference: StructSchema = {
  kind: 'struct',
  fields: {
    kind: scalar,
    namespace: scalar,
    name: scalar,
    uid: scalar,
    apiVersion: scalar,
    resourceVersion: scalar,
    fieldPath: scalar,
  },
};

/** events.orch.io/v1 Event. `regarding` and `deprecatedSource` are non-pointer structs in Go. */
export const eventSchema: StructSchema = {
  kind: 'struct',
  fields: {
    apiVersion: scalar,
    kind: scalar,
    metadata: objectMetaSchema,
    eventTime: scalar,
    series: { kind: 'struct', fields: { count: scalar, lastObservedTime: scalar } },
    reportingController: scalar,
    reportingInstance: scalar,
    action: scalar,
    reason: scalar,
    regarding: { ...objectReference, alwaysPresent: true },
    related: objectReference,
    note: scalar,
    type: scalar,
    deprecatedSource: { kind: 'struct', alwaysPresent: true, fields: { component: scalar, host: scalar } },
    deprecatedFirstTimestamp: scalar,
    deprecatedLastTimestamp: scalar,
    deprecatedCount: scalar,
  },
};

/** A schema for a kind nothing more is known about: metadata as declared, the rest atomic. */
export const genericObjectSchema: StructSchema = {
  kind: 'struct',
  fields: { apiVersion: scalar, kind: scalar, metadata: objectMetaSchema },
};

/** The schema of a field of a struct or map; undefined when nothing declares it. */
export function fieldSchema(schema: TypeSchema | undefined, name: string): TypeSchema | undefined {
  if (!schema) return undefined;
  if (schema.kind === 'struct') return Object.hasOwn(schema.fields, name) ? schema.fields[name] : undefined;
  if (schema.kind === 'map') return schema.values;
  return undefined;
}

/** The schema of a list's items; undefined when nothing declares it. */
export function itemSchema(schema: TypeSchema | undefined): TypeSchema | undefined {
  return schema?.kind === 'list' ? schema.items : undefined;
}
