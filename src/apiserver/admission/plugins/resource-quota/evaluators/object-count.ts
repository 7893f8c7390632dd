// Quota of any resource by object count, charged when an object is created.
import { objectCountMeasure } from '../../../../../machinery/quota/object-count.ts';
import type { QuotaEvaluator } from './evaluator.ts';
import { NO_SCOPES } from './evaluator.ts';

export function objectCountEvaluator(group: string, resource: string, alias?: string): QuotaEvaluator {
  return { ...objectCountMeasure(group, resource, alias), ...NO_SCOPES, handles: (attrs) => attrs.operation === 'CREATE' };
}
