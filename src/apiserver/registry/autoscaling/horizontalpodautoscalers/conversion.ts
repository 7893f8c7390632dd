// autoscaling/v1 as a view of the stored autoscaling/v2 object, converted as Kubernetes converts
// it: a Resource cpu Utilization metric is targetCPUUtilizationPercentage (and its current value
// currentCPUUtilizationPercentage); everything else v1 cannot hold (other metrics, all current
// metrics, conditions, behavior) rides in the autoscaling.alpha.orch.io annotations, which a
// write through v1 reads back and drops, so a v2 autoscaler survives a round trip through v1.
// A v1 autoscaler without a CPU target gets the 80% default, as it did in v1's controller.
import {
  BEHAVIOR_ANNOTATION, CONDITIONS_ANNOTATION, METRIC_SPECS_ANNOTATION, METRIC_STATUSES_ANNOTATION,
  type HorizontalPodAutoscalerConditionV1, type HorizontalPodAutoscalerSpecV1, type HorizontalPodAutoscalerStatusV1, type HorizontalPodAutoscalerV1,
  type MetricSpecV1, type MetricStatusV1,
} from '../../../../api/autoscaling/v1/types.ts';
import type {
  HorizontalPodAutoscaler, HorizontalPodAutoscalerBehavior, HorizontalPodAutoscalerSpec, HorizontalPodAutoscalerStatus, HPAScalingRules, MetricSpec,
} from '../../../../api/autoscaling/v2/types.ts';
import { conditionFromV1, conditionToV1, metricSpecFromV1, metricSpecToV1, metricStatusFromV1, metricStatusToV1 } from './metric-conversion.ts';
import { defaultCpuMetric, defaultHorizontalPodAutoscaler } from './defaults.ts';

export const ROUND_TRIP_ANNOTATIONS = [METRIC_SPECS_ANNOTATION, METRIC_STATUSES_ANNOTATION, BEHAVIOR_ANNOTATION, CONDITIONS_ANNOTATION] as const;

/** The metric v1's targetCPUUtilizationPercentage stands for. */
const isCpuUtilization = (m: MetricSpec) => m.type === 'Resource' && m.resource?.name === 'cpu' && m.resource.target?.averageUtilization !== undefined;

function withoutRoundTrip(annotations: Record<string, string> | undefined): Record<string, string> | undefined {
  if (!annotations) return undefined;
  const out = Object.fromEntries(Object.entries(annotations).filter(([k]) => !(ROUND_TRIP_ANNOTATIONS as readonly string[]).includes(k)));
  return Object.keys(out).length ? out : undefined;
}

function parseJson<T>(text: string | undefined): T | undefined {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text) as T;
  } catch {
    // As Kubernetes: an annotation that does not parse is ignored.
    return undefined;
  }
}

// Kubernetes writes the behavior annotation from its internal type, which has no JSON tags: the
// keys are the Go field names, every field present (null when unset).
function rulesToAnnotation(r: HPAScalingRules | undefined): unknown {
  if (!r) return null;
  return {
    StabilizationWindowSeconds: r.stabilizationWindowSeconds ?? null,
    SelectPolicy: r.selectPolicy ?? null,
    Policies: r.policies ? r.policies.map((p) => ({ Type: p.type, Value: p.value, PeriodSeconds: p.periodSeconds })) : null,
    Tolerance: r.tolerance ?? null,
  };
}

/** A key read as Go's decoder reads it: case does not matter. */
function field(obj: unknown, name: string): unknown {
  if (typeof obj !== 'object' || obj === null) return undefined;
  const key = Object.keys(obj).find((k) => k.toLowerCase() === name.toLowerCase());
  return key === undefined ? undefined : (obj as Record<string, unknown>)[key];
}

function rulesFromAnnotation(raw: unknown): HPAScalingRules | undefined {
  if (typeof raw !== 'object' || raw === null) return undefined;
  const out: HPAScalingRules = {};
  const window = field(raw, 'stabilizationWindowSeconds');
  if (typeof window === 'number') out.stabilizationWindowSeconds = window;
  const select = field(raw, 'selectPolicy');
  if (typeof select === 'string') out.selectPolicy = select;
  const policies = field(raw, 'policies');
  if (Array.isArray(policies)) out.policies = policies.map((p) => ({ type: String(field(p, 'type') ?? ''), value: Number(field(p, 'value') ?? 0), periodSeconds: Number(field(p, 'periodSeconds') ?? 0) }));
  const tolerance = field(raw, 'tolerance');
  if (typeof tolerance === 'string') out.tolerance = tolerance;
  return out;
}

function behaviorFromAnnotation(text: string | undefined): HorizontalPodAutoscalerBehavior | undefined {
  const raw = parseJson<unknown>(text);
  const scaleUp = rulesFromAnnotation(field(raw, 'scaleUp'));
  const scaleDown = rulesFromAnnotation(field(raw, 'scaleDown'));
  if (!scaleUp && !scaleDown) return undefined;
  const out: HorizontalPodAutoscalerBehavior = {};
  if (scaleUp) out.scaleUp = scaleUp;
  if (scaleDown) out.scaleDown = scaleDown;
  return out;
}

