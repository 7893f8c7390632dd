// LimitRange validation as Kubernetes' ValidateLimitRange: a standard or qualified type, at most
// one item per type, resource names a limit of that type may name, no defaults for pods, a
// storage bound for claims, and the bounds consistent with each other (min ≤ default request ≤
// default ≤ max, a ratio of at least 1 and at most max/min, equal default and default request
// for resources that cannot be overcommitted). Keys are checked in sorted order, where Go's map
// order is random.
import type { LimitRange, LimitRangeItem, ResourceList } from '../../../../api/core/v1/policy-types.ts';
import type { StatusCause } from '../../../../machinery/status.ts';
import { compareQuantities, parseQuantity, quantityString, scaledValue, type Quantity } from '../../../../machinery/quantity/quantity.ts';
import { duplicate, forbidden, invalid, required, toStatusCauses, type FieldError } from '../../../../machinery/validation/field-error.ts';
import { isQualifiedName, nameIsDNSSubdomain } from '../../../../machinery/validation/names.ts';
import { validateObjectMeta, validateObjectMetaUpdate } from '../../../../machinery/validation/object-meta.ts';
import { quantityOf, quantityValue } from '../quantity-errors.ts';
import { isOvercommitAllowed, STANDARD_LIMIT_TYPES, validateContainerResourceName, validateResourceName } from '../resource-names.ts';

const ONE = parseQuantity('1');
/** resource.MaxMilliValue: the largest value whose milli-units fit an int64. */
const MAX_MILLI_VALUE = (2n ** 63n - 1n) / 1000n;

function validateTypeName(type: string, path: string): FieldError[] {
  const errs = isQualifiedName(type).map((msg) => invalid(path, type, msg));
  if (errs.length) return errs;
  if (!type.includes('/') && !STANDARD_LIMIT_TYPES.has(type)) errs.push(invalid(path, type, 'must be a standard limit type or fully qualified'));
  return errs;
}

function validateResourceKey(type: string, name: string, path: string): FieldError[] {
  return type === 'Pod' || type === 'Container' ? validateContainerResourceName(name, path) : validateResourceName(name, path);
}

/** Go's %f: six decimals, and Inf/NaN spelled as Go spells them. */
function goFloat(v: number): string {
  if (Number.isNaN(v)) return 'NaN';
  if (!Number.isFinite(v)) return v > 0 ? '+Inf' : '-Inf';
  return v.toFixed(6);
}

function checkBounds(key: string, at: (field: string) => string, bags: Record<string, Map<string, Quantity>>): FieldError[] {
  const errs: FieldError[] = [];
  const min = bags['min']!.get(key);
  const max = bags['max']!.get(key);
  const def = bags['default']!.get(key);
  const defReq = bags['defaultRequest']!.get(key);
  const ratio = bags['maxLimitRequestRatio']!.get(key);
  const s = quantityString;
  if (min && max && compareQuantities(min, max) > 0) errs.push(invalid(at('min'), quantityValue(min), `min value ${s(min)} is greater than max value ${s(max)}`));
  if (defReq && min && compareQuantities(min, defReq) > 0) errs.push(invalid(at('defaultRequest'), quantityValue(defReq), `min value ${s(min)} is greater than default request value ${s(defReq)}`));
  if (defReq && max && compareQuantities(defReq, max) > 0) errs.push(invalid(at('defaultRequest'), quantityValue(defReq), `default request value ${s(defReq)} is greater than max value ${s(max)}`));
  if (defReq && def && compareQuantities(defReq, def) > 0) errs.push(invalid(at('defaultRequest'), quantityValue(defReq), `default request value ${s(defReq)} is greater than default limit value ${s(def)}`));
  if (def && min && compareQuantities(min, def) > 0) errs.push(invalid(at('default'), quantityValue(min), `min value ${s(min)} is greater than default value ${s(def)}`));
  if (def && max && compareQuantities(def, max) > 0) errs.push(invalid(at('default'), quantityValue(max), `default value ${s(def)} is greater than max value ${s(max)}`));
  if (ratio && compareQuantities(ratio, ONE) < 0) errs.push(invalid(at('maxLimitRequestRatio'), quantityValue(ratio), `ratio ${s(ratio)} is less than 1`));
  if (ratio && min && max) {
    // Go compares in milli-units when they fit, in whole units otherwise, as float64.
    let ratioValue = Number(scaledValue(ratio, 0));
    let minValue = scaledValue(min, 0);
    let maxValue = scaledValue(max, 0);
    if (scaledValue(ratio, 0) < MAX_MILLI_VALUE && minValue < MAX_MILLI_VALUE && maxValue < MAX_MILLI_VALUE) {
      ratioValue = Number(scaledValue(ratio, -3)) / 1000;
      minValue = scaledValue(min, -3);
      maxValue = scaledValue(max, -3);
    }
    const limit = Number(maxValue) / Number(minValue);
    if (ratioValue > limit) errs.push(invalid(at('maxLimitRequestRatio'), quantityValue(ratio), `ratio ${s(ratio)} is greater than max/min = ${goFloat(limit)}`));
  }
  if (!isOvercommitAllowed(key) && def && defReq && compareQuantities(def, defReq) !== 0) {
    errs.push(invalid(at('defaultRequest'), quantityValue(defReq), `default value ${s(def)} must equal to defaultRequest value ${s(defReq)} in ${key}`));
  }
  return errs;
}

