// Reads `Authorization: Bearer <token>` and asks the token authenticators in order. A token none
// of them accepts is an error (401), not a fall-through to anonymous; an authenticator's error is
// kept only if no later one accepts the token.
import { AuthenticationError, type RequestAuthenticator, type TokenAuthenticator } from './types.ts';

export function bearerTokenAuthenticator(tokens: TokenAuthenticator[]): RequestAuthenticator {
  return {
    async authenticate(req) {
      const header = req.headers.authorization;
      if (typeof header !== 'string') return null;
      const parts = header.trim().split(/\s+/);
      if (parts.length !== 2 || parts[0]!.toLowerCase() !== 'bearer') return null;
      const token = parts[1]!;
      let failure: AuthenticationError | undefined;
      for (const auth of tokens) {
        let result;
        try {
          result = await auth.authenticateToken(token);
        } catch (err) {
          if (!(err instanceof AuthenticationError)) throw err;
          failure ??= err;
          continue;
        }
        if (result) {
          // Handlers further in must never see the credential.
          delete req.headers.authorization;
          return result;
        }
      }
      throw failure ?? new AuthenticationError('invalid bearer token');
    },
  };
}
