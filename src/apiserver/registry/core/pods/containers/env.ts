// A container's environment as Kubernetes validates it (ValidateEnv, ValidateEnvFrom and the
// selectors they use): names of printable ASCII other than '=', exactly one value source, field
// references to the downward API fields a variable may read, resource references to the
// container's own requests and limits with the divisors each resource allows, config map and
// secret keys, and env files on the pod's volumes.
import type { ConfigMapKeySelector, EnvFromSource, EnvVar, FileKeySelector, ObjectFieldSelector, ResourceFieldSelector, SecretKeySelector } from '../../../../../api/core/v1/container-types.ts';
import { parseQuantity, quantityString } from '../../../../../machinery/quantity/quantity.ts';
import { invalid, notSupported, required, type FieldError } from '../../../../../machinery/validation/field-error.ts';
import { isDNS1123Label, isQualifiedName, nameIsDNSSubdomain } from '../../../../../machinery/validation/names.ts';
import { child, index } from '../../../../../machinery/validation/path.ts';
import { configMapKeyErrors } from '../../configmaps/validation.ts';
import { validatePathNoBacksteps } from './paths.ts';

const RELAXED_ENV_NAME_MESSAGE = "a valid environment variable name must consist only of printable ASCII characters other than '='";

/** IsRelaxedEnvVarName. */
export function relaxedEnvVarNameErrors(value: string): string[] {
  const errs: string[] = [];
  if (value.length === 0) errs.push('environment variable name must be non-empty');
  for (const ch of value) {
    const c = ch.codePointAt(0)!;
    if (c < 0x20 || c > 0x7e || ch === '=') {
      errs.push(RELAXED_ENV_NAME_MESSAGE);
      break;
    }
  }
  return errs;
}

/** The downward API fields an environment variable may read (besides labels and annotations). */
const ENV_FIELD_PATHS = [
  'metadata.name', 'metadata.namespace', 'metadata.uid', 'spec.nodeName', 'spec.serviceAccountName',
  'status.hostIP', 'status.hostIPs', 'status.podIP', 'status.podIPs',
];

/** The pod fields the downward API converts at all (ConvertDownwardAPIFieldLabel). */
const CONVERTIBLE_FIELD_PATHS = new Set([
  'metadata.annotations', 'metadata.labels', 'metadata.name', 'metadata.namespace', 'metadata.uid', 'spec.nodeName',
  'spec.restartPolicy', 'spec.serviceAccountName', 'spec.schedulerName', 'status.phase', 'status.hostIP', 'status.hostIPs',
  'status.podIP', 'status.podIPs',
]);

const RESOURCE_FIELD_PATHS = ['limits.cpu', 'limits.ephemeral-storage', 'limits.memory', 'requests.cpu', 'requests.ephemeral-storage', 'requests.memory'];
const HUGEPAGES_PREFIXES = ['limits.hugepages-', 'requests.hugepages-'];

/** `path['subscript']` split as fieldpath.SplitMaybeSubscriptedPath does; undefined when not subscripted. */
function splitSubscript(fieldPath: string): [string, string] | undefined {
  if (!fieldPath.endsWith("']")) return undefined;
  const s = fieldPath.slice(0, -2);
  const at = s.indexOf("['");
  if (at <= 0) return undefined;
  return [s.slice(0, at), s.slice(at + 2)];
}

/** The internal field a v1 downward API path names, or the conversion error. */
function convertFieldPath(apiVersion: string, fieldPath: string): { path: string } | { error: string } {
  if (apiVersion !== 'v1') return { error: `unsupported pod version: ${apiVersion}` };
  const sub = splitSubscript(fieldPath);
  if (sub) {
    return sub[0] === 'metadata.annotations' || sub[0] === 'metadata.labels' ? { path: fieldPath } : { error: `field label does not support subscript: ${fieldPath}` };
  }
  if (fieldPath === 'spec.host') return { path: 'spec.nodeName' };
  return CONVERTIBLE_FIELD_PATHS.has(fieldPath) ? { path: fieldPath } : { error: `field label not supported: ${fieldPath}` };
}

