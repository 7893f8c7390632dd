// Defaults of flowcontrol.apiserver.orch.io/v1 as Kubernetes' SetDefaults_* for v1.
import type { FlowSchema, PriorityLevelConfiguration } from '../../../api/flowcontrol/v1/types.ts';

export const DEFAULT_MATCHING_PRECEDENCE = 1000;
export const DEFAULT_NOMINAL_CONCURRENCY_SHARES = 30;
export const DEFAULT_QUEUES = 64;
export const DEFAULT_HAND_SIZE = 8;
export const DEFAULT_QUEUE_LENGTH_LIMIT = 50;

export function defaultFlowSchema(fs: FlowSchema): void {
  if (!fs.spec || typeof fs.spec !== 'object') return;
  fs.spec.matchingPrecedence ??= DEFAULT_MATCHING_PRECEDENCE;
}

export function defaultPriorityLevel(pl: PriorityLevelConfiguration): void {
  const spec = pl.spec;
  if (!spec || typeof spec !== 'object') return;
  if (spec.limited) {
    spec.limited.nominalConcurrencyShares ??= DEFAULT_NOMINAL_CONCURRENCY_SHARES;
    spec.limited.lendablePercent ??= 0;
    const queuing = spec.limited.limitResponse?.queuing;
    if (queuing) {
      queuing.queues ??= DEFAULT_QUEUES;
      queuing.handSize ??= DEFAULT_HAND_SIZE;
      queuing.queueLengthLimit ??= DEFAULT_QUEUE_LENGTH_LIMIT;
    }
  }
  if (spec.exempt) {
    spec.exempt.nominalConcurrencyShares ??= 0;
    spec.exempt.lendablePercent ??= 0;
  }
}
