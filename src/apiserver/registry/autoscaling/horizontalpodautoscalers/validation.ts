// HorizontalPodAutoscaler validation as Kubernetes' autoscaling validation has it, on the stored
// (v2) form whichever version was written, so a v1 write is reported at the v2 fields it stands
// for: the name, minReplicas of at least 1 (0 with an Object or External metric), maxReplicas of
// at least 1 and minReplicas, the target reference, each metric (one source matching its type,
// a well-formed target), the behavior's rules and policies; status counts not negative.
import type {
  CrossVersionObjectReference, HorizontalPodAutoscaler, HorizontalPodAutoscalerSpec, HPAScalingRules, MetricIdentifier, MetricSpec, MetricTarget,
} from '../../../../api/autoscaling/v2/types.ts';
import { parseQuantity, goQuantityRepr } from '../../../../machinery/quantity/quantity.ts';
import { forbidden, invalid, notSupported, required, RenderedValue, type FieldError } from '../../../../machinery/validation/field-error.ts';
import { nameIsDNSSubdomain, pathSegmentNameErrors } from '../../../../machinery/validation/names.ts';
import { validateObjectMeta, validateObjectMetaUpdate } from '../../../../machinery/validation/object-meta.ts';
import { dnsLabel, nonNegative } from '../../core/pods/validation/checks.ts';
import { validateContainerResourceName } from '../../core/resource-names.ts';

const MAX_PERIOD_SECONDS = 1800;
const MAX_STABILIZATION_WINDOW_SECONDS = 3600;
const SELECT_POLICIES = ['Disabled', 'Max', 'Min'];
const POLICY_TYPES = ['Percent', 'Pods'];
const SOURCE_TYPES = ['ContainerResource', 'External', 'Object', 'Pods', 'Resource'];
/** The source field each metric type names, in the order Kubernetes checks them. */
const SOURCES = [
  ['object', 'Object'],
  ['external', 'External'],
  ['pods', 'Pods'],
  ['resource', 'Resource'],
  ['containerResource', 'ContainerResource'],
] as const;

/** Sign of a quantity, 0 when it does not parse (decoding refused such a body already). */
function sign(q: string): number {
  try {
    const v = parseQuantity(q).unscaled;
    return v > 0n ? 1 : v < 0n ? -1 : 0;
  } catch {
    return 0;
  }
}

function goQuantity(q: string): RenderedValue | string {
  try {
    return new RenderedValue(goQuantityRepr(parseQuantity(q)));
  } catch {
    return q;
  }
}

export function validateCrossVersionObjectReference(ref: CrossVersionObjectReference | undefined, path: string): FieldError[] {
  const errs: FieldError[] = [];
  for (const key of ['kind', 'name'] as const) {
    const value = ref?.[key] ?? '';
    if (!value) errs.push(required(`${path}.${key}`));
    else errs.push(...pathSegmentNameErrors(value).map((m) => invalid(`${path}.${key}`, value, m)));
  }
  return errs;
}

function validateMetricIdentifier(id: MetricIdentifier | undefined, path: string): FieldError[] {
  const name = id?.name ?? '';
  if (!name) return [required(`${path}.name`, 'must specify a metric name')];
  return pathSegmentNameErrors(name).map((m) => invalid(`${path}.name`, name, m));
}

function validateMetricTarget(t: MetricTarget | undefined, path: string): FieldError[] {
  const errs: FieldError[] = [];
  const type = t?.type ?? '';
  if (!type) errs.push(required(`${path}.type`, 'must specify a metric target type'));
  if (type !== 'Utilization' && type !== 'Value' && type !== 'AverageValue') errs.push(invalid(`${path}.type`, type, 'must be either Utilization, Value, or AverageValue'));
  if (t?.value !== undefined && sign(t.value) !== 1) errs.push(invalid(`${path}.value`, goQuantity(t.value), 'must be positive'));
  if (t?.averageValue !== undefined && sign(t.averageValue) !== 1) errs.push(invalid(`${path}.averageValue`, goQuantity(t.averageValue), 'must be positive'));
  if (t?.averageUtilization !== undefined && t.averageUtilization < 1) errs.push(invalid(`${path}.averageUtilization`, t.averageUtilization, 'must be greater than 0'));
  return errs;
}

