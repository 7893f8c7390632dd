// The evaluator for each resource: pods, services and claims are measured by what they hold;
// config maps, secrets, quotas and replication controllers by count under their old names too;
// any other resource by count (made on first use). Events are never charged.
import type { QuotaEvaluator } from './evaluator.ts';
import { podEvaluator } from './pods.ts';
import { serviceEvaluator } from './services.ts';
import { claimEvaluator } from './claims.ts';
import { objectCountEvaluator } from './object-count.ts';

const IGNORED = new Set(['/events']);

export interface EvaluatorRegistry {
  /** The evaluator of a resource, undefined for resources quota ignores. */
  get(group: string, resource: string): QuotaEvaluator | undefined;
  /** The evaluators known so far (the fixed ones first). */
  list(): QuotaEvaluator[];
}

export function evaluatorRegistry(now?: () => number): EvaluatorRegistry {
  const byKey = new Map<string, QuotaEvaluator>();
  const add = (e: QuotaEvaluator) => byKey.set(`${e.group}/${e.resource}`, e);
  add(podEvaluator(now));
  add(serviceEvaluator());
  add(claimEvaluator());
  for (const resource of ['configmaps', 'resourcequotas', 'replicationcontrollers', 'secrets']) add(objectCountEvaluator('', resource, resource));
  return {
    get(group, resource) {
      const key = `${group}/${resource}`;
      if (IGNORED.has(key)) return undefined;
      let e = byKey.get(key);
      if (!e) add((e = objectCountEvaluator(group, resource)));
      return e;
    },
    list: () => [...byKey.values()],
  };
}