function validateObjectFieldSelector(fs: ObjectFieldSelector, path: string): FieldError[] {
  if (!fs.apiVersion) return [required(child(path, 'apiVersion'))];
  if (!fs.fieldPath) return [required(child(path, 'fieldPath'))];
  const converted = convertFieldPath(fs.apiVersion, fs.fieldPath);
  if ('error' in converted) return [invalid(child(path, 'fieldPath'), fs.fieldPath, `error converting fieldPath: ${converted.error}`)];
  const sub = splitSubscript(converted.path);
  if (sub) {
    const key = sub[0] === 'metadata.annotations' ? sub[1].toLowerCase() : sub[1];
    return isQualifiedName(key).map((msg) => invalid(path, key, msg));
  }
  return ENV_FIELD_PATHS.includes(converted.path) ? [] : [notSupported(child(path, 'fieldPath'), converted.path, ENV_FIELD_PATHS)];
}

const DIVISORS_CPU = ['1m', '1'];
const DIVISORS_BYTES = ['1', '1k', '1M', '1G', '1T', '1P', '1E', '1Ki', '1Mi', '1Gi', '1Ti', '1Pi', '1Ei'];
const BYTES_LIST = '1, 1k, 1M, 1G, 1T, 1P, 1E, 1Ki, 1Mi, 1Gi, 1Ti, 1Pi, 1Ei';

function validateDivisor(resource: string, divisor: string | undefined, path: string): FieldError[] {
  if (divisor === undefined) return [];
  const q = parseQuantity(divisor);
  if (q.unscaled === 0n) return [];
  const text = quantityString(q);
  const at = child(path, 'divisor');
  const errs: FieldError[] = [];
  switch (resource) {
    case 'limits.cpu':
    case 'requests.cpu':
      if (!DIVISORS_CPU.includes(text)) errs.push(invalid(at, resource, "only divisor's values 1m and 1 are supported with the cpu resource"));
      break;
    case 'limits.memory':
    case 'requests.memory':
      if (!DIVISORS_BYTES.includes(text)) errs.push(invalid(at, resource, `only divisor's values ${BYTES_LIST} are supported with the memory resource`));
      break;
    case 'limits.ephemeral-storage':
    case 'requests.ephemeral-storage':
      if (!DIVISORS_BYTES.includes(text)) errs.push(invalid(at, resource, `only divisor's values ${BYTES_LIST} are supported with the local ephemeral storage resource`));
      break;
  }
  if (HUGEPAGES_PREFIXES.some((p) => resource.startsWith(p)) && !DIVISORS_BYTES.includes(text)) {
    errs.push(invalid(at, resource, `only divisor's values ${BYTES_LIST} are supported with the hugepages resource`));
  }
  return errs;
}

function validateResourceFieldSelector(fs: ResourceFieldSelector, path: string): FieldError[] {
  const errs: FieldError[] = [];
  if (!fs.resource) errs.push(required(child(path, 'resource')));
  else if (!RESOURCE_FIELD_PATHS.includes(fs.resource) && !HUGEPAGES_PREFIXES.some((p) => fs.resource.startsWith(p))) {
    errs.push(notSupported(child(path, 'resource'), fs.resource, RESOURCE_FIELD_PATHS));
  }
  errs.push(...validateDivisor(fs.resource ?? '', fs.divisor, path));
  return errs;
}

/** Config map and secret key selectors: a subdomain name (even when empty) and a config key. */
function validateKeySelector(s: ConfigMapKeySelector | SecretKeySelector, path: string): FieldError[] {
  const name = s.name ?? '';
  const errs = nameIsDNSSubdomain(name, false).map((msg) => invalid(child(path, 'name'), name, msg));
  if (!s.key) errs.push(required(child(path, 'key')));
  else errs.push(...configMapKeyErrors(s.key).map((msg) => invalid(child(path, 'key'), s.key, msg)));
  return errs;
}

