// managedFields of a create that starts from no managers: one entry owning every field of the new
// object except the identity fields nobody owns. Built in one walk of the object, straight into
// fieldsV1, it gives exactly what comparing against `{}` and encoding the FieldSets would, at a
// fraction of the cost on the hottest write path (event creates).

import type { ApiObject } from '../../api/meta/v1/types.ts';
import { isJsonObject, type JsonObject } from '../patch/json-value.ts';
import { fieldSchema, isAtomicObject, type TypeSchema } from '../schema/merge-schema.ts';
import type { StructuralSchema } from '../schema/structural.ts';
import type { FieldSet } from './field-set.ts';
import type { ManagedFieldsEntry } from './managers.ts';
import { ignoredFields, schemaFor } from './ownership.ts';
import { compareElements, fieldElement, keyElement, valueElement, type PathElement } from './path-element.ts';

/** The managedFields a create by `manager` records (`[]` when the object has no owned field). */
export function createManagedFields(newObj: ApiObject, manager: string, apiVersion: string, time: string, schema?: StructuralSchema): ManagedFieldsEntry[] {
  const fieldsV1 = createdFieldsV1(newObj, schemaFor(newObj, schema));
  if (fieldsV1 === undefined) return [];
  const entry: ManagedFieldsEntry = { manager, operation: 'Update', apiVersion };
  if (time) entry.time = time;
  entry.fieldsType = 'FieldsV1';
  entry.fieldsV1 = fieldsV1;
  return [entry];
}

/** The fieldsV1 of every field of `obj` minus ignoredFields; undefined when that is empty. */
export function createdFieldsV1(obj: ApiObject, schema: TypeSchema | undefined): Record<string, unknown> | undefined {
  return objectFields(obj, schema, ignoredFields, 'root');
}

type FieldsV1 = Record<string, unknown>;

/** Where an object sits: metadata.managedFields never takes part in the comparison. */
type Level = 'root' | 'metadata' | 'nested';

/**
 * The fieldsV1 of one value at a path the old object did not have. Non-pointer structs count as
 * present-but-empty before the write, so they are not members themselves (and an empty one records
 * nothing); everything else is a member, with children when it is a non-empty granular container.
 * Ignored paths lose their membership but keep their children, as FieldSet.difference does.
 */
function valueFields(value: unknown, schema: TypeSchema | undefined, ignored: FieldSet | undefined, level: Level): FieldsV1 | undefined {
  if (value === undefined) return undefined;
  const member = !(ignored?.member ?? false);
  if (schema?.kind === 'struct' && schema.alwaysPresent) {
    if (value === null) return undefined;
    // Anything but an object differs from `{}`: a modified leaf.
    if (!isJsonObject(value)) return member ? {} : undefined;
    // An atomic one is one leaf, changed unless it is still `{}`.
    if (schema.atomic) return member && Object.values(value).some((v) => v !== undefined) ? {} : undefined;
    return objectFields(value, schema, ignored, level);
  }
  if (schema?.kind === 'scalar' || isAtomicObject(schema)) return member ? {} : undefined;
  if (Array.isArray(value)) {
    if (value.length === 0 || schema?.kind !== 'list' || schema.listType === 'atomic') return member ? {} : undefined;
    const keys = schema.listType === 'map' ? (schema.keys ?? []) : undefined;
    return withSelf(listItemFields(value, schema.items, keys, ignored, schema.keyDefaults), member);
  }
  if (!isJsonObject(value) || schema?.kind === 'list') return member ? {} : undefined;
  return withSelf(objectFields(value, schema, ignored, level), member);
}

/** A member container: `".": {}` before its children, or a bare leaf when it has none. */
function withSelf(children: FieldsV1 | undefined, member: boolean): FieldsV1 | undefined {
  if (children === undefined) return member ? {} : undefined;
  return member ? { '.': {}, ...children } : children;
}

/** The fields of a struct or map, in element order; undefined when none is recorded. */
function objectFields(obj: JsonObject, schema: TypeSchema | undefined, ignored: FieldSet | undefined, level: Level): FieldsV1 | undefined {
  // Every element is `f:<key>`, so sorting the keys sorts the elements.
  const keys = sortedKeys(obj);
  let out: FieldsV1 | undefined;
  for (const key of keys) {
    if (level === 'metadata' && key === 'managedFields') continue;
    const element = fieldElementOf(key);
    const childLevel = level === 'root' && key === 'metadata' ? 'metadata' : 'nested';
    const fields = valueFields(obj[key], fieldSchema(schema, key), ignored?.children.get(element), childLevel);
    if (fields === undefined) continue;
    out ??= {};
    out[element] = fields;
  }
  return out;
}

/**
 * The keys in code-unit order, as Array.prototype.sort orders strings. Objects here are small, and
 * an insertion sort with `<` beats the generic sort (which converts every operand) several times.
 */
function sortedKeys(obj: JsonObject): string[] {
  const keys = Object.keys(obj);
  if (keys.length > 32) return keys.sort();
  for (let i = 1; i < keys.length; i++) {
    const key = keys[i]!;
    let j = i - 1;
    while (j >= 0 && keys[j]! > key) {
      keys[j + 1] = keys[j]!;
      j--;
    }
    keys[j + 1] = key;
  }
  return keys;
}

/**
 * `f:<key>`, reusing the string made last time: a freshly concatenated property name costs a
 * string-table lookup on every store, which dominates a walk of a small object. Bounded, since map
 * keys (labels, annotations) are unbounded.
 */
const elementCache = new Map<string, PathElement>();
const elementCacheLimit = 4096;

function fieldElementOf(key: string): PathElement {
  let element = elementCache.get(key);
  if (element === undefined) {
    if (elementCache.size >= elementCacheLimit) elementCache.clear();
    element = fieldElement(key);
    elementCache.set(key, element);
  }
  return element;
}

/**
 * The items of a set or associative list. Items with the same element collapse into the last
 * one, as a comparison keyed by element does.
 */
function listItemFields(
  items: unknown[],
  itemSchema: TypeSchema | undefined,
  keys: readonly string[] | undefined,
  ignored: FieldSet | undefined,
  keyDefaults?: Readonly<Record<string, unknown>>,
): FieldsV1 | undefined {
  const byElement = new Map<PathElement, unknown>();
  for (const item of items) byElement.set(keys && isJsonObject(item) ? keyElement(item, keys, keyDefaults) : valueElement(item), item);
  const elements = [...byElement.keys()].sort(compareElements);
  let out: FieldsV1 | undefined;
  for (const element of elements) {
    const fields = valueFields(byElement.get(element), itemSchema, ignored?.children.get(element), 'nested');
    if (fields === undefined) continue;
    out ??= {};
    out[element] = fields;
  }
  return out;
}
