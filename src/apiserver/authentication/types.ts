// The authenticator seam: each method looks at a request and either names a user, says it does
// not apply (null), or rejects the request by throwing (a presented but invalid credential).
import type { Request, UserInfo } from '../server/request-context.ts';

export interface AuthResult {
  user: UserInfo;
}

export interface RequestAuthenticator {
  authenticate(req: Request): Promise<AuthResult | null>;
}

export interface TokenAuthenticator {
  authenticateToken(token: string): Promise<AuthResult | null>;
}

export const ANONYMOUS_USER = 'system:anonymous';
export const UNAUTHENTICATED_GROUP = 'system:unauthenticated';
export const AUTHENTICATED_GROUP = 'system:authenticated';
export const MASTERS_GROUP = 'system:masters';

/** A credential was presented and is not valid: the request is answered 401. */
export class AuthenticationError extends Error {}
