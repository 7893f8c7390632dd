// Joins authenticators as Kubernetes does. unionAuthenticator asks each in order and the first
// that names a user wins; errors only fail the request when nobody named a user (a stale client
// certificate does not spoil a good token). failOnErrorUnion stops at the first error, so an
// invalid credential is never downgraded to anonymous. Authenticated users gain
// system:authenticated.
import type { Request } from '../serving/request-context.ts';
import { ANONYMOUS_USER, AUTHENTICATED_GROUP, AuthenticationError, type Authenticated, type AuthResult, type RequestAuthenticator } from './types.ts';

export function unionAuthenticator(authenticators: RequestAuthenticator[]): RequestAuthenticator {
  return { authenticate: (req) => firstUser(authenticators, req, 0, undefined) };
}

/** Asks authenticators from `from` on in turn, waiting only on those that return a promise. */
function firstUser(authenticators: RequestAuthenticator[], req: Request, from: number, errors: AuthenticationError[] | undefined): Authenticated {
  for (let i = from; i < authenticators.length; i++) {
    let result: Authenticated;
    try {
      result = authenticators[i]!.authenticate(req);
    } catch (err) {
      errors = keptError(err, errors);
      continue;
    }
    if (result instanceof Promise) {
      const next = i + 1;
      return result.then(
        (r) => r ?? firstUser(authenticators, req, next, errors),
        (err: unknown) => firstUser(authenticators, req, next, keptError(err, errors)),
      );
    }
    if (result) return result;
  }
  if (errors) throw errors.length === 1 ? errors[0]! : new AuthenticationError(errors.map((e) => e.message).join('; '));
  return null;
}

/** An authentication error joins the others; anything else is not the client's problem and goes on up. */
function keptError(err: unknown, errors: AuthenticationError[] | undefined): AuthenticationError[] {
  if (!(err instanceof AuthenticationError)) throw err;
  return [...(errors ?? []), err];
}

export function failOnErrorUnion(authenticators: RequestAuthenticator[]): RequestAuthenticator {
  return { authenticate: (req) => firstUserOrError(authenticators, req, 0) };
}

function firstUserOrError(authenticators: RequestAuthenticator[], req: Request, from: number): Authenticated {
  for (let i = from; i < authenticators.length; i++) {
    const result = authenticators[i]!.authenticate(req);
    if (result instanceof Promise) {
      const next = i + 1;
      return result.then((r) => r ?? firstUserOrError(authenticators, req, next));
    }
    if (result) return result;
  }
  return null;
}

/** Adds system:authenticated to every user but the anonymous one. */
export function withAuthenticatedGroup(inner: RequestAuthenticator): RequestAuthenticator {
  const addGroup = (result: AuthResult | null): AuthResult | null => {
    if (!result || result.user.name === ANONYMOUS_USER) return result;
    if (!result.user.groups.includes(AUTHENTICATED_GROUP)) result.user.groups = [...result.user.groups, AUTHENTICATED_GROUP];
    return result;
  };
  return {
    authenticate(req) {
      const result = inner.authenticate(req);
      return result instanceof Promise ? result.then(addGroup) : addGroup(result);
    },
  };
}
