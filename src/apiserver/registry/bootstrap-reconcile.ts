// What the start-up reconcilers of bootstrap objects (RBAC policy, priority and fairness
// configuration) share: reading a cluster-scoped object that may not exist yet, and the report of
// what they wrote.
import type { InstalledResource } from './generic/context.ts';
import { getObject } from './generic/get.ts';
import { isAlreadyExists, isConflict, isNotFound } from '../../machinery/status.ts';

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

/** Attempts at one object's reconciliation while other servers of the cluster race for it. */
const RACE_ATTEMPTS = 5;

/**
 * Runs one object's read-then-write reconciliation again when another API server starting at the
 * same moment wrote the object in between (AlreadyExists, Conflict, or NotFound after a replace),
 * so servers starting together on an empty store all become ready.
 */
export async function reconcileRacing(reconcile: () => Promise<void>): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await reconcile();
    } catch (err) {
      const raced = isAlreadyExists(err) || isConflict(err) || isNotFound(err);
      if (!raced || attempt >= RACE_ATTEMPTS) throw err;
    }
  }
}
