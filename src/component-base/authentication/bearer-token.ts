// Reads `Authorization: Bearer <token>` and asks the token authenticators in order. A token none
// of them accepts is an error (401), not a fall-through to anonymous; an authenticator's error is
// kept only if no later one accepts the token.
import { AuthenticationError, type AuthResult, type RequestAuthenticator, type TokenAuthenticator } from './types.ts';
import { connectionOf } from '../serving/request-context.ts';

/** Asks each token authenticator in order; null when none accepts and none reported an error. */
export function tokenUnion(tokens: TokenAuthenticator[]): TokenAuthenticator {
  return {
    async authenticateToken(token, connection) {
      let failure: AuthenticationError | undefined;
      for (const auth of tokens) {
        try {
          const result = await auth.authenticateToken(token, connection);
          if (result) return result;
        } catch (err) {
          if (!(err instanceof AuthenticationError)) throw err;
          failure ??= err;
        }
      }
      if (failure) throw failure;
      return null;
    },
  };
}

export function bearerTokenAuthenticator(tokens: TokenAuthenticator[]): RequestAuthenticator {
  const union = tokens.length === 1 ? tokens[0]! : tokenUnion(tokens);
  return {
    authenticate(req) {
      const header = req.headers.authorization;
      if (typeof header !== 'string') return null;
      const parts = header.trim().split(/\s+/);
      if (parts.length !== 2 || parts[0]!.toLowerCase() !== 'bearer') return null;
      const accept = (result: AuthResult | null): AuthResult => {
        if (!result) throw new AuthenticationError('invalid bearer token');
        // Handlers further in must never see the credential.
        delete req.headers.authorization;
        return result;
      };
      const result = union.authenticateToken(parts[1]!, connectionOf(req));
      return result instanceof Promise ? result.then(accept) : accept(result);
    },
  };
}
