// What a claim asks for (a ResourceClaim's spec, a template's spec.spec) and a class's selectors
// and configuration, validated as Kubernetes' validateDeviceClaim and its helpers: request
// names, exactly one of `exactly` and `firstAvailable`, a device class, selectors, allocation
// mode and count, tolerations, constraints and configuration naming requests the claim has,
// opaque driver parameters that are a JSON object of at most 10 KiB.
import type { DeviceClaim, DeviceConfiguration, DeviceConstraint, DeviceRequest, DeviceSelector, DeviceToleration, ExactDeviceRequest } from '../../../api/resource/v1/types.ts';
import { invalid, notSupported, required, tooLong, type FieldError } from '../../../machinery/validation/field-error.ts';
import { isQualifiedName, isValidLabelValue } from '../../../machinery/validation/names.ts';
import { validateSelectorExpression } from './cel-selector.ts';
import { dnsLabelErrors, dnsSubdomainErrors, validateDriverName, validateFullyQualifiedName, validateList } from './names.ts';

const MAX_REQUESTS = 32;
const MAX_CONSTRAINTS = 32;
const MAX_CONFIG = 32;
const MAX_SELECTORS = 32;
const MAX_FIRST_AVAILABLE = 8;
const MAX_TOLERATIONS = 16;
const OPAQUE_PARAMETERS_MAX_LENGTH = 10 * 1024;
const TAINT_EFFECTS = ['NoExecute', 'NoSchedule', 'None'];

/** Request names of a claim, each with the names of its alternatives (none for an exact request). */
export type RequestNames = Map<string, Set<string> | undefined>;

export function gatherRequestNames(claim: DeviceClaim | undefined): RequestNames {
  const names: RequestNames = new Map();
  for (const r of claim?.requests ?? []) names.set(r.name, r.firstAvailable?.length ? new Set(r.firstAvailable.map((s) => s.name)) : undefined);
  return names;
}

function hasRequest(names: RequestNames, ref: string): boolean {
  const parts = ref.split('/');
  if (parts.length > 2 || !names.has(parts[0]!)) return false;
  return parts.length === 1 || !!names.get(parts[0]!)?.has(parts[1]!);
}

const REF_DETAIL = "must be the name of a request in the claim or the name of a request and a subrequest separated by '/'";

export function validateRequestRef(ref: string, path: string, names: RequestNames): FieldError[] {
  const parts = ref.split('/');
  if (parts.length > 2) return [invalid(path, ref, REF_DETAIL)];
  const errs = parts.flatMap((p) => dnsLabelErrors(p, path));
  if (!hasRequest(names, ref)) errs.push(invalid(path, ref, REF_DETAIL));
  return errs;
}

function validateRequestRefs(refs: string[] | undefined, path: string, names: RequestNames): FieldError[] {
  return validateList(refs, MAX_REQUESTS, path, (ref, at) => validateRequestRef(ref, at, names), (ref) => ref);
}

export function validateSelectors(selectors: DeviceSelector[] | undefined, path: string, stored: boolean): FieldError[] {
  return validateList(selectors, MAX_SELECTORS, path, (s, at) => {
    if (!s.cel) return [required(`${at}.cel`)];
    // An expression stored before was valid when it was written; it is not checked again.
    return stored ? [] : validateSelectorExpression(s.cel.expression ?? '', `${at}.cel.expression`);
  });
}

function validateAllocationMode(mode: string | undefined, count: number | undefined, path: string): FieldError[] {
  switch (mode) {
    case 'All':
      return count ? [invalid(`${path}.count`, count, "must not be specified when allocationMode is 'All'")] : [];
    case 'ExactCount':
      return (count ?? 0) <= 0 ? [invalid(`${path}.count`, count ?? 0, 'must be greater than zero')] : [];
    default:
      return [notSupported(`${path}.allocationMode`, mode ?? '', ['All', 'ExactCount'])];
  }
}

export function validateToleration(t: DeviceToleration, path: string): FieldError[] {
  const errs: FieldError[] = [];
  if (t.key) errs.push(...isQualifiedName(t.key).map((msg) => invalid(`${path}.key`, t.key!, msg)));
  switch (t.operator) {
    case 'Exists':
      if (t.value) errs.push(invalid(`${path}.value`, t.value, 'must be empty for operator `Exists`'));
      break;
    case 'Equal':
      errs.push(...isValidLabelValue(t.value ?? '').map((msg) => invalid(`${path}.value`, t.value ?? '', msg)));
      break;
    case undefined:
    case '':
      errs.push(required(`${path}.operator`));
      break;
    default:
      errs.push(notSupported(`${path}.operator`, t.operator, ['Equal', 'Exists']));
  }
  if (t.effect && !TAINT_EFFECTS.includes(t.effect)) errs.push(notSupported(`${path}.effect`, t.effect, TAINT_EFFECTS));
  return errs;
}

