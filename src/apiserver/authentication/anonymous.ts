// --anonymous-auth: a request no other authenticator claimed becomes system:anonymous.
import { ANONYMOUS_USER, UNAUTHENTICATED_GROUP, type RequestAuthenticator } from './types.ts';

export function anonymousAuthenticator(): RequestAuthenticator {
  return {
    async authenticate() {
      return { user: { name: ANONYMOUS_USER, groups: [UNAUTHENTICATED_GROUP] } };
    },
  };
}
