// Strategic merge patch: a merge patch that knows, from the kind's structural schema
// (x-kubernetes-patch-strategy and patch-merge-key), which lists merge by a key (ownerReferences
// by uid), which lists of scalars merge as sets (finalizers), and which are replaced whole; plus the directives $patch (replace | delete | merge), $retainKeys,
// $deleteFromPrimitiveList/<field> and $setElementOrder/<field>.

import type { ApiObject } from '../../api/meta/v1/types.ts';
import { badRequest } from '../status.ts';
import { patchRejected } from './rejected.ts';
import { cloneJson, isJsonObject, jsonEqual, jsonTypeName, ownValue, setOwn, type JsonObject } from './json-value.ts';
import { fieldSchema, itemSchema, mergeSchemaOf, type ListSchema, type TypeSchema } from '../schema/merge-schema.ts';
import type { StructuralSchema } from '../schema/structural.ts';

const directiveMarker = '$patch';
const retainKeysDirective = '$retainKeys';
const deleteFromPrimitiveListPrefix = '$deleteFromPrimitiveList/';
const setElementOrderPrefix = '$setElementOrder/';

export function applyStrategicMergePatch(obj: ApiObject, patch: unknown, schema: StructuralSchema): ApiObject {
  if (!isJsonObject(patch)) {
    throw badRequest(`strategic merge patch must be a JSON object, got ${jsonTypeName(patch)}`);
  }
  const merged = mergeMap(cloneJson(obj) as JsonObject, patch, mergeSchemaOf(schema));
  return (merged ?? {}) as ApiObject;
}

/** Merges `patch` into `original` (mutated). Returns undefined when the patch deletes the map. */
function mergeMap(original: JsonObject, patch: JsonObject, schema: TypeSchema | undefined): JsonObject | undefined {
  const directive = patch[directiveMarker];
  if (directive !== undefined) {
    if (directive === 'delete') return undefined;
    if (directive === 'replace') return stripDirectives(patch);
    if (directive !== 'merge') throw badRequest(`unknown patch type: ${JSON.stringify(directive)} in map`);
  }

  const retainKeys = patch[retainKeysDirective];
  if (retainKeys !== undefined) applyRetainKeys(original, patch, retainKeys);

  for (const [key, value] of Object.entries(patch)) {
    if (key.startsWith(deleteFromPrimitiveListPrefix)) {
      deleteFromPrimitiveList(original, key.slice(deleteFromPrimitiveListPrefix.length), value);
    } else if (key.startsWith(setElementOrderPrefix)) {
      if (!Array.isArray(value)) throw badRequest('invalid patch format of setElementOrder list');
    }
  }

  for (const [key, patchValue] of Object.entries(patch)) {
    if (key === directiveMarker || key === retainKeysDirective || key.startsWith('$')) continue;
    const sub = fieldSchema(schema, key);
    if (patchValue === null) {
      delete original[key];
      continue;
    }
    const merged = mergeValue(ownValue(original, key), patchValue, sub);
    if (merged === undefined) delete original[key];
    else setOwn(original, key, merged);
  }

  for (const [key, order] of Object.entries(patch)) {
    if (!key.startsWith(setElementOrderPrefix)) continue;
    const field = key.slice(setElementOrderPrefix.length);
    const list = ownValue(original, field);
    if (Array.isArray(list)) setOwn(original, field, orderList(list, order as unknown[], fieldSchema(schema, field)));
  }
  return original;
}

function mergeValue(current: unknown, patchValue: unknown, schema: TypeSchema | undefined): unknown {
  if (isJsonObject(patchValue)) {
    return mergeMap(isJsonObject(current) ? current : {}, patchValue, schema);
  }
  if (Array.isArray(patchValue)) {
    return mergeList(Array.isArray(current) ? current : [], patchValue, schema);
  }
  return patchValue;
}

function mergeList(original: unknown[], patch: unknown[], schema: TypeSchema | undefined): unknown[] {
  if (schema?.kind !== 'list' || schema.patch === 'replace') return patch.map(stripDirectivesDeep);
  if (schema.patch === 'set') {
    const out = [...original];
    for (const item of patch) {
      if (Array.isArray(item)) throw patchRejected('lists of lists are not supported');
      if (!out.some((v) => jsonEqual(v, item))) out.push(item);
    }
    return out;
  }
  return mergeKeyedList(original, patch, schema);
}

