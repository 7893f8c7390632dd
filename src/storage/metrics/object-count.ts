// apiserver_storage_objects{resource}: the number of stored objects per resource, counted in the
// key-value store every --kvstore-count-metric-poll-period, as Kubernetes does. A failed count
// reports -1 until the next poll succeeds.
import { Gauge } from 'prom-client';
import type { MetricsRegistry } from '../../component-base/metrics/registry.ts';
import { klog } from '../../component-base/logs/klog.ts';
import { startPoll, type Poll } from './poll.ts';

const log = klog('storage/metrics');

export const STORAGE_OBJECTS = 'apiserver_storage_objects';

export interface CountedResource {
  /** The label value: `resource` for the core group, `resource.group` otherwise. */
  resource: string;
  count(): Promise<number>;
}

/** Polls `resources()` (read at each poll, so stores opened later are counted too) every periodMs. */
export function startObjectCountMetric(metrics: MetricsRegistry, periodMs: number, resources: () => CountedResource[]): Poll {
  if (!(periodMs > 0)) return { stop: () => undefined };
  const gauge = new Gauge({
    name: STORAGE_OBJECTS,
    help: 'Number of stored objects at the time of last check split by kind. In case of a fetching error, the value will be -1.',
    labelNames: ['resource'],
    registers: [metrics.registry],
  });
  return startPoll(periodMs, async () => {
    await Promise.all(
      resources().map(async (r) => {
        const label = { resource: metrics.label(STORAGE_OBJECTS, 'resource', r.resource) };
        try {
          gauge.set(label, await r.count());
        } catch (err) {
          log.info('Counting stored objects failed', { resource: r.resource, err: String(err) }, 2);
          gauge.set(label, -1);
        }
      }),
    );
  });
}
