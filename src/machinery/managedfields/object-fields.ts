// The field sets of objects, read through the type schema: which paths an apply configuration
// sets, and which paths a write added, modified or removed. Structs and maps are granular,
// associative lists are granular by key, sets by value; scalars, atomic lists and atomic structs
// and maps (`x-kubernetes-map-type: atomic`) are leaves.

import { isJsonObject, jsonEqual, type JsonObject } from '../patch/json-value.ts';
import { fieldSchema, isAtomicObject, itemSchema, type TypeSchema } from '../schema/merge-schema.ts';
import { FieldSet } from './field-set.ts';
import { fieldElement, keyElement, valueElement, type FieldPath, type PathElement } from './path-element.ts';

interface Child {
  element: PathElement;
  value: unknown;
  schema: TypeSchema | undefined;
}

/** True when the value is walked into (a non-atomic struct, map or list), false for a leaf. */
function isGranular(value: unknown, schema: TypeSchema | undefined): boolean {
  if (schema?.kind === 'scalar' || isAtomicObject(schema)) return false;
  if (schema?.kind === 'list') return schema.listType !== 'atomic' && Array.isArray(value);
  return isJsonObject(value);
}

function children(value: unknown, schema: TypeSchema | undefined): Child[] {
  if (Array.isArray(value)) {
    const items = itemSchema(schema);
    const keys = schema?.kind === 'list' && schema.listType === 'map' ? (schema.keys ?? []) : undefined;
    return value.map((item) => ({
      element: keys && isJsonObject(item) ? keyElement(item, keys, schema?.kind === 'list' ? schema.keyDefaults : undefined) : valueElement(item),
      value: item,
      schema: items,
    }));
  }
  if (!isJsonObject(value)) return [];
  return Object.entries(value)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => ({ element: fieldElement(k), value: v, schema: fieldSchema(schema, k) }));
}

/** Non-pointer Go structs are `{}` when unset, so they are never "added" or "removed". */
function normalize(value: unknown, schema: TypeSchema | undefined): unknown {
  if ((value === undefined || value === null) && schema?.kind === 'struct' && schema.alwaysPresent) return {};
  return value;
}

function isEmptyContainer(v: unknown): boolean {
  return (Array.isArray(v) && v.length === 0) || (isJsonObject(v) && Object.keys(v).length === 0);
}

/** The fields an apply configuration sets: its leaves, list items, and empty objects. */
export function toFieldSet(obj: unknown, schema: TypeSchema | undefined): FieldSet {
  const set = new FieldSet();
  const walk = (v: unknown, s: TypeSchema | undefined, path: FieldPath, isListItem: boolean): void => {
    if (!isGranular(v, s) || isEmptyContainer(v)) {
      if (path.length > 0) set.insert(path);
      return;
    }
    if (isListItem) set.insert(path);
    const listItems = Array.isArray(v);
    for (const c of children(v, s)) walk(c.value, c.schema, [...path, c.element], listItems);
  };
  walk(obj, schema, [], false);
  return set;
}

export interface Comparison {
  added: FieldSet;
  modified: FieldSet;
  removed: FieldSet;
}

/**
 * What changed from `lhs` to `rhs`: leaves added, modified or removed, and containers (structs,
 * maps, list items) that appeared or disappeared as a whole.
 */
export function compareObjects(lhs: unknown, rhs: unknown, schema: TypeSchema | undefined): Comparison {
  const out: Comparison = { added: new FieldSet(), modified: new FieldSet(), removed: new FieldSet() };
  const walk = (l: unknown, r: unknown, s: TypeSchema | undefined, path: FieldPath): void => {
    l = normalize(l, s);
    r = normalize(r, s);
    if (l === undefined && r === undefined) return;
    const bothEmpty = (l === undefined || isEmptyContainer(l)) && (r === undefined || isEmptyContainer(r));
    const granular =
      !bothEmpty &&
      (l === undefined || isGranular(l, s)) &&
      (r === undefined || isGranular(r, s)) &&
      (l === undefined || r === undefined || Array.isArray(l) === Array.isArray(r));
    if (!granular) {
      if (path.length === 0) return;
      if (l === undefined) out.added.insert(path);
      else if (r === undefined) out.removed.insert(path);
      else if (!jsonEqual(l, r)) out.modified.insert(path);
      return;
    }
    if (path.length > 0) {
      if (l === undefined) out.added.insert(path);
      else if (r === undefined) out.removed.insert(path);
    }
    const lc = new Map(children(l, s).map((c) => [c.element, c]));
    const rc = new Map(children(r, s).map((c) => [c.element, c]));
    for (const [e, c] of lc) walk(c.value, rc.get(e)?.value, c.schema, [...path, e]);
    for (const [e, c] of rc) if (!lc.has(e)) walk(undefined, c.value, c.schema, [...path, e]);
  };
  walk(lhs, rhs, schema, []);
  return out;
}

/** Removes the value at `path` (if present) from `obj`, mutating it. */
export function removeAtPath(obj: JsonObject, path: FieldPath, schema: TypeSchema | undefined): void {
  if (path.length === 0) return;
  let container: unknown = obj;
  let s = schema;
  for (let i = 0; i < path.length - 1; i++) {
    const found = children(container, s).find((c) => c.element === path[i]);
    if (!found) return;
    container = found.value;
    s = found.schema;
  }
  const last = path[path.length - 1]!;
  if (Array.isArray(container)) {
    const idx = children(container, s).findIndex((c) => c.element === last);
    if (idx >= 0) container.splice(idx, 1);
  } else if (isJsonObject(container) && last.startsWith('f:')) {
    delete container[last.slice(2)];
  }
}

/** The value at `path`, or undefined. */
export function valueAtPath(obj: unknown, path: FieldPath, schema: TypeSchema | undefined): unknown {
  let v: unknown = obj;
  let s = schema;
  for (const e of path) {
    const found = children(v, s).find((c) => c.element === e);
    if (!found) return undefined;
    v = found.value;
    s = found.schema;
  }
  return v;
}