function validateItem(item: LimitRangeItem, idx: string, seen: Set<string>): FieldError[] {
  const type = item.type ?? '';
  const errs = validateTypeName(type, `${idx}.type`);
  if (seen.has(type)) errs.push(duplicate(`${idx}.type`, type));
  seen.add(type);
  const keys = new Set<string>();
  const bags: Record<string, Map<string, Quantity>> = { min: new Map(), max: new Map(), default: new Map(), defaultRequest: new Map(), maxLimitRequestRatio: new Map() };
  const read = (bag: 'max' | 'min' | 'default' | 'defaultRequest' | 'maxLimitRequestRatio', list: ResourceList | undefined) => {
    for (const key of Object.keys(list ?? {}).sort()) {
      errs.push(...validateResourceKey(type, key, `${idx}.${bag}[${key}]`));
      keys.add(key);
      bags[bag]!.set(key, quantityOf(list![key]!));
    }
  };
  read('max', item.max);
  read('min', item.min);
  if (type === 'Pod') {
    if (Object.keys(item.default ?? {}).length) errs.push(forbidden(`${idx}.default`, "may not be specified when `type` is 'Pod'"));
    if (Object.keys(item.defaultRequest ?? {}).length) errs.push(forbidden(`${idx}.defaultRequest`, "may not be specified when `type` is 'Pod'"));
  } else {
    read('default', item.default);
    read('defaultRequest', item.defaultRequest);
  }
  if (type === 'PersistentVolumeClaim' && !Object.hasOwn(item.min ?? {}, 'storage') && !Object.hasOwn(item.max ?? {}, 'storage')) {
    errs.push(required(`${idx}.limits`, 'either minimum or maximum storage value is required, but neither was provided'));
  }
  read('maxLimitRequestRatio', item.maxLimitRequestRatio);
  for (const key of [...keys].sort()) errs.push(...checkBounds(key, (field) => `${idx}.${field}[${key}]`, bags));
  return errs;
}

function validateLimitRangeFields(lr: LimitRange): FieldError[] {
  const errs = validateObjectMeta(lr.metadata, true, nameIsDNSSubdomain);
  const seen = new Set<string>();
  (lr.spec?.limits ?? []).forEach((item, i) => errs.push(...validateItem(item, `spec.limits[${i}]`, seen)));
  return errs;
}

export function validateLimitRange(lr: LimitRange): StatusCause[] {
  return toStatusCauses(validateLimitRangeFields(lr));
}

/** Kubernetes checks an updated limit range as a new one, after the metadata rules. */
export function validateLimitRangeUpdate(lr: LimitRange, old: LimitRange): StatusCause[] {
  return toStatusCauses([...validateObjectMetaUpdate(lr.metadata, old.metadata), ...validateLimitRangeFields(lr)]);
}
