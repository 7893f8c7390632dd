// autoscaling/v1's annotation metric types (the v2beta1 shapes: targetAverageValue, metricName,
// …) to and from autoscaling/v2's, field for field as Kubernetes converts them.
import type {
  CrossVersionObjectReference, HorizontalPodAutoscalerCondition, MetricSpec, MetricStatus, MetricTarget,
} from '../../../../api/autoscaling/v2/types.ts';
import type { HorizontalPodAutoscalerConditionV1, MetricSpecV1, MetricStatusV1 } from '../../../../api/autoscaling/v1/types.ts';

/** Copies the fields of `obj` that are set, in the order given (Go's struct order). */
function defined<T extends object>(obj: T): T {
  return Object.fromEntries(Object.entries(obj).filter(([, v]) => v !== undefined)) as T;
}

const ref = (r: CrossVersionObjectReference | undefined): CrossVersionObjectReference => defined({ kind: r?.kind ?? '', name: r?.name ?? '', apiVersion: r?.apiVersion });

export function metricSpecToV1(m: MetricSpec): MetricSpecV1 {
  const out: MetricSpecV1 = { type: m.type };
  if (m.object) {
    const t = m.object.target;
    out.object = defined({ target: ref(m.object.describedObject), metricName: m.object.metric.name, targetValue: t.value ?? '0', selector: m.object.metric.selector, averageValue: t.averageValue });
  }
  if (m.pods) out.pods = defined({ metricName: m.pods.metric.name, targetAverageValue: m.pods.target.averageValue ?? '0', selector: m.pods.metric.selector });
  if (m.resource) out.resource = defined({ name: m.resource.name, targetAverageUtilization: m.resource.target.averageUtilization, targetAverageValue: m.resource.target.averageValue });
  if (m.containerResource) {
    const c = m.containerResource;
    out.containerResource = defined({ name: c.name, targetAverageUtilization: c.target.averageUtilization, targetAverageValue: c.target.averageValue, container: c.container });
  }
  if (m.external) {
    const e = m.external;
    out.external = defined({ metricName: e.metric.name, metricSelector: e.metric.selector, targetValue: e.target.value, targetAverageValue: e.target.averageValue });
  }
  return out;
}

export function metricSpecFromV1(m: MetricSpecV1): MetricSpec {
  const out: MetricSpec = { type: m.type };
  if (m.object) {
    const o = m.object;
    const target: MetricTarget = defined({ type: o.averageValue === undefined ? 'Value' : 'AverageValue', value: o.targetValue ?? '0', averageValue: o.averageValue });
    out.object = { describedObject: ref(o.target), target, metric: defined({ name: o.metricName ?? '', selector: o.selector }) };
  }
  if (m.pods) {
    out.pods = { metric: defined({ name: m.pods.metricName ?? '', selector: m.pods.selector }), target: { type: 'AverageValue', averageValue: m.pods.targetAverageValue ?? '0' } };
  }
  if (m.resource) {
    const r = m.resource;
    out.resource = { name: r.name, target: defined({ type: r.targetAverageUtilization === undefined ? 'AverageValue' : 'Utilization', averageValue: r.targetAverageValue, averageUtilization: r.targetAverageUtilization }) };
  }
  if (m.containerResource) {
    const c = m.containerResource;
    const target = defined({ type: c.targetAverageUtilization === undefined ? 'AverageValue' : 'Utilization', averageValue: c.targetAverageValue, averageUtilization: c.targetAverageUtilization });
    out.containerResource = { name: c.name, target, container: c.container };
  }
  if (m.external) {
    const e = m.external;
    const target = defined({ type: e.targetAverageValue === undefined ? 'Value' : 'AverageValue', value: e.targetValue, averageValue: e.targetAverageValue });
    out.external = { metric: defined({ name: e.metricName ?? '', selector: e.metricSelector }), target };
  }
  return out;
}

export function metricStatusToV1(m: MetricStatus): MetricStatusV1 {
  const out: MetricStatusV1 = { type: m.type };
  if (m.object) {
    const c = m.object.current;
    out.object = defined({ target: ref(m.object.describedObject), metricName: m.object.metric.name, currentValue: c.value ?? '0', selector: m.object.metric.selector, averageValue: c.averageValue });
  }
  if (m.pods) out.pods = defined({ metricName: m.pods.metric.name, currentAverageValue: m.pods.current.averageValue ?? '0', selector: m.pods.metric.selector });
  if (m.resource) out.resource = defined({ name: m.resource.name, currentAverageUtilization: m.resource.current.averageUtilization, currentAverageValue: m.resource.current.averageValue ?? '0' });
  if (m.containerResource) {
    const c = m.containerResource;
    out.containerResource = defined({ name: c.name, currentAverageUtilization: c.current.averageUtilization, currentAverageValue: c.current.averageValue ?? '0', container: c.container });
  }
  if (m.external) {
    const e = m.external;
    out.external = defined({ metricName: e.metric.name, metricSelector: e.metric.selector, currentValue: e.current.value ?? '0', currentAverageValue: e.current.averageValue });
  }
  return out;
}

export function metricStatusFromV1(m: MetricStatusV1): MetricStatus {
  const out: MetricStatus = { type: m.type };
  if (m.object) {
    const o = m.object;
    out.object = { metric: defined({ name: o.metricName ?? '', selector: o.selector }), current: defined({ value: o.currentValue, averageValue: o.averageValue }), describedObject: ref(o.target) };
  }
  if (m.pods) out.pods = { metric: defined({ name: m.pods.metricName ?? '', selector: m.pods.selector }), current: { averageValue: m.pods.currentAverageValue ?? '0' } };
  if (m.resource) {
    const r = m.resource;
    out.resource = { name: r.name, current: defined({ averageValue: r.currentAverageValue, averageUtilization: r.currentAverageUtilization }) };
  }
  if (m.containerResource) {
    const c = m.containerResource;
    out.containerResource = { name: c.name, current: defined({ averageValue: c.currentAverageValue, averageUtilization: c.currentAverageUtilization }), container: c.container };
  }
  if (m.external) {
    const e = m.external;
    out.external = { metric: defined({ name: e.metricName ?? '', selector: e.metricSelector }), current: defined({ value: e.currentValue, averageValue: e.currentAverageValue }) };
  }
  return out;
}

export function conditionToV1(c: HorizontalPodAutoscalerCondition): HorizontalPodAutoscalerConditionV1 {
  return defined({ type: c.type, status: c.status, lastTransitionTime: c.lastTransitionTime ?? null, reason: c.reason, message: c.message });
}

export function conditionFromV1(c: HorizontalPodAutoscalerConditionV1): HorizontalPodAutoscalerCondition {
  const out = defined({ type: c.type ?? '', status: c.status ?? '', lastTransitionTime: c.lastTransitionTime ?? undefined, reason: c.reason || undefined, message: c.message || undefined });
  return out;
}
