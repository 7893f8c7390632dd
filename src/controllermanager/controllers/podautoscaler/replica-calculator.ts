// How many replicas a resource metric asks for, as Kubernetes' replica calculator decides it:
// pods are sorted into ready (counted), unready (pending, or CPU samples taken while the pod was
// still starting), missing (no sample) and ignored (deleted or failed); the usage ratio is taken
// over the ready ones, and when pods are unready or missing the ratio is taken again with them
// assumed idle (on the way up) or at their target (on the way down), so that a scale is never
// made on guesses that would reverse it. Values are in milli-units throughout.
import type { Pod } from '../../../api/core/v1/pod-types.ts';

/** One pod's usage of a resource, summed over its containers. */
export interface PodMetric {
  /** Milli-units (millicores, millibytes). */
  value: number;
  /** When the sample was taken (ms since the epoch). */
  timestamp: number;
  /** The window it was averaged over, in ms. */
  windowMs: number;
}

export type PodMetrics = Map<string, PodMetric>;

/** The ratio band around 1.0 in which nothing is scaled (per direction). */
export interface Tolerances {
  scaleDown: number;
  scaleUp: number;
}

export function isWithinTolerance(t: Tolerances, ratio: number): boolean {
  return 1 - t.scaleDown <= ratio && ratio <= 1 + t.scaleUp;
}

export interface ReadinessTimings {
  /** --horizontal-pod-autoscaler-cpu-initialization-period, ms. */
  cpuInitializationPeriodMs: number;
  /** --horizontal-pod-autoscaler-initial-readiness-delay, ms. */
  initialReadinessDelayMs: number;
}

export interface PodGroups {
  readyCount: number;
  unready: Set<string>;
  missing: Set<string>;
  ignored: Set<string>;
}

const time = (t: string | null | undefined) => (t ? Date.parse(t) : undefined);

/** Sorts the selected pods as the calculator counts them (groupPods). */
export function groupPods(pods: readonly Pod[], metrics: PodMetrics, resource: string, timings: ReadinessTimings, now: number): PodGroups {
  const out: PodGroups = { readyCount: 0, unready: new Set(), missing: new Set(), ignored: new Set() };
  for (const pod of pods) {
    const name = pod.metadata.name ?? '';
    if (pod.metadata.deletionTimestamp || pod.status?.phase === 'Failed') {
      out.ignored.add(name);
      continue;
    }
    if (pod.status?.phase === 'Pending') {
      out.unready.add(name);
      continue;
    }
    const metric = metrics.get(name);
    if (!metric) {
      out.missing.add(name);
      continue;
    }
    if (resource === 'cpu' && cpuSampleUnready(pod, metric, timings, now)) {
      out.unready.add(name);
      continue;
    }
    out.readyCount++;
  }
  return out;
}

/**
 * A CPU sample does not count while the pod starts: within the initialization period when the pod
 * is not ready or the sample window began before it became ready; after it, only when the pod is
 * not ready and never was (its readiness last changed within the initial readiness delay).
 */
function cpuSampleUnready(pod: Pod, metric: PodMetric, timings: ReadinessTimings, now: number): boolean {
  const ready = pod.status?.conditions?.find((c) => c.type === 'Ready');
  const started = time(pod.status?.startTime);
  if (!ready || started === undefined) return true;
  const transition = time(ready.lastTransitionTime) ?? 0;
  if (started + timings.cpuInitializationPeriodMs > now) {
    return ready.status === 'False' || metric.timestamp < transition + metric.windowMs;
  }
  return ready.status === 'False' && started + timings.initialReadinessDelayMs > transition;
}

/** Each pod's request of the resource in milli-units, summed over its containers; a container without one is an error. */
export function podRequests(pods: readonly Pod[], resource: string, container: string, milli: (quantity: string) => number): Map<string, number> {
  const out = new Map<string, number>();
  for (const pod of pods) {
    let sum = 0;
    for (const c of pod.spec?.containers ?? []) {
      if (container && c.name !== container) continue;
      const request = c.resources?.requests?.[resource];
      if (request === undefined) throw new Error(`missing request for ${resource} in container ${c.name} of Pod ${pod.metadata.name}`);
      sum += milli(request);
    }
    out.set(pod.metadata.name ?? '', sum);
  }
  return out;
}

export interface UtilizationRatio {
  ratio: number;
  /** Percent of the requests, truncated. */
  utilization: number;
  /** Average usage per pod that has a request, milli-units. */
  rawAverage: number;
}

