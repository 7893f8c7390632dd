// Quota of services, checked on create and on updates too, since a service's type can change.
import { serviceMeasure } from '../../../../../machinery/quota/services.ts';
import type { QuotaEvaluator } from './evaluator.ts';
import { NO_SCOPES } from './evaluator.ts';

export function serviceEvaluator(): QuotaEvaluator {
  return {
    ...serviceMeasure(),
    ...NO_SCOPES,
    handles: (attrs) => attrs.subresource === '' && (attrs.operation === 'CREATE' || attrs.operation === 'UPDATE'),
  };
}
