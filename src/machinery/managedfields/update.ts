// managedFields for non-apply writes (create, update, patch): the fields this write added or
// changed move to its manager, whose entry is keyed by (manager, Update, apiVersion, subresource).

import type { ApiObject } from '../../api/meta/v1/types.ts';
import { FieldSet } from './field-set.ts';
import { decodeManagedFields, encodeManagedFields, isResetManagedFields, managerId, type Managers, type ManagerState } from './managers.ts';
import { ignoredFields, schemaFor, transferOwnership } from './ownership.ts';
import { capUpdateManagers } from './cap-managers.ts';
import { createManagedFields } from './create-fields.ts';
import { isJsonObject } from '../patch/json-value.ts';
import type { StructuralSchema } from '../schema/structural.ts';

export interface UpdateManagedFieldsOptions {
  /** The object before the write; absent on create. */
  oldObj?: ApiObject;
  /** The object the write produces, possibly carrying managedFields from the request. */
  newObj: ApiObject;
  manager: string;
  operation: 'Update';
  apiVersion: string;
  /** RFC 3339 time (seconds) recorded on the manager's entry when its fields change. */
  time: string;
  subresource?: string;
  /** The kind's structural schema; by default chosen from the object's kind. */
  schema?: StructuralSchema | undefined;
}

/** Returns a copy of `newObj` whose metadata.managedFields records this write. */
export function updateManagedFields(opts: UpdateManagedFieldsOptions): ApiObject {
  if (startsFromNothing(opts)) {
    const managedFields = createManagedFields(opts.newObj, opts.manager, opts.apiVersion, opts.time, opts.schema);
    return { ...opts.newObj, metadata: { ...opts.newObj.metadata, managedFields } };
  }
  return updateManagedFieldsByComparison(opts);
}

/**
 * A create whose request brings no managers: the write owns every field it sets, which
 * createManagedFields writes down directly instead of comparing against an empty object.
 */
function startsFromNothing(opts: UpdateManagedFieldsOptions): boolean {
  if (opts.oldObj !== undefined || opts.subresource || !isJsonObject(opts.newObj.metadata)) return false;
  // Most creates bring no managedFields at all: nothing to read.
  const requested = opts.newObj.metadata.managedFields;
  return requested === undefined || requested === null || managersForWrite(undefined, opts.newObj, false).size === 0;
}

/** The general path: compare the old and new objects and move ownership of what changed. */
export function updateManagedFieldsByComparison(opts: UpdateManagedFieldsOptions): ApiObject {
  const managers = managersForWrite(opts.oldObj, opts.newObj, opts.subresource !== undefined && opts.subresource !== '');
  const self: ManagerState = {
    manager: opts.manager,
    operation: 'Update',
    apiVersion: opts.apiVersion,
    set: new FieldSet(),
  };
  if (opts.subresource) self.subresource = opts.subresource;
  const selfId = managerId(self);
  const currentOperation = '\u0000current-operation';
  const schema = schemaFor(opts.newObj, opts.schema);
  const { comparison } = transferOwnership(opts.oldObj, opts.newObj, schema, managers, currentOperation, true);

  const taken = comparison.modified.union(comparison.added).difference(comparison.removed).difference(ignoredFields);
  if (!taken.isEmpty()) {
    const previous = managers.get(selfId);
    self.set = previous ? previous.set.union(taken) : taken;
    self.time = opts.time;
    managers.set(selfId, self);
  }
  capUpdateManagers(managers);

  // Only metadata is replaced, so a shallow copy leaves the caller's object untouched.
  return { ...opts.newObj, metadata: { ...opts.newObj.metadata, managedFields: encodeManagedFields(managers) } };
}

/**
 * The managers a write starts from, as Kubernetes chooses them: a request's own managedFields
 * when it sets valid ones (`[]` or `[{}]` resets them), otherwise the live object's.
 * Subresource writes always start from the live object's.
 */
function managersForWrite(oldObj: ApiObject | undefined, newObj: ApiObject, ignoreNew: boolean): Managers {
  const live = decodeManagedFields(oldObj?.metadata?.managedFields) ?? new Map();
  if (ignoreNew) return live;
  const requested = newObj.metadata?.managedFields;
  if (isResetManagedFields(requested)) return new Map();
  const fromRequest = decodeManagedFields(requested);
  if (!fromRequest || fromRequest.size === 0) return live;
  return fromRequest;
}