function validateFileKeySelector(s: FileKeySelector, path: string): FieldError[] {
  const errs: FieldError[] = [];
  if (!s.key) errs.push(required(child(path, 'key')));
  else errs.push(...relaxedEnvVarNameErrors(s.key).map((msg) => invalid(child(path, 'key'), s.key, msg)));
  if (!s.volumeName) errs.push(required(child(path, 'volumeName')));
  else errs.push(...isDNS1123Label(s.volumeName).map((msg) => invalid(child(path, 'volumeName'), s.volumeName, msg)));
  if (!s.path) errs.push(required(child(path, 'path')));
  else errs.push(...validatePathNoBacksteps(s.path, child(path, 'path')));
  return errs;
}

function validateValueFrom(ev: EnvVar, path: string): FieldError[] {
  const from = ev.valueFrom;
  if (!from) return [];
  const errs: FieldError[] = [];
  let sources = 0;
  if (from.fieldRef) {
    sources++;
    errs.push(...validateObjectFieldSelector(from.fieldRef, child(path, 'fieldRef')));
  }
  if (from.resourceFieldRef) {
    sources++;
    errs.push(...validateResourceFieldSelector(from.resourceFieldRef, child(path, 'resourceFieldRef')));
  }
  if (from.configMapKeyRef) {
    sources++;
    errs.push(...validateKeySelector(from.configMapKeyRef, child(path, 'configMapKeyRef')));
  }
  if (from.secretKeyRef) {
    sources++;
    errs.push(...validateKeySelector(from.secretKeyRef, child(path, 'secretKeyRef')));
  }
  if (from.fileKeyRef) {
    sources++;
    errs.push(...validateFileKeySelector(from.fileKeyRef, child(path, 'fileKeyRef')));
  }
  if (sources === 0) errs.push(invalid(path, '', 'must specify one of: `fieldRef`, `resourceFieldRef`, `configMapKeyRef`, `secretKeyRef` or `fileKeyRef`'));
  else if (ev.value) errs.push(invalid(path, '', 'may not be specified when `value` is not empty'));
  else if (sources > 1) errs.push(invalid(path, '', 'may not have more than one field specified at a time'));
  return errs;
}

/** ValidateEnv. */
export function validateEnv(vars: readonly EnvVar[] | undefined, path: string): FieldError[] {
  const errs: FieldError[] = [];
  (vars ?? []).forEach((ev, i) => {
    const at = index(path, i);
    if (!ev.name) errs.push(required(child(at, 'name')));
    else errs.push(...relaxedEnvVarNameErrors(ev.name).map((msg) => invalid(child(at, 'name'), ev.name, msg)));
    errs.push(...validateValueFrom(ev, child(at, 'valueFrom')));
  });
  return errs;
}

/** ValidateEnvFrom: a valid prefix and exactly one of a config map or a secret, named by a subdomain. */
export function validateEnvFrom(sources: readonly EnvFromSource[] | undefined, path: string): FieldError[] {
  const errs: FieldError[] = [];
  (sources ?? []).forEach((ev, i) => {
    const at = index(path, i);
    if (ev.prefix) errs.push(...relaxedEnvVarNameErrors(ev.prefix).map((msg) => invalid(child(at, 'prefix'), ev.prefix, msg)));
    let count = 0;
    for (const [field, ref] of [['configMapRef', ev.configMapRef], ['secretRef', ev.secretRef]] as const) {
      if (!ref) continue;
      count++;
      const name = ref.name ?? '';
      const namePath = child(at, field, 'name');
      if (!name) errs.push(required(namePath));
      else errs.push(...nameIsDNSSubdomain(name, true).map((msg) => invalid(namePath, name, msg)));
    }
    // Kubernetes names the whole list here, not the entry.
    if (count === 0) errs.push(invalid(path, '', 'must specify one of: `configMapRef` or `secretRef`'));
    else if (count > 1) errs.push(invalid(path, '', 'may not have more than one field specified at a time'));
  });
  return errs;
}
