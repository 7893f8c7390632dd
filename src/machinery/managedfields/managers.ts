// metadata.managedFields entries in and out: one entry per manager identity, which is
// (manager, operation, apiVersion, subresource) for updates and (manager, subresource) for appliers,
// sorted as Kubernetes sorts them (Apply before Update, then by time, manager, apiVersion).

import { FieldSet } from './field-set.ts';
import type { ManagedFieldsEntry } from '../../api/meta/v1/types.ts';

export type { ManagedFieldsEntry };

export type ManagedFieldsOperation = NonNullable<ManagedFieldsEntry['operation']>;

export interface ManagerState {
  manager: string;
  operation: ManagedFieldsOperation;
  apiVersion: string;
  subresource?: string;
  time?: string;
  set: FieldSet;
}

/** Managers by identity. */
export type Managers = Map<string, ManagerState>;

export function managerId(m: { manager: string; operation: ManagedFieldsOperation; apiVersion: string; subresource?: string }): string {
  return JSON.stringify([m.manager, m.operation, m.operation === 'Apply' ? '' : m.apiVersion, m.subresource ?? '']);
}

/**
 * Reads managedFields. Returns undefined when the list is malformed, which callers treat as
 * Kubernetes does: ignore it and fall back to the live object's.
 */
export function decodeManagedFields(entries: unknown): Managers | undefined {
  const managers: Managers = new Map();
  if (entries === undefined || entries === null) return managers;
  if (!Array.isArray(entries)) return undefined;
  for (const raw of entries) {
    if (typeof raw !== 'object' || raw === null) return undefined;
    const e = raw as ManagedFieldsEntry;
    if (e.operation !== 'Apply' && e.operation !== 'Update') return undefined;
    if (e.fieldsType !== undefined && e.fieldsType !== 'FieldsV1') return undefined;
    let set: FieldSet;
    try {
      set = FieldSet.fromFieldsV1(e.fieldsV1 ?? {});
    } catch {
      return undefined;
    }
    const state: ManagerState = {
      manager: e.manager ?? '',
      operation: e.operation,
      apiVersion: e.apiVersion ?? '',
      set,
    };
    if (e.subresource) state.subresource = e.subresource;
    if (e.time) state.time = e.time;
    const id = managerId(state);
    if (managers.has(id)) return undefined;
    managers.set(id, state);
  }
  return managers;
}

/** `[]` and `[{}]` in a request ask for managedFields to be reset. */
export function isResetManagedFields(entries: unknown): boolean {
  if (!Array.isArray(entries)) return false;
  if (entries.length === 0) return true;
  return entries.length === 1 && typeof entries[0] === 'object' && entries[0] !== null && Object.keys(entries[0]).length === 0;
}

export function encodeManagedFields(managers: Managers): ManagedFieldsEntry[] {
  const states = [...managers.values()].filter((m) => !m.set.isEmpty());
  states.sort(compareManagers);
  return states.map((m) => {
    const e: ManagedFieldsEntry = { manager: m.manager, operation: m.operation, apiVersion: m.apiVersion };
    if (m.time) e.time = m.time;
    e.fieldsType = 'FieldsV1';
    e.fieldsV1 = m.set.toFieldsV1();
    if (m.subresource) e.subresource = m.subresource;
    return e;
  });
}

function compareManagers(p: ManagerState, q: ManagerState): number {
  if (p.operation !== q.operation) return p.operation < q.operation ? -1 : 1;
  const pt = p.time ? Math.floor(Date.parse(p.time) / 1000) : 0;
  const qt = q.time ? Math.floor(Date.parse(q.time) / 1000) : 0;
  if (pt !== qt) return pt - qt;
  for (const [a, b] of [
    [p.manager, q.manager],
    [p.apiVersion, q.apiVersion],
    [p.subresource ?? '', q.subresource ?? ''],
  ] as const) {
    if (a !== b) return a < b ? -1 : 1;
  }
  return 0;
}
