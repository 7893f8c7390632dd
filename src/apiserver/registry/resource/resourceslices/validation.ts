// ResourceSlice validation as Kubernetes' ValidateResourceSlice: driver and pool names, a pool
// generation of zero or more and at least one slice, exactly one way of saying which nodes reach
// the devices, devices or shared counters but not both, devices with unique DNS-label names,
// at most 32 attributes and capacities each holding exactly one value, taints, counter sets.
// The driver, the pool's name and the node name are immutable.
import type { Device, DeviceAttribute, DeviceTaint, ResourceSlice, ResourceSliceSpec } from '../../../../api/resource/v1/types.ts';
import type { StatusCause } from '../../../../machinery/status.ts';
import { forbidden, invalid, notSupported, required, tooLong, tooMany, toStatusCauses, type FieldError } from '../../../../machinery/validation/field-error.ts';
import { validateImmutableField } from '../../../../machinery/validation/immutable.ts';
import { isQualifiedName, isValidLabelValue, nameIsDNSSubdomain } from '../../../../machinery/validation/names.ts';
import { validateObjectMeta, validateObjectMetaUpdate } from '../../../../machinery/validation/object-meta.ts';
import { validateNodeSelector } from '../../core/pods/validation/affinity.ts';
import { dnsLabelErrors, dnsSubdomainErrors, validateDriverName, validateList, validatePoolName, validateQualifiedName } from '../names.ts';

const MAX_DEVICES = 128;
const MAX_DEVICES_WITH_TAINTS_OR_COUNTERS = 64;
const MAX_ATTRIBUTES_AND_CAPACITIES = 32;
const MAX_TAINTS = 16;
const MAX_COUNTER_SETS = 8;
const MAX_COUNTERS = 32;
const MAX_COUNTER_CONSUMPTIONS = 2;
const ATTRIBUTE_VALUE_MAX_LENGTH = 64;
const TAINT_EFFECTS = ['NoExecute', 'NoSchedule', 'None'];
const SEMVER = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(-(0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*)(\.(0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*))*)?(\+[0-9a-zA-Z-]+(\.[0-9a-zA-Z-]+)*)?$/;

function validateNodeName(name: string, path: string): FieldError[] {
  return dnsSubdomainErrors(name, path);
}

function validateAttribute(attr: DeviceAttribute, path: string): FieldError[] {
  const errs: FieldError[] = [];
  const set = (['int', 'bool', 'string', 'version'] as const).filter((k) => attr[k] !== undefined && attr[k] !== null);
  if (attr.string !== undefined && attr.string.length > ATTRIBUTE_VALUE_MAX_LENGTH) errs.push(tooLong(`${path}.string`, ATTRIBUTE_VALUE_MAX_LENGTH));
  if (attr.version !== undefined) {
    if (!SEMVER.test(attr.version)) errs.push(invalid(`${path}.version`, attr.version, 'must be a string compatible with semver.org spec 2.0.0'));
    if (attr.version.length > ATTRIBUTE_VALUE_MAX_LENGTH) errs.push(tooLong(`${path}.version`, ATTRIBUTE_VALUE_MAX_LENGTH));
  }
  if (set.length !== 1) errs.push(invalid(path, set.length ? attr : '', 'exactly one value must be specified'));
  return errs;
}

function validateTaint(taint: DeviceTaint, path: string): FieldError[] {
  const errs = taint.key ? isQualifiedName(taint.key).map((msg) => invalid(`${path}.key`, taint.key, msg)) : [required(`${path}.key`)];
  if (taint.value) errs.push(...isValidLabelValue(taint.value).map((msg) => invalid(`${path}.value`, taint.value!, msg)));
  if (!taint.effect) errs.push(required(`${path}.effect`));
  else if (!TAINT_EFFECTS.includes(taint.effect)) errs.push(notSupported(`${path}.effect`, taint.effect, TAINT_EFFECTS));
  return errs;
}

