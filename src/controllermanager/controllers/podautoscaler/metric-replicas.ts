// From an autoscaler's metrics to the replicas they ask for (computeReplicasForMetrics): each
// metric proposes a count and the largest wins; a metric that cannot be read records a Warning
// event and proposes nothing. When every metric failed, or some failed and the rest would scale
// down, there is no proposal and the first failure's condition stands. Resource and container
// resource metrics are read through the resource metrics API; custom and external metrics are not
// read by this controller, and say so.
import type { HorizontalPodAutoscaler, MetricSpec, MetricStatus, MetricTarget, MetricValueStatus } from '../../../api/autoscaling/v2/types.ts';
import type { Pod } from '../../../api/core/v1/pod-types.ts';
import type { EventRecorder } from '../../../client/record/index.ts';
import type { ResourceMetricsClient } from './metrics-client.ts';
import { milliQuantity, milliValue } from './quantities.ts';
import { podRequests, replicasForAverageValue, replicasForUtilization, type ReadinessTimings, type Tolerances } from './replica-calculator.ts';

export interface MetricContext {
  hpa: HorizontalPodAutoscaler;
  specReplicas: number;
  /** The scale's label selector, as text. */
  selector: string;
  pods: readonly Pod[];
  tolerances: Tolerances;
  timings: ReadinessTimings;
  now: number;
  metrics: ResourceMetricsClient;
  recorder: EventRecorder;
  signal?: AbortSignal;
}

export interface FailedCondition {
  type: 'ScalingActive';
  status: 'False';
  reason: string;
  message: string;
}

export interface MetricsProposal {
  /** -1 when no proposal can be made. */
  replicas: number;
  metricName: string;
  statuses: MetricStatus[];
  /** Why some metric failed ("invalid metrics (n invalid out of m), first error is: …"). */
  error?: Error;
  /** The condition to set when there is no proposal. */
  condition?: FailedCondition;
}

class MetricError extends Error {
  readonly reason: string;
  constructor(reason: string, message: string) {
    super(message);
    this.reason = reason;
  }
}

interface Proposal {
  replicas: number;
  metricName: string;
  status: MetricStatus;
}

/** One Resource or ContainerResource metric (computeStatusForResourceMetricGeneric). */
async function resourceProposal(ctx: MetricContext, name: string, target: MetricTarget, container: string): Promise<{ replicas: number; metricName: string; current: MetricValueStatus }> {
  const read = async () => {
    try {
      return await ctx.metrics.podMetrics(name, ctx.hpa.metadata.namespace ?? '', ctx.selector, container, ctx.signal);
    } catch (err) {
      throw new Error(`unable to get metrics for resource ${name}: ${(err as Error).message}`);
    }
  };
  const input = (metrics: Awaited<ReturnType<typeof read>>['metrics']) => ({
    currentReplicas: ctx.specReplicas, pods: ctx.pods, metrics, resource: name, tolerances: ctx.tolerances, timings: ctx.timings, now: ctx.now,
  });
  if (target.averageValue !== undefined) {
    try {
      const { metrics } = await read();
      const { replicas, average } = replicasForAverageValue(input(metrics), milliValue(target.averageValue));
      return { replicas, metricName: `${name} resource`, current: { averageValue: milliQuantity(average) } };
    } catch (err) {
      throw new Error(`failed to get ${name} usage: ${(err as Error).message}`);
    }
  }
  if (target.averageUtilization === undefined) throw new Error('invalid resource metric source: neither an average utilization target nor an average value (usage) target was set');
  try {
    const { metrics } = await read();
    const requests = podRequests(ctx.pods, name, container, milliValue);
    const { replicas, utilization, rawAverage } = replicasForUtilization(input(metrics), requests, target.averageUtilization);
    const metricName = container ? `${name} container resource utilization (percentage of request)` : `${name} resource utilization (percentage of request)`;
    return { replicas, metricName, current: { averageValue: milliQuantity(rawAverage), averageUtilization: utilization } };
  } catch (err) {
    throw new Error(`failed to get ${name} utilization: ${(err as Error).message}`);
  }
}

async function proposalFor(ctx: MetricContext, spec: MetricSpec): Promise<Proposal> {
  const wrap = async <T>(reason: string, fn: () => Promise<T>): Promise<T> => {
    try {
      return await fn();
    } catch (err) {
      throw new MetricError(reason, (err as Error).message);
    }
  };
  switch (spec.type) {
    case 'Resource': {
      const source = spec.resource!;
      const p = await wrap('FailedGetResourceMetric', () => resourceProposal(ctx, source.name, source.target, ''));
      return { replicas: p.replicas, metricName: p.metricName, status: { type: 'Resource', resource: { name: source.name, current: p.current } } };
    }
    case 'ContainerResource': {
      const source = spec.containerResource!;
      const p = await wrap('FailedGetContainerResourceMetric', () => resourceProposal(ctx, source.name, source.target, source.container));
      return { replicas: p.replicas, metricName: p.metricName, status: { type: 'ContainerResource', containerResource: { name: source.name, container: source.container, current: p.current } } };
    }
    case 'Pods':
      throw new MetricError('FailedGetPodsMetric', `unable to get metric ${spec.pods!.metric.name}: custom metrics (custom.metrics.k8s.io) are not read by this controller`);
    case 'Object':
      throw new MetricError('FailedGetObjectMetric', `unable to get metric ${spec.object!.metric.name}: custom metrics (custom.metrics.k8s.io) are not read by this controller`);
    case 'External':
      throw new MetricError('FailedGetExternalMetric', `unable to get external metric ${ctx.hpa.metadata.namespace}/${spec.external!.metric.name}: external metrics (external.metrics.k8s.io) are not read by this controller`);
    default:
      throw new MetricError('InvalidMetricSourceType', `unknown metric source type "${spec.type}"`);
  }
}

export async function replicasForMetrics(ctx: MetricContext, specs: readonly MetricSpec[]): Promise<MetricsProposal> {
  const statuses: MetricStatus[] = specs.map(() => ({ type: '' }));
  let replicas = 0;
  let metricName = '';
  let invalid = 0;
  let firstError: MetricError | undefined;
  for (const [i, spec] of specs.entries()) {
    try {
      const p = await proposalFor(ctx, spec);
      statuses[i] = p.status;
      if (replicas === 0 || p.replicas > replicas) {
        replicas = p.replicas;
        metricName = p.metricName;
      }
    } catch (err) {
      const failure = err instanceof MetricError ? err : new MetricError('FailedGetResourceMetric', (err as Error).message);
      ctx.recorder.eventf(ctx.hpa, undefined, 'Warning', failure.reason, 'ComputeReplicas', failure.message);
      if (!firstError) firstError = failure;
      invalid++;
    }
  }
  const error = firstError ? new Error(`invalid metrics (${invalid} invalid out of ${specs.length}), first error is: ${firstError.message}`) : undefined;
  if (firstError && (invalid >= specs.length || replicas < ctx.specReplicas)) {
    const condition: FailedCondition = { type: 'ScalingActive', status: 'False', reason: firstError.reason, message: `the HPA was unable to compute the replica count: ${firstError.message}` };
    return { replicas: -1, metricName: '', statuses, error, condition };
  }
  return { replicas, metricName, statuses, ...(error ? { error } : {}) };
}
