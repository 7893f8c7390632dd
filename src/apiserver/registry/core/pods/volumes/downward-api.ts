// The downward API as Kubernetes' validation checks it: a pod field (ObjectFieldSelector) named
// the way v1 pods allow, with label and annotation subscripts that are qualified names, and a
// container resource (ResourceFieldSelector) with a divisor that suits it. Environment
// variables select from the same fields with another list of allowed paths.
import type { DownwardAPIVolumeFile } from '../../../../../api/core/v1/volume-types.ts';
import { invalid, notSupported, required, type FieldError } from '../../../../../machinery/validation/field-error.ts';
import { isQualifiedName } from '../../../../../machinery/validation/names.ts';
import { canonicalQuantity, isZeroQuantity, parseQuantity } from '../../../../../machinery/quantity/quantity.ts';
import { validateFileMode, validateLocalNonReservedPath } from './paths.ts';

/** The pod fields a downward API volume file may hold, sorted as Kubernetes lists them. */
export const VOLUME_FIELD_PATHS: readonly string[] = ['metadata.annotations', 'metadata.labels', 'metadata.name', 'metadata.namespace', 'metadata.uid'];

/** The container resources the downward API exposes, sorted. */
export const CONTAINER_RESOURCE_PATHS: readonly string[] = [
  'limits.cpu', 'limits.ephemeral-storage', 'limits.memory', 'requests.cpu', 'requests.ephemeral-storage', 'requests.memory',
];
const HUGEPAGES_PREFIXES = ['limits.hugepages-', 'requests.hugepages-'];

/** Every field label a v1 pod converts (ConvertDownwardAPIFieldLabel); spec.host is spec.nodeName. */
const POD_FIELD_LABELS = new Set([
  'metadata.annotations', 'metadata.labels', 'metadata.name', 'metadata.namespace', 'metadata.uid', 'spec.nodeName', 'spec.restartPolicy',
  'spec.serviceAccountName', 'spec.schedulerName', 'status.phase', 'status.hostIP', 'status.hostIPs', 'status.podIP', 'status.podIPs',
]);

/** `metadata.labels['key']` → ['metadata.labels', 'key'] (fieldpath.SplitMaybeSubscriptedPath). */
function splitSubscript(fieldPath: string): [string, string] | undefined {
  if (!fieldPath.endsWith("']")) return undefined;
  const s = fieldPath.slice(0, -2);
  const at = s.indexOf("['");
  if (at <= 0) return undefined;
  return [s.slice(0, at), s.slice(at + 2)];
}

/** The internal field path of a v1 label, or the conversion error Kubernetes reports. */
function convertFieldLabel(apiVersion: string, label: string): { path: string } | { error: string } {
  if (apiVersion !== 'v1') return { error: `unsupported pod version: ${apiVersion}` };
  const sub = splitSubscript(label);
  if (sub) return sub[0] === 'metadata.annotations' || sub[0] === 'metadata.labels' ? { path: label } : { error: `field label does not support subscript: ${label}` };
  if (label === 'spec.host') return { path: 'spec.nodeName' };
  return POD_FIELD_LABELS.has(label) ? { path: label } : { error: `field label not supported: ${label}` };
}

/** validateObjectFieldSelector: a pod field from `allowed`, or a label/annotation by key. */
export function validateObjectFieldSelector(fs: { apiVersion?: string; fieldPath: string }, allowed: readonly string[], path: string): FieldError[] {
  if (!fs.apiVersion) return [required(`${path}.apiVersion`)];
  if (!fs.fieldPath) return [required(`${path}.fieldPath`)];
  const converted = convertFieldLabel(fs.apiVersion, fs.fieldPath);
  if ('error' in converted) return [invalid(`${path}.fieldPath`, fs.fieldPath, `error converting fieldPath: ${converted.error}`)];
  const sub = splitSubscript(converted.path);
  if (sub) {
    // Annotation keys are matched without regard to case.
    const key = sub[0] === 'metadata.annotations' ? sub[1].toLowerCase() : sub[1];
    return isQualifiedName(key).map((msg) => invalid(path, key, msg));
  }
  return allowed.includes(converted.path) ? [] : [notSupported(`${path}.fieldPath`, converted.path, allowed)];
}

