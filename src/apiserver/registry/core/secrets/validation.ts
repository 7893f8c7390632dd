// Secret validation worded as Kubernetes' ValidateSecret and ValidateSecretUpdate: data keys are
// config keys, the decoded values together stay within 1 MiB, each type has the keys it needs,
// and the type (and, once immutable, the data) never changes.
import type { Secret } from '../../../../api/core/v1/secret-types.ts';
import { MAX_SECRET_SIZE, SecretKeys } from '../../../../api/core/v1/secret-types.ts';
import type { FieldError } from '../../../../machinery/validation/field-error.ts';
import { forbidden, invalid, required, tooLong } from '../../../../machinery/validation/field-error.ts';
import { deepEqual, validateImmutableField } from '../../../../machinery/validation/immutable.ts';
import { nameIsDNSSubdomain } from '../../../../machinery/validation/names.ts';
import { validateObjectMeta } from '../../../../machinery/validation/object-meta.ts';
import { key as keyPath } from '../../../../machinery/validation/path.ts';
import { isConfigKey } from './config-key.ts';
import { decodedLength } from './normalize.ts';
import { secretKind, serviceAccountNameAnnotation } from './secret-type.ts';

const REDACTED = '<secret contents redacted>';

function jsonError(b64: string): string | undefined {
  try {
    const v = JSON.parse(Buffer.from(b64, 'base64').toString('utf8'));
    if (v === null || typeof v !== 'object' || Array.isArray(v)) return `json: cannot unmarshal ${Array.isArray(v) ? 'array' : v === null ? 'null' : typeof v} into Go value of type map[string]interface {}`;
    return undefined;
  } catch {
    return 'invalid character looking for beginning of value';
  }
}

export function validateSecret(secret: Secret): FieldError[] {
  const errs = validateObjectMeta(secret.metadata, true, nameIsDNSSubdomain);
  const data = secret.data ?? {};
  let total = 0;
  for (const [k, v] of Object.entries(data)) {
    for (const msg of isConfigKey(k)) errs.push(invalid(keyPath('data', k), k, msg));
    total += decodedLength(v);
  }
  if (total > MAX_SECRET_SIZE) errs.push(tooLong('data', MAX_SECRET_SIZE));

  const has = (k: string) => Object.hasOwn(data, k);
  switch (secretKind(secret.type)) {
    case 'service-account-token': {
      const annotation = serviceAccountNameAnnotation(secret.type);
      if (!secret.metadata.annotations?.[annotation]) errs.push(required(keyPath('metadata.annotations', annotation)));
      break;
    }
    case 'dockercfg':
    case 'dockerconfigjson': {
      const k = secretKind(secret.type) === 'dockercfg' ? SecretKeys.dockercfg : SecretKeys.dockerConfigJson;
      if (!has(k)) {
        errs.push(required(keyPath('data', k)));
        break;
      }
      const bad = jsonError(data[k]!);
      if (bad) errs.push(invalid(keyPath('data', k), REDACTED, bad));
      break;
    }
    case 'basic-auth':
      // Either may be empty, but one of them must be there.
      if (!has(SecretKeys.username) && !has(SecretKeys.password)) {
        errs.push(required(keyPath('data', SecretKeys.username)), required(keyPath('data', SecretKeys.password)));
      }
      break;
    case 'ssh-auth':
      if (!data[SecretKeys.sshPrivateKey]) errs.push(required(keyPath('data', SecretKeys.sshPrivateKey)));
      break;
    case 'tls':
      if (!has(SecretKeys.tlsCert)) errs.push(required(keyPath('data', SecretKeys.tlsCert)));
      if (!has(SecretKeys.tlsKey)) errs.push(required(keyPath('data', SecretKeys.tlsKey)));
      break;
    default:
      // Opaque, bootstrap tokens (checked by their authenticator, not here) and custom types.
      break;
  }
  return errs;
}

export function validateSecretUpdate(next: Secret, old: Secret): FieldError[] {
  const errs = validateImmutableField(next.type, old.type, 'type');
  if (old.immutable === true) {
    if (next.immutable !== true) errs.push(forbidden('immutable', 'field is immutable when `immutable` is set'));
    if (!deepEqual(next.data ?? {}, old.data ?? {})) errs.push(forbidden('data', 'field is immutable when `immutable` is set'));
  }
  errs.push(...validateSecret(next));
  return errs;
}