/** The v1 form of a stored (v2) autoscaler. */
export function toV1(hpa: HorizontalPodAutoscaler): HorizontalPodAutoscalerV1 {
  const spec = hpa.spec ?? ({} as HorizontalPodAutoscalerSpec);
  const status = hpa.status ?? ({ desiredReplicas: 0 } as HorizontalPodAutoscalerStatus);
  const metrics = spec.metrics ?? [];
  const cpu = metrics.find(isCpuUtilization);
  const v1Spec: HorizontalPodAutoscalerSpecV1 = { scaleTargetRef: { ...spec.scaleTargetRef } } as HorizontalPodAutoscalerSpecV1;
  if (spec.minReplicas !== undefined) v1Spec.minReplicas = spec.minReplicas;
  v1Spec.maxReplicas = spec.maxReplicas ?? 0;
  if (cpu) v1Spec.targetCPUUtilizationPercentage = cpu.resource!.target.averageUtilization!;

  const v1Status = {} as HorizontalPodAutoscalerStatusV1;
  if (status.observedGeneration !== undefined) v1Status.observedGeneration = status.observedGeneration;
  if (status.lastScaleTime !== undefined) v1Status.lastScaleTime = status.lastScaleTime;
  v1Status.currentReplicas = status.currentReplicas ?? 0;
  v1Status.desiredReplicas = status.desiredReplicas ?? 0;
  for (const m of status.currentMetrics ?? []) {
    if (m.type === 'Resource' && m.resource?.name === 'cpu' && m.resource.current?.averageUtilization !== undefined) v1Status.currentCPUUtilizationPercentage = m.resource.current.averageUtilization;
  }

  const annotations: Record<string, string> = { ...withoutRoundTrip(hpa.metadata.annotations) };
  const others = metrics.filter((m) => !isCpuUtilization(m)).map(metricSpecToV1);
  if (others.length) annotations[METRIC_SPECS_ANNOTATION] = JSON.stringify(others);
  if (status.currentMetrics?.length) annotations[METRIC_STATUSES_ANNOTATION] = JSON.stringify(status.currentMetrics.map(metricStatusToV1));
  if (spec.behavior) annotations[BEHAVIOR_ANNOTATION] = JSON.stringify({ ScaleUp: rulesToAnnotation(spec.behavior.scaleUp), ScaleDown: rulesToAnnotation(spec.behavior.scaleDown) });
  if (status.conditions?.length) annotations[CONDITIONS_ANNOTATION] = JSON.stringify(status.conditions.map(conditionToV1));
  const metadata = { ...hpa.metadata };
  // Kubernetes writes maps with their keys sorted.
  if (Object.keys(annotations).length) metadata.annotations = Object.fromEntries(Object.entries(annotations).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  else delete metadata.annotations;
  return { kind: 'HorizontalPodAutoscaler', apiVersion: 'autoscaling/v1', metadata, spec: v1Spec, status: v1Status };
}

/** The stored (v2) form of a v1 autoscaler, with v2's defaults. */
export function fromV1(hpa: HorizontalPodAutoscalerV1): HorizontalPodAutoscaler {
  const spec = hpa.spec ?? ({} as HorizontalPodAutoscalerSpecV1);
  const status = hpa.status;
  const annotations = hpa.metadata.annotations ?? {};
  const v2Spec = { scaleTargetRef: { ...spec.scaleTargetRef } } as HorizontalPodAutoscalerSpec;
  if (spec.minReplicas !== undefined) v2Spec.minReplicas = spec.minReplicas;
  v2Spec.maxReplicas = spec.maxReplicas ?? 0;
  const metrics: MetricSpec[] = (parseJson<MetricSpecV1[]>(annotations[METRIC_SPECS_ANNOTATION]) ?? []).map(metricSpecFromV1);
  // The CPU target comes after the annotation's metrics, as Kubernetes places it.
  if (spec.targetCPUUtilizationPercentage !== undefined) metrics.push(defaultCpuMetric(spec.targetCPUUtilizationPercentage));
  if (metrics.length) v2Spec.metrics = metrics;
  const behavior = behaviorFromAnnotation(annotations[BEHAVIOR_ANNOTATION]);
  if (behavior) v2Spec.behavior = behavior;

  const v2Status = {} as HorizontalPodAutoscalerStatus;
  if (status?.observedGeneration !== undefined) v2Status.observedGeneration = status.observedGeneration;
  if (status?.lastScaleTime !== undefined) v2Status.lastScaleTime = status.lastScaleTime;
  if (status?.currentReplicas) v2Status.currentReplicas = status.currentReplicas;
  v2Status.desiredReplicas = status?.desiredReplicas ?? 0;
  const current = parseJson<MetricStatusV1[]>(annotations[METRIC_STATUSES_ANNOTATION]);
  if (current) v2Status.currentMetrics = current.map(metricStatusFromV1);
  else if (status?.currentCPUUtilizationPercentage !== undefined) {
    v2Status.currentMetrics = [{ type: 'Resource', resource: { name: 'cpu', current: { averageUtilization: status.currentCPUUtilizationPercentage } } }];
  }
  const conditions = parseJson<HorizontalPodAutoscalerConditionV1[]>(annotations[CONDITIONS_ANNOTATION]);
  if (conditions) v2Status.conditions = conditions.map(conditionFromV1);

  const metadata = { ...hpa.metadata };
  const kept = withoutRoundTrip(hpa.metadata.annotations);
  if (kept) metadata.annotations = kept;
  else delete metadata.annotations;
  const out: HorizontalPodAutoscaler = { kind: 'HorizontalPodAutoscaler', apiVersion: 'autoscaling/v2', metadata, spec: v2Spec, status: v2Status };
  return defaultHorizontalPodAutoscaler(out);
}
