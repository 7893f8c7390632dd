// ValidateImmutableField: a field that may not change after creation. The error shows the new
// value and says `field is immutable`, as Kubernetes does.

import { invalid, type FieldError } from './field-error.ts';

/** Structural equality over JSON-like values; undefined and absent keys are equal. */
export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((v, i) => deepEqual(v, b[i]));
  }
  const ao = a as Record<string, unknown>;
  const bo = b as Record<string, unknown>;
  const keys = new Set([...Object.keys(ao), ...Object.keys(bo)]);
  for (const k of keys) if (!deepEqual(ao[k], bo[k])) return false;
  return true;
}

export function validateImmutableField(
  newValue: unknown,
  oldValue: unknown,
  field: string,
  rendered: FieldError['badValue'] = newValue as FieldError['badValue'],
): FieldError[] {
  return deepEqual(newValue, oldValue) ? [] : [invalid(field, rendered, 'field is immutable')];
}