function validateCounterMap(counters: Record<string, unknown> | undefined, path: string): FieldError[] {
  const keys = Object.keys(counters ?? {});
  if (!keys.length) return [required(path)];
  if (keys.length > MAX_COUNTERS) return [tooMany(path, keys.length, MAX_COUNTERS)];
  return keys.sort().flatMap((k) => dnsLabelErrors(k, path));
}

/** A device's own node selection, allowed only with the slice's perDeviceNodeSelection. */
function validateDeviceNodes(device: Device, path: string, perDevice: boolean): FieldError[] {
  const chosen: string[] = [];
  const errs: FieldError[] = [];
  if (!perDevice) {
    if (device.nodeName !== undefined || device.nodeSelector !== undefined || device.allNodes !== undefined) {
      errs.push(invalid(path, null, '`nodeName`, `nodeSelector` and `allNodes` can only be set if `perDeviceNodeSelection` is set to true in the ResourceSlice spec'));
    }
    return errs;
  }
  if (device.nodeName !== undefined) {
    if (device.nodeName) {
      chosen.push('`nodeName`');
      errs.push(...validateNodeName(device.nodeName, `${path}.nodeName`));
    } else errs.push(invalid(`${path}.nodeName`, '', 'must not be empty'));
  }
  if (device.nodeSelector) {
    chosen.push('`nodeSelector`');
    errs.push(...validateNodeSelector(device.nodeSelector, `${path}.nodeSelector`));
  }
  if (device.allNodes !== undefined) {
    if (device.allNodes) chosen.push('`allNodes`');
    else errs.push(invalid(`${path}.allNodes`, false, 'must be either unset or set to true'));
  }
  const detail = 'exactly one of `nodeName`, `nodeSelector`, or `allNodes` is required when `perDeviceNodeSelection` is set to true in the ResourceSlice spec';
  if (chosen.length === 0) errs.push(required(path, detail));
  else if (chosen.length > 1) errs.push(invalid(path, `{${chosen.join(', ')}}`, detail));
  return errs;
}

function validateDevice(device: Device, path: string, perDevice: boolean): FieldError[] {
  const errs = device.name ? dnsLabelErrors(device.name, `${path}.name`) : [required(`${path}.name`)];
  const attributes = device.attributes ?? {};
  const capacity = device.capacity ?? {};
  const count = Object.keys(attributes).length + Object.keys(capacity).length;
  if (count > MAX_ATTRIBUTES_AND_CAPACITIES) errs.push(invalid(path, count, `the total number of attributes and capacities must not exceed ${MAX_ATTRIBUTES_AND_CAPACITIES}`));
  for (const name of Object.keys(attributes).sort()) {
    errs.push(...validateQualifiedName(name, `${path}.attributes`), ...validateAttribute(attributes[name]!, `${path}.attributes[${name}]`));
  }
  for (const name of Object.keys(capacity).sort()) {
    errs.push(...validateQualifiedName(name, `${path}.capacity`));
    if (capacity[name]!.requestPolicy && !device.allowMultipleAllocations) errs.push(forbidden(`${path}.capacity[${name}].requestPolicy`, 'allowMultipleAllocations must be true'));
  }
  errs.push(...validateList(device.taints, MAX_TAINTS, `${path}.taints`, validateTaint));
  errs.push(...validateList(device.consumesCounters, MAX_COUNTER_CONSUMPTIONS, `${path}.consumesCounters`, (c, at) => [
    ...(c.counterSet ? dnsLabelErrors(c.counterSet, `${at}.counterSet`) : [required(`${at}.counterSet`)]),
    ...validateCounterMap(c.counters, `${at}.counters`),
  ], (c) => c.counterSet));
  errs.push(...validateDeviceNodes(device, path, !!perDevice));
  return errs;
}

