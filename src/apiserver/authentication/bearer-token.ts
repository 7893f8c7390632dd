// Reads `Authorization: Bearer <token>` and asks the token authenticators. A presented token no
// authenticator accepts is an error (401), not a fall-through to anonymous.
import { AuthenticationError, type RequestAuthenticator, type TokenAuthenticator } from './types.ts';

export function bearerTokenAuthenticator(tokens: TokenAuthenticator[]): RequestAuthenticator {
  return {
    async authenticate(req) {
      const header = req.headers.authorization;
      if (typeof header !== 'string') return null;
      const parts = header.trim().split(/\s+/);
      if (parts.length !== 2 || parts[0]!.toLowerCase() !== 'bearer') return null;
      const token = parts[1]!;
      for (const auth of tokens) {
        const result = await auth.authenticateToken(token);
        if (result) {
          // Handlers further in must never see the credential.
          delete req.headers.authorization;
          return result;
        }
      }
      throw new AuthenticationError('invalid bearer token');
    },
  };
}
