// metadata.managedFields for non-apply writes, through the managedfields machinery.
import type { ApiObject } from '../../../storage/interface.ts';
import { updateManagedFields } from '../../../machinery/managedfields/update.ts';
import { nowTimestamp } from './object-meta.ts';

/** Returns `obj` with the write of `manager` recorded (a copy; the argument is not changed). */
export function recordUpdateManager<T extends ApiObject>(obj: T, old: T | undefined, manager: string, apiVersion: string): T {
  const opts: Parameters<typeof updateManagedFields>[0] = { newObj: obj, manager, operation: 'Update', apiVersion, time: currentSecondTimestamp() };
  if (old) opts.oldObj = old;
  return updateManagedFields(opts) as T;
}

// managedFields times have one-second resolution, so a busy server formats each second once.
let cachedSecond = -1;
let cachedTimestamp = '';

/** nowTimestamp(), formatted once per wall-clock second. */
export function currentSecondTimestamp(nowMs: number = Date.now()): string {
  const second = Math.floor(nowMs / 1000);
  if (second !== cachedSecond) {
    cachedTimestamp = nowTimestamp(new Date(second * 1000));
    cachedSecond = second;
  }
  return cachedTimestamp;
}
