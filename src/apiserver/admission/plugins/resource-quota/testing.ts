// An in-memory quota store with compare-and-swap writes and an in-memory set of objects, for the
// ResourceQuota plugin's tests.
import type { ApiObject } from '../../../../api/meta/v1/types.ts';
import type { ResourceList, ResourceQuota, ResourceQuotaSpec } from '../../../../api/core/v1/policy-types.ts';
import { conflict } from '../../../../machinery/status.ts';
import type { NamespacedObjects, QuotaStore } from './access.ts';

export function memoryQuotaStore(...initial: ResourceQuota[]): QuotaStore & { get(name: string): ResourceQuota; writes: number; put(q: ResourceQuota): void } {
  let revision = 0;
  const byName = new Map<string, ResourceQuota>();
  const put = (q: ResourceQuota) => byName.set(q.metadata.name!, structuredClone({ ...q, metadata: { ...q.metadata, resourceVersion: String(++revision) } }));
  initial.forEach(put);
  const store = {
    writes: 0,
    put,
    get: (name: string) => byName.get(name)!,
    // A store read takes a turn, as a real one does, so concurrent requests interleave.
    list: async (namespace: string, _opts?: { cached?: boolean }) => {
      await new Promise((r) => setImmediate(r));
      return [...byName.values()].filter((q) => q.metadata.namespace === namespace).map((q) => structuredClone(q));
    },
    updateStatus: async (q: ResourceQuota) => {
      await new Promise((r) => setImmediate(r));
      const current = byName.get(q.metadata.name!);
      if (!current || current.metadata.resourceVersion !== q.metadata.resourceVersion) {
        throw conflict({ group: '', resource: 'resourcequotas' }, q.metadata.name!, 'the object has been modified; please apply your changes to the latest version and try again');
      }
      store.writes++;
      put({ ...current, status: structuredClone(q.status) });
      return byName.get(q.metadata.name!)!;
    },
  };
  return store;
}

export function quota(name: string, hard: ResourceList, opts: { used?: ResourceList; spec?: Partial<ResourceQuotaSpec>; computed?: boolean } = {}): ResourceQuota {
  const computed = opts.computed ?? true;
  const used = opts.used ?? Object.fromEntries(Object.keys(hard).map((k) => [k, '0']));
  return {
    metadata: { name, namespace: 'team' },
    spec: { hard, ...opts.spec },
    status: computed ? { hard, used } : {},
  };
}

export function objectsOf(byResource: Record<string, ApiObject[]>): NamespacedObjects {
  return { list: async (group, resource, namespace) => byResource[`${group}/${resource}`]?.filter((o) => (o.metadata.namespace ?? 'team') === namespace) };
}