/** Exactly one of nodeName, nodeSelector, allNodes and perDeviceNodeSelection. */
function validateNodeSelection(spec: ResourceSliceSpec, path: string): FieldError[] {
  const chosen: string[] = [];
  const errs: FieldError[] = [];
  if (spec.nodeName !== undefined) {
    if (spec.nodeName) {
      chosen.push('`nodeName`');
      errs.push(...validateNodeName(spec.nodeName, `${path}.nodeName`));
    } else errs.push(invalid(`${path}.nodeName`, '', 'must be either unset or set to a non-empty string'));
  }
  if (spec.nodeSelector) {
    chosen.push('`nodeSelector`');
    errs.push(...validateNodeSelector(spec.nodeSelector, `${path}.nodeSelector`));
    const terms = spec.nodeSelector.nodeSelectorTerms ?? [];
    if (terms.length !== 1) errs.push(invalid(`${path}.nodeSelector.nodeSelectorTerms`, terms, 'must have exactly one node selector term'));
  }
  for (const flag of ['allNodes', 'perDeviceNodeSelection'] as const) {
    if (spec[flag] === undefined) continue;
    if (spec[flag]) chosen.push(`\`${flag}\``);
    else errs.push(invalid(`${path}.${flag}`, false, 'must be either unset or set to true'));
  }
  const detail = 'exactly one of `nodeName`, `nodeSelector`, `allNodes`, `perDeviceNodeSelection` is required';
  if (chosen.length === 0) errs.push(required(path, detail));
  else if (chosen.length > 1) errs.push(invalid(path, `{${chosen.join(', ')}}`, `${detail}, but multiple fields are set`));
  return errs;
}

function validateSpec(spec: ResourceSliceSpec, old: ResourceSliceSpec | undefined, path: string): FieldError[] {
  const errs = validateDriverName(spec.driver ?? '', `${path}.driver`);
  const pool = spec.pool ?? { name: '', generation: 0, resourceSliceCount: 0 };
  errs.push(...validatePoolName(pool.name ?? '', `${path}.pool.name`));
  if ((pool.resourceSliceCount ?? 0) <= 0) errs.push(invalid(`${path}.pool.resourceSliceCount`, pool.resourceSliceCount ?? 0, 'must be greater than zero'));
  if ((pool.generation ?? 0) < 0) errs.push(invalid(`${path}.pool.generation`, pool.generation, 'must be greater than or equal to zero'));
  if (old) {
    errs.push(...validateImmutableField(pool.name ?? '', old.pool?.name ?? '', `${path}.pool.name`));
    errs.push(...validateImmutableField(spec.driver ?? '', old.driver ?? '', `${path}.driver`));
    errs.push(...validateImmutableField(spec.nodeName ?? null, old.nodeName ?? null, `${path}.nodeName`));
  }
  errs.push(...validateNodeSelection(spec, path));
  if (spec.sharedCounters !== undefined && spec.devices !== undefined) errs.push(invalid(path, '', 'only one of `sharedCounters` or `devices` is allowed'));
  const advanced = (spec.devices ?? []).some((d) => d.taints?.length || d.consumesCounters?.length);
  const maxDevices = advanced ? MAX_DEVICES_WITH_TAINTS_OR_COUNTERS : MAX_DEVICES;
  errs.push(...validateList(spec.devices, maxDevices, `${path}.devices`, (d, at) => validateDevice(d, at, !!spec.perDeviceNodeSelection), (d) => d.name));
  errs.push(...validateList(spec.sharedCounters, MAX_COUNTER_SETS, `${path}.sharedCounters`, (c, at) => [
    ...(c.name ? dnsLabelErrors(c.name, `${at}.name`) : [required(`${at}.name`)]),
    ...validateCounterMap(c.counters, `${at}.counters`),
  ], (c) => c.name));
  return errs;
}

export function validateResourceSlice(slice: ResourceSlice): StatusCause[] {
  return toStatusCauses([...validateObjectMeta(slice.metadata, false, nameIsDNSSubdomain), ...validateSpec(slice.spec ?? ({} as ResourceSliceSpec), undefined, 'spec')]);
}

export function validateResourceSliceUpdate(slice: ResourceSlice, old: ResourceSlice): StatusCause[] {
  return toStatusCauses([
    ...validateObjectMetaUpdate(slice.metadata, old.metadata),
    ...validateSpec(slice.spec ?? ({} as ResourceSliceSpec), old.spec ?? ({} as ResourceSliceSpec), 'spec'),
  ]);
}
