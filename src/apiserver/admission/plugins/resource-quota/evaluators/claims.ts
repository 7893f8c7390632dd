// Quota of persistent volume claims, checked on create and on updates (a claim may grow).
import { claimMeasure } from '../../../../../machinery/quota/claims.ts';
import type { QuotaEvaluator } from './evaluator.ts';
import { NO_SCOPES } from './evaluator.ts';

export function claimEvaluator(): QuotaEvaluator {
  return {
    ...claimMeasure(),
    ...NO_SCOPES,
    handles: (attrs) => attrs.subresource === '' && (attrs.operation === 'CREATE' || attrs.operation === 'UPDATE'),
  };
}
