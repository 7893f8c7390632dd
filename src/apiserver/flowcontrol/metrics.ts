// The apiserver_flowcontrol_* metrics, named and labelled as Kubernetes names them.
import { Gauge } from 'prom-client';
import { CounterVec, GaugeVec, HistogramVec, type ValueSeries, type HistogramSeries } from '../../component-base/metrics/vectors.ts';
import type { MetricsRegistry } from '../../component-base/metrics/registry.ts';

const WAIT_BUCKETS = [0, 0.005, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 15, 30];

export type RejectReason = 'queue-full' | 'concurrency-limit' | 'time-out' | 'cancelled';

export interface FlowControlMetrics {
  setInqueue(level: string, schema: string, delta: number): void;
  setExecuting(level: string, schema: string, delta: number): void;
  rejected(level: string, schema: string, reason: RejectReason): void;
  dispatched(level: string, schema: string): void;
  waited(level: string, schema: string, executed: boolean, seconds: number): void;
  nominalLimit(level: string, seats: number): void;
}

/** Metrics that go nowhere (a filter built without a registry). */
export const NO_METRICS: FlowControlMetrics = {
  setInqueue: () => {},
  setExecuting: () => {},
  rejected: () => {},
  dispatched: () => {},
  waited: () => {},
  nominalLimit: () => {},
};

/** The series of one priority level and flow schema, each made when first touched (as prom-client's appear). */
interface FlowSeries {
  level: string;
  schema: string;
  inqueue?: ValueSeries;
  executing?: ValueSeries;
  seats?: ValueSeries;
  dispatched?: ValueSeries;
  waitedExecuted?: HistogramSeries;
  waitedNot?: HistogramSeries;
}

/** Most (level, schema) pairs whose series are kept at hand (like any per-label state, bounded). */
const MAX_KEPT = 10_000;

export function createFlowControlMetrics(m: MetricsRegistry): FlowControlMetrics {
  const registry = m.registry;
  const inqueue = new GaugeVec({ name: 'apiserver_flowcontrol_current_inqueue_requests', help: 'Number of requests currently pending in queues of the API Priority and Fairness subsystem', registry });
  const executing = new GaugeVec({ name: 'apiserver_flowcontrol_current_executing_requests', help: 'Number of requests in initial (for a WATCH) or any (for a non-WATCH) execution stage in the API Priority and Fairness subsystem', registry });
  const seats = new GaugeVec({ name: 'apiserver_flowcontrol_current_executing_seats', help: 'Concurrency (number of seats) occupied by the currently executing (initial stage for a WATCH, any stage otherwise) requests in the API Priority and Fairness subsystem', registry });
  const rejected = new CounterVec({ name: 'apiserver_flowcontrol_rejected_requests_total', help: 'Number of requests rejected by API Priority and Fairness subsystem', registry });
  const dispatched = new CounterVec({ name: 'apiserver_flowcontrol_dispatched_requests_total', help: 'Number of requests executed by API Priority and Fairness subsystem', registry });
  const wait = new HistogramVec({ name: 'apiserver_flowcontrol_request_wait_duration_seconds', help: 'Length of time a request spent waiting in its queue', buckets: WAIT_BUCKETS, registry });
  const nominal = new Gauge({ name: 'apiserver_flowcontrol_nominal_limit_seats', help: 'Nominal number of execution seats configured for each priority level', labelNames: ['priority_level'], registers: [registry] });
  // The label values as each metric's allow list admits them.
  const labels = (metric: string, level: string, schema: string) => ({
    priority_level: m.label(metric, 'priority_level', level),
    flow_schema: m.label(metric, 'flow_schema', schema),
  });
  const waitSeries = (f: FlowSeries, executed: boolean) =>
    wait.series({ ...labels('apiserver_flowcontrol_request_wait_duration_seconds', f.level, f.schema), execute: String(executed) });
  const kept = new Map<string, FlowSeries>();
  const flow = (level: string, schema: string): FlowSeries => {
    const key = `${level}\0${schema}`;
    let f = kept.get(key);
    if (!f) {
      f = { level, schema };
      if (kept.size >= MAX_KEPT) kept.clear();
      kept.set(key, f);
    }
    return f;
  };
  return {
    setInqueue: (level, schema, delta) => {
      const f = flow(level, schema);
      (f.inqueue ??= inqueue.series(labels('apiserver_flowcontrol_current_inqueue_requests', level, schema))).value += delta;
    },
    setExecuting: (level, schema, delta) => {
      const f = flow(level, schema);
      (f.executing ??= executing.series(labels('apiserver_flowcontrol_current_executing_requests', level, schema))).value += delta;
      (f.seats ??= seats.series(labels('apiserver_flowcontrol_current_executing_seats', level, schema))).value += delta;
    },
    rejected: (level, schema, reason) => {
      rejected.series({ ...labels('apiserver_flowcontrol_rejected_requests_total', level, schema), reason }).value++;
    },
    dispatched: (level, schema) => {
      const f = flow(level, schema);
      (f.dispatched ??= dispatched.series(labels('apiserver_flowcontrol_dispatched_requests_total', level, schema))).value++;
    },
    waited: (level, schema, executed, seconds) => {
      const f = flow(level, schema);
      const series = executed ? (f.waitedExecuted ??= waitSeries(f, true)) : (f.waitedNot ??= waitSeries(f, false));
      wait.observe(series, seconds);
    },
    nominalLimit: (level, n) => nominal.set({ priority_level: m.label('apiserver_flowcontrol_nominal_limit_seats', 'priority_level', level) }, n),
  };
}