function mergeKeyedList(original: unknown[], patch: unknown[], schema: ListSchema): unknown[] {
  const keys = [schema.mergeKey!];
  const replace = patch.find((item) => isJsonObject(item) && item[directiveMarker] === 'replace');
  if (replace !== undefined) {
    return patch.filter((item) => item !== replace).map(stripDirectivesDeep);
  }
  const out = [...original];
  for (const item of patch) {
    if (Array.isArray(item)) throw patchRejected('lists of lists are not supported');
    if (!isJsonObject(item)) throw badRequest(`expected a map as an item of a merge list, but received a ${jsonTypeName(item)}`);
    const missing = keys.find((k) => item[k] === undefined);
    if (missing !== undefined) {
      throw badRequest(`map: ${JSON.stringify(item)} does not contain declared merge key: ${missing}`);
    }
    const index = out.findIndex((o) => isJsonObject(o) && keys.every((k) => jsonEqual(o[k], item[k])));
    const directive = item[directiveMarker];
    if (directive === 'delete') {
      for (let i = out.length - 1; i >= 0; i--) {
        const o = out[i];
        if (isJsonObject(o) && keys.every((k) => jsonEqual(o[k], item[k]))) out.splice(i, 1);
      }
      continue;
    }
    if (directive !== undefined && directive !== 'merge') {
      throw badRequest(`unknown patch type: ${JSON.stringify(directive)} in map`);
    }
    if (index >= 0) {
      const merged = mergeMap(out[index] as JsonObject, item, itemSchema(schema));
      if (merged === undefined) out.splice(index, 1);
      else out[index] = merged;
    } else {
      out.push(mergeMap({}, item, itemSchema(schema)));
    }
  }
  return out;
}

/** $retainKeys: the patch may only name listed keys; the original keeps only listed keys. */
function applyRetainKeys(original: JsonObject, patch: JsonObject, retainKeys: unknown): void {
  if (!Array.isArray(retainKeys)) throw badRequest('invalid patch format of retainKeys');
  const retained = new Set(retainKeys.map((k) => String(k)));
  for (const [key, value] of Object.entries(patch)) {
    if (value === null || key.startsWith('$')) continue;
    if (!retained.has(key)) throw badRequest('invalid patch format of retainKeys');
  }
  for (const key of Object.keys(original)) {
    if (!retained.has(key)) delete original[key];
  }
}

function deleteFromPrimitiveList(original: JsonObject, field: string, values: unknown): void {
  if (!Array.isArray(values)) throw badRequest('invalid patch format of primitive list');
  const list = ownValue(original, field);
  if (!Array.isArray(list)) return;
  setOwn(original, field, list.filter((item) => !values.some((v) => jsonEqual(v, item))));
}

/**
 * $setElementOrder: the listed elements come first, in the listed order; elements the list does
 * not name (present only on the server) keep their relative order after them.
 */
function orderList(list: unknown[], order: unknown[], schema: TypeSchema | undefined): unknown[] {
  const keys = schema?.kind === 'list' && schema.patch === 'keyed' ? [schema.mergeKey!] : undefined;
  const matches = (item: unknown, spec: unknown): boolean =>
    keys && isJsonObject(item) && isJsonObject(spec)
      ? keys.every((k) => jsonEqual(item[k], spec[k]))
      : jsonEqual(item, spec);
  const ordered: unknown[] = [];
  const used = new Set<number>();
  for (const spec of order) {
    const i = list.findIndex((item, idx) => !used.has(idx) && matches(item, spec));
    if (i >= 0) {
      used.add(i);
      ordered.push(list[i]);
    }
  }
  return [...ordered, ...list.filter((_, idx) => !used.has(idx))];
}

function stripDirectives(patch: JsonObject): JsonObject {
  const out: JsonObject = {};
  for (const [k, v] of Object.entries(patch)) {
    if (k.startsWith('$') || v === null) continue;
    setOwn(out, k, stripDirectivesDeep(v));
  }
  return out;
}

function stripDirectivesDeep(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(stripDirectivesDeep);
  if (isJsonObject(v)) return stripDirectives(v);
  return v;
}