const DECIMAL_AND_BINARY_UNITS = ['1', '1k', '1M', '1G', '1T', '1P', '1E', '1Ki', '1Mi', '1Gi', '1Ti', '1Pi', '1Ei'];
const UNITS_TEXT = DECIMAL_AND_BINARY_UNITS.join(', ');

/** validateContainerResourceDivisor: the divisors each resource may be shown in. */
function validateDivisor(resource: string, divisor: string | undefined, path: string): FieldError[] {
  if (divisor === undefined) return [];
  const q = parseQuantity(divisor);
  if (isZeroQuantity(q)) return [];
  const text = canonicalQuantity(q);
  const at = `${path}.divisor`;
  const errs: FieldError[] = [];
  if (resource === 'limits.cpu' || resource === 'requests.cpu') {
    if (text !== '1m' && text !== '1') errs.push(invalid(at, resource, "only divisor's values 1m and 1 are supported with the cpu resource"));
  } else if (resource === 'limits.memory' || resource === 'requests.memory') {
    if (!DECIMAL_AND_BINARY_UNITS.includes(text)) errs.push(invalid(at, resource, `only divisor's values ${UNITS_TEXT} are supported with the memory resource`));
  } else if (resource === 'limits.ephemeral-storage' || resource === 'requests.ephemeral-storage') {
    if (!DECIMAL_AND_BINARY_UNITS.includes(text)) errs.push(invalid(at, resource, `only divisor's values ${UNITS_TEXT} are supported with the local ephemeral storage resource`));
  }
  if (HUGEPAGES_PREFIXES.some((p) => resource.startsWith(p)) && !DECIMAL_AND_BINARY_UNITS.includes(text)) {
    errs.push(invalid(at, resource, `only divisor's values ${UNITS_TEXT} are supported with the hugepages resource`));
  }
  return errs;
}

/** validateContainerResourceFieldSelector; a volume's selector must name its container. */
export function validateResourceFieldSelector(fs: { containerName?: string; resource: string; divisor?: string }, forVolume: boolean, path: string): FieldError[] {
  const errs: FieldError[] = [];
  if (forVolume && !fs.containerName) errs.push(required(`${path}.containerName`));
  else if (!fs.resource) errs.push(required(`${path}.resource`));
  else if (!CONTAINER_RESOURCE_PATHS.includes(fs.resource) && !HUGEPAGES_PREFIXES.some((p) => fs.resource.startsWith(p))) {
    errs.push(notSupported(`${path}.resource`, fs.resource, CONTAINER_RESOURCE_PATHS));
  }
  return [...errs, ...validateDivisor(fs.resource ?? '', fs.divisor, path)];
}

/**
 * One file of a downward API volume or projection. Kubernetes reports the file's errors under
 * the volume's own path (`…downwardAPI.path`), not the item's, and so do we.
 */
export function validateDownwardAPIFile(file: DownwardAPIVolumeFile, path: string): FieldError[] {
  const errs: FieldError[] = [];
  if (!file.path) errs.push(required(`${path}.path`));
  errs.push(...validateLocalNonReservedPath(file.path ?? '', `${path}.path`));
  if (file.fieldRef) {
    errs.push(...validateObjectFieldSelector(file.fieldRef, VOLUME_FIELD_PATHS, `${path}.fieldRef`));
    if (file.resourceFieldRef) errs.push(invalid(path, 'resource', 'fieldRef and resourceFieldRef can not be specified simultaneously'));
  } else if (file.resourceFieldRef) {
    errs.push(...validateResourceFieldSelector(file.resourceFieldRef, true, `${path}.resourceFieldRef`));
  } else {
    errs.push(required(path, 'one of fieldRef and resourceFieldRef is required'));
  }
  return [...errs, ...validateFileMode(file.mode, `${path}.mode`)];
}
