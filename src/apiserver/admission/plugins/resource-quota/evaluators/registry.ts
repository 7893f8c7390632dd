// The evaluator of each resource at admission, over the registry machinery/quota builds: pods,
// services and claims by what they hold, the legacy kinds by count under their old names too, any
// other resource by count (made on first use). Events are never charged.
import { LEGACY_COUNTED, quotaRegistry, type QuotaRegistry } from '../../../../../machinery/quota/registry.ts';
import type { QuotaEvaluator } from './evaluator.ts';
import { podEvaluator } from './pods.ts';
import { serviceEvaluator } from './services.ts';
import { claimEvaluator } from './claims.ts';
import { objectCountEvaluator } from './object-count.ts';

export type EvaluatorRegistry = QuotaRegistry<QuotaEvaluator>;

export function evaluatorRegistry(now?: () => number): EvaluatorRegistry {
  return quotaRegistry(
    [podEvaluator(now), serviceEvaluator(), claimEvaluator(), ...LEGACY_COUNTED.map((r) => objectCountEvaluator('', r, r))],
    (group, resource) => objectCountEvaluator(group, resource),
  );
}
