// Joins authenticators as Kubernetes does. unionAuthenticator asks each in order and the first
// that names a user wins; errors only fail the request when nobody named a user (a stale client
// certificate does not spoil a good token). failOnErrorUnion stops at the first error, so an
// invalid credential is never downgraded to anonymous. Authenticated users gain
// system:authenticated.
import { ANONYMOUS_USER, AUTHENTICATED_GROUP, AuthenticationError, type RequestAuthenticator } from './types.ts';

export function unionAuthenticator(authenticators: RequestAuthenticator[]): RequestAuthenticator {
  return {
    async authenticate(req) {
      let errors: AuthenticationError[] | undefined;
      for (const auth of authenticators) {
        try {
          const result = await auth.authenticate(req);
          if (result) return result;
        } catch (err) {
          if (!(err instanceof AuthenticationError)) throw err;
          (errors ??= []).push(err);
        }
      }
      if (errors) throw errors.length === 1 ? errors[0]! : new AuthenticationError(errors.map((e) => e.message).join('; '));
      return null;
    },
  };
}

export function failOnErrorUnion(authenticators: RequestAuthenticator[]): RequestAuthenticator {
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
