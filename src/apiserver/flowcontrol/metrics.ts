// The apiserver_flowcontrol_* metrics, named and labelled as Kubernetes names them.
import { Counter, Gauge, Histogram } from 'prom-client';
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

type LabelSet = { priority_level: string; flow_schema: string };

/** Most label sets one metric keeps before starting afresh (like any per-label state, bounded). */
const MAX_LABEL_SETS = 10_000;

/**
 * One metric's label sets by priority level and flow schema, built once each: the allow list is
 * consulted once, and a request (several metric updates) looks them up without building keys.
 */
function labelSets(m: MetricsRegistry, metric: string): (level: string, schema: string) => LabelSet {
  const byLevel = new Map<string, Map<string, LabelSet>>();
  let size = 0;
  return (level, schema) => {
    let bySchema = byLevel.get(level);
    let set = bySchema?.get(schema);
    if (set) return set;
    if (size >= MAX_LABEL_SETS) {
      byLevel.clear();
      size = 0;
      bySchema = undefined;
    }
    if (!bySchema) {
      bySchema = new Map();
      byLevel.set(level, bySchema);
    }
    set = { priority_level: m.label(metric, 'priority_level', level), flow_schema: m.label(metric, 'flow_schema', schema) };
    bySchema.set(schema, set);
    size++;
    return set;
  };
}

export function createFlowControlMetrics(m: MetricsRegistry): FlowControlMetrics {
  const labels = ['priority_level', 'flow_schema'] as const;
  const inqueue = new Gauge({ name: 'apiserver_flowcontrol_current_inqueue_requests', help: 'Number of requests currently pending in queues of the API Priority and Fairness subsystem', labelNames: labels, registers: [m.registry] });
  const executing = new Gauge({ name: 'apiserver_flowcontrol_current_executing_requests', help: 'Number of requests in initial (for a WATCH) or any (for a non-WATCH) execution stage in the API Priority and Fairness subsystem', labelNames: labels, registers: [m.registry] });
  const seats = new Gauge({ name: 'apiserver_flowcontrol_current_executing_seats', help: 'Concurrency (number of seats) occupied by the currently executing (initial stage for a WATCH, any stage otherwise) requests in the API Priority and Fairness subsystem', labelNames: labels, registers: [m.registry] });
  const rejected = new Counter({ name: 'apiserver_flowcontrol_rejected_requests_total', help: 'Number of requests rejected by API Priority and Fairness subsystem', labelNames: [...labels, 'reason'], registers: [m.registry] });
  const dispatched = new Counter({ name: 'apiserver_flowcontrol_dispatched_requests_total', help: 'Number of requests executed by API Priority and Fairness subsystem', labelNames: labels, registers: [m.registry] });
  const wait = new Histogram({ name: 'apiserver_flowcontrol_request_wait_duration_seconds', help: 'Length of time a request spent waiting in its queue', labelNames: [...labels, 'execute'], buckets: WAIT_BUCKETS, registers: [m.registry] });
  const nominal = new Gauge({ name: 'apiserver_flowcontrol_nominal_limit_seats', help: 'Nominal number of execution seats configured for each priority level', labelNames: ['priority_level'], registers: [m.registry] });
  const inqueueLabels = labelSets(m, 'apiserver_flowcontrol_current_inqueue_requests');
  const executingLabels = labelSets(m, 'apiserver_flowcontrol_current_executing_requests');
  const seatsLabels = labelSets(m, 'apiserver_flowcontrol_current_executing_seats');
  const rejectedLabels = labelSets(m, 'apiserver_flowcontrol_rejected_requests_total');
  const dispatchedLabels = labelSets(m, 'apiserver_flowcontrol_dispatched_requests_total');
  const waitLabels = labelSets(m, 'apiserver_flowcontrol_request_wait_duration_seconds');
  return {
    setInqueue: (level, schema, delta) => inqueue.inc(inqueueLabels(level, schema), delta),
    setExecuting: (level, schema, delta) => {
      executing.inc(executingLabels(level, schema), delta);
      seats.inc(seatsLabels(level, schema), delta);
    },
    rejected: (level, schema, reason) => rejected.inc({ ...rejectedLabels(level, schema), reason }),
    dispatched: (level, schema) => dispatched.inc(dispatchedLabels(level, schema)),
    waited: (level, schema, executed, seconds) => wait.observe({ ...waitLabels(level, schema), execute: String(executed) }, seconds),
    nominalLimit: (level, n) => nominal.set({ priority_level: m.label('apiserver_flowcontrol_nominal_limit_seats', 'priority_level', level) }, n),
  };
}
