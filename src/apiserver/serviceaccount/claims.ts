// The claims of a bound service account token, as Kubernetes' serviceaccount.Claims builds them
// with `kubernetes.io` spelled `orch.io`: subject, audiences, iat/nbf/exp, a fresh jti, and the
// namespace, service account and bound pod, secret or node by name and uid. `warnafter` marks a
// token whose lifetime was extended: past it, use is logged rather than refused.
import { randomUUID } from 'node:crypto';
import type { JWTPayload } from 'jose';
import { BOUND_CLAIM, serviceAccountUsername } from '../authentication/service-account.ts';

export interface Ref {
  name: string;
  uid: string;
}

export interface BoundClaimsInput {
  namespace: string;
  serviceAccount: Ref;
  pod?: Ref;
  secret?: Ref;
  node?: Ref;
  audiences: string[];
  issuer: string;
  nowSeconds: number;
  expirationSeconds: number;
  /** Seconds after issue past which an extended token is only warned about; 0 for none. */
  warnAfterSeconds: number;
}

export function boundTokenClaims(input: BoundClaimsInput): JWTPayload {
  const bound: Record<string, unknown> = { namespace: input.namespace };
  if (input.node) bound.node = input.node;
  if (input.pod) bound.pod = input.pod;
  if (input.secret) bound.secret = input.secret;
  bound.serviceaccount = input.serviceAccount;
  if (input.warnAfterSeconds) bound.warnafter = input.nowSeconds + input.warnAfterSeconds;
  return {
    aud: input.audiences,
    exp: input.nowSeconds + input.expirationSeconds,
    iat: input.nowSeconds,
    iss: input.issuer,
    jti: randomUUID(),
    [BOUND_CLAIM]: bound,
    nbf: input.nowSeconds,
    sub: serviceAccountUsername(input.namespace, input.serviceAccount.name),
  };
}