function validateSource(spec: MetricSpec, key: (typeof SOURCES)[number][0], path: string): FieldError[] {
  const target = (spec[key] as { target?: MetricTarget } | undefined)?.target;
  const at = `${path}.target`;
  const errs: FieldError[] = [];
  switch (key) {
    case 'object': {
      const src = spec.object!;
      errs.push(...validateCrossVersionObjectReference(src.describedObject, `${path}.describedObject`), ...validateMetricIdentifier(src.metric, `${path}.metric`), ...validateMetricTarget(target, at));
      if (target?.value === undefined && target?.averageValue === undefined) errs.push(required(`${at}.averageValue`, 'must set either a target value or averageValue'));
      break;
    }
    case 'external':
      errs.push(...validateMetricIdentifier(spec.external!.metric, `${path}.metric`), ...validateMetricTarget(target, at));
      if (target?.value === undefined && target?.averageValue === undefined) errs.push(required(`${at}.averageValue`, 'must set either a target value for metric or a per-pod target'));
      if (target?.value !== undefined && target.averageValue !== undefined) errs.push(forbidden(`${at}.value`, 'may not set both a target value for metric and a per-pod target'));
      break;
    case 'pods':
      errs.push(...validateMetricIdentifier(spec.pods!.metric, `${path}.metric`), ...validateMetricTarget(target, at));
      if (target?.averageValue === undefined) errs.push(required(`${at}.averageValue`, 'must specify a positive target averageValue'));
      break;
    case 'resource':
    case 'containerResource': {
      const src = spec[key]!;
      if (!src.name) errs.push(required(`${path}.name`, 'must specify a resource name'));
      else if (key === 'containerResource') errs.push(...validateContainerResourceName(src.name, `${path}.name`));
      if (key === 'containerResource') {
        const container = spec.containerResource!.container;
        if (!container) errs.push(required(`${path}.container`, 'must specify a container'));
        else errs.push(...dnsLabel(container, `${path}.container`));
      }
      errs.push(...validateMetricTarget(target, at));
      if (target?.averageUtilization === undefined && target?.averageValue === undefined) errs.push(required(`${at}.averageUtilization`, 'must set either a target raw value or a target utilization'));
      if (target?.averageUtilization !== undefined && target.averageValue !== undefined) errs.push(forbidden(`${at}.averageValue`, 'may not set both a target raw value and a target utilization'));
      break;
    }
  }
  return errs;
}

function validateMetricSpec(spec: MetricSpec, path: string): FieldError[] {
  const errs: FieldError[] = [];
  const type = spec.type ?? '';
  if (!type) errs.push(required(`${path}.type`, 'must specify a metric source type'));
  if (!SOURCE_TYPES.includes(type)) errs.push(notSupported(`${path}.type`, type, SOURCE_TYPES));
  const present: string[] = [];
  for (const [key] of SOURCES) {
    if (spec[key] === undefined) continue;
    present.push(key);
    // Only the first source given is checked further; the others are reported below.
    if (present.length === 1) errs.push(...validateSource(spec, key, `${path}.${key}`));
  }
  const expected = SOURCES.find(([, t]) => t === type)?.[0];
  if (expected) {
    if (spec[expected] === undefined) errs.push(required(`${path}.${expected}`, 'must populate information for the given metric source'));
  } else errs.push(notSupported(`${path}.type`, type, SOURCE_TYPES));
  if (present.length !== 1) {
    for (const key of present.filter((k) => k !== expected).sort()) errs.push(forbidden(`${path}.${key}`, 'must populate the given metric source only'));
  }
  return errs;
}

