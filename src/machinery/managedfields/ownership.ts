// The ownership step shared by updates and applies: compare the live and new objects, take the
// changed fields away from every other manager (or report them as conflicts when not forced),
// and drop the removed fields from everyone.

import type { ApiObject } from '../../api/meta/v1/types.ts';
import { eventSchema, genericObjectSchema } from '../patch/schema.ts';
import { mergeSchemaOf, type TypeSchema } from '../schema/merge-schema.ts';
import type { StructuralSchema } from '../schema/structural.ts';
import { FieldSet } from './field-set.ts';
import { compareObjects, type Comparison } from './object-fields.ts';
import type { Managers, ManagerState } from './managers.ts';
import type { FieldPath } from './path-element.ts';

/** Fields nobody owns: type and identity metadata the server controls. */
export const ignoredFields = FieldSet.of(
  ['f:apiVersion'],
  ['f:kind'],
  ['f:metadata'],
  ...['name', 'namespace', 'creationTimestamp', 'selfLink', 'uid', 'clusterName', 'generation', 'managedFields', 'resourceVersion'].map(
    (f) => ['f:metadata', `f:${f}`],
  ),
);

/**
 * The merge semantics of `schema`, or when the caller names none, of a kind this module knows
 * (an events.orch.io Event); anything else gets metadata semantics only.
 */
export function schemaFor(obj: ApiObject | undefined, schema?: StructuralSchema): TypeSchema | undefined {
  if (schema) return mergeSchemaOf(schema);
  if (obj?.kind === 'Event' && typeof obj.apiVersion === 'string' && obj.apiVersion.startsWith('events.')) return mergeSchemaOf(eventSchema);
  return mergeSchemaOf(genericObjectSchema);
}

/** A shallow copy without metadata.managedFields, which never takes part in comparisons. */
export function withoutManagedFields(obj: ApiObject): ApiObject {
  const { managedFields: _ignored, ...metadata } = obj.metadata ?? {};
  return { ...obj, metadata };
}

export interface Conflict {
  manager: ManagerState;
  path: FieldPath;
}

export interface OwnershipResult {
  comparison: Comparison;
  conflicts: Conflict[];
}

/**
 * Updates `managers` in place for a write from `live` to `next` by the manager `selfId`.
 * Returns the conflicts (fields of other managers the write changed); with force they have
 * already been taken away from their owners.
 */
export function transferOwnership(
  live: ApiObject | undefined,
  next: ApiObject,
  schema: TypeSchema | undefined,
  managers: Managers,
  selfId: string,
  force: boolean,
): OwnershipResult {
  const comparison = compareObjects(live ? withoutManagedFields(live) : {}, withoutManagedFields(next), schema);
  const changed = comparison.modified.union(comparison.added);
  const conflicts: Conflict[] = [];
  for (const [id, state] of managers) {
    if (id === selfId) continue;
    const conflictSet = state.set.intersection(changed).difference(ignoredFields);
    for (const path of conflictSet.paths()) conflicts.push({ manager: state, path });
  }
  if (conflicts.length > 0 && !force) return { comparison, conflicts };
  for (const [id, state] of managers) {
    if (id === selfId) continue;
    state.set = state.set.difference(changed).difference(comparison.removed);
    if (state.set.isEmpty()) managers.delete(id);
  }
  return { comparison, conflicts };
}
