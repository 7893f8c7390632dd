// --anonymous-auth (or the `anonymous` section of --authentication-config): a request no other
// authenticator claimed becomes system:anonymous; with conditions, only on those paths.
import type { Request } from '../serving/request-context.ts';
import { ANONYMOUS_USER, UNAUTHENTICATED_GROUP, type RequestAuthenticator } from './types.ts';

function pathOf(req: Request): string {
  const url = req.url ?? '/';
  const q = url.indexOf('?');
  return q < 0 ? url : url.slice(0, q);
}

export function anonymousAuthenticator(paths: string[] = []): RequestAuthenticator {
  const allowed = new Set(paths);
  return {
    authenticate(req) {
      if (allowed.size > 0 && !allowed.has(pathOf(req))) return null;
      return { user: { name: ANONYMOUS_USER, groups: [UNAUTHENTICATED_GROUP] } };
    },
  };
}