function validateScalingRules(rules: HPAScalingRules | undefined, path: string): FieldError[] {
  if (!rules) return [];
  const errs: FieldError[] = [];
  const window = rules.stabilizationWindowSeconds;
  if (window !== undefined && window < 0) errs.push(invalid(`${path}.stabilizationWindowSeconds`, window, 'must be greater than or equal to zero'));
  if (window !== undefined && window > MAX_STABILIZATION_WINDOW_SECONDS) errs.push(invalid(`${path}.stabilizationWindowSeconds`, window, `must be less than or equal to ${MAX_STABILIZATION_WINDOW_SECONDS}`));
  if (rules.selectPolicy !== undefined && !SELECT_POLICIES.includes(rules.selectPolicy)) errs.push(notSupported(`${path}.selectPolicy`, rules.selectPolicy, SELECT_POLICIES));
  if (!rules.policies?.length) errs.push(required(`${path}.policies`, 'must specify at least one Policy'));
  (rules.policies ?? []).forEach((p, i) => {
    const at = `${path}.policies[${i}]`;
    if (p.type !== 'Pods' && p.type !== 'Percent') errs.push(notSupported(`${at}.type`, p.type ?? '', POLICY_TYPES));
    if ((p.value ?? 0) <= 0) errs.push(invalid(`${at}.value`, p.value ?? 0, 'must be greater than zero'));
    if ((p.periodSeconds ?? 0) <= 0) errs.push(invalid(`${at}.periodSeconds`, p.periodSeconds ?? 0, 'must be greater than zero'));
    if ((p.periodSeconds ?? 0) > MAX_PERIOD_SECONDS) errs.push(invalid(`${at}.periodSeconds`, p.periodSeconds, `must be less than or equal to ${MAX_PERIOD_SECONDS}`));
  });
  if (rules.tolerance !== undefined && sign(rules.tolerance) < 0) errs.push(invalid(`${path}.tolerance`, goQuantity(rules.tolerance), 'must be greater than or equal to zero'));
  return errs;
}

/**
 * HPAScaleToZero is off by default in 1.35: minReplicas must be at least 1, unless the stored
 * autoscaler already had 0.
 */
function validateSpec(spec: HorizontalPodAutoscalerSpec, path: string, lowest: number): FieldError[] {
  const errs: FieldError[] = [];
  const metrics = spec.metrics ?? [];
  if (spec.minReplicas !== undefined && spec.minReplicas < lowest) errs.push(invalid(`${path}.minReplicas`, spec.minReplicas, `must be greater than or equal to ${lowest}`));
  if ((spec.maxReplicas ?? 0) < 1) errs.push(invalid(`${path}.maxReplicas`, spec.maxReplicas ?? 0, 'must be greater than 0'));
  if (spec.minReplicas !== undefined && (spec.maxReplicas ?? 0) < spec.minReplicas) errs.push(invalid(`${path}.maxReplicas`, spec.maxReplicas ?? 0, 'must be greater than or equal to `minReplicas`'));
  errs.push(...validateCrossVersionObjectReference(spec.scaleTargetRef, `${path}.scaleTargetRef`));
  metrics.forEach((m, i) => errs.push(...validateMetricSpec(m, `${path}.metrics[${i}]`)));
  // Without pods there is nothing to measure: only an Object or External metric can wake it.
  if (spec.minReplicas === 0 && !metrics.some((m) => m.type === 'Object' || m.type === 'External')) {
    errs.push(forbidden(`${path}.metrics`, 'must specify at least one Object or External metric to support scaling to zero replicas'));
  }
  if (spec.behavior) {
    errs.push(...validateScalingRules(spec.behavior.scaleUp, `${path}.behavior.scaleUp`), ...validateScalingRules(spec.behavior.scaleDown, `${path}.behavior.scaleDown`));
  }
  return errs;
}

export function validateHorizontalPodAutoscaler(hpa: HorizontalPodAutoscaler): FieldError[] {
  const errs = validateObjectMeta(hpa.metadata, true, nameIsDNSSubdomain);
  errs.push(...validateSpec(hpa.spec ?? ({} as HorizontalPodAutoscalerSpec), 'spec', 1));
  return errs;
}

export function validateHorizontalPodAutoscalerUpdate(hpa: HorizontalPodAutoscaler, old: HorizontalPodAutoscaler): FieldError[] {
  const errs = validateObjectMetaUpdate(hpa.metadata, old.metadata);
  errs.push(...validateSpec(hpa.spec ?? ({} as HorizontalPodAutoscalerSpec), 'spec', old.spec?.minReplicas === 0 ? 0 : 1));
  return errs;
}

export function validateHorizontalPodAutoscalerStatusUpdate(hpa: HorizontalPodAutoscaler, old: HorizontalPodAutoscaler): FieldError[] {
  const errs = validateObjectMetaUpdate(hpa.metadata, old.metadata);
  errs.push(...nonNegative(hpa.status?.currentReplicas ?? 0, 'status.currentReplicas'), ...nonNegative(hpa.status?.desiredReplicas ?? 0, 'status.desiredReplicas'));
  return errs;
}
