// A status rule the apps kinds share: collisionCount, once set, never goes down (IsDecremented).
import { invalid, type FieldError } from '../../../../machinery/validation/field-error.ts';

export function validateCollisionCount(count: number | null | undefined, old: number | null | undefined, path: string): FieldError[] {
  if (old === undefined || old === null) return [];
  if (count === undefined || count === null || count < old) return [invalid(path, count ?? 0, 'cannot be decremented')];
  return [];
}
