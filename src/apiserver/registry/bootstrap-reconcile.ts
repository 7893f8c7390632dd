// What the start-up reconcilers of bootstrap objects (RBAC policy, priority and fairness
// configuration) share: reading a cluster-scoped object that may not exist yet, and the report of
// what they wrote.
import type { InstalledResource } from './generic/context.ts';
import { getObject } from './generic/get.ts';
import { isNotFound } from '../../machinery/status.ts';

export interface BootstrapReconcileReport {
  /** `<plural>/<name>` of each object created. */
  created: string[];
  /** `<plural>/<name>` of each object put back or completed. */
  updated: string[];
}

/** The stored cluster-scoped object, or undefined when there is none. */
export async function existingClusterObject<T>(res: InstalledResource<any, any>, name: string): Promise<T | undefined> {
  try {
    return (await getObject(res, name, '')) as T;
  } catch (err) {
    if (isNotFound(err)) return undefined;
    throw err;
  }
}
