// The claims of a legacy service account token (the `token` of a service-account-token Secret),
// shared by the controller that issues them and the API server that accepts them: issuer
// `orch/serviceaccount`, subject system:serviceaccount:<namespace>:<name>, and the namespace,
// Secret and service account (name and uid) under `orch.io/serviceaccount/`. No audience, no
// expiry: such a token lives as long as its Secret.

export const LEGACY_ISSUER = 'orch/serviceaccount';
export const LEGACY_CLAIM_PREFIX = 'orch.io/serviceaccount/';

export interface LegacyTokenSubject {
  namespace: string;
  serviceAccountName: string;
  serviceAccountUID: string;
  secretName: string;
}

/** The payload, its keys in the order Go's JSON writes a map (sorted). */
export function legacyTokenClaims(s: LegacyTokenSubject): Record<string, string> {
  return {
    iss: LEGACY_ISSUER,
    [`${LEGACY_CLAIM_PREFIX}namespace`]: s.namespace,
    [`${LEGACY_CLAIM_PREFIX}secret.name`]: s.secretName,
    [`${LEGACY_CLAIM_PREFIX}service-account.name`]: s.serviceAccountName,
    [`${LEGACY_CLAIM_PREFIX}service-account.uid`]: s.serviceAccountUID,
    sub: `system:serviceaccount:${s.namespace}:${s.serviceAccountName}`,
  };
}
