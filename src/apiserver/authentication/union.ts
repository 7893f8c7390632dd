// Tries authenticators in order; the first that names a user wins, the first error fails the
// request. Authenticated users gain the system:authenticated group.
import { ANONYMOUS_USER, AUTHENTICATED_GROUP, type RequestAuthenticator } from './types.ts';

export function unionAuthenticator(authenticators: RequestAuthenticator[]): RequestAuthenticator {
  return {
    async authenticate(req) {
      for (const auth of authenticators) {
        const result = await auth.authenticate(req);
        if (result) return result;
      }
      return null;
    },
  };
}

/** Adds system:authenticated to every user but the anonymous one. */
export function withAuthenticatedGroup(inner: RequestAuthenticator): RequestAuthenticator {
  return {
    async authenticate(req) {
      const result = await inner.authenticate(req);
      if (!result || result.user.name === ANONYMOUS_USER) return result;
      if (!result.user.groups.includes(AUTHENTICATED_GROUP)) result.user.groups = [...result.user.groups, AUTHENTICATED_GROUP];
      return result;
    },
  };
}
