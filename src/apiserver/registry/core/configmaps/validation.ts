// ConfigMap validation as Kubernetes' ValidateConfigMap and ValidateConfigMapUpdate: keys as
// IsConfigMapKey, no key in both data and binaryData, at most 1 MiB of values, and nothing of an
// immutable config map may change.
import type { ConfigMap } from '../../../../api/core/v1/configmap-types.ts';
import type { StatusCause } from '../../../../machinery/status.ts';
import { OMIT_VALUE, forbidden, invalid, toStatusCauses, type FieldError } from '../../../../machinery/validation/field-error.ts';
import { deepEqual } from '../../../../machinery/validation/immutable.ts';
import { DNS1123_SUBDOMAIN_MAX_LENGTH, maxLenError, nameIsDNSSubdomain, regexError } from '../../../../machinery/validation/names.ts';
import { validateObjectMeta, validateObjectMetaUpdate } from '../../../../machinery/validation/object-meta.ts';

/** Total bytes of data and binaryData values (Kubernetes' MaxSecretSize). */
export const MAX_CONFIG_MAP_BYTES = 1024 * 1024;

const CONFIG_KEY_FMT = '[-._a-zA-Z0-9]+';
const CONFIG_KEY_RE = new RegExp(`^${CONFIG_KEY_FMT}$`);

/** IsConfigMapKey: the messages for a bad key, empty when it is valid. */
export function configMapKeyErrors(key: string): string[] {
  const errs: string[] = [];
  if (key.length > DNS1123_SUBDOMAIN_MAX_LENGTH) errs.push(maxLenError(DNS1123_SUBDOMAIN_MAX_LENGTH));
  if (!CONFIG_KEY_RE.test(key)) {
    errs.push(regexError("a valid config key must consist of alphanumeric characters, '-', '_' or '.'", CONFIG_KEY_FMT, 'key.name', 'KEY_NAME', 'key-name'));
  }
  if (key === '.') errs.push("must not be '.'");
  else if (key === '..') errs.push("must not be '..'");
  else if (key.startsWith('..')) errs.push("must not start with '..'");
  return errs;
}

function keyPath(bag: string, key: string): string {
  return `${bag}[${key}]`;
}

function validateConfigMapFields(cm: ConfigMap): FieldError[] {
  const errs = validateObjectMeta(cm.metadata, true, nameIsDNSSubdomain);
  const data = cm.data ?? {};
  const binary = cm.binaryData ?? {};
  let total = 0;
  for (const key of Object.keys(data).sort()) {
    for (const msg of configMapKeyErrors(key)) errs.push(invalid(keyPath('data', key), key, msg));
    if (Object.hasOwn(binary, key)) errs.push(invalid(keyPath('data', key), key, 'duplicate of key present in binaryData'));
    total += Buffer.byteLength(data[key]!, 'utf8');
  }
  for (const key of Object.keys(binary).sort()) {
    for (const msg of configMapKeyErrors(key)) errs.push(invalid(keyPath('binaryData', key), key, msg));
    if (Object.hasOwn(data, key)) errs.push(invalid(keyPath('data', key), key, 'duplicate of key present in data'));
    total += Buffer.from(binary[key]!, 'base64').length;
  }
  if (total > MAX_CONFIG_MAP_BYTES) {
    // The whole object is too long: no field is named.
    errs.push({ type: 'FieldValueTooLong', field: '', badValue: OMIT_VALUE, detail: `must have at most ${MAX_CONFIG_MAP_BYTES} bytes` });
  }
  return errs;
}

export function validateConfigMap(cm: ConfigMap): StatusCause[] {
  return toStatusCauses(validateConfigMapFields(cm));
}

export function validateConfigMapUpdate(cm: ConfigMap, old: ConfigMap): StatusCause[] {
  const errs = validateObjectMetaUpdate(cm.metadata, old.metadata);
  if (old.immutable === true) {
    if (cm.immutable !== true) errs.push(forbidden('immutable', 'field is immutable when `immutable` is set'));
    if (!deepEqual(cm.data ?? {}, old.data ?? {})) errs.push(forbidden('data', 'field is immutable when `immutable` is set'));
    if (!deepEqual(cm.binaryData ?? {}, old.binaryData ?? {})) errs.push(forbidden('binaryData', 'field is immutable when `immutable` is set'));
  }
  errs.push(...validateConfigMapFields(cm));
  return toStatusCauses(errs);
}
