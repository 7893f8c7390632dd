// The delegated authentication and authorization rows of the controller manager's secure port
// (authentication.ts) as typed options objects, which component-base/delegated builds its
// authenticator and authorizer from; serving-auth-validate.ts checks them.
import type { OptionReader } from '../option-reader.ts';

export interface DelegatedAuthenticationOptions {
  /** --authentication-kubeconfig; empty: tokens are not checked, nothing is looked up. */
  kubeconfig: string;
  skipLookup: boolean;
  tolerateLookupFailure: boolean;
  tokenCacheTTLms: number;
  /** --client-ca-file. */
  clientCAFile: string;
  requestHeaderClientCAFile: string;
  requestHeaderAllowedNames: string[];
  requestHeaderUsernameHeaders: string[];
  requestHeaderGroupHeaders: string[];
  requestHeaderExtraHeadersPrefix: string[];
  requestHeaderUIDHeaders: string[];
}

export function delegatedAuthenticationOptions(r: OptionReader): DelegatedAuthenticationOptions {
  return {
    kubeconfig: r.string('authentication-kubeconfig'),
    skipLookup: r.bool('authentication-skip-lookup'),
    tolerateLookupFailure: r.bool('authentication-tolerate-lookup-failure'),
    tokenCacheTTLms: r.number('authentication-token-webhook-cache-ttl'),
    clientCAFile: r.string('client-ca-file'),
    requestHeaderClientCAFile: r.string('requestheader-client-ca-file'),
    requestHeaderAllowedNames: r.strings('requestheader-allowed-names'),
    requestHeaderUsernameHeaders: r.strings('requestheader-username-headers'),
    requestHeaderGroupHeaders: r.strings('requestheader-group-headers'),
    requestHeaderExtraHeadersPrefix: r.strings('requestheader-extra-headers-prefix'),
    requestHeaderUIDHeaders: r.strings('requestheader-uid-headers'),
  };
}

export interface DelegatedAuthorizationOptions {
  /** --authorization-kubeconfig; empty: everything not always allowed is forbidden. */
  kubeconfig: string;
  alwaysAllowPaths: string[];
  /** Kubernetes always allows system:masters (the API server would allow it anyway); no row sets it. */
  alwaysAllowGroups: string[];
  allowCacheTTLms: number;
  denyCacheTTLms: number;
}

export function delegatedAuthorizationOptions(r: OptionReader): DelegatedAuthorizationOptions {
  return {
    kubeconfig: r.string('authorization-kubeconfig'),
    alwaysAllowPaths: r.strings('authorization-always-allow-paths'),
    alwaysAllowGroups: ['system:masters'],
    allowCacheTTLms: r.number('authorization-webhook-cache-authorized-ttl'),
    denyCacheTTLms: r.number('authorization-webhook-cache-unauthorized-ttl'),
  };
}
