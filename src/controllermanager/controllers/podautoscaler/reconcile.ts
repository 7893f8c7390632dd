// One pass over one autoscaler (Kubernetes' reconcileAutoscaler): read the target's scale, decide
// the replicas (held at min/max, zero when the target is scaled to zero, else what the metrics ask
// for, normalized by behavior), write the scale when it changes, and write the status (current
// and desired replicas, current metrics, conditions, lastScaleTime) when it differs. Events:
// SuccessfulRescale, FailedRescale, FailedGetScale, FailedComputeMetricsReplicas, the per-metric
// failures, SelectorRequired and InvalidSelector.
import type { HorizontalPodAutoscaler, HorizontalPodAutoscalerStatus, HPAScalingRules, MetricStatus } from '../../../api/autoscaling/v2/types.ts';
import type { Pod } from '../../../api/core/v1/pod-types.ts';
import { nowTime } from '../../../api/meta/v1/time.ts';
import type { EventRecorder } from '../../../client/record/index.ts';
import { parseLabelSelector, type LabelSelector } from '../../../machinery/selectors/labels.ts';
import { deepEqual } from '../../../machinery/validation/immutable.ts';
import { setCondition } from './conditions.ts';
import type { ResourceMetricsClient } from './metrics-client.ts';
import { replicasForMetrics } from './metric-replicas.ts';
import { parseQuantity } from '../../../machinery/quantity/quantity.ts';
import type { ReadinessTimings, Tolerances } from './replica-calculator.ts';
import { longestPeriodSeconds, type ScalingHistory } from './scaling-behavior.ts';
import type { ScaleTargets } from './scale-targets.ts';

export interface ReconcileDeps {
  now(): number;
  scales: ScaleTargets;
  metrics: ResourceMetricsClient;
  /** The namespace's pods the selector picks (from the informer). */
  pods(namespace: string, selector: LabelSelector): Pod[];
  updateStatus(hpa: HorizontalPodAutoscaler): Promise<void>;
  recorder: EventRecorder;
  history: ScalingHistory;
  /** --horizontal-pod-autoscaler-tolerance. */
  tolerance: number;
  timings: ReadinessTimings;
  signal?: AbortSignal;
}

export const hpaKey = (hpa: HorizontalPodAutoscaler) => `${hpa.metadata.namespace ?? ''}/${hpa.metadata.name ?? ''}`;

/** The flag's tolerance, or a direction's own when behavior sets one. */
export function tolerancesOf(hpa: HorizontalPodAutoscaler, tolerance: number): Tolerances {
  const of = (rules: HPAScalingRules | undefined) => {
    if (rules?.tolerance === undefined) return tolerance;
    const q = parseQuantity(rules.tolerance);
    return Number(q.unscaled) * 10 ** q.scale;
  };
  return { scaleDown: of(hpa.spec?.behavior?.scaleDown), scaleUp: of(hpa.spec?.behavior?.scaleUp) };
}

function withStatus(hpa: HorizontalPodAutoscaler, current: number, desired: number, metrics: MetricStatus[] | null, rescaled: boolean, now: number): void {
  const old = hpa.status;
  const status: HorizontalPodAutoscalerStatus = {
    currentReplicas: current,
    desiredReplicas: desired,
    ...(old?.lastScaleTime ? { lastScaleTime: old.lastScaleTime } : {}),
    currentMetrics: metrics,
    conditions: old?.conditions ?? [],
  };
  if (rescaled) status.lastScaleTime = nowTime(new Date(now));
  hpa.status = status;
}

