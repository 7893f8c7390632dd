// Legacy service account token Secrets as the token controllers read them: type
// orch.io/service-account-token (or Kubernetes' spelling, which kubectl sends), the account named
// by the service-account.name and .uid annotations of the type's brand, and the token, ca.crt and
// namespace data keys the controller fills.
import type { Secret } from '../../../api/core/v1/secret-types.ts';
import type { ServiceAccount } from '../../../api/core/v1/service-account-types.ts';

export const TOKEN_SECRET_TYPES: readonly string[] = ['orch.io/service-account-token', 'kubernetes.io/service-account-token'];
export const TOKEN_KEY = 'token';
export const ROOT_CA_KEY = 'ca.crt';
export const NAMESPACE_KEY = 'namespace';
/** The legacy token tracking labels (the API server sets the first; the cleaner the second). */
export const LAST_USED_LABEL = 'orch.io/legacy-token-last-used';
export const INVALID_SINCE_LABEL = 'orch.io/legacy-token-invalid-since';

export function isTokenSecret(secret: Secret): boolean {
  return TOKEN_SECRET_TYPES.includes(secret.type ?? '');
}

/** The annotation prefix of a token Secret's type: kubernetes.io for Kubernetes' spelling. */
function brand(secret: Secret): string {
  return secret.type?.startsWith('kubernetes.io/') ? 'kubernetes.io' : 'orch.io';
}

export function nameAnnotation(secret: Secret): string {
  return `${brand(secret)}/service-account.name`;
}

export function uidAnnotation(secret: Secret): string {
  return `${brand(secret)}/service-account.uid`;
}

/** The service account a token Secret names, by name and (possibly empty) uid. */
export function accountOf(secret: Secret): { name: string; uid: string } {
  const annotations = secret.metadata.annotations ?? {};
  return { name: annotations[nameAnnotation(secret)] ?? '', uid: annotations[uidAnnotation(secret)] ?? '' };
}

/** A token Secret of this account: named by it, and by its uid when the Secret records one. */
export function isTokenOf(secret: Secret, account: ServiceAccount): boolean {
  if (!isTokenSecret(secret)) return false;
  const { name, uid } = accountOf(secret);
  return name === account.metadata.name && (!uid || uid === account.metadata.uid);
}

export function dataValue(secret: Secret, key: string): Buffer {
  return Buffer.from(secret.data?.[key] ?? '', 'base64');
}
