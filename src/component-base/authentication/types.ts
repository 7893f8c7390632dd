// The authenticator seam: each method looks at a request and either names a user, says it does
// not apply (null), or rejects the request by throwing (a presented but invalid credential).
import type { Request, UserInfo } from '../serving/request-context.ts';

export interface AuthResult {
  user: UserInfo;
}

/** An answer now, or a promise of one when the authenticator has to wait (a webhook, a first verification). */
export type Authenticated = AuthResult | null | Promise<AuthResult | null>;

export interface RequestAuthenticator {
  authenticate(req: Request): Authenticated;
}

export interface TokenAuthenticator {
  /** `connection` (optional) names the client connection the token came on; caches may use it. */
  authenticateToken(token: string, connection?: object): Authenticated;
}

export const ANONYMOUS_USER = 'system:anonymous';
export const UNAUTHENTICATED_GROUP = 'system:unauthenticated';
export const AUTHENTICATED_GROUP = 'system:authenticated';
export const MASTERS_GROUP = 'system:masters';

/** Extra key naming the credential a user presented (JTI=..., X509SHA256=...), as Kubernetes sets it. */
export const CREDENTIAL_ID_KEY = 'authentication.orch.io/credential-id';

/** A credential was presented and is not valid: the request is answered 401. */
export class AuthenticationError extends Error {}