/** Reconciles a copy of the cached autoscaler; throws when the pass failed (the key is retried). */
export async function reconcileAutoscaler(cached: HorizontalPodAutoscaler, deps: ReconcileDeps): Promise<void> {
  const hpa = structuredClone(cached);
  const original = structuredClone(cached.status ?? { desiredReplicas: 0 });
  const spec = hpa.spec!;
  const namespace = hpa.metadata.namespace ?? '';
  const key = hpaKey(hpa);
  const now = deps.now();
  hpa.status ??= { desiredReplicas: 0 };
  const conditions = (hpa.status.conditions ??= []);
  const condition = (type: Parameters<typeof setCondition>[1], status: 'True' | 'False', reason: string, message: string) => setCondition(conditions, type, status, reason, message, now);
  const reference = `${spec.scaleTargetRef.kind}/${namespace}/${spec.scaleTargetRef.name}`;
  const writeStatus = async () => {
    if (!deepEqual(original, hpa.status)) await deps.updateStatus(hpa);
  };
  const writeStatusQuietly = () => writeStatus().catch(() => undefined);

  let target;
  try {
    target = await deps.scales.get(namespace, spec.scaleTargetRef, deps.signal);
  } catch (err) {
    const message = (err as Error).message;
    deps.recorder.eventf(hpa, undefined, 'Warning', 'FailedGetScale', 'GetScale', message);
    condition('AbleToScale', 'False', 'FailedGetScale', `the HPA controller was unable to get the target's current scale: ${message}`);
    await writeStatusQuietly();
    throw new Error(`failed to query scale subresource for ${reference}: ${message}`);
  }
  condition('AbleToScale', 'True', 'SucceededGetScale', "the HPA controller was able to get the target's current scale");
  const { scale, resource } = target;
  const currentReplicas = scale.spec?.replicas ?? 0;
  deps.history.recordInitial(key, currentReplicas);
  const minReplicas = spec.minReplicas ?? 1;

  let desiredReplicas = 0;
  let rescale = true;
  let rescaleReason = '';
  let metricStatuses: MetricStatus[] | null = hpa.status.currentMetrics ?? null;
  let retryError: Error | undefined;
  if (currentReplicas === 0 && minReplicas !== 0) {
    rescale = false;
    condition('ScalingActive', 'False', 'ScalingDisabled', 'scaling is disabled since the replica count of the target is zero');
  } else if (currentReplicas > spec.maxReplicas) {
    rescaleReason = 'Current number of replicas above Spec.MaxReplicas';
    desiredReplicas = spec.maxReplicas;
  } else if (currentReplicas < minReplicas) {
    rescaleReason = 'Current number of replicas below Spec.MinReplicas';
    desiredReplicas = minReplicas;
  } else {
    const selector = selectorOf(hpa, scale.status?.selector ?? '', deps.recorder, condition);
    if (!selector) {
      withStatus(hpa, currentReplicas, hpa.status.desiredReplicas, metricStatuses, false, now);
      await writeStatusQuietly();
      throw new Error(`failed to compute desired number of replicas based on listed metrics for ${reference}: the HPA target's scale is missing a valid selector`);
    }
    const proposal = await replicasForMetrics({
      hpa, specReplicas: currentReplicas, selector: selector.toString(), pods: deps.pods(namespace, selector),
      tolerances: tolerancesOf(hpa, deps.tolerance), timings: deps.timings, now, metrics: deps.metrics, recorder: deps.recorder, signal: deps.signal,
    }, spec.metrics ?? []);
    metricStatuses = proposal.statuses;
    if (proposal.replicas === -1) {
      const c = proposal.condition!;
      condition(c.type, c.status, c.reason, c.message);
      withStatus(hpa, currentReplicas, hpa.status.desiredReplicas, metricStatuses, false, now);
      await writeStatusQuietly();
      deps.recorder.eventf(hpa, undefined, 'Warning', 'FailedComputeMetricsReplicas', 'ComputeReplicas', proposal.error!.message);
      throw new Error(`failed to compute desired number of replicas based on listed metrics for ${reference}: ${proposal.error!.message}`);
    }
    retryError = proposal.error;
    condition('ScalingActive', 'True', 'ValidMetricFound', `the HPA was able to successfully calculate a replica count from ${proposal.metricName}`);
    let rescaleMetric = '';
    if (proposal.replicas > desiredReplicas) {
      desiredReplicas = proposal.replicas;
      rescaleMetric = proposal.metricName;
    }
    if (desiredReplicas > currentReplicas) rescaleReason = `${rescaleMetric} above target`;
    if (desiredReplicas < currentReplicas) rescaleReason = 'All metrics below target';
    const behavior = spec.behavior ? { scaleUp: spec.behavior.scaleUp ?? {}, scaleDown: spec.behavior.scaleDown ?? {} } : undefined;
    const normalized = deps.history.normalize({ key, currentReplicas, desiredReplicas, minReplicas, maxReplicas: spec.maxReplicas, ...(behavior ? { behavior } : {}) });
    condition('AbleToScale', 'True', normalized.ableToScale.reason, normalized.ableToScale.message);
    condition('ScalingLimited', normalized.limited.status, normalized.limited.reason, normalized.limited.message);
    desiredReplicas = normalized.replicas;
    rescale = desiredReplicas !== currentReplicas;
  }

  if (rescale) {
    try {
      await deps.scales.update(namespace, resource, { ...scale, spec: { ...scale.spec, replicas: desiredReplicas } }, deps.signal);
    } catch (err) {
      const message = (err as Error).message;
      deps.recorder.eventf(hpa, undefined, 'Warning', 'FailedRescale', 'Rescale', `New size: ${desiredReplicas}; reason: ${rescaleReason}; error: ${message}`);
      condition('AbleToScale', 'False', 'FailedUpdateScale', `the HPA controller was unable to update the target scale: ${message}`);
      withStatus(hpa, currentReplicas, hpa.status.desiredReplicas, metricStatuses, false, now);
      await writeStatusQuietly();
      throw new Error(`failed to rescale ${reference}: ${message}`);
    }
    condition('AbleToScale', 'True', 'SucceededRescale', `the HPA controller was able to update the target scale to ${desiredReplicas}`);
    deps.recorder.eventf(hpa, undefined, 'Normal', 'SuccessfulRescale', 'Rescale', `New size: ${desiredReplicas}; reason: ${rescaleReason}`);
    const rules = desiredReplicas > currentReplicas ? spec.behavior?.scaleUp : spec.behavior?.scaleDown;
    deps.history.recordScale(key, Boolean(spec.behavior), currentReplicas, desiredReplicas, longestPeriodSeconds(rules));
  } else {
    desiredReplicas = currentReplicas;
  }
  withStatus(hpa, currentReplicas, desiredReplicas, metricStatuses, rescale, now);
  await writeStatus();
  if (retryError) throw retryError;
}

/** The scale's selector, or undefined after recording why there is none (validateAndParseSelector). */
function selectorOf(
  hpa: HorizontalPodAutoscaler, text: string, recorder: EventRecorder,
  condition: (type: 'ScalingActive', status: 'False', reason: string, message: string) => void,
): LabelSelector | undefined {
  if (text === '') {
    const message = 'selector is required';
    recorder.eventf(hpa, undefined, 'Warning', 'SelectorRequired', 'ComputeReplicas', message);
    condition('ScalingActive', 'False', 'InvalidSelector', "the HPA target's scale is missing a selector");
    return undefined;
  }
  try {
    return parseLabelSelector(text);
  } catch (err) {
    const message = `couldn't convert selector into a corresponding internal selector object: ${(err as Error).message}`;
    recorder.eventf(hpa, undefined, 'Warning', 'InvalidSelector', 'ComputeReplicas', message);
    condition('ScalingActive', 'False', 'InvalidSelector', message);
    return undefined;
  }
}
