// Kubernetes' defaults for an autoscaling/v2 HorizontalPodAutoscaler: minReplicas 1, one metric
// of 80% average CPU use when none is given, and, when behavior is given, every rule it leaves
// out: scaling up by the larger of 4 pods or 100% per 15 s without stabilization, down by 100%
// per 15 s, each with selectPolicy Max (the scale-down window is left to the controller's flag).
import type { HorizontalPodAutoscaler, HorizontalPodAutoscalerSpec, HPAScalingRules, MetricSpec } from '../../../../api/autoscaling/v2/types.ts';

/** The CPU use a metric-less autoscaler aims at, in percent (autoscaling.DefaultCPUUtilization). */
export const DEFAULT_CPU_UTILIZATION = 80;

export function defaultCpuMetric(utilization = DEFAULT_CPU_UTILIZATION): MetricSpec {
  return { type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: utilization } } };
}

const scaleUpRules = (): HPAScalingRules => ({
  stabilizationWindowSeconds: 0,
  selectPolicy: 'Max',
  policies: [
    { type: 'Pods', value: 4, periodSeconds: 15 },
    { type: 'Percent', value: 100, periodSeconds: 15 },
  ],
});

const scaleDownRules = (): HPAScalingRules => ({ selectPolicy: 'Max', policies: [{ type: 'Percent', value: 100, periodSeconds: 15 }] });

/** The default rules with what `given` sets laid over them, in the field order Go writes. */
function withDefaults(given: HPAScalingRules | undefined, defaults: HPAScalingRules): HPAScalingRules {
  const merged = { ...defaults, ...Object.fromEntries(Object.entries(given ?? {}).filter(([, v]) => v !== undefined && v !== null)) };
  const out: HPAScalingRules = {};
  if (merged.stabilizationWindowSeconds !== undefined) out.stabilizationWindowSeconds = merged.stabilizationWindowSeconds;
  if (merged.selectPolicy !== undefined) out.selectPolicy = merged.selectPolicy;
  if (merged.policies !== undefined) out.policies = merged.policies;
  if (merged.tolerance !== undefined) out.tolerance = merged.tolerance;
  return out;
}

export function defaultHorizontalPodAutoscaler(hpa: HorizontalPodAutoscaler): HorizontalPodAutoscaler {
  const spec = (hpa.spec ??= {} as HorizontalPodAutoscalerSpec);
  spec.minReplicas ??= 1;
  if (!spec.metrics?.length) spec.metrics = [defaultCpuMetric()];
  if (spec.behavior) {
    spec.behavior = { scaleUp: withDefaults(spec.behavior.scaleUp, scaleUpRules()), scaleDown: withDefaults(spec.behavior.scaleDown, scaleDownRules()) };
  }
  return hpa;
}