/** Usage over requests of the pods that have both, against the target percentage (GetResourceUtilizationRatio). */
export function utilizationRatio(metrics: PodMetrics, requests: Map<string, number>, targetUtilization: number): UtilizationRatio {
  let usage = 0;
  let requested = 0;
  let entries = 0;
  for (const [name, metric] of metrics) {
    const request = requests.get(name);
    if (request === undefined) continue;
    usage += metric.value;
    requested += request;
    entries++;
  }
  if (requested === 0) throw new Error('no metrics returned matched known pods');
  const utilization = Math.trunc((usage * 100) / requested);
  return { ratio: utilization / targetUtilization, utilization, rawAverage: Math.trunc(usage / entries) };
}

/** Average usage per pod against the target average (GetMetricUsageRatio). */
export function usageRatio(metrics: PodMetrics, targetAverage: number): { ratio: number; average: number } {
  let total = 0;
  for (const m of metrics.values()) total += m.value;
  const average = Math.trunc(total / metrics.size);
  return { ratio: average / targetAverage, average };
}

export interface CalculatorInput {
  currentReplicas: number;
  pods: readonly Pod[];
  metrics: PodMetrics;
  resource: string;
  tolerances: Tolerances;
  timings: ReadinessTimings;
  now: number;
}

/** Ready pods only: the metric samples that count. */
function countedSamples(input: CalculatorInput): { groups: PodGroups; metrics: PodMetrics } {
  if (input.pods.length === 0) throw new Error('no pods returned by selector while calculating replica count');
  const groups = groupPods(input.pods, input.metrics, input.resource, input.timings, input.now);
  const metrics: PodMetrics = new Map(input.metrics);
  for (const name of [...groups.ignored, ...groups.unready]) metrics.delete(name);
  if (metrics.size === 0) throw new Error('did not receive metrics for targeted pods (pods might be unready)');
  return { groups, metrics };
}

/**
 * The common second pass: when pods are unready (and the ratio would scale up) or missing, the
 * ratio is computed again with assumed values, and a result that would turn the direction around
 * or fall within tolerance keeps the current count.
 */
function withAssumedSamples(
  input: CalculatorInput, groups: PodGroups, metrics: PodMetrics, ratio: number,
  missingDown: (name: string) => number, recompute: (metrics: PodMetrics) => number,
): number {
  const scaleUpWithUnready = groups.unready.size > 0 && ratio > 1;
  if (!scaleUpWithUnready && groups.missing.size === 0) {
    if (isWithinTolerance(input.tolerances, ratio)) return input.currentReplicas;
    return Math.ceil(ratio * groups.readyCount);
  }
  const assumed: PodMetrics = new Map(metrics);
  const stub = (value: number): PodMetric => ({ value, timestamp: input.now, windowMs: 0 });
  if (ratio < 1) for (const name of groups.missing) assumed.set(name, stub(missingDown(name)));
  else if (ratio > 1) for (const name of groups.missing) assumed.set(name, stub(0));
  if (scaleUpWithUnready) for (const name of groups.unready) assumed.set(name, stub(0));
  const newRatio = recompute(assumed);
  if (isWithinTolerance(input.tolerances, newRatio) || (ratio < 1 && newRatio > 1) || (ratio > 1 && newRatio < 1)) return input.currentReplicas;
  const replicas = Math.ceil(newRatio * assumed.size);
  if ((newRatio < 1 && replicas > input.currentReplicas) || (newRatio > 1 && replicas < input.currentReplicas)) return input.currentReplicas;
  return replicas;
}

export interface UtilizationProposal {
  replicas: number;
  utilization: number;
  rawAverage: number;
}

/** A Utilization target: replicas, the current utilization and average (GetResourceReplicas). */
export function replicasForUtilization(input: CalculatorInput, requests: Map<string, number>, targetUtilization: number): UtilizationProposal {
  const { groups, metrics } = countedSamples(input);
  const first = utilizationRatio(metrics, requests, targetUtilization);
  // On a scale down a missing pod counts as using its whole request, or the target when that is higher.
  const fallback = Math.max(100, targetUtilization);
  const replicas = withAssumedSamples(input, groups, metrics, first.ratio,
    (name) => Math.trunc(((requests.get(name) ?? 0) * fallback) / 100),
    (assumed) => utilizationRatio(assumed, requests, targetUtilization).ratio);
  return { replicas, utilization: first.utilization, rawAverage: first.rawAverage };
}

/** An AverageValue target: replicas and the current average (GetRawResourceReplicas). */
export function replicasForAverageValue(input: CalculatorInput, targetAverage: number): { replicas: number; average: number } {
  const { groups, metrics } = countedSamples(input);
  const first = usageRatio(metrics, targetAverage);
  const replicas = withAssumedSamples(input, groups, metrics, first.ratio, () => targetAverage, (assumed) => usageRatio(assumed, targetAverage).ratio);
  return { replicas, average: first.average };
}
