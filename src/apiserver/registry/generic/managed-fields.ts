// metadata.managedFields for non-apply writes, through the managedfields machinery.
import type { ApiObject } from '../../../api/meta/v1/types.ts';
import { updateManagedFields } from '../../../machinery/managedfields/update.ts';
import type { StructuralSchema } from '../../../machinery/schema/structural.ts';
import { currentSecondTimestamp } from './object-meta.ts';

/**
 * Returns `obj` with the write of `manager` recorded (a copy; the argument is not changed). The
 * kind's structural schema says how its fields are owned; without one, by the object's kind.
 */
export function recordUpdateManager<T extends ApiObject>(obj: T, old: T | undefined, manager: string, apiVersion: string, schema?: StructuralSchema): T {
  const opts: Parameters<typeof updateManagedFields>[0] = { newObj: obj, manager, operation: 'Update', apiVersion, time: currentSecondTimestamp(), schema };
  if (old) opts.oldObj = old;
  return updateManagedFields(opts) as T;
}
