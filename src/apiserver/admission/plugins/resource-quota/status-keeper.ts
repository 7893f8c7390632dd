// The part of Kubernetes' quota controller that makes a quota usable: when a quota's hard limits
// are new or changed (status.hard differs from spec.hard), its status gets spec.hard and the usage
// measured from the namespace's objects, written by compare-and-swap. Keeping usage current as
// objects go away (replenishment) is the controller manager's resourcequota controller's work.
// Writes to one namespace's quotas are serialized within this server, shared with admission.
import type { ResourceList, ResourceQuota } from '../../../../api/core/v1/policy-types.ts';
import { isConflict } from '../../../../machinery/status.ts';
import { equalLists } from '../../../../machinery/quantity/resource-lists.ts';
import { calculateUsage } from '../../../../machinery/quota/usage.ts';
import type { NamespacedObjects, QuotaStore } from './access.ts';
import type { EvaluatorRegistry } from './evaluators/registry.ts';

const SYNC_ATTEMPTS = 3;

export interface QuotaStatusKeeper {
  /** Brings the quota's status up to its spec if it lags; returns the quota as stored after. */
  sync(quota: ResourceQuota): Promise<ResourceQuota>;
  /** The same, for a caller already inside `serialize` for the quota's namespace. */
  syncSerialized(quota: ResourceQuota): Promise<ResourceQuota>;
  /** Runs `fn` alone among this server's quota writes to the namespace. */
  serialize<T>(namespace: string, fn: () => Promise<T>): Promise<T>;
}

/** status.hard lags spec.hard: the quota is new or its limits changed. */
export function statusLags(quota: ResourceQuota): boolean {
  return !equalLists(quota.spec?.hard ?? {}, quota.status?.hard ?? {});
}

/** Per-namespace queues: each call waits for the previous one on its namespace. */
export function namespaceSerializer(): QuotaStatusKeeper['serialize'] {
  const tails = new Map<string, Promise<unknown>>();
  return async (namespace, fn) => {
    const before = tails.get(namespace) ?? Promise.resolve();
    const run = before.then(fn, fn);
    const tail = run.catch(() => undefined);
    tails.set(namespace, tail);
    try {
      return await run;
    } finally {
      if (tails.get(namespace) === tail) tails.delete(namespace);
    }
  };
}

export function quotaStatusKeeper(deps: { quotas: QuotaStore; objects: NamespacedObjects; registry: EvaluatorRegistry }): QuotaStatusKeeper {
  const serialize = namespaceSerializer();
  const syncOnce = async (quota: ResourceQuota): Promise<ResourceQuota> => {
    const namespace = quota.metadata.namespace ?? '';
    let current: ResourceQuota | undefined = quota;
    for (let attempt = 1; current && statusLags(current); attempt++) {
      const hard: ResourceList = { ...(current.spec?.hard ?? {}) };
      const measured = await calculateUsage(current, hard, deps.registry, deps.objects);
      // Usage of resources nothing measures is kept as it was.
      const used: ResourceList = {};
      for (const name of Object.keys(hard)) {
        const value = measured[name] ?? current.status?.used?.[name];
        if (value !== undefined) used[name] = value;
      }
      try {
        return await deps.quotas.updateStatus({ ...current, status: { hard, used } });
      } catch (err) {
        if (!isConflict(err) || attempt >= SYNC_ATTEMPTS) throw err;
        current = (await deps.quotas.list(namespace)).find((q) => q.metadata.name === quota.metadata.name);
      }
    }
    return current ?? quota;
  };
  return {
    serialize,
    syncSerialized: syncOnce,
    sync: (quota) => (statusLags(quota) ? serialize(quota.metadata.namespace ?? '', () => syncOnce(quota)) : Promise.resolve(quota)),
  };
}
