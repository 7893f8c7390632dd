// The merge semantics strategic merge patch and server-side apply need, derived from a kind's
// structural schema: which values are structs, maps, lists or scalars; how each list merges in a
// strategic merge patch (x-kubernetes-patch-strategy and patch-merge-key) and in an apply
// (x-kubernetes-list-type and list-map-keys); and which struct fields Go always serialises
// (non-pointer structs, published with `default: {}`), which decides how managedFields read them.
// Derived once per schema object and cached, so callers pass structural schemas around.
import type { StructuralSchema } from './structural.ts';

/** A scalar (or int-or-string): replaced as a whole. */
export interface ScalarSchema {
  kind: 'scalar';
}

/**
 * A struct with declared fields. Undeclared fields have no schema (`undefined`): they are handled
 * as Kubernetes handles a deduced type (objects merge field by field, lists are atomic).
 */
export interface StructSchema {
  kind: 'struct';
  fields: ReadonlyMap<string, TypeSchema>;
  /** True for a non-pointer Go struct field, present (as `{}`) even when unset. */
  alwaysPresent?: boolean;
  /** `x-kubernetes-map-type: atomic`: apply replaces it whole and owns it as one field. */
  atomic?: boolean;
}

/** A map with free-form keys (labels, annotations); merged key by key. */
export interface MapSchema {
  kind: 'map';
  values: TypeSchema | undefined;
  /** `x-kubernetes-map-type: atomic`: apply replaces it whole and owns it as one field. */
  atomic?: boolean;
}

/**
 * A list. For apply, `atomic` lists are replaced whole, `set` lists merge by value and `map`
 * lists merge items by `keys`. A strategic merge patch reads `patch` instead: `replace` (the
 * default), `set` (strategy merge on scalars) or `keyed` (strategy merge by `mergeKey`).
 */
export interface ListSchema {
  kind: 'list';
  listType: 'atomic' | 'set' | 'map';
  keys?: readonly string[];
  /**
   * Defaults of key fields, from the items' schema: an item that leaves a key out is keyed by
   * its default, as structured-merge-diff keys it (a container port without protocol is TCP).
   */
  keyDefaults?: Readonly<Record<string, unknown>>;
  patch: 'replace' | 'set' | 'keyed';
  mergeKey?: string;
  items: TypeSchema | undefined;
}

export type TypeSchema = ScalarSchema | StructSchema | MapSchema | ListSchema;

const scalar: ScalarSchema = { kind: 'scalar' };

/** Recursive schemas are cut off (left undeclared) below this depth. */
const MAX_DEPTH = 64;

const derived = new WeakMap<StructuralSchema, TypeSchema | null>();

function isEmptyObject(v: unknown): boolean {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && Object.keys(v).length === 0;
}

function derive(s: StructuralSchema, field: boolean, depth: number): TypeSchema | undefined {
  if (depth > MAX_DEPTH || s['x-kubernetes-embedded-resource']) return undefined;
  if (s['x-kubernetes-int-or-string']) return scalar;
  switch (s.type) {
    case 'object': {
      if (s.properties) {
        const fields = new Map<string, TypeSchema>();
        for (const name of Object.keys(s.properties)) {
          const sub = derive(s.properties[name]!, true, depth + 1);
          if (sub) fields.set(name, sub);
        }
        const out: StructSchema = { kind: 'struct', fields };
        if (field && isEmptyObject(s.default)) out.alwaysPresent = true;
        if (s['x-kubernetes-map-type'] === 'atomic') out.atomic = true;
        return out;
      }
      if (s.additionalProperties) {
        const out: MapSchema = { kind: 'map', values: derive(s.additionalProperties, false, depth + 1) };
        if (s['x-kubernetes-map-type'] === 'atomic') out.atomic = true;
        return out;
      }
      return undefined; // free-form (FieldsV1, RawExtension): deduced
    }
    case 'array': {
      const strategy = s['x-kubernetes-patch-strategy']?.split(',') ?? [];
      const mergeKey = s['x-kubernetes-patch-merge-key'];
      const out: ListSchema = {
        kind: 'list',
        listType: s['x-kubernetes-list-type'] ?? 'atomic',
        patch: strategy.includes('merge') ? (mergeKey ? 'keyed' : 'set') : 'replace',
        items: s.items ? derive(s.items, false, depth + 1) : undefined,
      };
      if (s['x-kubernetes-list-map-keys']) {
        out.keys = s['x-kubernetes-list-map-keys'];
        const defaults: Record<string, unknown> = {};
        for (const key of out.keys) {
          const d = s.items?.properties?.[key]?.default;
          if (d !== undefined) defaults[key] = d;
        }
        if (Object.keys(defaults).length) out.keyDefaults = defaults;
      }
      if (mergeKey) out.mergeKey = mergeKey;
      return out;
    }
    case undefined:
      return undefined; // anything goes (preserve-unknown-fields without a type)
    default:
      return scalar;
  }
}

/** The merge semantics of a kind's structural schema (its root is a struct). */
export function mergeSchemaOf(schema: StructuralSchema): TypeSchema | undefined {
  let out = derived.get(schema);
  if (out === undefined) {
    out = derive(schema, false, 0) ?? null;
    derived.set(schema, out);
  }
  return out ?? undefined;
}

/** A struct or map that server-side apply treats as one value (`x-kubernetes-map-type: atomic`). */
export function isAtomicObject(schema: TypeSchema | undefined): boolean {
  return (schema?.kind === 'struct' || schema?.kind === 'map') && schema.atomic === true;
}

/** The schema of a field of a struct or map; undefined when nothing declares it. */
export function fieldSchema(schema: TypeSchema | undefined, name: string): TypeSchema | undefined {
  if (!schema) return undefined;
  if (schema.kind === 'struct') return schema.fields.get(name);
  if (schema.kind === 'map') return schema.values;
  return undefined;
}

/** The value an associative list item has for `key`: its own, else the key's default. */
export function keyValue(item: Readonly<Record<string, unknown>>, key: string, defaults: Readonly<Record<string, unknown>> | undefined): unknown {
  const v = Object.hasOwn(item, key) ? item[key] : undefined;
  return v === undefined && defaults ? defaults[key] : v;
}

/** The schema of a list's items; undefined when nothing declares it. */
export function itemSchema(schema: TypeSchema | undefined): TypeSchema | undefined {
  return schema?.kind === 'list' ? schema.items : undefined;
}
