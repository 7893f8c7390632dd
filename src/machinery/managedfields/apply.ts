// Server-side apply: merge an apply configuration into the live object, make the applier the
// owner of exactly the fields it applied, remove fields it applied before and no longer does
// (unless another manager owns them), and refuse to change another manager's fields unless forced.

import type { ApiObject } from '../../api/meta/v1/types.ts';
import { badRequest } from '../status.ts';
import { cloneJson, isJsonObject, jsonEqual, ownValue, setOwn, type JsonObject } from '../patch/json-value.ts';
import { fieldSchema, isAtomicObject, itemSchema, keyValue, type TypeSchema } from '../schema/merge-schema.ts';
import type { StructuralSchema } from '../schema/structural.ts';
import { FieldSet } from './field-set.ts';
import { decodeManagedFields, encodeManagedFields, managerId, type ManagerState } from './managers.ts';
import { removeAtPath, toFieldSet, valueAtPath } from './object-fields.ts';
import { ignoredFields, schemaFor, transferOwnership, withoutManagedFields } from './ownership.ts';
import { applyConflictError } from './conflict-error.ts';
import { conflictsFromLastApplied } from './last-applied.ts';
import { capUpdateManagers } from './cap-managers.ts';
import type { FieldPath } from './path-element.ts';

export interface ServerSideApplyOptions {
  /** The live object; absent when the apply creates it. */
  current?: ApiObject;
  /** The apply configuration (the parsed request body). */
  applied: ApiObject;
  manager: string;
  force: boolean;
  /** The group/version the request was served at; the configuration must name it. */
  apiVersion: string;
  /** RFC 3339 time (seconds) recorded on the applier's entry. */
  time: string;
  /** The kind's structural schema; by default chosen from the object's kind. */
  schema?: StructuralSchema | undefined;
}

/** Returns the object the apply produces, with managedFields; throws a 409 on conflicts. */
export function serverSideApply(opts: ServerSideApplyOptions): ApiObject {
  const { current, applied } = opts;
  checkConfiguration(applied, opts.apiVersion, current);
  const schema = schemaFor(applied, opts.schema);

  const managers = decodeManagedFields(current?.metadata?.managedFields) ?? new Map();
  if (current && managers.size === 0) {
    // An object written before anyone tracked fields: its existing fields belong to a stand-in
    // manager, so an apply cannot silently take them over.
    const before: ManagerState = {
      manager: 'before-first-apply',
      operation: 'Update',
      apiVersion: opts.apiVersion,
      set: toFieldSet(withoutManagedFields(current), schema).difference(ignoredFields),
    };
    if (!before.set.isEmpty()) managers.set(managerId(before), before);
  }

  const self: ManagerState = { manager: opts.manager, operation: 'Apply', apiVersion: opts.apiVersion, time: opts.time, set: new FieldSet() };
  const selfId = managerId(self);
  const lastSet = managers.get(selfId)?.set ?? new FieldSet();
  const previousTime = managers.get(selfId)?.time;
  self.set = toFieldSet(applied, schema).difference(ignoredFields);
  managers.set(selfId, self);

  const live = current ? withoutManagedFields(current) : ({ metadata: {} } as ApiObject);
  const merged = mergeApplied(cloneJson(live), applied, schema) as ApiObject;
  prune(merged, lastSet.difference(self.set), managers, schema);

  const { conflicts } = transferOwnership(current, merged, schema, managers, selfId, opts.force);
  if (conflicts.length > 0 && !opts.force) {
    if (!conflictsFromLastApplied(current, opts.manager, conflicts, schema)) throw applyConflictError(conflicts);
    transferOwnership(current, merged, schema, managers, selfId, true);
  }

  // An apply that changes nothing keeps its entry's time, so the object stays byte-for-byte equal
  // and the write can be skipped.
  if (previousTime && current && jsonEqual(withoutManagedFields(current), withoutManagedFields(merged))) self.time = previousTime;

  capUpdateManagers(managers);
  merged.metadata = { ...(merged.metadata ?? {}), managedFields: encodeManagedFields(managers) };
  return merged;
}

function checkConfiguration(applied: ApiObject, apiVersion: string, current: ApiObject | undefined): void {
  if (!isJsonObject(applied)) throw badRequest('the apply configuration must be an object');
  if (applied.apiVersion !== apiVersion) {
    throw badRequest(
      `Incorrect version specified in apply patch. Specified patch version: ${applied.apiVersion ?? ''}, expected: ${apiVersion}`,
    );
  }
  if (typeof applied.kind !== 'string' || applied.kind === '') throw badRequest('Object \'Kind\' is missing in the apply configuration');
  if (current?.kind && current.kind !== applied.kind) {
    throw badRequest(`the apply configuration is a ${applied.kind}, the object is a ${current.kind}`);
  }
  if (applied.metadata !== undefined && !isJsonObject(applied.metadata)) throw badRequest('metadata must be an object');
  if (applied.metadata?.managedFields !== undefined && applied.metadata.managedFields !== null) {
    throw badRequest('metadata.managedFields must be nil');
  }
}

/** The structural merge: structs and maps merge, keyed lists merge by key, sets by value. */
function mergeApplied(live: unknown, config: unknown, schema: TypeSchema | undefined): unknown {
  if (config === undefined) return live;
  if (config === null) return undefined;
  // An atomic struct or map is replaced whole, as an atomic list is.
  if (isJsonObject(config) && isJsonObject(live) && schema?.kind !== 'scalar' && !isAtomicObject(schema)) {
    const out: JsonObject = { ...live };
    for (const [k, v] of Object.entries(config)) {
      const merged = mergeApplied(ownValue(live, k), v, fieldSchema(schema, k));
      if (merged === undefined) delete out[k];
      else setOwn(out, k, merged);
    }
    return out;
  }
  if (Array.isArray(config) && Array.isArray(live) && schema?.kind === 'list' && schema.listType !== 'atomic') {
    const out = [...live];
    const keys = schema.keys ?? [];
    for (const item of config) {
      const idx =
        schema.listType === 'map' && isJsonObject(item)
          ? out.findIndex((o) => isJsonObject(o) && keys.every((k) => jsonEqual(keyValue(o, k, schema.keyDefaults), keyValue(item, k, schema.keyDefaults))))
          : out.findIndex((o) => jsonEqual(o, item));
      if (idx >= 0) out[idx] = mergeApplied(out[idx], item, itemSchema(schema));
      else out.push(cloneJson(item));
    }
    return out;
  }
  return cloneJson(config);
}

/**
 * Removes from `obj` the fields the applier stopped applying, except those some manager still
 * owns (at or below the path). Containers left empty by the removal go too.
 */
function prune(obj: ApiObject, dropped: FieldSet, managers: Map<string, ManagerState>, schema: TypeSchema | undefined): void {
  let owned = new FieldSet();
  for (const m of managers.values()) owned = owned.union(m.set);
  for (const path of dropped.paths()) {
    if (owned.hasAtOrBelow(path)) continue;
    removeAtPath(obj as JsonObject, path, schema);
    removeEmptyAncestors(obj, path, owned, schema);
  }
}

function removeEmptyAncestors(obj: ApiObject, path: FieldPath, owned: FieldSet, schema: TypeSchema | undefined): void {
  for (let len = path.length - 1; len > 0; len--) {
    const parent = path.slice(0, len);
    const v = valueAtPath(obj, parent, schema);
    const empty = (Array.isArray(v) && v.length === 0) || (isJsonObject(v) && Object.keys(v).length === 0);
    if (!empty || owned.has(parent)) return;
    removeAtPath(obj as JsonObject, parent, schema);
  }
}
