// DeviceTaintRule validation as Kubernetes 1.35's ValidateDeviceTaintRule: a DNS subdomain name;
// the selector's driver, pool and device, when given, are valid names; the taint's key is a
// label name, its value a label value, its effect None, NoSchedule or NoExecute (an update that
// keeps the effect is not asked again, so a stored effect stays valid). Through /status: the
// metadata is unchanged and there are at most 8 valid conditions.
import type { DeviceTaint } from '../../../../api/resource/v1/types.ts';
import type { DeviceTaintRule, DeviceTaintSelector } from '../../../../api/resource/v1alpha3/types.ts';
import type { StatusCause } from '../../../../machinery/status.ts';
import { validateMetaConditions } from '../../../../machinery/validation/conditions.ts';
import { invalid, notSupported, required, toStatusCauses, tooMany, type FieldError } from '../../../../machinery/validation/field-error.ts';
import { isQualifiedName, isValidLabelValue, nameIsDNSSubdomain } from '../../../../machinery/validation/names.ts';
import { validateObjectMeta, validateObjectMetaUpdate } from '../../../../machinery/validation/object-meta.ts';
import { dnsLabelErrors, validateDriverName, validatePoolName } from '../names.ts';

export const MAX_RULE_CONDITIONS = 8;
const TAINT_EFFECTS = ['NoExecute', 'NoSchedule', 'None'];

function validateSelector(selector: DeviceTaintSelector | undefined, path: string): FieldError[] {
  if (!selector) return [];
  const errs: FieldError[] = [];
  if (selector.driver !== undefined) errs.push(...validateDriverName(selector.driver, `${path}.driver`));
  if (selector.pool !== undefined) errs.push(...validatePoolName(selector.pool, `${path}.pool`));
  if (selector.device !== undefined) errs.push(...(selector.device ? dnsLabelErrors(selector.device, `${path}.device`) : [required(`${path}.device`)]));
  return errs;
}

function validateTaint(taint: DeviceTaint | undefined, old: DeviceTaint | undefined, path: string): FieldError[] {
  const key = taint?.key ?? '';
  const errs = isQualifiedName(key).map((msg) => invalid(`${path}.key`, key, msg));
  if (taint?.value) errs.push(...isValidLabelValue(taint.value).map((msg) => invalid(`${path}.value`, taint.value!, msg)));
  const effect = taint?.effect ?? '';
  if (!old || old.effect !== effect) {
    if (!effect) errs.push(required(`${path}.effect`));
    else if (!TAINT_EFFECTS.includes(effect)) errs.push(notSupported(`${path}.effect`, effect, TAINT_EFFECTS));
  }
  return errs;
}

function validateSpec(rule: DeviceTaintRule, old?: DeviceTaintRule): FieldError[] {
  return [...validateSelector(rule.spec?.deviceSelector, 'spec.deviceSelector'), ...validateTaint(rule.spec?.taint, old?.spec?.taint, 'spec.taint')];
}

export function validateDeviceTaintRule(rule: DeviceTaintRule): StatusCause[] {
  return toStatusCauses([...validateObjectMeta(rule.metadata, false, nameIsDNSSubdomain), ...validateSpec(rule)]);
}

export function validateDeviceTaintRuleUpdate(rule: DeviceTaintRule, old: DeviceTaintRule): StatusCause[] {
  return toStatusCauses([...validateObjectMetaUpdate(rule.metadata, old.metadata), ...validateSpec(rule, old)]);
}

export function validateDeviceTaintRuleStatusUpdate(rule: DeviceTaintRule, old: DeviceTaintRule): StatusCause[] {
  const conditions = rule.status?.conditions ?? [];
  const errs = [...validateObjectMetaUpdate(rule.metadata, old.metadata), ...validateMetaConditions(conditions, 'status.conditions')];
  if (conditions.length > MAX_RULE_CONDITIONS) errs.push(tooMany('status.conditions', conditions.length, MAX_RULE_CONDITIONS));
  return toStatusCauses(errs);
}