function validateDeviceClassName(name: string | undefined, path: string): FieldError[] {
  return name ? dnsSubdomainErrors(name, path) : [required(path)];
}

/** What an exact request and an alternative share. */
function validateDeviceAsk(ask: ExactDeviceRequest, path: string, stored: boolean): FieldError[] {
  return [
    ...validateDeviceClassName(ask.deviceClassName, `${path}.deviceClassName`),
    ...validateSelectors(ask.selectors, `${path}.selectors`, stored),
    ...validateAllocationMode(ask.allocationMode, ask.count, path),
    ...validateList(ask.tolerations, MAX_TOLERATIONS, `${path}.tolerations`, validateToleration),
  ];
}

function validateRequest(r: DeviceRequest, path: string, stored: boolean): FieldError[] {
  const errs = r.name ? dnsLabelErrors(r.name, `${path}.name`) : [required(`${path}.name`)];
  const alternatives = (r.firstAvailable?.length ?? 0) > 0;
  if (!alternatives && !r.exactly) errs.push(required(path, 'exactly one of `exactly` or `firstAvailable` is required'));
  else if (alternatives && r.exactly) errs.push(invalid(path, null, 'exactly one of `exactly` or `firstAvailable` is required, but multiple fields are set'));
  else if (r.exactly) errs.push(...validateDeviceAsk(r.exactly, `${path}.exactly`, stored));
  else {
    errs.push(...validateList(r.firstAvailable, MAX_FIRST_AVAILABLE, `${path}.firstAvailable`, (sub, at) => [
      ...(sub.name ? dnsLabelErrors(sub.name, `${at}.name`) : [required(`${at}.name`)]),
      ...validateDeviceAsk(sub, at, stored),
    ], (sub) => sub.name));
  }
  return errs;
}

function validateConstraint(c: DeviceConstraint, path: string, names: RequestNames): FieldError[] {
  const errs = validateRequestRefs(c.requests, `${path}.requests`, names);
  if (c.matchAttribute !== undefined) errs.push(...validateFullyQualifiedName(c.matchAttribute, `${path}.matchAttribute`));
  else if (c.distinctAttribute !== undefined) errs.push(...validateFullyQualifiedName(c.distinctAttribute, `${path}.distinctAttribute`));
  else errs.push(required(path, 'exactly one of "matchAttribute" or "distinctAttribute" is required, but multiple fields are set'));
  return errs;
}

/** Driver parameters: present, at most 10 KiB of JSON, and an object. */
function validateParameters(parameters: unknown, path: string, stored: boolean): FieldError[] {
  if (parameters === undefined || parameters === null) return [required(path)];
  if (!stored && JSON.stringify(parameters).length > OPAQUE_PARAMETERS_MAX_LENGTH) return [tooLong(path, OPAQUE_PARAMETERS_MAX_LENGTH)];
  if (typeof parameters !== 'object' || Array.isArray(parameters)) return [invalid(path, '<value omitted>', 'must be a valid JSON object')];
  return [];
}

export function validateDeviceConfiguration(config: DeviceConfiguration, path: string, stored: boolean): FieldError[] {
  if (!config.opaque) return [required(`${path}.opaque`)];
  return [
    ...validateDriverName(config.opaque.driver ?? '', `${path}.opaque.driver`),
    ...validateParameters(config.opaque.parameters, `${path}.opaque.parameters`, stored),
  ];
}

export function validateConfigList<T extends DeviceConfiguration & { requests?: string[] }>(
  configs: T[] | undefined,
  max: number,
  path: string,
  names: RequestNames | undefined,
  stored: boolean,
): FieldError[] {
  return validateList(configs, max, path, (c, at) => [
    ...(names ? validateRequestRefs(c.requests, `${at}.requests`, names) : []),
    ...validateDeviceConfiguration(c, at, stored),
  ]);
}

/** A claim's devices; `stored` skips what was valid when first written (CEL selectors, sizes). */
export function validateDeviceClaim(claim: DeviceClaim | undefined, path: string, stored = false): FieldError[] {
  const names = gatherRequestNames(claim);
  return [
    ...validateList(claim?.requests, MAX_REQUESTS, `${path}.requests`, (r, at) => validateRequest(r, at, stored), (r) => r.name),
    ...validateList(claim?.constraints, MAX_CONSTRAINTS, `${path}.constraints`, (c, at) => validateConstraint(c, at, names)),
    ...validateConfigList(claim?.config, MAX_CONFIG, `${path}.config`, names, stored),
  ];
}

