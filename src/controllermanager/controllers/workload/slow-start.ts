// Slow start, as Kubernetes' controllers create pods: calls run in batches of 1, 2, 4, … (each batch
// concurrently), and the first batch with a failure ends the run. When every create would fail
// alike (a quota, an admission rule), one request and one event are spent, not hundreds.

/** Kubernetes' SlowStartInitialBatchSize. */
export const SLOW_START_INITIAL_BATCH = 1;

export interface SlowStartResult {
  /** Calls that succeeded. */
  successes: number;
  /** The first failure of the failing batch, if any. */
  error?: unknown;
}

export async function slowStartBatch(count: number, initialBatch: number, fn: () => Promise<void>): Promise<SlowStartResult> {
  let remaining = count;
  let successes = 0;
  for (let batch = Math.min(remaining, initialBatch); batch > 0; batch = Math.min(2 * batch, remaining)) {
    const outcomes = await Promise.allSettled(Array.from({ length: batch }, () => fn()));
    const failed = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
    successes += batch - failed.length;
    if (failed.length > 0) return { successes, error: failed[0]!.reason };
    remaining -= batch;
  }
  return { successes };
}
