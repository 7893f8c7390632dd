// The quota measure of each resource, as a registry both quota users build over their own kind of
// measure: pods, services and claims by what they hold; config maps, secrets, quotas and
// replication controllers by count under their old names too; any other resource by count, made on
// first use. Events are never counted.
import type { QuotaMeasure } from './measure.ts';
import { podMeasure } from './pods.ts';
import { serviceMeasure } from './services.ts';
import { claimMeasure } from './claims.ts';
import { objectCountMeasure } from './object-count.ts';

const IGNORED = new Set(['/events']);

/** The resources counted by object under their bare names as well. */
export const LEGACY_COUNTED: readonly string[] = ['configmaps', 'resourcequotas', 'replicationcontrollers', 'secrets'];

export interface QuotaRegistry<T extends QuotaMeasure = QuotaMeasure> {
  /** The measure of a resource, undefined for resources quota ignores. */
  get(group: string, resource: string): T | undefined;
  /** The measures known so far (the fixed ones first). */
  list(): T[];
}

/** A registry of the fixed measures, adding an object counter for any other resource asked for. */
export function quotaRegistry<T extends QuotaMeasure>(fixed: readonly T[], counter: (group: string, resource: string) => T): QuotaRegistry<T> {
  const byKey = new Map<string, T>();
  const add = (m: T) => byKey.set(`${m.group}/${m.resource}`, m);
  for (const m of fixed) add(m);
  return {
    get(group, resource) {
      const key = `${group}/${resource}`;
      if (IGNORED.has(key)) return undefined;
      let m = byKey.get(key);
      if (!m) add((m = counter(group, resource)));
      return m;
    },
    list: () => [...byKey.values()],
  };
}

/** The measures as the resourcequota controller counts with them. */
export function measureRegistry(now?: () => number): QuotaRegistry {
  return quotaRegistry(
    [podMeasure(now), serviceMeasure(), claimMeasure(), ...LEGACY_COUNTED.map((r) => objectCountMeasure('', r, r))],
    (group, resource) => objectCountMeasure(group, resource),
  );
}
