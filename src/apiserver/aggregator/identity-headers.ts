// The headers that tell the server behind a remote APIService who is asking, as Kubernetes'
// auth-proxy round tripper sets them: the user's name, one header per group, and one per value
// of each extra key (the key escaped as a header name allows). Their names are the first of
// --requestheader-username-headers, --requestheader-group-headers and
// --requestheader-extra-headers-prefix (X-Remote-User, X-Remote-Group, X-Remote-Extra- when not
// given), the ones the extension server is told to trust. Headers of these names the client sent
// are dropped first, so nobody speaks for someone else through the proxy.
import type { UserInfo } from '../../component-base/serving/request-context.ts';

export interface IdentityHeaderNames {
  user: string;
  group: string;
  extraPrefix: string;
}

export const DEFAULT_IDENTITY_HEADERS: IdentityHeaderNames = { user: 'X-Remote-User', group: 'X-Remote-Group', extraPrefix: 'X-Remote-Extra-' };

export function identityHeaderNames(opts: { usernameHeaders: readonly string[]; groupHeaders: readonly string[]; extraHeadersPrefix: readonly string[] }): IdentityHeaderNames {
  return {
    user: opts.usernameHeaders[0] ?? DEFAULT_IDENTITY_HEADERS.user,
    group: opts.groupHeaders[0] ?? DEFAULT_IDENTITY_HEADERS.group,
    extraPrefix: opts.extraHeadersPrefix[0] ?? DEFAULT_IDENTITY_HEADERS.extraPrefix,
  };
}

/** Escapes an extra key for a header name: characters outside an HTTP token become %XX. */
function escapeKey(key: string): string {
  return [...Buffer.from(key, 'utf8')].map((b) => {
    const c = String.fromCharCode(b);
    return /[A-Za-z0-9!#$&'*+.^_`|~-]/.test(c) ? c : `%${b.toString(16).toUpperCase().padStart(2, '0')}`;
  }).join('');
}

/** Whether a header a client sent is one of the identity headers (and so is not passed on). */
export function isIdentityHeader(name: string, names: IdentityHeaderNames): boolean {
  const lower = name.toLowerCase();
  return lower === names.user.toLowerCase() || lower === names.group.toLowerCase() || lower.startsWith(names.extraPrefix.toLowerCase());
}

export function identityHeaders(user: UserInfo, names: IdentityHeaderNames): Array<[string, string]> {
  const out: Array<[string, string]> = [[names.user, user.name]];
  for (const g of user.groups ?? []) out.push([names.group, g]);
  for (const [key, values] of Object.entries(user.extra ?? {})) for (const v of values) out.push([`${names.extraPrefix}${escapeKey(key)}`, v]);
  return out;
}
