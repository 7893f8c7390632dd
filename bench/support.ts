// Measurement pieces the benchmark parts share: the Event object the storage parts write,
// percentiles and rounding of timings, per-request timing of an in-process handler chain, and the
// table a part prints when run alone.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { ApiObject } from '../src/api/meta/v1/types.ts';
import type { Handler } from '../src/component-base/serving/request-context.ts';

/** An events.orch.io Event of realistic size, named `name` in namespace `ns`. */
export function eventObject(ns: string, name: string): ApiObject {
  return {
    apiVersion: 'events.orch.io/v1',
    kind: 'Event',
    metadata: { name, namespace: ns, uid: `0c7a1c52-${name.padStart(12, '0')}`, creationTimestamp: '2026-01-01T00:00:00Z' },
    eventTime: '2026-01-01T00:00:00.000000Z',
    reportingController: 'orch.io/bench-controller',
    reportingInstance: 'bench-controller-7f9c',
    action: 'Scheduled',
    reason: 'Scheduled',
    regarding: { kind: 'Pod', namespace: ns, name: `pod-${name}`, uid: '3a5b7c9d-0000-4000-8000-000000000000', apiVersion: 'v1' },
    note: `Successfully assigned ${ns}/pod-${name} to node-1`,
    type: 'Normal',
  };
}

/** The p-th percentile (0-100) of values already sorted ascending; NaN when there are none. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export function round(n: number, digits = 3): number {
  const f = 10 ** digits;
  return Math.round(n * f) / f;
}

/** A handler that answers 200 `{}` at once: the end of a chain whose filters are measured. */
export const answerOk: Handler = (_req, res) => {
  res.statusCode = 200;
  res.end('{}');
};

/** Mean microseconds per request of `count` requests made by `exchange`, one after another. */
export async function timePerRequestUs(chain: Handler, count: number, exchange: (i: number) => [IncomingMessage, ServerResponse]): Promise<number> {
  const start = performance.now();
  for (let i = 0; i < count; i++) {
    const [req, res] = exchange(i);
    await chain(req, res);
  }
  return ((performance.now() - start) * 1000) / count;
}

/** Prints a part's figures as an aligned table, with the run time since `startedAt` last. */
export function printFigures(figures: Record<string, number | string>, startedAt: number): void {
  const width = Math.max(...Object.keys(figures).map((k) => k.length));
  for (const [name, value] of Object.entries(figures)) console.log(`${name.padEnd(width)}  ${value}`);
  console.log(`${'run time (s)'.padEnd(width)}  ${round((performance.now() - startedAt) / 1000, 1)}`);
}
